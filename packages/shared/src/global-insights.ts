/**
 * Global insights: portfolio views across every job the caller may see (GET /api/v1/global-insights/status,
 * /summary, /views/{view}, /organizations). The chart views and slicers are the job insights' own
 * (results-insights.ts); a supplier matched to the same merchant in several jobs counts once.
 */
import { z } from 'zod';
import { CARD_CAPABILITIES, ZSlicer } from './enums.ts';
import { GLOBAL_INSIGHTS_STATES, GLOBAL_ORGANIZATION_KINDS, GLOBAL_ORGANIZATION_SORTS } from './values/vendors.ts';

export const ZGlobalInsightsStatus = z.object({
  state: z.enum(GLOBAL_INSIGHTS_STATES),
  /** Percent of the running build (null when none runs). */
  progress: z.number().nullable(),
  message: z.string().nullable(),
  /** Jobs with results in the caller's scope. */
  jobs: z.number().int(),
  builtAt: z.string().nullable(),
});
export type TGlobalInsightsStatus = z.infer<typeof ZGlobalInsightsStatus>;

const ZFigure = z.object({ suppliers: z.number().int(), spend: z.number() });

export const ZGlobalSummary = z.object({
  slicer: ZSlicer,
  slicerValue: z.string(),
  builtAt: z.string(),
  /** The most common job currency; `currencies` lists them all (spend is summed as recorded). */
  currency: z.string(),
  currencies: z.array(z.string()),
  issuers: z.number().int(),
  buyers: z.number().int(),
  jobs: z.number().int(),
  /** Distinct suppliers: a merchant matched in several jobs counts once. */
  suppliers: z.number().int(),
  /** Supplier rows over all jobs (before counting a merchant once). */
  supplierRows: z.number().int(),
  spend: z.number(),
  matched: ZFigure.extend({ supplierShare: z.number(), spendShare: z.number() }),
  /** Spend with suppliers whose card capability is not Unmatched. */
  cardCapableSpend: z.number(),
  /** Each supplier's best use case rebate, summed. */
  estimatedRebate: z.number(),
  waterfall: z.array(ZFigure.extend({ capability: z.enum(CARD_CAPABILITIES) })),
});
export type TGlobalSummary = z.infer<typeof ZGlobalSummary>;

export const ZGlobalOrganizationsQuery = z.object({
  kind: z.enum(GLOBAL_ORGANIZATION_KINDS).optional(),
  sort: z.enum(GLOBAL_ORGANIZATION_SORTS).default('spend'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const ZGlobalOrganization = z.object({
  kind: z.enum(GLOBAL_ORGANIZATION_KINDS),
  id: z.string(),
  name: z.string(),
  issuerName: z.string().nullable(),
  jobs: z.array(z.object({ jobId: z.uuid(), jobName: z.string() })),
  suppliers: z.number().int(),
  spend: z.number(),
  matchedSpendShare: z.number(),
  cardCapableSpend: z.number(),
  estimatedRebate: z.number(),
});
export type TGlobalOrganization = z.infer<typeof ZGlobalOrganization>;

export const ZGlobalOrganizations = z.object({
  currency: z.string(),
  builtAt: z.string(),
  rows: z.array(ZGlobalOrganization),
});
export type TGlobalOrganizations = z.infer<typeof ZGlobalOrganizations>;
