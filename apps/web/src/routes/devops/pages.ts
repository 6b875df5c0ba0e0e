/** DevOps pages by route id (packages/shared/src/routes.ts), spread into the router's PAGES map. */
import type { ComponentType } from 'react';

type TPageModule = { Component: ComponentType };

export const DEVOPS_PAGES: Record<string, () => Promise<TPageModule>> = {
  devops: () => import('./devops-page.tsx'),
  proqMonitoring: () => import('./proq-monitoring/proq-monitoring-page.tsx'),
  workflowManagement: () => import('./workflow-management/workflow-management-page.tsx'),
  jobMaintenance: () => import('./job-maintenance/job-maintenance-page.tsx'),
  endpointComparisonJobs: () => import('./endpoint-comparison/comparison-jobs-page.tsx'),
  endpointComparisonJob: () => import('./endpoint-comparison/comparison-job-page.tsx'),
  endpointComparisonUsers: () => import('./endpoint-comparison/comparison-users-page.tsx'),
  resourceGuard: () => import('./resource-guard/resource-guard-page.tsx'),
  sftpConfigurations: () => import('./sftp/sftp-list-page.tsx'),
  sftpConfigurationCreate: () => import('./sftp/sftp-page.tsx'),
  sftpConfiguration: () => import('./sftp/sftp-page.tsx'),
};
