/**
 * ProQ public types. The glossary is in index.ts.
 */
import type { z } from 'zod';
import type { Db, DbOrTx } from '@sextant/db';
import type { TProqCommandState } from '@sextant/shared';

/** A command row as ProQ hands it out (timestamps as ISO 8601 strings). */
export interface ProqCommand {
  id: number;
  commandType: string;
  category: string | null;
  priority: number;
  prerequisite: number | null;
  prerequisiteBatchId: string | null;
  batchId: string | null;
  targetEntityId: string | null;
  jobId: string | null;
  correlationId: string | null;
  payload: unknown;
  queuedDate: string;
  startedDate: string | null;
  completedDate: string | null;
  state: TProqCommandState;
  /** Seconds since queuedDate. */
  age: number;
  tags: string[];
  environment: string;
  processingGroup: string | null;
  scheduledTime: string | null;
  stuckTimeOutInSeconds: number;
  message: string | null;
  runAt: string;
  attempts: number;
  maxAttempts: number;
  lockedBy: string | null;
  lockedAt: string | null;
  progressPercent: number | null;
  progressMessage: string | null;
  failedRootId: number | null;
  uniqueKey: string | null;
  updatedAt: string;
}

/** What a caller asks for. Only commandType is required; payload is validated by the type's schema. */
export interface EnqueueInput {
  commandType: string;
  payload?: unknown;
  /** Higher runs first (default: the type's priority, else 0). */
  priority?: number;
  /** Id of a command that must complete first. */
  prerequisite?: number | null;
  /** A batch whose every command must complete first. */
  prerequisiteBatchId?: string | null;
  batchId?: string | null;
  /** At most one command of a processing group runs at a time. */
  processingGroup?: string | null;
  /** Not before this time. */
  scheduledTime?: Date | string | null;
  tags?: string[];
  category?: string | null;
  correlationId?: string | null;
  jobId?: string | null;
  targetEntityId?: string | null;
  stuckTimeOutInSeconds?: number;
  maxAttempts?: number;
  /** De-duplication: enqueueing a key that exists returns the existing command unchanged. */
  uniqueKey?: string | null;
}

export interface HandlerContext {
  /** The command as claimed; `attempts` is this attempt's number (1-based). */
  command: ProqCommand;
  /** The database (not a transaction): open your own short transactions. */
  db: Db;
  /** Aborted when the command is canceled, its lease is lost (stuck timeout) or the worker is forced to stop. */
  signal: AbortSignal;
  /** Report progress (0–100, optional message) for the UI; also renews the lease. Throws when the lease is lost. */
  progress(percent: number, message?: string): Promise<void>;
  /** Renew the lease without changing progress (for long steps that cannot report a percentage). */
  heartbeat(): Promise<void>;
  /** Enqueue follow-up commands (e.g. the next pipeline step) inside your transaction. */
  enqueue(tx: DbOrTx, input: EnqueueInput): Promise<ProqCommand>;
}

/** A command type: a name, a zod schema for its payload and an idempotent handler. */
export interface CommandTypeDef<S extends z.ZodType = z.ZodType> {
  /** Dotted name, e.g. "analysis.ingest". */
  name: string;
  schema: S;
  /**
   * Runs the command. Must be idempotent: ProQ delivers at least once (a crash after the effect and before
   * completion re-runs it). Return a string to store it as the completion message.
   */
  handler(payload: z.output<S>, ctx: HandlerContext): Promise<string | void> | string | void;
  description?: string;
  category?: string;
  priority?: number;
  /** Attempts before Error (default 5). */
  maxAttempts?: number;
  /** Lease length without a sign of life (default 300). */
  stuckTimeOutInSeconds?: number;
  /** Retry delay = min(baseDelayMs · 2^(attempt−1), maxDelayMs). */
  retry?: { baseDelayMs?: number; maxDelayMs?: number };
}

/** pino- and console-compatible. */
export interface ProqLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** The poller's idle backoff (SPEC §3 "backoff strategy"); delays in milliseconds. */
export interface BackoffStrategyData {
  currentDelay: number;
  minDelay: number;
  maxDelay: number;
  coefficient: number;
  /** Seconds the poller has been idle (0 while busy). */
  totalSecondsDiff: number;
}
