/**
 * Enumerations of SPEC §3, one source for server, analysis engine and web app.
 * Each is a readonly tuple plus a zod schema (Z…) and an inferred type (T…).
 */
import { z } from 'zod';

export const SCORE_KINDS = ['Optima', 'Stp', 'Vcard', 'Pcard', 'TandEcard', 'Scf', 'InstantPay', 'Boost'] as const;
export const ZScoreKind = z.enum(SCORE_KINDS);
export type TScoreKind = z.infer<typeof ZScoreKind>;

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
export const ZDocumentType = z.enum(DOCUMENT_TYPES);
export type TDocumentType = z.infer<typeof ZDocumentType>;

export const CAMPAIGN_ROUTES = ['BuyerOnboard', 'Issuer', 'IsVlbAutoEnrolled', 'Other', 'ExternalCampaign'] as const;
export const ZCampaignRoute = z.enum(CAMPAIGN_ROUTES);
export type TCampaignRoute = z.infer<typeof ZCampaignRoute>;
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
export const ZSlicer = z.enum(SLICER_NAMES as [TSlicer, ...TSlicer[]]);
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
export const ZScoreMetricLevel = z.enum(SCORE_METRIC_LEVELS);
export type TScoreMetricLevel = z.infer<typeof ZScoreMetricLevel>;

export const CONFIDENCE_LEVELS = ['Low', 'Medium', 'High'] as const;
export const ZConfidenceLevel = z.enum(CONFIDENCE_LEVELS);
export type TConfidenceLevel = z.infer<typeof ZConfidenceLevel>;
/** Prediction levels share the confidence scale. */
export const PREDICTION_LEVELS = CONFIDENCE_LEVELS;

export const CAMPAIGN_COUNTERS = ['Total', 'Pending', 'Active', 'Succeeded', 'Failed'] as const;
export const CAMPAIGN_STAGE_STATUSES = ['Pending', 'Active', 'Completed'] as const;

export const TRANSACTION_COUNTS = ['spend', 'POs', 'invoices', 'payments', 'transactions'] as const;
export const DATA_KINDS = ['Spend', 'POs', 'Invoices', 'Payments', 'Transactions'] as const;
export const ZDataKind = z.enum(DATA_KINDS);
export type TDataKind = z.infer<typeof ZDataKind>;

export const DATASET_TYPES = ['SmallDataset', 'LargeDataset'] as const;
export const MATCH_STATUSES = ['MATCHED', 'UNMATCHED'] as const;
export const ZMatchStatus = z.enum(MATCH_STATUSES);
export type TMatchStatus = z.infer<typeof ZMatchStatus>;

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
export const ZJobType = z.enum(JOB_TYPES);
export type TJobType = z.infer<typeof ZJobType>;

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
export const ZFilterOperator = z.enum(FILTER_OPERATORS);
export type TFilterOperator = z.infer<typeof ZFilterOperator>;

export const COLUMN_FILTER_KINDS = ['multiselect', 'boolean', 'number', 'date', 'unavailable'] as const;

export const SYSTEM_MODES = ['ReadOnly', 'Live', 'Maintenance'] as const;
export const ZSystemMode = z.enum(SYSTEM_MODES);
export type TSystemMode = z.infer<typeof ZSystemMode>;

export const SCHEMES = ['Mastercard', 'Visa', 'Unknown'] as const;
export const ZScheme = z.enum(SCHEMES);
export type TScheme = z.infer<typeof ZScheme>;

export const VIRTUAL_LOCKBOXES = ['Boost', 'BoostEu', 'Its'] as const;
export const ZVirtualLockbox = z.enum(VIRTUAL_LOCKBOXES);
export type TVirtualLockbox = z.infer<typeof ZVirtualLockbox>;

export const ISSUER_INPUT_DATA_OPTIONS = ['CsvFileUpload', 'SendUploadLink', 'MergeLink', 'MergeMagicLink'] as const;
export const ZIssuerInputDataOption = z.enum(ISSUER_INPUT_DATA_OPTIONS);
export type TIssuerInputDataOption = z.infer<typeof ZIssuerInputDataOption>;

export const ISSUER_MEMBER_ROLES = ['Manager', 'Member'] as const;
export const ZIssuerMemberRole = z.enum(ISSUER_MEMBER_ROLES);
export type TIssuerMemberRole = z.infer<typeof ZIssuerMemberRole>;

export const CONNECTION_TYPES = ['Owner', 'IssuerManager', 'DirectAssignment', 'MagicLinkUser'] as const;
export const ZConnectionType = z.enum(CONNECTION_TYPES);
export type TConnectionType = z.infer<typeof ZConnectionType>;

export const THEME_KEYS = ['paytech', 'mastercard', 'lloyds', 'test', 'hsbc'] as const;
export const ZThemeKey = z.enum(THEME_KEYS);
export type TThemeKey = z.infer<typeof ZThemeKey>;
export const THEME_LABELS: Record<TThemeKey, string> = {
  paytech: 'Theme 1',
  mastercard: 'Theme 2',
  lloyds: 'Theme 3',
  test: 'Theme 4',
  hsbc: 'Theme 5',
};

export const PROQ_COMMAND_STATES = ['Blocked', 'Pending', 'InProgress', 'Completed', 'Error', 'Canceled'] as const;
export const ZProqCommandState = z.enum(PROQ_COMMAND_STATES);
export type TProqCommandState = z.infer<typeof ZProqCommandState>;
