/** Vendor lookup (BETA) and global insights: constants and labels without zod (vendors.ts / global-insights.ts add the schemas). */

/** Results per vendor search: default and most. */
export const VENDOR_SEARCH_DEFAULT_LIMIT = 25;
export const VENDOR_SEARCH_MAX_LIMIT = 100;
/** Shortest name a search looks up. */
export const VENDOR_SEARCH_MIN_QUERY = 2;
/** Longest name a search looks up (characters). */
export const VENDOR_SEARCH_MAX_QUERY = 200;
/** Most words in a searched name (letter and digit runs): each word costs ranking work (analysis SEARCH_MAX_WORDS). */
export const VENDOR_SEARCH_MAX_WORDS = 12;
/** The words of a searched name as the word limit counts them. */
export const vendorQueryWords = (q: string): number => q.split(/[^\p{L}\p{N}]+/u).filter(Boolean).length;

/** Match confidences of a vendor result: what a job match with this evidence would get (null: no match). */
export const VENDOR_CONFIDENCES = ['High', 'Medium', 'Low'] as const;
export type TVendorConfidence = (typeof VENDOR_CONFIDENCES)[number];

/** Where a global insights build stands for the caller's scope. */
export const GLOBAL_INSIGHTS_STATES = ['Ready', 'Building', 'Failed', 'Empty'] as const;
export type TGlobalInsightsState = (typeof GLOBAL_INSIGHTS_STATES)[number];

/** Organisation kinds of the global insights organisations list. */
export const GLOBAL_ORGANIZATION_KINDS = ['issuer', 'buyer'] as const;
export type TGlobalOrganizationKind = (typeof GLOBAL_ORGANIZATION_KINDS)[number];

/** Columns the organisations list sorts by. */
export const GLOBAL_ORGANIZATION_SORTS = [
  'name',
  'jobs',
  'suppliers',
  'spend',
  'matchedSpendShare',
  'cardCapableSpend',
  'estimatedRebate',
] as const;
export type TGlobalOrganizationSort = (typeof GLOBAL_ORGANIZATION_SORTS)[number];
