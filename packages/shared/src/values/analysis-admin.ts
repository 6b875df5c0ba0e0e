/**
 * Analysis admin (SPEC §2 "Analysis admin"): the areas of its dashboard with the route and permission of each, the
 * ruleset kinds with their view and update permissions, and the datapoint profile kinds with the issuer field that
 * points at a profile of each kind.
 */
import type { TPermission } from './permissions.ts';

/** The dashboard's cards, in the order of SPEC §2; `routeId` is the area's page in the route table. */
export const ANALYSIS_ADMIN_AREAS = [
  { area: 'confidenceRulesets', routeId: 'confidenceRulesets', permission: 'Confidence_VIEW' },
  { area: 'scoringRulesets', routeId: 'scoringRulesets', permission: 'Scoring_VIEW' },
  { area: 'aiPrompts', routeId: 'aiPrompts', permission: 'AiPrompts_CRUD' },
  { area: 'translations', routeId: 'translations', permission: 'Translations_VIEW' },
  { area: 'magicLinks', routeId: 'magicLinks', permission: 'MagicLinks_CRUD' },
  { area: 'datapointProfiles', routeId: 'datapointProfiles', permission: 'DatapointProfiles_CRUD' },
  { area: 'videoResources', routeId: 'videoResources', permission: 'VideoResources_CRUD' },
  { area: 'mergeLinkedAccounts', routeId: 'mergeLinkedAccounts', permission: 'MergeLinkedAccounts_VIEW' },
  { area: 'mlPrediction', routeId: 'mlPrediction', permission: 'MlPrediction_VIEW' },
  { area: 'chatbotDocuments', routeId: 'chatbotDocuments', permission: 'ChatbotDocumentManagement_CRUD' },
] as const satisfies readonly { area: string; routeId: string; permission: TPermission }[];
export type TAnalysisAdminArea = (typeof ANALYSIS_ADMIN_AREAS)[number]['area'];

export const RULESET_KINDS = ['scoring', 'confidence'] as const;
export type TRulesetKind = (typeof RULESET_KINDS)[number];

/** Viewing a kind's versions needs `view`; creating and activating versions needs `update` too. */
export const RULESET_PERMISSIONS = {
  scoring: { view: 'Scoring_VIEW', update: 'Scoring_UPDATE' },
  confidence: { view: 'Confidence_VIEW', update: 'Confidence_UPDATE' },
} as const satisfies Record<TRulesetKind, { view: TPermission; update: TPermission }>;

/** The types of the supplier features a rule may test (the engine's SCORE_FIELDS). */
export const RULESET_FIELD_TYPES = ['number', 'string', 'boolean'] as const;
export type TRulesetFieldType = (typeof RULESET_FIELD_TYPES)[number];

/** Download kinds a datapoint profile is for. */
export const DATAPOINT_PROFILE_KINDS = ['analysis-data', 'matched-data-only', 'onboarding'] as const;
export type TDatapointProfileKind = (typeof DATAPOINT_PROFILE_KINDS)[number];

/** The issuer field that names the profile of each download kind (SPEC §3 Issuer). */
export const ISSUER_PROFILE_FIELDS = {
  'analysis-data': 'analysisDataDownloadProfileId',
  'matched-data-only': 'matchedDataOnlyDownloadProfileId',
  onboarding: 'onboardingDataDownloadProfileId',
} as const satisfies Record<TDatapointProfileKind, string>;
