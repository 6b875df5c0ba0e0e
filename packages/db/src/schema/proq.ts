/**
 * ProQ, the background command queue (SPEC §3 "ProQ command", DESIGN §4 "ProQ").
 *
 * proq_commands  one row per command; state machine and claiming live in apps/server/src/proq.
 * proq_groups    one row per processing group; `active_command_id` is the group's lease, taken in the same
 *                statement that claims the command (FOR UPDATE SKIP LOCKED), so a group never runs two at once.
 * proq_workers   one row per running worker (heartbeat): drives `isRunning` and the backoff-strategy view.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
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
import type { TProqCommandState } from '@sextant/shared/values';

export const proqCommands = pgTable(
  'proq_commands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    commandType: text('command_type').notNull(),
    category: text('category'),
    /** Higher runs first. */
    priority: integer('priority').notNull().default(0),
    /** Command that must complete first. */
    prerequisite: bigint('prerequisite', { mode: 'number' }),
    /** Batch whose every command must complete first. */
    prerequisiteBatchId: text('prerequisite_batch_id'),
    batchId: text('batch_id'),
    targetEntityId: text('target_entity_id'),
    jobId: uuid('job_id'),
    correlationId: text('correlation_id'),
    payload: jsonb('payload').notNull().default({}),
    queuedDate: timestamp('queued_date', { withTimezone: true }).notNull().defaultNow(),
    startedDate: timestamp('started_date', { withTimezone: true }),
    completedDate: timestamp('completed_date', { withTimezone: true }),
    state: text('state').$type<TProqCommandState>().notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    environment: text('environment').notNull().default('default'),
    processingGroup: text('processing_group'),
    scheduledTime: timestamp('scheduled_time', { withTimezone: true }),
    stuckTimeOutInSeconds: integer('stuck_timeout_in_seconds').notNull().default(300),
    /** Last error (kept on retry and on Error) or the completion message. */
    message: text('message'),
    /** When the command may next be claimed: scheduled time, then retry backoff. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    /** Lease start; refreshed by progress reports and heartbeats. Past the stuck timeout the lease is lost. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    progressPercent: real('progress_percent'),
    progressMessage: text('progress_message'),
    /** Set when a command depends on this one (directly or through its batch): completion then unblocks. */
    hasDependents: boolean('has_dependents').notNull().default(false),
    /** For a command failed/canceled because a prerequisite failed: that root command (retry reopens it). */
    failedRootId: bigint('failed_root_id', { mode: 'number' }),
    /** Caller's de-duplication key: enqueueing an existing key returns the existing command. */
    uniqueKey: text('unique_key'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'proq_commands_state_check',
      sql`${t.state} in ('Blocked', 'Pending', 'InProgress', 'Completed', 'Error', 'Canceled')`,
    ),
    check('proq_commands_attempts_check', sql`${t.maxAttempts} >= 1 and ${t.stuckTimeOutInSeconds} >= 1`),
    index('proq_commands_claim_idx')
      .on(t.environment, t.priority.desc(), t.runAt, t.id)
      .where(sql`${t.state} = 'Pending'`),
    index('proq_commands_lease_idx')
      .on(t.lockedAt)
      .where(sql`${t.state} = 'InProgress'`),
    index('proq_commands_blocked_idx')
      .on(t.id)
      .where(sql`${t.state} = 'Blocked'`),
    index('proq_commands_state_idx').on(t.state, t.queuedDate),
    /*
     * Partial (not null): most commands have no job, prerequisite, batch, failed root or unique key, and an index entry
     * for a null is written on every insert and on every state change (claim, completion: not HOT updates) for
     * nothing. Every lookup by these columns is an equality, which implies "is not null", so the planner still
     * uses them (join clauses included); ON CONFLICT names the predicate (repo-enqueue.ts).
     */
    index('proq_commands_job_idx')
      .on(t.jobId)
      .where(sql`${t.jobId} is not null`),
    index('proq_commands_prerequisite_idx')
      .on(t.prerequisite)
      .where(sql`${t.prerequisite} is not null`),
    index('proq_commands_prerequisite_batch_idx')
      .on(t.prerequisiteBatchId)
      .where(sql`${t.prerequisiteBatchId} is not null`),
    index('proq_commands_batch_idx')
      .on(t.batchId)
      .where(sql`${t.batchId} is not null`),
    index('proq_commands_failed_root_idx')
      .on(t.failedRootId)
      .where(sql`${t.failedRootId} is not null`),
    uniqueIndex('proq_commands_unique_key_idx')
      .on(t.uniqueKey)
      .where(sql`${t.uniqueKey} is not null`),
    /** Safety net under the group lease: at most one InProgress command per processing group. */
    uniqueIndex('proq_commands_group_running_idx')
      .on(t.processingGroup)
      .where(sql`${t.state} = 'InProgress'`),
  ],
);

export const proqGroups = pgTable('proq_groups', {
  name: text('name').primaryKey(),
  activeCommandId: bigint('active_command_id', { mode: 'number' }),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
});

export const proqWorkers = pgTable('proq_workers', {
  id: text('id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  environment: text('environment').notNull(),
  concurrency: integer('concurrency').notNull(),
  commandTypes: text('command_types')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  activeCount: integer('active_count').notNull().default(0),
  processedCount: integer('processed_count').notNull().default(0),
  failedCount: integer('failed_count').notNull().default(0),
  currentDelayMs: integer('current_delay_ms').notNull(),
  minDelayMs: integer('min_delay_ms').notNull(),
  maxDelayMs: integer('max_delay_ms').notNull(),
  coefficient: real('coefficient').notNull(),
  /** Since when the poller has found nothing to do (null while busy). */
  idleSince: timestamp('idle_since', { withTimezone: true }),
  stopping: boolean('stopping').notNull().default(false),
});
