import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobArtifacts } from './jobs.ts';
import { users } from './users.ts';

/**
 * Saved business case of a job (DESIGN §4 "Business case"): the calculator's inputs (packages/shared
 * business-case.ts ZBusinessCaseInputs) as JSON, one row per job; the outputs are always recomputed from the
 * inputs and the job's latest results, so they never go stale.
 */
export const jobBusinessCases = pgTable('job_business_cases', {
  jobArtifactId: uuid('job_artifact_id')
    .primaryKey()
    .references(() => jobArtifacts.id, { onDelete: 'cascade' }),
  inputs: jsonb('inputs').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
