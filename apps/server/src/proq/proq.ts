/**
 * createProq: the command-type registry, enqueue (validated, inside the caller's transaction), cancel/retry, and
 * the worker that runs commands in this process.
 */
import { z } from 'zod';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbHandle, DbOrTx } from '@sextant/db';
import { ProqError, ProqLeaseLostError } from './errors.ts';
import * as commandsRepo from './repo-commands.ts';
import * as enqueueRepo from './repo-enqueue.ts';
import * as leasesRepo from './repo-leases.ts';
import * as controlRepo from './repo-control.ts';
import type {
  BackoffStrategyData,
  CommandDefOf,
  CommandMapOf,
  CommandTypeDef,
  EnqueueInput,
  ProqCommand,
  ProqCommands,
  ProqLogger,
  UncheckedEnqueueInput,
} from './types.ts';
import { maintainQueue, ProqWorker, recoverInterruptedCommands } from './worker.ts';
import { currentCorrelationId } from '../lib/request-context.ts';

/** `M`: the command map enqueue and registration are checked against (default: the application's ProqCommands). */
export interface ProqOptions<M = ProqCommands> {
  db: DbHandle;
  /** Commands are enqueued into, and claimed from, this environment only (default "default"). */
  environment?: string;
  commandTypes?: CommandDefOf<M>[];
  /** Commands run at once by this process's worker (default 4). */
  concurrency?: number;
  /** Most commands taken by one claim (default: concurrency). */
  claimBatchSize?: number;
  /** Idle polling backoff (SPEC §3): wait minDelay after an empty poll, ×coefficient each time, up to maxDelay. */
  pollMinDelayMs?: number;
  pollMaxDelayMs?: number;
  pollCoefficient?: number;
  /** Heartbeat, stuck recovery and dependency sweeps (default 5000). */
  maintenanceIntervalMs?: number;
  /** A worker silent this long is dead: its commands are taken over at once (default 30). */
  workerDeadAfterSeconds?: number;
  /** On stop/SIGTERM, how long running commands may finish before they are handed back (default 10000). */
  shutdownGraceMs?: number;
  /** Wake on NOTIFY instead of waiting for the next poll (default true). */
  listen?: boolean;
  /** Retry delay defaults for types that do not set their own. */
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  /** Defaults for commands whose type does not set them. */
  defaultMaxAttempts?: number;
  defaultStuckTimeOutInSeconds?: number;
  workerId?: string;
  logger?: ProqLogger;
}

/**
 * For a state change made on a caller's behalf: `inTransaction` runs inside the change's own transaction (after
 * it), so the caller's record of the change (its audit row, a job log line) commits or rolls back with it.
 */
export interface ProqChangeOptions {
  inTransaction?: (tx: DbOrTx) => Promise<void>;
}

/**
 * `M` is the command map (ProqCommands for the application, a test's own map in tests): a command type or payload
 * that is not in it does not compile; ProQ still validates at run time (names, options, payload by the schema).
 */
export interface Proq<M = ProqCommands> {
  readonly environment: string;
  registerCommandType(def: CommandDefOf<M>): void;
  /**
   * Registers types that are not in M (a test's own on the application's ProQ; a definition already registered is
   * skipped) and returns this same ProQ typed for them too.
   */
  withCommandTypes<const D extends readonly CommandTypeDef[]>(...defs: D): Proq<M & CommandMapOf<D[number]>>;
  commandTypeNames(): string[];
  commandType(name: string): CommandTypeDef | undefined;
  /** Validates and inserts one command in `tx` (a rollback leaves no command). Refuses bad input with ProqError. */
  enqueue(tx: DbOrTx, input: EnqueueInput<M>): Promise<ProqCommand>;
  /** Same for many; without prerequisites they go in one statement. Results in input order. */
  enqueueMany(tx: DbOrTx, inputs: EnqueueInput<M>[]): Promise<ProqCommand[]>;
  get(id: number): Promise<ProqCommand | null>;
  /** Blocked/Pending/InProgress → Canceled; dependents are canceled too. */
  cancel(id: number, reason?: string, opts?: ProqChangeOptions): Promise<ProqCommand>;
  /** Error/Canceled → Pending (or Blocked while prerequisites run), attempts reset; reopens cascaded dependents. */
  retry(id: number, opts?: ProqChangeOptions): Promise<ProqCommand>;
  /** Starts this process's worker. */
  start(): Promise<void>;
  /** Graceful stop: nothing new, running commands finish within graceMs or are handed back. */
  stop(opts?: { graceMs?: number }): Promise<void>;
  readonly isRunning: boolean;
  /** This process's worker id (null before start). */
  readonly workerId: string | null;
  backoffStrategy(): BackoffStrategyData;
  /** Heartbeat, stuck recovery, dependency sweeps now (the worker also runs it on a timer). */
  runMaintenance(): Promise<void>;
  /**
   * Only when no other worker can be alive (embedded database held by this process): commands left InProgress by
   * a previous process that stopped (crashed, killed) go back to Pending now instead of after their stuck timeout.
   */
  recoverInterrupted(): Promise<{ resumed: number; failed: number }>;
  /** Background service toggle: every worker of this environment stops taking commands (running ones finish). */
  pause(userId?: string | null, opts?: ProqChangeOptions): Promise<void>;
  resume(userId?: string | null, opts?: ProqChangeOptions): Promise<void>;
  pausedState(): Promise<controlRepo.PausedState>;
}

const ZName = z.string().trim().min(1).max(200);
const ZEnqueueInput = z
  .object({
    commandType: ZName,
    payload: z.unknown().optional(),
    priority: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    prerequisite: z.number().int().positive().nullish(),
    prerequisiteBatchId: ZName.nullish(),
    batchId: ZName.nullish(),
    processingGroup: ZName.nullish(),
    scheduledTime: z.union([z.date(), z.iso.datetime({ offset: true })]).nullish(),
    tags: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    category: ZName.nullish(),
    correlationId: ZName.nullish(),
    jobId: z.guid().nullish(),
    targetEntityId: ZName.nullish(),
    stuckTimeOutInSeconds: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 3600)
      .optional(),
    maxAttempts: z.number().int().min(1).max(100).optional(),
    uniqueKey: z.string().min(1).max(500).nullish(),
  })
  .strict();

const ZCommandTypeName = z.string().regex(/^[a-zA-Z][\w.:-]{0,99}$/, 'letters, digits and . _ : - (max 100)');

const quietLogger: ProqLogger = {
  info: () => undefined,
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
};

export function createProq<M = ProqCommands>(options: ProqOptions<M>): Proq<M> {
  const dbh = options.db;
  const environment = options.environment ?? 'default';
  const logger = options.logger ?? quietLogger;
  const types = new Map<string, CommandTypeDef>();
  const defaults = {
    maxAttempts: options.defaultMaxAttempts ?? 5,
    stuck: options.defaultStuckTimeOutInSeconds ?? 300,
  };
  let worker: ProqWorker | null = null;

  function registerCommandType(def: CommandTypeDef): void {
    const name = ZCommandTypeName.safeParse(def.name);
    if (!name.success)
      throw new Error(`Invalid ProQ command type name "${def.name}": ${name.error.issues[0]?.message}`);
    if (types.has(def.name)) throw new Error(`ProQ command type "${def.name}" is already registered`);
    types.set(def.name, def);
  }
  for (const def of options.commandTypes ?? []) registerCommandType(def);

  /** Validates one input and decides its initial state; locks its prerequisites in `exec`. */
  async function prepare(exec: DbOrTx, raw: UncheckedEnqueueInput, ord: number): Promise<enqueueRepo.InsertRow> {
    const parsed = ZEnqueueInput.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw new ProqError(
        'INVALID_OPTIONS',
        `Invalid command: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
        issues,
      );
    }
    const input = parsed.data;
    const def = types.get(input.commandType);
    if (!def) {
      throw new ProqError('UNKNOWN_COMMAND_TYPE', `Unknown command type "${input.commandType}"`, [
        { path: 'commandType', message: `known types: ${[...types.keys()].sort().join(', ') || 'none'}` },
      ]);
    }
    const payload = def.schema.safeParse(input.payload ?? {});
    if (!payload.success) {
      const issues = payload.error.issues.map((i) => ({ path: ['payload', ...i.path].join('.'), message: i.message }));
      throw new ProqError(
        'INVALID_PAYLOAD',
        `Invalid payload for "${def.name}": ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
        issues,
      );
    }
    const batchId = input.batchId ?? null;
    const prerequisite = input.prerequisite ?? null;
    const prerequisiteBatchId = input.prerequisiteBatchId ?? null;
    if (batchId && prerequisiteBatchId === batchId) {
      throw new ProqError('PREREQUISITE_CYCLE', `A command cannot wait on its own batch "${batchId}"`, [
        { path: 'prerequisiteBatchId', message: 'equals batchId' },
      ]);
    }
    const deps: enqueueRepo.PrerequisiteInfo[] = [];
    if (prerequisite !== null) {
      const p = await enqueueRepo.lockPrerequisite(exec, prerequisite);
      if (!p) {
        throw new ProqError('PREREQUISITE_NOT_FOUND', `Prerequisite command #${prerequisite} does not exist`, [
          { path: 'prerequisite', message: 'not found' },
        ]);
      }
      deps.push(p);
    }
    if (prerequisiteBatchId !== null) {
      const members = await enqueueRepo.lockPrerequisiteBatch(exec, prerequisiteBatchId);
      if (members.length === 0) {
        throw new ProqError('PREREQUISITE_NOT_FOUND', `Prerequisite batch "${prerequisiteBatchId}" has no commands`, [
          { path: 'prerequisiteBatchId', message: 'no command in this batch' },
        ]);
      }
      deps.push(...members);
    }
    if (
      batchId &&
      deps.length > 0 &&
      (await enqueueRepo.wouldCycle(exec, batchId, prerequisite, prerequisiteBatchId))
    ) {
      throw new ProqError(
        'PREREQUISITE_CYCLE',
        `Adding this command to batch "${batchId}" would make it wait on itself (a prerequisite waits on that batch)`,
        [{ path: 'batchId', message: 'cycle' }],
      );
    }
    let state: enqueueRepo.InsertRow['state'] = 'Pending';
    let failedRootId: number | null = null;
    let message: string | null = null;
    const failedDep = deps.find((d) => d.state === 'Error') ?? deps.find((d) => d.state === 'Canceled');
    if (failedDep) {
      state = failedDep.state === 'Error' ? 'Error' : 'Canceled';
      failedRootId = failedDep.failedRootId ?? failedDep.id;
      message = `Prerequisite command #${failedRootId} ${state === 'Error' ? 'failed' : 'was canceled'}`;
    } else if (deps.some((d) => d.state !== 'Completed')) {
      state = 'Blocked';
    }
    const scheduled = input.scheduledTime ?? null;
    return {
      command_type: def.name,
      category: input.category ?? def.category ?? null,
      priority: input.priority ?? def.priority ?? 0,
      prerequisite,
      prerequisite_batch_id: prerequisiteBatchId,
      batch_id: batchId,
      target_entity_id: input.targetEntityId ?? null,
      job_id: input.jobId ?? null,
      correlation_id: input.correlationId ?? currentCorrelationId() ?? null,
      payload: payload.data ?? {},
      state,
      tags: input.tags ?? [],
      environment,
      processing_group: input.processingGroup ?? null,
      scheduled_time: scheduled === null ? null : new Date(scheduled).toISOString(),
      stuck_timeout_in_seconds: input.stuckTimeOutInSeconds ?? def.stuckTimeOutInSeconds ?? defaults.stuck,
      max_attempts: input.maxAttempts ?? def.maxAttempts ?? defaults.maxAttempts,
      unique_key: input.uniqueKey ?? null,
      failed_root_id: failedRootId,
      message,
      ord,
    };
  }

  /** Inserts prepared rows; rows whose unique key existed resolve to the existing command. */
  async function insert(exec: DbOrTx, prepared: enqueueRepo.InsertRow[]): Promise<ProqCommand[]> {
    const inserted = await enqueueRepo.insertCommands(exec, prepared);
    if (inserted.length === prepared.length) return inserted;
    const byKey = new Map(inserted.filter((c) => c.uniqueKey).map((c) => [c.uniqueKey, c]));
    const missingKeys = prepared.flatMap((p) => (p.unique_key && !byKey.has(p.unique_key) ? [p.unique_key] : []));
    for (const c of await commandsRepo.getCommandsByUniqueKeys(exec, missingKeys)) byKey.set(c.uniqueKey, c);
    // Inserted rows come back in id order, which is input order among the rows without a clash.
    const fresh = inserted.filter((c) => !c.uniqueKey).values();
    return prepared.map((p) => {
      const c = p.unique_key ? byKey.get(p.unique_key) : fresh.next().value;
      if (!c) throw new Error('ProQ: enqueue result mismatch');
      return c;
    });
  }

  const inTransaction = <T>(tx: DbOrTx, fn: (exec: DbOrTx) => Promise<T>): Promise<T> =>
    tx instanceof PgTransaction ? fn(tx) : dbh.db.transaction((t) => fn(t));

  async function enqueueMany(tx: DbOrTx, inputs: readonly UncheckedEnqueueInput[]): Promise<ProqCommand[]> {
    if (inputs.length === 0) return [];
    const chained = inputs.some((i) => i.prerequisite != null || i.prerequisiteBatchId != null);
    if (!chained && !(tx instanceof PgTransaction)) {
      // One statement: atomic on its own.
      const prepared = await Promise.all(inputs.map((i, n) => prepare(tx, i, n)));
      return insert(tx, prepared);
    }
    return inTransaction(tx, async (exec) => {
      const prepared: enqueueRepo.InsertRow[] = [];
      for (const [n, i] of inputs.entries()) prepared.push(await prepare(exec, i, n));
      return insert(exec, prepared);
    });
  }

  async function enqueue(tx: DbOrTx, input: UncheckedEnqueueInput): Promise<ProqCommand> {
    const [c] = await enqueueMany(tx, [input]);
    if (!c) throw new Error('ProQ: enqueue returned no command');
    return c;
  }

  async function mustGet(id: number): Promise<ProqCommand> {
    const c = await commandsRepo.getCommand(dbh.db, id);
    if (!c) throw new ProqError('COMMAND_NOT_FOUND', `Command #${id} does not exist`);
    return c;
  }

  async function cancel(id: number, reason?: string, opts?: ProqChangeOptions): Promise<ProqCommand> {
    const text = reason?.trim() ? `Canceled: ${reason.trim().slice(0, 1000)}` : 'Canceled';
    const res = await dbh.db.transaction(async (tx) => {
      const r = await controlRepo.cancelCommand(tx, id, text);
      if (r?.hasDependents) await leasesRepo.cascadeFailure(tx, id, 'Canceled');
      if (r) await opts?.inTransaction?.(tx);
      return r;
    });
    if (!res) {
      const c = await mustGet(id);
      throw new ProqError(
        'INVALID_STATE',
        `Command #${id} is ${c.state}; only Blocked, Pending or InProgress commands can be canceled`,
      );
    }
    worker?.abort(id, new ProqLeaseLostError(`Command #${id} was canceled`));
    return mustGet(id);
  }

  async function retry(id: number, opts?: ProqChangeOptions): Promise<ProqCommand> {
    await dbh.db.transaction(async (tx) => {
      const c = await commandsRepo.getCommand(tx, id);
      if (!c) throw new ProqError('COMMAND_NOT_FOUND', `Command #${id} does not exist`);
      if (c.state !== 'Error' && c.state !== 'Canceled') {
        throw new ProqError(
          'INVALID_STATE',
          `Command #${id} is ${c.state}; only Error or Canceled commands can be retried`,
        );
      }
      const deps: enqueueRepo.PrerequisiteInfo[] = [];
      if (c.prerequisite !== null) {
        const p = await enqueueRepo.lockPrerequisite(tx, c.prerequisite);
        if (p) deps.push(p);
      }
      if (c.prerequisiteBatchId !== null)
        deps.push(...(await enqueueRepo.lockPrerequisiteBatch(tx, c.prerequisiteBatchId)));
      const failed = deps.find((d) => d.state === 'Error' || d.state === 'Canceled');
      if (failed) {
        const root = failed.failedRootId ?? failed.id;
        throw new ProqError(
          'INVALID_STATE',
          `Command #${id} waits on command #${root}, which is not done: retry #${root} first`,
        );
      }
      await controlRepo.reopenCommand(tx, id, deps.every((d) => d.state === 'Completed') ? 'Pending' : 'Blocked');
      await controlRepo.reopenCascaded(tx, id);
      await opts?.inTransaction?.(tx);
    });
    return mustGet(id);
  }

  async function setPaused(paused: boolean, userId: string | null, opts?: ProqChangeOptions): Promise<void> {
    await dbh.db.transaction(async (tx) => {
      await controlRepo.setPausedState(tx, environment, paused, userId);
      await opts?.inTransaction?.(tx);
    });
    worker?.setPaused(paused);
  }

  /** The ProQ typed for a map X: every method takes any command at run time and validates it there. */
  const typedAs = <X>(): Proq<X> => ({
    environment,
    registerCommandType,
    withCommandTypes<const D extends readonly CommandTypeDef[]>(...defs: D): Proq<X & CommandMapOf<D[number]>> {
      for (const def of defs) if (types.get(def.name) !== def) registerCommandType(def);
      return typedAs<X & CommandMapOf<D[number]>>();
    },
    commandTypeNames: () => [...types.keys()].sort(),
    commandType: (name) => types.get(name),
    enqueue,
    enqueueMany,
    get: (id) => commandsRepo.getCommand(dbh.db, id),
    cancel,
    retry,
    async start() {
      if (worker?.isRunning) return;
      worker = new ProqWorker({
        dbh,
        types: () => types,
        enqueue,
        environment,
        workerId: options.workerId,
        concurrency: options.concurrency ?? 4,
        claimBatchSize: options.claimBatchSize,
        poll: {
          minDelayMs: options.pollMinDelayMs ?? 100,
          maxDelayMs: options.pollMaxDelayMs ?? 5000,
          coefficient: options.pollCoefficient ?? 1.5,
        },
        maintenanceIntervalMs: options.maintenanceIntervalMs ?? 5000,
        workerDeadAfterSeconds: options.workerDeadAfterSeconds,
        shutdownGraceMs: options.shutdownGraceMs ?? 10_000,
        listen: options.listen ?? true,
        retry: { baseDelayMs: options.retryBaseDelayMs ?? 2000, maxDelayMs: options.retryMaxDelayMs ?? 10 * 60_000 },
        logger,
      });
      await worker.start();
    },
    async stop(opts) {
      await worker?.stop(opts);
    },
    get isRunning() {
      return worker?.isRunning ?? false;
    },
    get workerId() {
      return worker?.id ?? null;
    },
    backoffStrategy() {
      if (worker) return worker.backoffState();
      const min = options.pollMinDelayMs ?? 100;
      return {
        currentDelay: min,
        minDelay: min,
        maxDelay: options.pollMaxDelayMs ?? 5000,
        coefficient: options.pollCoefficient ?? 1.5,
        totalSecondsDiff: 0,
      };
    },
    async runMaintenance() {
      if (worker) return worker.maintenance();
      await maintainQueue(dbh.db, logger, options.workerDeadAfterSeconds);
    },
    async recoverInterrupted() {
      const r = await recoverInterruptedCommands(dbh.db, logger);
      return {
        resumed: r.filter((c) => c.state === 'Pending').length,
        failed: r.filter((c) => c.state === 'Error').length,
      };
    },
    async pause(userId = null, opts) {
      await setPaused(true, userId, opts);
    },
    async resume(userId = null, opts) {
      await setPaused(false, userId, opts);
    },
    pausedState: () => controlRepo.pausedState(dbh.db, environment),
  });
  return typedAs<M>();
}
