/**
 * What changed since the previous run of a job (GET /api/v1/jobs/{jobId}/changes): the latest completed run against
 * the one before it, totals first, then a paged list of the suppliers that changed, each change with its reason.
 */
import { z } from 'zod';
import { MAX_PAGE_SIZE, zPagedResult } from './paging.ts';
import { RUN_CHANGE_EXPORT_FORMATS, RUN_CHANGE_KINDS } from './values/job-changes.ts';
import { SCORE_KINDS } from './values/enums.ts';

export * from './values/job-changes.ts';

export const ZRunChangeKind = z.enum(RUN_CHANGE_KINDS);

export const ZRunChangesQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  /** Only suppliers with this kind of change. */
  kind: ZRunChangeKind.optional(),
  /** Part of the supplier's name or key. */
  search: z.string().max(200).optional(),
  /** Every change of every (filtered) supplier as a file, one row per change. */
  format: z.enum(RUN_CHANGE_EXPORT_FORMATS).optional(),
});
export type TRunChangesQuery = z.output<typeof ZRunChangesQuery>;

const ZLevelMoves = z.object({ up: z.number().int(), down: z.number().int() });

const count = z.number().int();
export const ZRunChangeTotals = z.object({
  suppliersChanged: count,
  /** Spend of the suppliers that changed (as of the new run, else the previous one). */
  spendChanged: z.number(),
  /** Suppliers per kind of change (RUN_CHANGE_KINDS). */
  supplierAdded: count,
  supplierRemoved: count,
  matchGained: count,
  matchLost: count,
  merchantChanged: count,
  confidenceChanged: count,
  capabilityChanged: count,
  /** Absent for a caller without SuppliersScore_VIEW (as are the score-level changes themselves). */
  scoreLevelChanged: count.optional(),
  acceptanceChanged: count,
  confidenceUp: count,
  confidenceDown: count,
  /** Per score kind, suppliers whose level went up or down; absent without SuppliersScore_VIEW. */
  scoreLevels: z.record(z.enum(SCORE_KINDS), ZLevelMoves).optional(),
});
export type TRunChangeTotals = z.infer<typeof ZRunChangeTotals>;

export const ZRunChange = z.object({
  kind: ZRunChangeKind,
  /** What changed: matchedMerchantId, matchConfidence, cardCapability, a score kind, acceptancePrediction, supplier. */
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** Why: the deciding match rule and evidence, the scoring rule, the network attribute, the model's explanation. */
  reason: z.string().nullable(),
});
export type TRunChange = z.infer<typeof ZRunChange>;

export const ZRunChangeSupplier = z.object({
  supplierKey: z.string(),
  supplierName: z.string().nullable(),
  spendBefore: z.number().nullable(),
  spendAfter: z.number().nullable(),
  kinds: z.array(ZRunChangeKind),
  changes: z.array(ZRunChange),
});
export type TRunChangeSupplier = z.infer<typeof ZRunChangeSupplier>;

export const ZRunChanges = z.object({
  runId: z.uuid(),
  runNumber: z.number().int(),
  previousRunId: z.uuid(),
  previousRunNumber: z.number().int(),
  computedAt: z.string(),
  /** Ruleset versions of both runs (null when unscored). */
  scoringRulesetVersions: z.object({ before: z.string().nullable(), after: z.string().nullable() }),
  confidenceRulesetVersions: z.object({ before: z.string().nullable(), after: z.string().nullable() }),
  totals: ZRunChangeTotals,
  suppliers: zPagedResult(ZRunChangeSupplier),
});
export type TRunChanges = z.infer<typeof ZRunChanges>;
