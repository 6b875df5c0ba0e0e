/**
 * DevOps area tables.
 *
 * sftp_configs         per-issuer SFTP sources; the password / private key are kept only encrypted (AES-256-GCM with
 *                      the SECRETS_KEY of the configuration) in `secret_enc`.
 * sftp_pulled_files    every remote file pulled (a file is pulled once per name, size and modification time).
 * resource_samples     the resource guard's background samples (history chart), pruned by age.
 * resource_limits      the resource guard's limits (one row, key 'default').
 */
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TJobType, TResourceLimits, TSftpAuthMethod, TSftpPullStatus } from '@sextant/shared/values';
import { buyers, issuers } from './issuers.ts';
import { jobArtifacts } from './jobs.ts';
import { users } from './users.ts';

export const sftpConfigs = pgTable(
  'sftp_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull().default(22),
    username: text('username').notNull(),
    authMethod: text('auth_method').$type<TSftpAuthMethod>().notNull(),
    /** base64(iv | tag | ciphertext) of {password?, privateKey?, passphrase?}. Never returned by the API. */
    secretEnc: text('secret_enc').notNull(),
    hasPassword: boolean('has_password').notNull().default(false),
    hasPrivateKey: boolean('has_private_key').notNull().default(false),
    folder: text('folder').notNull(),
    filePattern: text('file_pattern').notNull(),
    buyerId: uuid('buyer_id').references(() => buyers.id, { onDelete: 'set null' }),
    jobType: text('job_type').$type<TJobType>().notNull(),
    targetJobId: uuid('target_job_id').references(() => jobArtifacts.id, { onDelete: 'set null' }),
    scheduleMinutes: integer('schedule_minutes'),
    enabled: boolean('enabled').notNull().default(true),
    /** Owner of the jobs the pulls create. */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    /**
     * The server's host key, pinned on the first connection to the stored host (OpenSSH "SHA256:…" fingerprint):
     * every later connection must present it. Cleared only by a manage-rights action or a change of host or port.
     */
    hostKeyFingerprint: text('host_key_fingerprint'),
    hostKeyPinnedAt: timestamp('host_key_pinned_at', { withTimezone: true }),
    lastPullAt: timestamp('last_pull_at', { withTimezone: true }),
    lastPullStatus: text('last_pull_status').$type<TSftpPullStatus>(),
    lastPullMessage: text('last_pull_message'),
    nextPullAt: timestamp('next_pull_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sftp_configs_issuer_idx').on(t.issuerId)],
);

export const sftpPulledFiles = pgTable(
  'sftp_pulled_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    configId: uuid('config_id')
      .notNull()
      .references(() => sftpConfigs.id, { onDelete: 'cascade' }),
    remotePath: text('remote_path').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    remoteModifiedAt: timestamp('remote_modified_at', { withTimezone: true }).notNull(),
    jobId: uuid('job_id').references(() => jobArtifacts.id, { onDelete: 'set null' }),
    pulledAt: timestamp('pulled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sftp_pulled_files_unique').on(t.configId, t.remotePath, t.sizeBytes, t.remoteModifiedAt)],
);

export const resourceSamples = pgTable(
  'resource_samples',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    cpuPercent: real('cpu_percent').notNull(),
    memoryPercent: real('memory_percent').notNull(),
    memoryUsedBytes: bigint('memory_used_bytes', { mode: 'number' }).notNull(),
    memoryTotalBytes: bigint('memory_total_bytes', { mode: 'number' }).notNull(),
    diskPercent: real('disk_percent').notNull(),
    diskUsedBytes: bigint('disk_used_bytes', { mode: 'number' }).notNull(),
    diskTotalBytes: bigint('disk_total_bytes', { mode: 'number' }).notNull(),
    dbSizeBytes: bigint('db_size_bytes', { mode: 'number' }).notNull(),
    duckdbMemoryBytes: bigint('duckdb_memory_bytes', { mode: 'number' }).notNull(),
    queueDepth: integer('queue_depth').notNull(),
    rssBytes: bigint('rss_bytes', { mode: 'number' }).notNull(),
  },
  (t) => [index('resource_samples_at_idx').on(t.at)],
);

export const resourceLimits = pgTable('resource_limits', {
  key: text('key').primaryKey(),
  limits: jsonb('limits').$type<TResourceLimits>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
