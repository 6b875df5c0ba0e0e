/**
 * Route table of SPEC §2: every screen of the product, declared once.
 *
 * Each route has a stable id, a React Router path, the frame it renders in, a title and the permissions it
 * needs. Permissions accumulate from the group and the route (SPEC §2 "Route permissions accumulate from
 * group and route"), so `permissions` below is the full requirement. The web app builds its router and its
 * navbar from this table; the server may use it to know which paths belong to the SPA.
 */
import type { TPermission } from './permissions.ts';

export type TRouteFrame = 'minimal' | 'main' | 'printable';

export interface TRouteDef {
  /** Stable identifier (used by the web app to attach a page component). */
  id: string;
  /** React Router path pattern (`:param`, `:param?`, `*`). */
  path: string;
  title: string;
  frame: TRouteFrame;
  /** Every permission required (group + route). Empty for pages any signed-in user may open. */
  permissions: readonly TPermission[];
  /** Public pages need no session. */
  public?: boolean;
  /** SPEC §2 group the route belongs to. */
  group: TRouteGroup;
}

export type TRouteGroup = 'public' | 'main' | 'jobs' | 'admin' | 'analysisAdmin' | 'devops' | 'tools' | 'dev';

/** Permission each group adds to all its routes (SPEC §2 headings). */
export const ROUTE_GROUP_PERMISSIONS: Record<TRouteGroup, readonly TPermission[]> = {
  public: [],
  main: [],
  jobs: ['ViewJobTabs'],
  admin: [],
  analysisAdmin: ['Analysis_Admin_Area_VIEW'],
  devops: ['DevOps_Area_VIEW'],
  tools: ['Tools_Area_VIEW'],
  dev: ['DevArea_CRUD'],
};

type TRouteInput = Omit<TRouteDef, 'permissions' | 'group' | 'frame'> & {
  permissions?: readonly TPermission[];
  frame?: TRouteFrame;
};

function group(g: TRouteGroup, frame: TRouteFrame, items: TRouteInput[]): TRouteDef[] {
  return items.map((r) => ({
    ...r,
    group: g,
    frame: r.frame ?? frame,
    permissions: [...new Set([...ROUTE_GROUP_PERMISSIONS[g], ...(r.permissions ?? [])])],
  }));
}

/** Job tab labels (SPEC §2), keyed by the path segment under /jobs/:jobId. */
export const JOB_TAB_LABELS = {
  'workflow/base': 'Summary Upload',
  'workflow/matched-data-only': 'Matched Data Only Upload',
  'workflow/advanced': 'Consultant Upload',
  summary: 'Summary',
  insights: 'Insights',
  suppliers: 'Suppliers',
  'report/insights': 'Insights Report',
  presentation: 'Insights Presentation',
  'report/use-cases': 'Use Cases Report',
  'use-cases': 'Use Cases',
  'campaign-workflows': 'Campaigns',
  'business-case-calculator': 'Business Case Calculator',
  'business-case-download': 'Business Case Download',
  'analysis-data-download': 'Analysis Data',
  'matched-data-only-download': 'Matched Data Only',
  users: 'Users',
  details: 'Details',
  logs: 'Logs',
} as const;

export const ROUTES: readonly TRouteDef[] = [
  ...group('public', 'minimal', [
    { id: 'login', path: '/login', title: 'Sign in', public: true },
    { id: 'loginMagic', path: '/login/magic', title: 'Confirm sign-in', public: true },
    { id: 'uploadLink', path: '/upload', title: 'Upload files', public: true },
    { id: 'enrol', path: '/enrol', title: 'Enrolment', public: true },
    { id: 'lobby', path: '/lobby', title: 'Lobby', public: true },
    { id: 'error401', path: '/401', title: 'Access Error', public: true },
    { id: 'error404', path: '/404', title: 'Error', public: true },
    { id: 'error500', path: '/500', title: 'Server Error', public: true },
    { id: 'error503', path: '/503', title: 'Service Unavailable', public: true },
  ]),
  ...group('main', 'main', [
    { id: 'dashboard', path: '/dashboard', title: 'Dashboard', permissions: ['Dashboard_VIEW'] },
    { id: 'analysis', path: '/analysis', title: 'Analysis Jobs', permissions: ['AnalysisJobList_VIEW'] },
    {
      id: 'globalInsightsLoading',
      path: '/global-insights/loading',
      title: 'Global Insights',
      permissions: ['GlobalInsightsView'],
    },
    {
      id: 'globalInsights',
      path: '/global-insights/insights',
      title: 'Global Insights',
      permissions: ['GlobalInsightsView'],
    },
    {
      id: 'globalInsightsOrganizations',
      path: '/global-insights/organizations',
      title: 'Global Insights Organizations',
      permissions: ['GlobalInsightsView'],
    },
    {
      id: 'campaignWorkflows',
      path: '/campaign-workflows',
      title: 'Campaign Workflows',
      permissions: ['CampaignManager_Feature_VIEW'],
    },
    { id: 'resourceHub', path: '/resource-hub', title: 'Resource Hub', permissions: ['ResourceHubView'] },
    { id: 'vendors', path: '/vendors', title: 'Vendor Lookup', permissions: ['VendorsSearchView'] },
    { id: 'vendor', path: '/vendors/:vendorId', title: 'Vendor', permissions: ['VendorsSearchView'] },
    { id: 'profile', path: '/profile', title: 'Profile' },
    { id: 'releaseNotes', path: '/release-notes', title: 'Release Notes', permissions: ['SystemUpdates_VIEW'] },
  ]),
  ...group('jobs', 'main', [
    { id: 'jobsLoading', path: '/jobs/loading/:jobId?', title: 'New Job' },
    // A job's own address (a link to it from a list): opens the job's first tab, as a click on its row does.
    { id: 'jobOpen', path: '/jobs/:jobId', title: 'Job' },
    { id: 'jobCreate', path: '/jobs/create/:type', title: 'New Job', permissions: ['JobCreate'] },
    { id: 'jobWorkflow', path: '/jobs/:jobId/workflow/:type', title: 'Upload' },
    { id: 'jobDetails', path: '/jobs/:jobId/details', title: 'Details' },
    { id: 'jobLogs', path: '/jobs/:jobId/logs', title: 'Logs' },
    { id: 'jobUsers', path: '/jobs/:jobId/users', title: 'Users' },
    { id: 'jobUsersAssigned', path: '/jobs/:jobId/users/assigned', title: 'Assigned Users' },
    { id: 'jobSummary', path: '/jobs/:jobId/summary', title: 'Summary' },
    { id: 'jobInsights', path: '/jobs/:jobId/insights', title: 'Insights' },
    { id: 'jobSuppliers', path: '/jobs/:jobId/suppliers', title: 'Suppliers' },
    { id: 'jobSupplier', path: '/jobs/:jobId/suppliers/:supplierKey', title: 'Supplier' },
    { id: 'jobReportInsights', path: '/jobs/:jobId/report/insights', title: 'Insights Report' },
    { id: 'jobPresentation', path: '/jobs/:jobId/presentation', title: 'Insights Presentation' },
    { id: 'jobReportUseCases', path: '/jobs/:jobId/report/use-cases', title: 'Use Cases Report' },
    { id: 'jobUseCases', path: '/jobs/:jobId/use-cases', title: 'Use Cases' },
    { id: 'jobUseCase', path: '/jobs/:jobId/use-cases/:useCaseId', title: 'Use Case' },
    { id: 'jobUseCaseSupplier', path: '/jobs/:jobId/use-cases/:useCaseId/:supplierKey', title: 'Use Case Supplier' },
    { id: 'jobCampaigns', path: '/jobs/:jobId/campaign-workflows', title: 'Campaigns' },
    { id: 'jobCampaign', path: '/jobs/:jobId/campaign-workflows/:campaignWorkflowId', title: 'Campaign' },
    {
      id: 'jobCampaignSupplier',
      path: '/jobs/:jobId/campaign-workflows/:campaignWorkflowId/suppliers/:supplierKey',
      title: 'Campaign Supplier',
    },
    {
      id: 'jobCampaignCreate',
      path: '/jobs/:jobId/campaign-workflows/:campaignWorkflowId/create',
      title: 'Create Campaign',
    },
    { id: 'jobAnalysisDataDownload', path: '/jobs/:jobId/analysis-data-download', title: 'Analysis Data' },
    { id: 'jobMatchedDataOnlyDownload', path: '/jobs/:jobId/matched-data-only-download', title: 'Matched Data Only' },
    { id: 'jobNoAccess', path: '/jobs/:jobId/no-access', title: 'No Access' },
    {
      id: 'jobBusinessCaseCalculator',
      path: '/jobs/:jobId/business-case-calculator',
      title: 'Business Case Calculator',
    },
    { id: 'jobBusinessCaseDownload', path: '/jobs/:jobId/business-case-download', title: 'Business Case Download' },
    {
      id: 'jobPrintable',
      path: '/jobs/:jobId/printable/:analysisReportType/*',
      title: 'Printable Report',
      frame: 'printable',
    },
  ]),
  ...group('admin', 'main', [
    { id: 'adminUsers', path: '/admin/users', title: 'User Management', permissions: ['User_CRUD'] },
    { id: 'adminUserCreate', path: '/admin/users/create', title: 'Create User', permissions: ['User_CRUD'] },
    { id: 'adminUser', path: '/admin/users/:userId', title: 'User', permissions: ['User_CRUD'] },
    { id: 'adminSystemLogs', path: '/admin/system-logs', title: 'System Audit Logs', permissions: ['SystemLogs_VIEW'] },
    { id: 'adminIssuers', path: '/admin/issuer-manager', title: 'Issuer Management', permissions: ['IssuerArea_VIEW'] },
    {
      id: 'adminIssuerCreate',
      path: '/admin/issuer-manager/create',
      title: 'Create Issuer',
      permissions: ['IssuerArea_VIEW', 'IssuerArea_CRUD'],
    },
    { id: 'adminIssuer', path: '/admin/issuer-manager/:issuerId', title: 'Issuer', permissions: ['IssuerArea_VIEW'] },
    {
      id: 'adminIssuerUsers',
      path: '/admin/issuer-manager/:issuerId/users',
      title: 'Issuer Users',
      permissions: ['IssuerArea_VIEW'],
    },
    {
      id: 'adminBuyers',
      path: '/admin/buyer-manager',
      title: 'Buyer Management',
      permissions: ['BuyerManagement_VIEW'],
    },
    {
      id: 'adminBuyerCreate',
      path: '/admin/buyer-manager/create',
      title: 'Create Buyer',
      permissions: ['BuyerManagement_VIEW', 'BuyerManagement_CRUD'],
    },
    { id: 'adminBuyer', path: '/admin/buyer-manager/:buyerId', title: 'Buyer', permissions: ['BuyerManagement_VIEW'] },
    { id: 'adminBrandings', path: '/admin/brandings', title: 'Branding Management', permissions: ['Brandings_CRUD'] },
    {
      id: 'adminBrandingCreate',
      path: '/admin/brandings/create',
      title: 'Create Branding',
      permissions: ['Brandings_CRUD'],
    },
    { id: 'adminBranding', path: '/admin/brandings/:brandingId', title: 'Branding', permissions: ['Brandings_CRUD'] },
    {
      id: 'adminAnalyticsQuery',
      path: '/admin/analytics-query',
      title: 'Analytics Queries',
      permissions: ['AnalyticsQuery_VIEW'],
    },
    {
      id: 'adminAnalyticsReportCreate',
      path: '/admin/analytics-query/reports/create',
      title: 'Create Report',
      permissions: ['AnalyticsQuery_VIEW'],
    },
    {
      id: 'adminAnalyticsReport',
      path: '/admin/analytics-query/reports/:reportId',
      title: 'Report',
      permissions: ['AnalyticsQuery_VIEW'],
    },
  ]),
  ...group('analysisAdmin', 'main', [
    { id: 'analysisAdmin', path: '/admin/analysis-admin', title: 'Analysis Admin' },
    {
      id: 'confidenceRulesets',
      path: '/admin/analysis-admin/confidence-rulesets',
      title: 'Confidence Rulesets',
      permissions: ['Confidence_VIEW'],
    },
    {
      id: 'confidenceRuleset',
      path: '/admin/analysis-admin/confidence-rulesets/:versionNumber',
      title: 'Confidence Ruleset',
      permissions: ['Confidence_VIEW'],
    },
    {
      id: 'scoringRulesets',
      path: '/admin/analysis-admin/scoring-rulesets',
      title: 'Scoring Rulesets',
      permissions: ['Scoring_VIEW'],
    },
    {
      id: 'scoringRuleset',
      path: '/admin/analysis-admin/scoring-rulesets/:versionNumber',
      title: 'Scoring Ruleset',
      permissions: ['Scoring_VIEW'],
    },
    { id: 'aiPrompts', path: '/admin/analysis-admin/ai-prompts', title: 'AI Prompts', permissions: ['AiPrompts_CRUD'] },
    {
      id: 'aiPromptCreate',
      path: '/admin/analysis-admin/ai-prompts/create',
      title: 'Create AI Prompt',
      permissions: ['AiPrompts_CRUD'],
    },
    {
      id: 'aiPrompt',
      path: '/admin/analysis-admin/ai-prompts/:promptId',
      title: 'AI Prompt',
      permissions: ['AiPrompts_CRUD'],
    },
    {
      id: 'translations',
      path: '/admin/analysis-admin/translations',
      title: 'Translations',
      // Opens read-only with Translations_VIEW (readOnly role); editing needs Translations_CRUD.
      permissions: ['Translations_VIEW'],
    },
    {
      id: 'magicLinks',
      path: '/admin/analysis-admin/magic-links',
      title: 'Magic Links',
      permissions: ['MagicLinks_CRUD'],
    },
    {
      id: 'datapointProfiles',
      path: '/admin/analysis-admin/datapoint-profiles',
      title: 'Datapoint Profiles',
      permissions: ['DatapointProfiles_CRUD'],
    },
    {
      id: 'datapointProfileCreate',
      path: '/admin/analysis-admin/datapoint-profiles/create',
      title: 'Create Datapoint Profile',
      permissions: ['DatapointProfiles_CRUD'],
    },
    {
      id: 'datapointProfile',
      path: '/admin/analysis-admin/datapoint-profiles/:datapointProfileId',
      title: 'Datapoint Profile',
      permissions: ['DatapointProfiles_CRUD'],
    },
    {
      id: 'videoResources',
      path: '/admin/analysis-admin/video-resources',
      title: 'Video Resources',
      permissions: ['VideoResources_CRUD'],
    },
    {
      id: 'videoResourceCreate',
      path: '/admin/analysis-admin/video-resources/create',
      title: 'Create Video Resource',
      permissions: ['VideoResources_CRUD'],
    },
    {
      id: 'videoResource',
      path: '/admin/analysis-admin/video-resources/:videoResourceId',
      title: 'Video Resource',
      permissions: ['VideoResources_CRUD'],
    },
    {
      id: 'mergeLinkedAccounts',
      path: '/admin/analysis-admin/merge-linked-accounts',
      title: 'Merge Linked Accounts',
      permissions: ['MergeLinkedAccounts_VIEW'],
    },
    {
      id: 'mlPrediction',
      path: '/admin/analysis-admin/ml-prediction',
      title: 'OCI ML Model monitoring',
      permissions: ['MlPrediction_VIEW'],
    },
    {
      id: 'chatbotDocuments',
      path: '/admin/analysis-admin/chatbot-document-management',
      title: 'Chatbot Document Management',
      permissions: ['ChatbotDocumentManagement_CRUD'],
    },
  ]),
  ...group('devops', 'main', [
    { id: 'devops', path: '/devops', title: 'DevOps' },
    {
      id: 'jobMaintenance',
      path: '/devops/job-maintenance',
      title: 'Job Maintenance',
      permissions: ['JobMaintenance_VIEW'],
    },
    { id: 'proqMonitoring', path: '/proq-monitoring', title: 'ProQ Monitoring' },
    { id: 'workflowManagement', path: '/workflow-management', title: 'Workflow Management' },
    { id: 'endpointComparisonJobs', path: '/endpoint-comparison/jobs', title: 'Endpoint Comparison: Jobs' },
    { id: 'endpointComparisonJob', path: '/endpoint-comparison/jobs/:jobId', title: 'Endpoint Comparison: Job' },
    { id: 'endpointComparisonUsers', path: '/endpoint-comparison/users', title: 'Endpoint Comparison: Users' },
    { id: 'resourceGuard', path: '/resource-guard', title: 'Resource Guard' },
    { id: 'sftpConfigurations', path: '/devops/sftp-configuration', title: 'SFTP Configuration' },
    { id: 'sftpConfigurationCreate', path: '/devops/sftp-configuration/create', title: 'Create SFTP Configuration' },
    { id: 'sftpConfiguration', path: '/devops/sftp-configuration/:configId', title: 'SFTP Configuration' },
  ]),
  ...group('tools', 'main', [
    { id: 'tools', path: '/tools', title: 'Tools' },
    { id: 'companiesHouse', path: '/tools/companies-house', title: 'Companies Lookup' },
    { id: 'sendEmail', path: '/tools/send-email', title: 'Send Email' },
    { id: 'aiAddressParser', path: '/tools/ai-address-parser', title: 'AI Address Parser' },
    {
      id: 'addressValidator',
      path: '/tools/address-validator',
      title: 'Address Validator',
      permissions: ['Address_Validator_VIEW'],
    },
  ]),
  ...group('dev', 'main', [
    { id: 'dev', path: '/dev', title: 'Developer Area' },
    { id: 'devExamples', path: '/dev/examples/*', title: 'Component Examples' },
    { id: 'devDebugLogging', path: '/dev/exercise/debug-logging', title: 'Debug Logging' },
    { id: 'devLayouts', path: '/dev/layouts/*', title: 'Layouts' },
    { id: 'devAnonymizeCsv', path: '/dev/tools/anonymize-csv', title: 'Anonymize CSV' },
    { id: 'devResetAllJobs', path: '/dev/tools/reset-all-jobs', title: 'Reset All Jobs' },
    { id: 'devDatabaseAnonymizer', path: '/dev/tools/database-anonymizer', title: 'Database Anonymizer' },
    {
      id: 'devInaccessible',
      path: '/dev/inaccessible',
      title: 'Inaccessible Area',
      permissions: ['InaccessibleArea_ALL'],
    },
  ]),
];

export const ROUTES_BY_ID: Readonly<Record<string, TRouteDef>> = Object.fromEntries(ROUTES.map((r) => [r.id, r]));

export function routeById(id: string): TRouteDef {
  const r = ROUTES_BY_ID[id];
  if (!r) throw new Error(`Unknown route id: ${id}`);
  return r;
}

/** Fill a route pattern's params: buildPath('/jobs/:jobId/summary', {jobId: 'x'}). */
export function buildPath(pattern: string, params: Record<string, string | number> = {}): string {
  return (
    pattern
      .replace(/\/\*$/, '')
      .replace(/:(\w+)\??/g, (_, name: string) =>
        params[name] !== undefined ? encodeURIComponent(String(params[name])) : '',
      )
      .replace(/\/+$/, '')
      .replace(/\/{2,}/g, '/') || '/'
  );
}

/** Sidebar of SPEC §2 "Navigation and shell", in order. */
export interface TNavItem {
  id: string;
  label: string;
  /** Route the item opens. */
  routeId: string;
  /** Permissions to show the item; defaults to the route's permissions. */
  permissions?: readonly TPermission[];
  chip?: string;
}
export interface TNavGroup {
  id: 'home' | 'analysis' | 'admin' | 'system';
  label: string;
  items: readonly TNavItem[];
}

export const NAV_NEW_JOB: TNavItem = {
  id: 'newJob',
  label: 'New Job',
  routeId: 'jobsLoading',
  permissions: ['JobCreate'],
};

export const NAV_GROUPS: readonly TNavGroup[] = [
  { id: 'home', label: 'Home', items: [{ id: 'home', label: 'Home', routeId: 'dashboard' }] },
  {
    id: 'analysis',
    label: 'Analysis',
    items: [
      { id: 'campaignWorkflows', label: 'Campaign Workflows', routeId: 'campaignWorkflows' },
      { id: 'analysisJobs', label: 'Analysis Jobs', routeId: 'analysis' },
      { id: 'globalInsights', label: 'Global Insights', routeId: 'globalInsights' },
      { id: 'resourceHub', label: 'Resource Hub', routeId: 'resourceHub' },
      { id: 'vendorLookup', label: 'Vendor Lookup', routeId: 'vendors', chip: 'BETA' },
    ],
  },
  {
    id: 'admin',
    label: 'Admin',
    items: [
      { id: 'admin', label: 'Admin', routeId: 'analysisAdmin' },
      {
        id: 'userManagement',
        label: 'User Management',
        routeId: 'adminUsers',
        permissions: ['UserManagement_VIEW', 'User_CRUD'],
      },
      { id: 'systemAuditLogs', label: 'System Audit Logs', routeId: 'adminSystemLogs' },
      { id: 'issuerManagement', label: 'Issuer Management', routeId: 'adminIssuers' },
      { id: 'buyerManagement', label: 'Buyer Management', routeId: 'adminBuyers' },
      { id: 'brandingManagement', label: 'Branding Management', routeId: 'adminBrandings' },
      { id: 'analyticsQueries', label: 'Analytics Queries', routeId: 'adminAnalyticsQuery' },
    ],
  },
  {
    id: 'system',
    label: 'System',
    items: [
      { id: 'devops', label: 'DevOps', routeId: 'devops' },
      { id: 'tools', label: 'Tools', routeId: 'tools' },
    ],
  },
];

/** Permissions needed to show a nav item. */
export function navItemPermissions(item: TNavItem): readonly TPermission[] {
  return item.permissions ?? routeById(item.routeId).permissions;
}
