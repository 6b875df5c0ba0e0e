/**
 * Input kinds, job type labels and pipeline steps (SPEC §2 Jobs, DESIGN §4), without zod; jobs.ts adds the schemas.
 */
import type { TJobType } from './enums.ts';

/** Kinds of input file (the CLI's KIND): a supplier summary or one of the document data kinds. */
export const INPUT_KINDS = ['suppliers', 'spend', 'pos', 'invoices', 'payments', 'transactions'] as const;

export type TInputKind = (typeof INPUT_KINDS)[number];

export const INPUT_KIND_LABELS: Record<TInputKind, string> = {
  suppliers: 'Supplier summary',
  spend: 'Spend',
  pos: 'POs',
  invoices: 'Invoices',
  payments: 'Payments',
  transactions: 'Transactions',
};

/** Creation tab labels per job type (SPEC §2). */
export const JOB_TYPE_LABELS: Record<TJobType, string> = {
  base: 'Summary Upload',
  'matched-data-only': 'Matched Data Only Upload',
  advanced: 'Consultant Upload',
};

/** Which inputs each job type takes: base and matched-data-only one supplier file, advanced any mix. */
export const JOB_TYPE_INPUT_KINDS: Record<TJobType, readonly TInputKind[]> = {
  base: ['suppliers'],
  'matched-data-only': ['suppliers'],
  advanced: INPUT_KINDS,
};

/** Pipeline steps in order (DESIGN §4), each one ProQ command. */
export const PIPELINE_STEPS = ['ingest', 'normalise', 'match', 'enrich', 'score', 'aggregate'] as const;

export type TPipelineStep = (typeof PIPELINE_STEPS)[number];

export const PIPELINE_STEP_LABELS: Record<TPipelineStep, string> = {
  ingest: 'Reading the files',
  normalise: 'Normalising and aggregating suppliers',
  match: 'Matching suppliers to the card network',
  enrich: 'Adding industry codes and acceptance',
  score: 'Scoring payment capabilities',
  aggregate: 'Building the results',
};
