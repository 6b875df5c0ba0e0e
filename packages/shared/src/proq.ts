/**
 * ProQ API contracts (SPEC §3 "ProQ command", status, monitoring data, named count, backoff strategy; SPEC §7
 * ProQ calls). Timestamps are ISO 8601 strings; `age` is in seconds; backoff delays in milliseconds.
 */
import { z } from 'zod';
import { ZProqCommandState } from './enums.ts';

export * from './values/proq.ts';

export const ZProqCommand = z.object({
  id: z.number().int(),
  priority: z.number().int(),
  prerequisite: z.number().int().nullable(),
  commandType: z.string(),
  category: z.string().nullable(),
  targetEntityId: z.string().nullable(),
  jobId: z.string().nullable(),
  jobName: z.string().nullable(),
  correlationId: z.string().nullable(),
  payload: z.unknown(),
  queuedDate: z.string(),
  startedDate: z.string().nullable(),
  completedDate: z.string().nullable(),
  state: ZProqCommandState,
  age: z.number(),
  tags: z.array(z.string()),
  environment: z.string(),
  processingGroup: z.string().nullable(),
  scheduledTime: z.string().nullable(),
  stuckTimeOutInSeconds: z.number().int(),
  batchId: z.string().nullable(),
  prerequisiteBatchId: z.string().nullable(),
  /** Error and completed lists: the last error, or the completion message. */
  message: z.string().nullable(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  runAt: z.string(),
  lockedBy: z.string().nullable(),
  progressPercent: z.number().nullable(),
  progressMessage: z.string().nullable(),
  failedRootId: z.number().int().nullable(),
});
export type TProqCommand = z.infer<typeof ZProqCommand>;

/** Navbar quick-view row (SPEC §3), with the id/job/progress the UI links and shows. */
export const ZProqQuickViewRow = z.object({
  id: z.number().int(),
  commandType: z.string(),
  state: ZProqCommandState,
  age: z.number(),
  tags: z.array(z.string()),
  jobName: z.string().nullable(),
  jobId: z.string().nullable(),
  progressPercent: z.number().nullable(),
  progressMessage: z.string().nullable(),
});
export type TProqQuickViewRow = z.infer<typeof ZProqQuickViewRow>;

export const ZProqStatus = z.object({ queuedCommandCount: z.number().int(), isRunning: z.boolean() });
export type TProqStatus = z.infer<typeof ZProqStatus>;

export const ZProqMonitoringData = z.object({
  queueCounts: z.object({
    queuedCommandsCount: z.number().int(),
    queuedCompletedCommandsCount: z.number().int(),
    queuedErrorCommandsCount: z.number().int(),
  }),
  isRunning: z.boolean(),
});
export type TProqMonitoringData = z.infer<typeof ZProqMonitoringData>;

/** Narrows the monitoring counts (all optional). */
export const ZProqMonitoringQuery = z.object({
  jobId: z.guid().optional(),
  commandType: z.string().min(1).optional(),
  /** Only commands queued at or after this time. */
  since: z.iso.datetime({ offset: true }).optional(),
});

export const ZNamedCount = z.object({ name: z.string(), count: z.number().int() });
export type TNamedCount = z.infer<typeof ZNamedCount>;

/** Queued counts grouped by command type (default), state or category. */
export const ZQueuedCountsQuery = z.object({
  groupBy: z.enum(['commandType', 'state', 'category']).default('commandType'),
});

export const ZProqBackoffStrategy = z.object({
  currentDelay: z.number(),
  minDelay: z.number(),
  maxDelay: z.number(),
  coefficient: z.number(),
  totalSecondsDiff: z.number(),
});
export type TProqBackoffStrategy = z.infer<typeof ZProqBackoffStrategy>;

export const ZProqWorker = z.object({
  id: z.string(),
  hostname: z.string(),
  pid: z.number().int(),
  environment: z.string(),
  concurrency: z.number().int(),
  commandTypes: z.array(z.string()),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  activeCount: z.number().int(),
  processedCount: z.number().int(),
  failedCount: z.number().int(),
  currentDelayMs: z.number(),
  idleSince: z.string().nullable(),
  stopping: z.boolean(),
  alive: z.boolean(),
});
export type TProqWorker = z.infer<typeof ZProqWorker>;

export const ZProqCommandIdParam = z.object({ id: z.coerce.number().int().positive() });
export const ZProqJobIdParam = z.object({ jobId: z.guid() });
/** check-queued-commands: a job id or any target entity id. */
export const ZProqEntityIdParam = z.object({ id: z.string().min(1).max(200) });
export const ZProqCancelBody = z.object({ reason: z.string().max(1000).optional() }).default({});

/** Background service toggle (developer: BackgroundService_TOGGLE): paused workers take no new commands. */
export const ZProqBackgroundService = z.object({
  paused: z.boolean(),
  isRunning: z.boolean(),
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
});
export type TProqBackgroundService = z.infer<typeof ZProqBackgroundService>;
export const ZProqBackgroundServiceQuery = z.object({
  running: z.enum(['true', 'false'], { error: 'running must be true or false' }),
});
