/**
 * Roles and permissions (SPEC §6): the one source used by the server (enforcement) and the web app (hiding).
 *
 * Tiers accumulate: base tier (issuer, client, issuerPlus, accountManager) → ptcoJobManager → sysAdmin →
 * tester → developer. Other roles (campaignManager, live, readOnly, job creators, accessor roles) add their
 * own sets. A check passes only when every required permission is held across the user's roles plus the
 * user's extra permissions.
 */
export const PERMISSIONS = [
  // Navigation and pages (SPEC §2)
  'Dashboard_VIEW',
  'AnalysisLanding_VIEW',
  'AnalysisJobList_VIEW',
  'GlobalInsightsView',
  'CampaignManager_Feature_VIEW',
  'CampaignManager_Upload',
  'ResourceHubView',
  'VendorsSearchView',
  'SystemUpdates_VIEW',
  'ViewJobTabs',
  'JobCreate',
  'User_CRUD',
  'UserManagement_VIEW',
  'SystemLogs_VIEW',
  'IssuerArea_VIEW',
  'IssuerArea_CRUD',
  'BuyerManagement_VIEW',
  'BuyerManagement_CRUD',
  'AnalyticsQuery_VIEW',
  'Analysis_Admin_Area_VIEW',
  'Confidence_VIEW',
  'Confidence_UPDATE',
  'Scoring_VIEW',
  'Scoring_UPDATE',
  'AiPrompts_CRUD',
  'Translations_CRUD',
  'Translations_VIEW',
  'MagicLinks_CRUD',
  'DatapointProfiles_CRUD',
  'VideoResources_CRUD',
  'MergeLinkedAccounts_VIEW',
  'MlPrediction_VIEW',
  'ChatbotDocumentManagement_CRUD',
  'DevOps_Area_VIEW',
  'JobMaintenance_VIEW',
  'JobMaintenance_UPDATE',
  'Tools_Area_VIEW',
  'Address_Validator_VIEW',
  'DevArea_CRUD',
  'InaccessibleArea_ALL',
  // Shell and features (SPEC §6 "Other permissions")
  'StandardLayoutNavbar_VIEW',
  'QuickView_ProQ_VIEW',
  'ActiveUsers_VIEW',
  'JobDashboardActiveUsers_VIEW',
  'Chatbot_VIEW',
  'Chatbot_ErrorState_VIEW',
  'SystemNotificationsDetailed_VIEW',
  'SystemMaintenanceMode_IGNORE',
  'UserNotification_VIEW',
  'Concurrency_Take_Entity_Lock',
  'Autocomplete_Options_Focus_VIEW',
  'ListCellCopyIcon_VIEW',
  'Toolbar_Theme_Switcher_VIEW',
  'Insights_VIEW',
  'UseCases_VIEW',
  'MatchedDataOnlyWorkflow_VIEW',
  'CapabilitySelection_VIEW',
  'BuyerCreate',
  'SuppliersScore_VIEW',
  'Buyers_ViewAll',
  'UserAssignment_EDIT',
  'JobDetails_VIEW',
  'JobLogs_VIEW',
  'StoryVideo_VIEW',
  'AnalysisPublish',
  'JobOwner_UPDATE',
  'JobName_UPDATE',
  'E2ETestRun',
  'HiddenJobsCount_VIEW',
  'IntegrationConfiguration_CHECK',
  'AppTimestamp_UPDATE',
  'BackgroundService_TOGGLE',
  'SystemMode_UPDATE',
  'AppConfig_VIEW',
  'MemoryTesting',
  // Server permissions (SPEC §6 "Server permission names")
  'Job_Create',
  'Job_Update',
  'Job_Delete',
  'Issuer_View',
  'Issuer_Create',
  'Issuer_Update',
  'Issuer_Delete',
  'Artifacts_Publish',
  'Artifacts_View',
  'User_Update',
  'User_Delete',
  'Campaign_Create',
  'Campaign_View',
  'Campaign_Edit',
  'Campaign_Delete',
  'SelfServe',
  'MatchedDataOnly',
  'MagicLinks_Admin',
  'Brandings_View',
  'Brandings_CRUD',
] as const;

export type TPermission = (typeof PERMISSIONS)[number];

/** Accessor roles (tabbed-view / "Analysis Roles"): each grants the permission of the same name. */
export const ACCESSOR_ROLES = [
  'GlobalInsightsAccessor',
  'JobSummaryUploadAccessor',
  'JobMatchedDataOnlyUploadAccessor',
  'JobConsultantUploadAccessor',
  'JobSummaryAccessor',
  'JobInsightsAccessor',
  'JobSuppliersAccessor',
  'JobReportAccessor',
  'JobPresentationAccessor',
  'JobUseCasesAccessor',
  'JobCampaignsAccessor',
  'JobUseCasesReportAccessor',
  'JobBusinessCaseCalculatorAccessor',
  'JobBusinessCaseDownloadAccessor',
  'JobDataDownloadAccessor',
  'JobMatchedDataOnlyDownloadAccessor',
  'JobUsersAccessor',
  'JobDetailsAccessor',
  'JobLogsAccessor',
  'LegacyJobViewAccessor',
  'VendorsLookupAccessor',
  'JobTypeTabSwitcherAccessor',
] as const;

export type TAccessorRole = (typeof ACCESSOR_ROLES)[number];

export const STANDARD_ROLES = [
  'issuer',
  'client',
  'issuerPlus',
  'accountManager',
  'ptcoJobManager',
  'sysAdmin',
  'tester',
  'developer',
  'campaignManager',
  'live',
  'readOnly',
  'matchedDataOnlyJobCreator',
  'selfServeJobCreator',
] as const;

export type TStandardRole = (typeof STANDARD_ROLES)[number];

export const ROLES = [...STANDARD_ROLES, ...ACCESSOR_ROLES] as const;

export type TRole = (typeof ROLES)[number];

export const ROLE_KINDS = ['standard', 'tabbedView'] as const;

export type TRoleKind = (typeof ROLE_KINDS)[number];

/**
 * Roles SPEC §6 names that no screen of SPEC §2 uses (issue #33). LegacyJobViewAccessor is listed among the accessor
 * roles, but SPEC has no legacy job view — no route, tab or call — for it to open, and every job page is a tab gated
 * by its own accessor. Kept so that stored assignments still read and can be removed; never granted anew (the role
 * change answers 400 naming it), not offered by the role pickers, not given to the demo accounts
 * (docs/SECURITY.md "Permissions that gate").
 */
export const RETIRED_ROLES = ['LegacyJobViewAccessor'] as const satisfies readonly TAccessorRole[];
const RETIRED: ReadonlySet<string> = new Set<string>(RETIRED_ROLES);
export const isRetiredRole = (role: string): boolean => RETIRED.has(role);

export const roleKind = (role: TRole): TRoleKind =>
  (ACCESSOR_ROLES as readonly string[]).includes(role) ? 'tabbedView' : 'standard';

/** A permission a role holds, or every permission of the permission type. Accessor permissions are role names. */
export type TGrant = TPermission | TAccessorRole;

const BASE: readonly TGrant[] = [
  'AnalysisLanding_VIEW',
  'ResourceHubView',
  'Insights_VIEW',
  'UseCases_VIEW',
  'Concurrency_Take_Entity_Lock',
  'MatchedDataOnlyWorkflow_VIEW',
  'SystemUpdates_VIEW',
  'UserNotification_VIEW',
  'JobDashboardActiveUsers_VIEW',
  'StandardLayoutNavbar_VIEW',
  'AnalysisJobList_VIEW',
  'ViewJobTabs',
  'Artifacts_View',
  'Campaign_View',
  'Brandings_View',
];

const PTCO_JOB_MANAGER: readonly TGrant[] = [
  ...BASE,
  'ActiveUsers_VIEW',
  'AnalyticsQuery_VIEW',
  'SuppliersScore_VIEW',
  'Buyers_ViewAll',
  'IssuerArea_VIEW',
  'Issuer_View',
  'UserAssignment_EDIT',
  'JobCreate',
  'Job_Create',
  'Job_Update',
  'JobDetails_VIEW',
  'JobLogs_VIEW',
  'StoryVideo_VIEW',
  'BuyerManagement_VIEW',
  'BuyerManagement_CRUD',
  'BuyerCreate',
  'Toolbar_Theme_Switcher_VIEW',
];

const SYS_ADMIN: readonly TGrant[] = [
  ...PTCO_JOB_MANAGER,
  'Address_Validator_VIEW',
  'AnalysisPublish',
  'Artifacts_Publish',
  'Analysis_Admin_Area_VIEW',
  'Confidence_VIEW',
  'Confidence_UPDATE',
  'Scoring_VIEW',
  'Scoring_UPDATE',
  'AiPrompts_CRUD',
  'Translations_CRUD',
  'Translations_VIEW',
  'MagicLinks_CRUD',
  'MagicLinks_Admin',
  'DatapointProfiles_CRUD',
  'VideoResources_CRUD',
  'MergeLinkedAccounts_VIEW',
  'MlPrediction_VIEW',
  'ChatbotDocumentManagement_CRUD',
  'DevOps_Area_VIEW',
  'QuickView_ProQ_VIEW',
  'Tools_Area_VIEW',
  'Brandings_CRUD',
  'IssuerArea_CRUD',
  'Issuer_Create',
  'Issuer_Update',
  'Issuer_Delete',
  'JobOwner_UPDATE',
  'JobName_UPDATE',
  'Job_Delete',
  'User_CRUD',
  'UserManagement_VIEW',
  'User_Update',
  'User_Delete',
  'Dashboard_VIEW',
  'SystemLogs_VIEW',
  'SystemNotificationsDetailed_VIEW',
  'SystemMode_UPDATE',
  'ListCellCopyIcon_VIEW',
  'Autocomplete_Options_Focus_VIEW',
  'CapabilitySelection_VIEW',
  'Chatbot_VIEW',
];

const TESTER: readonly TGrant[] = [...SYS_ADMIN, 'JobMaintenance_VIEW', 'E2ETestRun'];

const DEVELOPER: readonly TGrant[] = [
  ...TESTER,
  'DevArea_CRUD',
  'HiddenJobsCount_VIEW',
  'JobMaintenance_UPDATE',
  'IntegrationConfiguration_CHECK',
  'AppTimestamp_UPDATE',
  'BackgroundService_TOGGLE',
  'Chatbot_ErrorState_VIEW',
  'SystemMaintenanceMode_IGNORE',
];

/** Accessor roles that open a whole area also grant that area's page permission. */
const ACCESSOR_AREA_PERMISSIONS: Partial<Record<TAccessorRole, readonly TPermission[]>> = {
  GlobalInsightsAccessor: ['GlobalInsightsView'],
  VendorsLookupAccessor: ['VendorsSearchView'],
};

/** Role → grants, declared once (Documenso style). Accessor roles grant themselves (plus their area's page). */
export const ROLE_PERMISSIONS = {
  issuer: [...BASE, 'BuyerCreate', 'CapabilitySelection_VIEW', 'Chatbot_VIEW'],
  client: BASE,
  issuerPlus: BASE,
  accountManager: BASE,
  ptcoJobManager: PTCO_JOB_MANAGER,
  sysAdmin: SYS_ADMIN,
  tester: TESTER,
  developer: DEVELOPER,
  campaignManager: [
    'CampaignManager_Feature_VIEW',
    'CampaignManager_Upload',
    'Campaign_Create',
    'Campaign_Edit',
    'Campaign_Delete',
  ],
  live: ['CampaignManager_Feature_VIEW', 'CampaignManager_Upload'],
  // The analysis admin area is the translations page's group (SPEC §2: route permissions accumulate from group and
  // route); its dashboard shows a reader only the translations card.
  readOnly: ['Translations_VIEW', 'Analysis_Admin_Area_VIEW', 'CapabilitySelection_VIEW', 'Chatbot_VIEW'],
  matchedDataOnlyJobCreator: ['MatchedDataOnly', 'JobCreate', 'Job_Create'],
  selfServeJobCreator: ['SelfServe', 'JobCreate', 'Job_Create'],
  ...(Object.fromEntries(
    ACCESSOR_ROLES.map((r) => [r, [r, ...(ACCESSOR_AREA_PERMISSIONS[r] ?? [])]]),
  ) as unknown as Record<TAccessorRole, readonly TGrant[]>),
} as const satisfies Record<TRole, readonly TGrant[]>;

/**
 * Platform-only permissions (docs/SECURITY.md "Platform-only and tenant-scoped permissions"): each one reads or
 * changes what every tenant shares (the analytics views over every issuer, prompts, translations, chatbot documents
 * and every user's chat log, rulesets, download profiles, the system mode, the background service, the developer
 * area with every tenant's outbox, integration checks, the maintenance bypass, creating a tenant, administering
 * the brandings every tenant is shown in), so it cannot be
 * scoped to one issuer. Only internal staff (users.is_internal) may hold one: a role or extra permission carrying one
 * is refused at grant time for anyone else, a role carrying one is not offered to them as a switch, and a
 * non-internal user who holds one anyway (granted before this rule, or internal staff no longer) does not get it
 * when the session loads (plugins/access.ts). Every other permission is tenant-scoped: its reads and writes are
 * limited to the caller's issuers by the module's record rules.
 */
export const PLATFORM_ONLY_PERMISSIONS = [
  'AnalyticsQuery_VIEW',
  'AiPrompts_CRUD',
  'Translations_CRUD',
  'ChatbotDocumentManagement_CRUD',
  'Scoring_UPDATE',
  'Confidence_UPDATE',
  'DatapointProfiles_CRUD',
  'SystemMode_UPDATE',
  'SystemMaintenanceMode_IGNORE',
  'BackgroundService_TOGGLE',
  'AppTimestamp_UPDATE',
  'DevArea_CRUD',
  'IntegrationConfiguration_CHECK',
  'E2ETestRun',
  'Issuer_Create',
  'Brandings_CRUD',
] as const satisfies readonly TPermission[];

const PLATFORM_ONLY: ReadonlySet<string> = new Set<string>(PLATFORM_ONLY_PERMISSIONS);

/** Whether only internal staff may hold a permission (PLATFORM_ONLY_PERMISSIONS). */
export const isPlatformOnly = (p: string): boolean => PLATFORM_ONLY.has(p);

/** The platform-only permissions among some grants (a role's, a set of extra permissions), in list order. */
export function platformOnlyIn(grants: Iterable<string>): TPermission[] {
  const given = new Set(grants);
  return PLATFORM_ONLY_PERMISSIONS.filter((p) => given.has(p));
}

/** The roles carrying a platform-only permission (not grantable to, nor switchable by, a tenant user). */
export const PLATFORM_ONLY_ROLES: readonly TRole[] = ROLES.filter((r) => platformOnlyIn(ROLE_PERMISSIONS[r]).length);

/** Public-flag debug permissions (SPEC §6): granted to everyone only while the flag is on. */
export const DEBUG_FLAG_PERMISSIONS = { appConfig: 'AppConfig_VIEW', memoryTesting: 'MemoryTesting' } as const;

export const ROLE_DESCRIPTIONS: Record<TRole, { displayName: string; description: string }> = Object.fromEntries(
  ROLES.map((role) => [role, describeRole(role)]),
) as Record<TRole, { displayName: string; description: string }>;

function describeRole(role: TRole): { displayName: string; description: string } {
  const names: Partial<Record<TRole, [string, string]>> = {
    issuer: ['Issuer', 'Card-issuer staff working on their clients’ analyses'],
    client: ['Client', 'A corporate client of an issuer viewing its own analyses'],
    issuerPlus: ['Issuer Plus', 'Issuer staff with extended analysis views'],
    accountManager: ['Account Manager', 'Issuer account manager for a portfolio of clients'],
    ptcoJobManager: ['Job Manager', 'Internal staff creating and managing analysis jobs'],
    sysAdmin: ['System Administrator', 'Administers issuers, users, buyers, rulesets and the system'],
    tester: ['Tester', 'System administrator who also runs job maintenance and end-to-end tests'],
    developer: ['Developer', 'Full access including the developer area and maintenance bypass'],
    campaignManager: ['Campaign Manager', 'Runs supplier-enablement campaigns'],
    live: ['Live', 'Campaign features of the live environment'],
    readOnly: ['Read Only', 'Read-only access to translations, capability selection and the chatbot'],
    matchedDataOnlyJobCreator: ['Matched Data Only Job Creator', 'Creates matched-data-only jobs'],
    selfServeJobCreator: ['Self-Serve Job Creator', 'Creates self-serve analysis jobs'],
  };
  const known = names[role];
  if (known) return { displayName: known[0], description: known[1] };
  // Accessor roles: "JobSummaryAccessor" → "Job Summary Accessor"
  const displayName = role.replace(/([a-z])([A-Z])/g, '$1 $2');
  return { displayName, description: `Grants the ${displayName.replace(/ Accessor$/, '')} view` };
}

const GRANTS: ReadonlySet<string> = new Set<string>([...PERMISSIONS, ...ACCESSOR_ROLES]);

/** Whether a stored string (a user's extra permission) names a permission this build knows. */
export const isGrant = (p: string): p is TGrant => GRANTS.has(p);

const ROLE_NAMES: ReadonlySet<string> = new Set<string>(ROLES);
/** Whether a stored string (a user's role) names a role this build knows. */
export const isRole = (r: string): r is TRole => ROLE_NAMES.has(r);

/** Every permission held by a set of roles plus extra permissions. */
export function permissionsOf(roles: readonly TRole[], extra: readonly TGrant[] = []): Set<TGrant> {
  const held = new Set<TGrant>(extra);
  for (const role of roles) for (const p of ROLE_PERMISSIONS[role] ?? []) held.add(p);
  return held;
}

/**
 * Roles a user may switch to (DESIGN §6: role switching only narrows): every role whose permissions are all held
 * by the user's own roles. With tiers accumulating, a sysAdmin may switch to issuer or ptcoJobManager, never to
 * tester or developer. A user who is not internal staff is never offered a role carrying a platform-only permission.
 */
export function switchableRoles(ownRoles: readonly TRole[], internal: boolean): TRole[] {
  const held = permissionsOf(ownRoles);
  return ROLES.filter(
    (role) =>
      ROLE_PERMISSIONS[role].every((p) => held.has(p)) && (internal || !platformOnlyIn(ROLE_PERMISSIONS[role]).length),
  );
}

export { hasAll } from './has-all.ts';
