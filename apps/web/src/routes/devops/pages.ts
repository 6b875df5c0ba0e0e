/** DevOps pages by route id (packages/shared/src/routes.ts), spread into the router's PAGES map. */
import type { ComponentType } from 'react';

type TPageModule = { Component: ComponentType };

export const DEVOPS_PAGES: Record<string, () => Promise<TPageModule>> = {
  devops: () => import('./devops-page.tsx'),
  proqMonitoring: () => import('./proq-monitoring/proq-monitoring-page.tsx'),
  workflowManagement: () => import('./workflow-management/workflow-management-page.tsx'),
};
