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

/**
 * The payload schema of every command type, by name: the one map that `enqueue` and `registerCommandType` are
 * checked against at compile time (graphile-worker's `GraphileWorker.Tasks` pattern). Empty here; the module that
 * defines a command type adds it next to its definition:
 *
 *   declare module '../../proq/types.ts' {
 *     interface ProqCommands {
 *       'chat.index': typeof ZIndexPayload;
 *     }
 *   }
 *
 * A name missing from the map, or a payload that does not fit its schema's input, is a compile error; the same
 * schema validates the payload at enqueue and again, from the database, before the handler runs.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ProqCommands {}

/**
 * An open map: any name, any payload (checked at run time only). For ProQ's own runtime tests, which must be able
 * to send what the compiler would refuse, and for tools that take command names as data.
 */
export type AnyCommands = Record<string, z.ZodType>;

/** Names of the command types of a command map (default: the application's). */
export type CommandName<M = ProqCommands> = keyof M & string;

/** The zod schema a command map gives a name (never when the map's entry is not a schema). */
export type SchemaOf<M, K extends keyof M> = M[K] extends z.ZodType ? M[K] : never;

/** Everything a caller may set besides the command type and payload. */
export interface EnqueueOptions {
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

/** `payload` may be left out only when the schema accepts `{}` (what ProQ validates in its place). */
type PayloadField<S extends z.ZodType> =
  Record<never, never> extends z.input<S> ? { payload?: z.input<S> } : { payload: z.input<S> };

/**
 * What a caller asks for: one member per command type of the map, so `commandType` picks the payload type.
 * ProQ still validates everything at run time (the payload by the type's schema).
 */
export type EnqueueInput<M = ProqCommands> = {
  [K in CommandName<M>]: EnqueueOptions & { commandType: K } & PayloadField<SchemaOf<M, K>>;
}[CommandName<M>];

/** An enqueue request as ProQ's runtime handles it, before validation (every typed EnqueueInput is one). */
export interface UncheckedEnqueueInput extends EnqueueOptions {
  commandType: string;
  payload?: unknown;
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

/**
 * A command type: a name, a zod schema for its payload and an idempotent handler. `CommandTypeDef` alone (any
 * schema, any name) is how ProQ holds a registered type; `CommandDefOf` is a definition checked against a map.
 */
export interface CommandTypeDef<S extends z.ZodType = z.ZodType, N extends string = string> {
  /** Dotted name, e.g. "analysis.ingest". */
  name: N;
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

/** A command type definition whose name and schema are an entry of the map M (default: the application's). */
export type CommandDefOf<M = ProqCommands> = {
  [K in CommandName<M>]: CommandTypeDef<SchemaOf<M, K>, K>;
}[CommandName<M>];

/** The command map of some definitions (name → schema): for a ProQ that runs only these, e.g. in a test. */
export type CommandMapOf<D extends CommandTypeDef> = { [K in D['name']]: Extract<D, { name: K }>['schema'] };

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
