/**
 * Acceptance-model monitoring contracts (SPEC §2 /admin/analysis-admin/ml-prediction, "OCI ML Model monitoring"):
 * per job and per run, the hold-out metrics, calibration by decile and input drift against the previous run.
 */
import { z } from 'zod';

export * from './values/ml-prediction.ts';

export const ZMlMetrics = z.object({
  auc: z.number().nullable(),
  accuracy: z.number().nullable(),
  precisionHigh: z.number().nullable(),
  recallHigh: z.number().nullable(),
  baselineAccuracy: z.number().nullable(),
});
export type TMlMetrics = z.infer<typeof ZMlMetrics>;

export const ZMlCalibrationBin = z.object({
  decile: z.number().int(),
  n: z.number().int(),
  predicted: z.number(),
  observed: z.number(),
  /** 95 % Wilson interval of the observed rate (sampling noise of the bin); absent on runs evaluated before it. */
  ciLow: z.number().optional(),
  ciHigh: z.number().optional(),
});
export type TMlCalibrationBin = z.infer<typeof ZMlCalibrationBin>;

export const ZMlDrift = z.object({
  /** The run the inputs are compared with (the job's previous evaluated run). */
  againstRunNumber: z.number().int(),
  psi: z.record(z.string(), z.number()),
  maxPsi: z.number(),
  maxPsiInput: z.string(),
});
export type TMlDrift = z.infer<typeof ZMlDrift>;

export const ZMlRun = z.object({
  runId: z.uuid(),
  runNumber: z.number().int(),
  evaluatedAt: z.string(),
  completedAt: z.string().nullable(),
  trained: z.boolean(),
  reason: z.string().nullable(),
  suppliers: z.number().int(),
  trainRows: z.number().int(),
  testRows: z.number().int(),
  positiveRate: z.number().nullable(),
  metrics: ZMlMetrics,
  calibration: z.array(ZMlCalibrationBin),
  drift: ZMlDrift.nullable(),
  /** Current distribution of each watched input (share per value, the 12 largest values and "Other"). */
  distributions: z.record(z.string(), z.record(z.string(), z.number())),
  alerts: z.array(z.string()),
});
export type TMlRun = z.infer<typeof ZMlRun>;

export const ZMlJobRow = z.object({
  jobId: z.uuid(),
  jobName: z.string(),
  issuerId: z.uuid(),
  issuerName: z.string(),
  runs: z.number().int(),
  latest: ZMlRun.omit({ calibration: true, distributions: true }),
  /** AUC of every evaluated run, oldest first (null where the model could not be trained). */
  aucHistory: z.array(z.object({ runNumber: z.number().int(), evaluatedAt: z.string(), auc: z.number().nullable() })),
  alert: z.boolean(),
});
export type TMlJobRow = z.infer<typeof ZMlJobRow>;

export const ZMlOverview = z.object({
  aucThreshold: z.number(),
  psiThreshold: z.number(),
  jobs: z.array(ZMlJobRow),
  /** Jobs whose latest run is below the AUC threshold or shows major drift. */
  alertCount: z.number().int(),
  /** Mean AUC of the jobs' latest trained runs. */
  meanAuc: z.number().nullable(),
  evaluatedRuns: z.number().int(),
});
export type TMlOverview = z.infer<typeof ZMlOverview>;

export const ZMlJobDetail = z.object({
  jobId: z.uuid(),
  jobName: z.string(),
  issuerName: z.string(),
  aucThreshold: z.number(),
  psiThreshold: z.number(),
  /** Newest first. */
  runs: z.array(ZMlRun),
});
export type TMlJobDetail = z.infer<typeof ZMlJobDetail>;

export const ZMlJobParam = z.object({ jobId: z.uuid('Job id must be an id') });
