/**
 * What a job is made of besides its artifact row: uploaded files with their column mapping and validation,
 * runs of the analysis pipeline (each step a ProQ command), the job log, and datapoint profiles (the columns of
 * each download kind).
 */
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  TDatapointProfileKind,
  TFileLayout,
  TInputKind,
  TIssuerOffer,
  TJobFile,
  TRunStatus,
  TValidationReport,
} from '@sextant/shared/values';
import { jobArtifacts } from './jobs.ts';
import { users } from './users.ts';

export const jobFiles = pgTable(
  'job_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobArtifactId: uuid('job_artifact_id')
      .notNull()
      .references(() => jobArtifacts.id, { onDelete: 'cascade' }),
    dataKind: text('data_kind').$type<TInputKind>().notNull(),
    originalName: text('original_name').notNull(),
    /** Path under DATA_DIR. */
    storedPath: text('stored_path').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    format: text('format').$type<TJobFile['format']>().notNull(),
    encoding: text('encoding'),
    delimiter: text('delimiter'),
    headers: jsonb('headers').$type<string[]>().notNull(),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
    preview: jsonb('preview').$type<string[][]>().notNull(),
    /** The validation report and the file's detected layout. */
    validation: jsonb('validation').$type<TValidationReport & { layout?: TFileLayout }>(),
    status: text('status').$type<TJobFile['status']>().notNull().default('uploaded'),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_files_job_idx').on(t.jobArtifactId)],
);

export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobArtifactId: uuid('job_artifact_id')
      .notNull()
      .references(() => jobArtifacts.id, { onDelete: 'cascade' }),
    runNumber: integer('run_number').notNull(),
    status: text('status').$type<TRunStatus>().notNull().default('Queued'),
    /** ProQ batch of this run's commands. */
    batchId: text('batch_id').notNull(),
    scoringRulesetVersion: text('scoring_ruleset_version'),
    confidenceRulesetVersion: text('confidence_ruleset_version'),
    /**
     * The issuer's offer when the run was queued (name, capabilities, virtual lockboxes): the
     * run is computed with it, and its results keep showing what they were computed with. Null for older runs.
     */
    issuerSettings: jsonb('issuer_settings').$type<TIssuerOffer>(),
    /** Folder under DATA_DIR with the run's Parquet files and summary. */
    resultPath: text('result_path').notNull(),
    summary: jsonb('summary'),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('job_runs_number_unique').on(t.jobArtifactId, t.runNumber)],
);

export const jobLogs = pgTable(
  'job_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobArtifactId: uuid('job_artifact_id')
      .notNull()
      .references(() => jobArtifacts.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').references(() => jobRuns.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    level: text('level').notNull().default('info'), // info | warn | error
    message: text('message').notNull(),
    details: jsonb('details'),
  },
  (t) => [index('job_logs_job_idx').on(t.jobArtifactId, t.at)],
);

/** The columns (and headers) of a download kind; issuers point at one profile per download kind. */
export const datapointProfiles = pgTable('datapoint_profiles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').$type<TDatapointProfileKind>().notNull(),
  columns: jsonb('columns').$type<{ datapoint: string; header: string }[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
