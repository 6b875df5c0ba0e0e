/**
 * Enumerations of SPEC §3, one source for server, analysis engine and web app: each a readonly tuple and its type
 * (T…); enums.ts adds the zod schemas (Z…). No zod here, so the web app's start-up path does not load it.
 */

export const SCORE_KINDS = ['Optima', 'Stp', 'Vcard', 'Pcard', 'TandEcard', 'Scf', 'InstantPay', 'Boost'] as const;
export type TScoreKind = (typeof SCORE_KINDS)[number];

/** Scored capabilities as shown to users (SPEC §1), in score-kind order. */
export const SCORE_KIND_LABELS: Record<TScoreKind, string> = {
  Optima: 'Optima',
  Stp: 'STP',
  Vcard: 'Virtual Card',
  Pcard: 'PCard',
  TandEcard: 'T&E Card',
  Scf: 'SCF',
  InstantPay: 'Instant Pay',
  Boost: 'Boost',
};

export const DOCUMENT_TYPES = ['PurchaseOrder', 'Invoice', 'Payment'] as const;
export type TDocumentType = (typeof DOCUMENT_TYPES)[number];

export const CAMPAIGN_ROUTES = ['BuyerOnboard', 'Issuer', 'IsVlbAutoEnrolled', 'Other', 'ExternalCampaign'] as const;
export type TCampaignRoute = (typeof CAMPAIGN_ROUTES)[number];
export const CAMPAIGN_ROUTE_LABELS: Record<TCampaignRoute, string> = {
  BuyerOnboard: 'Buyer',
  Issuer: 'Issuer',
  IsVlbAutoEnrolled: 'Virtual LB',
  Other: 'Other',
  ExternalCampaign: 'External Campaign',
};
export const CAMPAIGN_ROUTES_AGGREGATE_LABEL = 'All Routes';

/** Slicers (SPEC §3): each slicer and the values it slices by. */
export const SLICERS = {
  Overall: ['ALL'],
  CardAccepting: ['MATCHED', 'UNMATCHED'],
  VcAccepting: ['YES', 'NO', 'UNMATCHED'],
  DetailLevel: ['3', '2', '1', ''],
  StpCapable: ['TRUE', 'FALSE'],
  CardCapability: ['STP', 'VC', 'L3', 'Card Acceptor', 'Unmatched'],
} as const;
export type TSlicer = keyof typeof SLICERS;
export const SLICER_NAMES = Object.keys(SLICERS) as TSlicer[];
export const SLICER_LABELS: Record<TSlicer, string> = {
  Overall: 'Overall',
  CardAccepting: 'Card Accepting',
  VcAccepting: 'VC Accepting',
  DetailLevel: 'Detail Level',
  StpCapable: 'STP Capable',
  CardCapability: 'Card Capability',
};

/** Card capability waterfall, best first (DESIGN §4). */
export const CARD_CAPABILITIES = SLICERS.CardCapability;
export type TCardCapability = (typeof CARD_CAPABILITIES)[number];

export const SCORE_METRIC_LEVELS = ['Low', 'Medium', 'High', 'None'] as const;
export type TScoreMetricLevel = (typeof SCORE_METRIC_LEVELS)[number];

export const CONFIDENCE_LEVELS = ['Low', 'Medium', 'High'] as const;
export type TConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];

export const CAMPAIGN_COUNTERS = ['Total', 'Pending', 'Active', 'Succeeded', 'Failed'] as const;
export const CAMPAIGN_STAGE_STATUSES = ['Pending', 'Active', 'Completed'] as const;

export const TRANSACTION_COUNTS = ['spend', 'POs', 'invoices', 'payments', 'transactions'] as const;
export const DATA_KINDS = ['Spend', 'POs', 'Invoices', 'Payments', 'Transactions'] as const;
export type TDataKind = (typeof DATA_KINDS)[number];

export const DATASET_TYPES = ['SmallDataset', 'LargeDataset'] as const;
export const MATCH_STATUSES = ['MATCHED', 'UNMATCHED'] as const;
export type TMatchStatus = (typeof MATCH_STATUSES)[number];

export const JOB_SECTION_CATEGORIES = [
  'Creation',
  'Analysis',
  'Enablement',
  'Output',
  'Admin',
  'BusinessCase',
] as const;
export type TJobSectionCategory = (typeof JOB_SECTION_CATEGORIES)[number];

export const JOB_TYPES = ['base', 'matched-data-only', 'advanced'] as const;
export type TJobType = (typeof JOB_TYPES)[number];

export const FILTER_OPERATORS = [
  'Equal',
  'NotEqual',
  'GreaterThan',
  'GreaterThanOrEqual',
  'LessThan',
  'LessThanOrEqual',
  'Contains',
  'StartsWith',
  'EndsWith',
] as const;
export type TFilterOperator = (typeof FILTER_OPERATORS)[number];

export const COLUMN_FILTER_KINDS = ['multiselect', 'boolean', 'number', 'date', 'unavailable'] as const;

export const SYSTEM_MODES = ['ReadOnly', 'Live', 'Maintenance'] as const;
export type TSystemMode = (typeof SYSTEM_MODES)[number];

export const SCHEMES = ['Mastercard', 'Visa', 'Unknown'] as const;
export type TScheme = (typeof SCHEMES)[number];

export const VIRTUAL_LOCKBOXES = ['Boost', 'BoostEu', 'Its'] as const;
export type TVirtualLockbox = (typeof VIRTUAL_LOCKBOXES)[number];

export const ISSUER_INPUT_DATA_OPTIONS = ['CsvFileUpload', 'SendUploadLink', 'MergeLink', 'MergeMagicLink'] as const;
export type TIssuerInputDataOption = (typeof ISSUER_INPUT_DATA_OPTIONS)[number];

export const ISSUER_MEMBER_ROLES = ['Manager', 'Member'] as const;
export type TIssuerMemberRole = (typeof ISSUER_MEMBER_ROLES)[number];

export const CONNECTION_TYPES = ['Owner', 'IssuerManager', 'DirectAssignment', 'MagicLinkUser'] as const;
export type TConnectionType = (typeof CONNECTION_TYPES)[number];

export const THEME_KEYS = ['paytech', 'mastercard', 'lloyds', 'test', 'hsbc'] as const;
export type TThemeKey = (typeof THEME_KEYS)[number];
export const THEME_LABELS: Record<TThemeKey, string> = {
  paytech: 'Theme 1',
  mastercard: 'Theme 2',
  lloyds: 'Theme 3',
  test: 'Theme 4',
  hsbc: 'Theme 5',
};

export const PROQ_COMMAND_STATES = ['Blocked', 'Pending', 'InProgress', 'Completed', 'Error', 'Canceled'] as const;
export type TProqCommandState = (typeof PROQ_COMMAND_STATES)[number];
