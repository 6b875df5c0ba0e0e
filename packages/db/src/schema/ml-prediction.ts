import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { issuers } from './issuers.ts';
import { jobArtifacts } from './jobs.ts';
import { jobRuns } from './job-data.ts';

/**
 * Acceptance-model monitoring: one row per evaluated run (written by the ml.monitor ProQ command after the run's
 * pipeline completes): hold-out metrics, calibration by decile, input distributions and drift against the job's
 * previous evaluated run. Rewritten whole when a run is evaluated again (idempotent).
 */
export const mlModelRuns = pgTable(
  'ml_model_runs',
  {
    runId: uuid('run_id')
      .primaryKey()
      .references(() => jobRuns.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobArtifacts.id, { onDelete: 'cascade' }),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    runNumber: integer('run_number').notNull(),
    trained: boolean('trained').notNull(),
    reason: text('reason'),
    suppliers: integer('suppliers').notNull(),
    trainRows: integer('train_rows').notNull(),
    testRows: integer('test_rows').notNull(),
    positiveRate: doublePrecision('positive_rate'),
    auc: doublePrecision('auc'),
    accuracy: doublePrecision('accuracy'),
    precisionHigh: doublePrecision('precision_high'),
    recallHigh: doublePrecision('recall_high'),
    baselineAccuracy: doublePrecision('baseline_accuracy'),
    calibration: jsonb('calibration')
      .$type<{ decile: number; n: number; predicted: number; observed: number; ciLow?: number; ciHigh?: number }[]>()
      .notNull(),
    distributions: jsonb('distributions').$type<Record<string, Record<string, number>>>().notNull(),
    drift: jsonb('drift').$type<{
      againstRunNumber: number;
      psi: Record<string, number>;
      maxPsi: number;
      maxPsiInput: string;
    } | null>(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ml_model_runs_job_idx').on(t.jobId, t.runNumber), index('ml_model_runs_issuer_idx').on(t.issuerId)],
);
