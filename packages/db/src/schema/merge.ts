/**
 * Merge.dev accounting connections (issuer input data options MergeLink / MergeMagicLink).
 *
 * merge_connections    one per job: the client's accounting system linked through Merge Link (by a job editor) or a
 *                      Merge Magic Link (sent to the client), the Merge account token kept only encrypted
 *                      (AES-256-GCM with SECRETS_KEY, like SFTP secrets) in `account_token_enc`, and the state of the
 *                      last import (the job files it produced).
 */
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TMergeConnectionStatus, TMergeConnectionVia } from '@sextant/shared/values';
import { issuers } from './issuers.ts';
import { jobArtifacts } from './jobs.ts';
import { users } from './users.ts';

export const mergeConnections = pgTable(
  'merge_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobArtifacts.id, { onDelete: 'cascade' }),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    via: text('via').$type<TMergeConnectionVia>().notNull(),
    /** Merge's end_user_origin_id: "sextant-job-<jobId>" (one linked accounting account per job). */
    endUserOriginId: text('end_user_origin_id').notNull(),
    endUserEmail: text('end_user_email').notNull(),
    status: text('status').$type<TMergeConnectionStatus>().notNull(),
    /** The accounting system the client linked (Merge's integration name), once linked. */
    integration: text('integration'),
    /** base64(iv | tag | ciphertext) of Merge's account token. Never returned by the API. */
    accountTokenEnc: text('account_token_enc'),
    /** Magic link: until when Merge's URL is valid (the URL itself is shown once and not stored). */
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    lastImportAt: timestamp('last_import_at', { withTimezone: true }),
    lastMessage: text('last_message'),
    /** The job files the last import produced (replaced by the next import). */
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('merge_connections_job_idx').on(t.jobId), index('merge_connections_issuer_idx').on(t.issuerId)],
);
