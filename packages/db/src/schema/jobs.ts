import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TConnectionType, TJobStatus, TJobType } from '@sextant/shared/values';
import { buyers, issuers } from './issuers.ts';
import { users } from './users.ts';

/** A job artifact: one analysis for one buyer (DESIGN §4 Job). */
export const jobArtifacts = pgTable('job_artifacts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  type: text('type').$type<TJobType>().notNull(),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id),
  issuerId: uuid('issuer_id')
    .notNull()
    .references(() => issuers.id),
  buyerId: uuid('buyer_id').references(() => buyers.id),
  isPublished: boolean('is_published').notNull().default(false),
  isHidden: boolean('is_hidden').notNull().default(false),
  /** Draft (files being prepared) → Processing → Ready | Failed; a re-run goes back to Processing. */
  status: text('status').$type<TJobStatus>().notNull().default('Draft'),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who may open a job and why (SPEC §3 connection types). */
export const jobArtifactUsers = pgTable(
  'job_artifact_users',
  {
    jobArtifactId: uuid('job_artifact_id')
      .notNull()
      .references(() => jobArtifacts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionType: text('connection_type').$type<TConnectionType>().notNull(),
    assignedBy: uuid('assigned_by').references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobArtifactId, t.userId, t.connectionType] })],
);
