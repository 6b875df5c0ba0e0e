/**
 * Scoring and confidence ruleset versions (analysis admin). The definition itself is the engine's versioned JSON
 * format (packages/analysis/src/score/ruleset.ts), validated on the server with the engine's own schema, so it is
 * typed here as a JSON object.
 */
import { z } from 'zod';
import { SCORE_KINDS } from './enums.ts';
import { RULESET_FIELD_TYPES, RULESET_KINDS } from './values/analysis-admin.ts';

export * from './values/analysis-admin.ts';

export const ZRulesetKind = z.enum(RULESET_KINDS, { error: 'Ruleset kind must be scoring or confidence' });
export const ZRulesetKindParam = z.object({ kind: ZRulesetKind });
export const ZRulesetVersionParam = z.object({
  kind: ZRulesetKind,
  version: z.coerce
    .number({ error: 'Version must be a number' })
    .int('Version must be a whole number')
    .positive('Version must be positive'),
});

export const ZRulesetVersionSummary = z.object({
  version: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  basedOn: z.number().int().nullable(),
  isActive: z.boolean(),
  activatedAt: z.string().nullable(),
  /** jobs with at least one run that used this version */
  jobsCount: z.number().int(),
});
export type TRulesetVersionSummary = z.infer<typeof ZRulesetVersionSummary>;

export const ZRulesetList = z.object({
  kind: ZRulesetKind,
  activeVersion: z.number().int().nullable(),
  canUpdate: z.boolean(),
  versions: z.array(ZRulesetVersionSummary),
});
export type TRulesetList = z.infer<typeof ZRulesetList>;

/** A supplier feature a condition may test. */
export const ZRulesetField = z.object({
  name: z.string(),
  type: z.enum(RULESET_FIELD_TYPES),
  description: z.string(),
});
export type TRulesetField = z.infer<typeof ZRulesetField>;

export const ZRulesetJobUse = z.object({
  jobId: z.uuid(),
  jobName: z.string(),
  runNumber: z.number().int(),
  createdAt: z.string(),
});

export const ZRulesetVersionDetail = ZRulesetVersionSummary.extend({
  kind: ZRulesetKind,
  canUpdate: z.boolean(),
  definition: z.record(z.string(), z.unknown()),
  /** the latest runs that used this version (most recent first) */
  jobs: z.array(ZRulesetJobUse),
  fields: z.array(ZRulesetField),
  scoreKinds: z.array(z.enum(SCORE_KINDS)),
});
export type TRulesetVersionDetail = z.infer<typeof ZRulesetVersionDetail>;

/**
 * A new version: the definition as an object, or as JSON text (the JSON editor sends it as typed, so a syntax
 * error is reported with its line and column). The server gives it the next version number.
 */
export const ZRulesetCreate = z.object({
  basedOn: z.number().int().positive().optional(),
  definition: z.union([z.record(z.string(), z.unknown()), z.string()], {
    error: 'Definition must be a JSON object or JSON text',
  }),
});
export type TRulesetCreate = z.infer<typeof ZRulesetCreate>;

export const ZRulesetDryRunRequest = z.object({ jobId: z.uuid('Job id must be an id') });

export const ZRulesetDryRunExample = z.object({
  supplierKey: z.string(),
  supplierName: z.string().nullable(),
  spend: z.number().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  ruleId: z.string().nullable(),
});
export const ZRulesetDryRunKind = z.object({
  scoreKind: z.enum(SCORE_KINDS),
  changed: z.number().int(),
  /** to a higher level */
  up: z.number().int(),
  down: z.number().int(),
  examples: z.array(ZRulesetDryRunExample),
});
export const ZRulesetDryRun = z.object({
  kind: ZRulesetKind,
  version: z.number().int(),
  jobId: z.uuid(),
  jobName: z.string(),
  runNumber: z.number().int(),
  /** the version the run itself used */
  runVersion: z.string().nullable(),
  suppliers: z.number().int(),
  changedSuppliers: z.number().int(),
  scoreKinds: z.array(ZRulesetDryRunKind),
});
export type TRulesetDryRun = z.infer<typeof ZRulesetDryRun>;
