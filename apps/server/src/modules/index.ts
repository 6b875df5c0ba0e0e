/** Every API module, registered in this order by app.ts. */
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes.ts';
import { brandingRoutes } from './brandings/brandings.routes.ts';
import { systemRoutes } from './system/system.routes.ts';
import { issuerRoutes } from './issuers/issuers.routes.ts';
import { userRoutes } from './users/users.routes.ts';
import { authorizationRoutes } from './authorization/authorization.routes.ts';
import { jobArtifactRoutes } from './job-artifacts/job-artifacts.routes.ts';
import { concurrencyRoutes } from './concurrency/concurrency.routes.ts';
import { auditLogRoutes } from './audit-logs/audit-logs.routes.ts';
import { buyerRoutes } from './buyers/buyers.routes.ts';
import { analyticsRoutes } from './analytics/analytics.routes.ts';
import { jobRoutes } from './jobs/jobs.routes.ts';
import { proqRoutes } from './proq/proq.routes.ts';
import { systemAuditRoutes } from './system-audit/system-audit.routes.ts';
import { userPermissionRoutes } from './user-permissions/user-permissions.routes.ts';
import { issuerMemberRoutes } from './issuer-members/issuer-members.routes.ts';
import { supplierListRoutes } from './supplier-lists/supplier-lists.routes.ts';
import { businessCaseRoutes } from './results/business-case.routes.ts';
import { reportRoutes } from './results/reports.routes.ts';
import { insightsRoutes } from './results/insights.routes.ts';
import { supplierResultRoutes } from './results/suppliers.routes.ts';
import { useCaseRoutes } from './results/use-cases.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { rulesetRoutes } from './rulesets/rulesets.routes.ts';
import { datapointProfileRoutes } from './datapoint-profiles/datapoint-profiles.routes.ts';
import { analysisAdminRoutes } from './analysis-admin/analysis-admin.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { toolRoutes } from './tools/tools.routes.ts';
import { devRoutes } from './dev/dev.routes.ts';
import { campaignRoutes } from './campaigns/campaigns.routes.ts';
import { resourceGuardRoutes } from './resource-guard/resource-guard.routes.ts';
import { jobMaintenanceRoutes } from './job-maintenance/job-maintenance.routes.ts';
import { endpointComparisonRoutes } from './endpoint-comparison/endpoint-comparison.routes.ts';
import { sftpRoutes } from './sftp/sftp.routes.ts';
import { resourceRoutes } from './resource-hub/resource-hub.routes.ts';
import { mlPredictionRoutes } from './ml-prediction/ml-prediction.routes.ts';
import { magicLinkRoutes } from './magic-links/magic-links.routes.ts';
import { mergeRoutes } from './merge/merge.routes.ts';
import { translationRoutes } from './translations/translations.routes.ts';
import { linkedAccountRoutes } from './linked-accounts/linked-accounts.routes.ts';
import { chatRoutes } from './chat/chat.routes.ts';
import { aiPromptRoutes } from './ai-prompts/ai-prompts.routes.ts';
import { vendorRoutes } from './vendors/vendors.routes.ts';
import { globalInsightsRoutes } from './global-insights/global-insights.routes.ts';
import { jobChangesRoutes } from './job-changes/index.ts';

export const apiModules: ((app: FastifyInstance) => Promise<void>)[] = [
  // First: it installs the guard hook on the heavy routes of the modules after it.
  resourceGuardRoutes,
  authRoutes,
  brandingRoutes,
  systemRoutes,
  issuerRoutes,
  userRoutes,
  authorizationRoutes,
  jobArtifactRoutes,
  concurrencyRoutes,
  auditLogRoutes,
  buyerRoutes,
  analyticsRoutes,
  jobRoutes,
  proqRoutes,
  systemAuditRoutes,
  userPermissionRoutes,
  issuerMemberRoutes,
  supplierListRoutes,
  businessCaseRoutes,
  reportRoutes,
  insightsRoutes,
  supplierResultRoutes,
  useCaseRoutes,
  campaignRoutes,
  healthRoutes,
  rulesetRoutes,
  datapointProfileRoutes,
  analysisAdminRoutes,
  dashboardRoutes,
  toolRoutes,
  devRoutes,
  jobMaintenanceRoutes,
  endpointComparisonRoutes,
  sftpRoutes,
  resourceRoutes,
  mlPredictionRoutes,
  magicLinkRoutes,
  mergeRoutes,
  translationRoutes,
  linkedAccountRoutes,
  chatRoutes,
  aiPromptRoutes,
  vendorRoutes,
  globalInsightsRoutes,
  jobChangesRoutes,
];
