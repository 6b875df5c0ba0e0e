/**
 * The ProQ worker: a claim loop with `concurrency` slots, idle backoff, LISTEN/NOTIFY wake-ups, batched
 * completions, lease renewal, periodic maintenance (heartbeat, stuck recovery, dependency sweeps) and graceful
 * shutdown. One worker per process is usual; several in one process are fine (the tests do it).
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { DbHandle, DbOrTx } from '@sextant/db';
import { PollBackoff, retryDelayMs, type PollBackoffOptions } from './backoff.ts';
import { errorMessage, ProqLeaseLostError, ProqPermanentError } from './errors.ts';
import type { PoolClient } from 'pg';
import * as commandsRepo from './repo-commands.ts';
import * as leasesRepo from './repo-leases.ts';
import * as recoveryRepo from './repo-recovery.ts';
import * as controlRepo from './repo-control.ts';
import type {
  BackoffStrategyData,
  CommandTypeDef,
  HandlerContext,
  ProqCommand,
  ProqLogger,
  UncheckedEnqueueInput,
} from './types.ts';
import { proqCommandDuration } from '../lib/process-metrics.ts';

export interface WorkerOptions {
  dbh: DbHandle;
  types: () => Map<string, CommandTypeDef>;
  /** ProQ's validating enqueue (handlers' follow-up commands are typed by HandlerContext). */
  enqueue: (tx: DbOrTx, input: UncheckedEnqueueInput) => Promise<ProqCommand>;
  environment: string;
  workerId?: string;
  concurrency: number;
  /** Most commands taken by one claim (default: concurrency). */
  claimBatchSize?: number;
  poll: PollBackoffOptions;
  maintenanceIntervalMs: number;
  /** Heartbeat age after which another worker's leases are taken over (recoveryRepo.DEFAULT_WORKER_DEAD_AFTER_SECONDS). */
  workerDeadAfterSeconds?: number;
  shutdownGraceMs: number;
  listen: boolean;
  retry: { baseDelayMs: number; maxDelayMs: number };
  logger: ProqLogger;
}

interface Active {
  cmd: ProqCommand;
  lease: leasesRepo.Lease;
  ac: AbortController;
  /** The handler returned or threw; only the outcome remains to be written. */
  handlerDone: boolean;
}

type Listener = { close(): Promise<void> };

/** How often a worker re-reads the pause flag when no NOTIFY told it (ms). */
const PAUSE_CHECK_MS = 1000;
/** Longest wait between two tries to write an outcome, or to LISTEN again, while the database does not answer (ms). */
const RECONNECT_MAX_DELAY_MS = 5000;

export class ProqWorker {
  readonly id: string;
  private readonly active = new Map<number, Active>();
  /** Slots taken by running handlers. A slot frees when its handler returns, so the next claim overlaps the
   * previous outcome's write (two commits in flight instead of one after the other). */
  private busy = 0;
  private readonly runs = new Set<Promise<void>>();
  private readonly backoff: PollBackoff;
  private stopping = false;
  private started = false;
  private loopDone: Promise<void> | null = null;
  private waker: (() => void) | null = null;
  private wakePending = false;
  private wakeScheduled = false;
  private maintenanceTimer: NodeJS.Timeout | null = null;
  private maintenanceRun: Promise<void> | null = null;
  private listener: Listener | null = null;
  private processed = 0;
  private failed = 0;
  /** Paused by the background service toggle (system_settings): running commands finish, nothing new is taken. */
  private paused = false;
  private pauseCheckedAt = 0;
  private pauseRead: Promise<void> | null = null;
  private readonly completer: Batcher<leasesRepo.Lease & { message: string | null }, leasesRepo.Finished | null>;

  constructor(private readonly o: WorkerOptions) {
    if (!Number.isInteger(o.concurrency) || o.concurrency < 1)
      throw new Error('ProQ concurrency must be an integer ≥ 1');
    this.id = o.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.backoff = new PollBackoff(o.poll);
    this.completer = new Batcher(async (items) => {
      const done = await leasesRepo.completeCommands(this.o.dbh.db, this.id, items);
      const byId = new Map(done.map((d) => [d.id, d]));
      const withDeps = done.filter((d) => d.hasDependents);
      if (withDeps.length > 0) {
        // Runs after the completion committed, so it sees it (and any completion that committed before).
        await leasesRepo.unblockDependents(this.o.dbh.db, {
          ids: withDeps.map((d) => d.id),
          batches: withDeps.flatMap((d) => (d.batchId ? [d.batchId] : [])),
        });
      }
      return items.map((i) => byId.get(i.id) ?? null);
    });
  }

  get isRunning(): boolean {
    return this.started && !this.stopping;
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** Applies a pause/resume at once in this process (other processes see it by NOTIFY or within a second). */
  setPaused(paused: boolean): void {
    this.paused = paused;
    this.pauseCheckedAt = Date.now();
    this.wake();
  }

  /**
   * Re-reads the pause flag when a notification asked for it (pauseCheckedAt 0) or a second has passed. The claim
   * waits for the answer after a notification or while paused; the once-a-second read of a running worker goes on
   * beside the claim instead of before it (it was a round trip added to one claim a second: the latency's tail).
   */
  private async refreshPaused(): Promise<void> {
    if (Date.now() - this.pauseCheckedAt < PAUSE_CHECK_MS) return;
    const wait = this.pauseCheckedAt === 0 || this.paused;
    this.pauseCheckedAt = Date.now();
    const read = (this.pauseRead = this.readPaused());
    if (wait) await read;
  }

  private async readPaused(): Promise<void> {
    try {
      const was = this.paused;
      this.paused = (await controlRepo.pausedState(this.o.dbh.db, this.o.environment)).paused;
      if (was !== this.paused)
        this.o.logger.info({ paused: this.paused }, this.paused ? 'ProQ: paused' : 'ProQ: resumed');
    } catch (err) {
      this.o.logger.warn({ err }, 'ProQ: could not read the pause state; keeping the last one');
    }
  }

  get activeCount(): number {
    return this.active.size;
  }

  backoffState(): BackoffStrategyData {
    return {
      currentDelay: this.backoff.current,
      minDelay: this.o.poll.minDelayMs,
      maxDelay: this.o.poll.maxDelayMs,
      coefficient: this.o.poll.coefficient,
      totalSecondsDiff: this.backoff.totalSecondsDiff(),
    };
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.beat();
    if (this.o.listen)
      this.listener = await this.listen().catch((err: unknown) => {
        this.o.logger.warn({ err }, 'ProQ: LISTEN unavailable, polling only');
        return null;
      });
    this.loopDone = this.loop();
    this.scheduleMaintenance(0);
  }

  /**
   * Takes nothing new, waits up to `graceMs` for running commands, then hands the rest back (Pending, the attempt
   * not counted) and aborts their signals.
   */
  async stop(opts: { graceMs?: number } = {}): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    this.wake();
    await this.loopDone;
    await this.pauseRead;
    if (this.maintenanceTimer) clearTimeout(this.maintenanceTimer);
    await this.maintenanceRun;
    await this.beat().catch(() => undefined);
    const graceMs = opts.graceMs ?? this.o.shutdownGraceMs;
    if (this.runs.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.runs]),
        new Promise<void>((r) => (timer = setTimeout(r, graceMs))),
      ]);
      clearTimeout(timer);
    }
    await this.completer.drain();
    const left = [...this.active.values()].filter((a) => !a.handlerDone);
    if (left.length > 0) {
      const released = await leasesRepo
        .releaseCommands(
          this.o.dbh.db,
          this.id,
          left.map((a) => a.lease),
        )
        .catch((err: unknown) => {
          this.o.logger.error({ err }, 'ProQ: could not release commands at shutdown; stuck recovery will');
          return [];
        });
      for (const a of left) a.ac.abort(new Error('ProQ worker stopped'));
      this.o.logger.warn({ released }, 'ProQ: released running commands at shutdown');
    }
    await this.completer.drain();
    await this.listener?.close().catch(() => undefined);
    await controlRepo.removeWorker(this.o.dbh.db, this.id).catch(() => undefined);
  }

  /** Abort an in-process command at once (cancel from the API of the same process). */
  abort(id: number, reason: Error): void {
    this.active.get(id)?.ac.abort(reason);
  }

  /** Runs one maintenance pass now (tests, and the timer). */
  async maintenance(): Promise<void> {
    await this.beat();
    const lost = await leasesRepo.lostLeases(
      this.o.dbh.db,
      this.id,
      [...this.active.values()].map((a) => a.lease),
    );
    for (const id of lost)
      this.active.get(id)?.ac.abort(new ProqLeaseLostError(`Command #${id} was canceled or its lease expired`));
    await maintainQueue(this.o.dbh.db, this.o.logger, this.o.workerDeadAfterSeconds);
  }

  // ─── loop ───────────────────────────────────────────────────────────────────────────────────────────────

  private async loop(): Promise<void> {
    const types = () => [...this.o.types().keys()];
    const batch = this.o.claimBatchSize ?? this.o.concurrency;
    while (!this.stopping) {
      await this.refreshPaused();
      if (this.paused) {
        await this.sleep(PAUSE_CHECK_MS);
        continue;
      }
      const free = this.o.concurrency - this.busy;
      if (free <= 0) {
        await this.sleep(this.o.poll.maxDelayMs); // a finishing command wakes us
        continue;
      }
      this.wakePending = false;
      let claimed: ProqCommand[];
      try {
        claimed = await leasesRepo.claimCommands(this.o.dbh.db, {
          workerId: this.id,
          environment: this.o.environment,
          types: types(),
          limit: Math.min(free, batch),
        });
      } catch (err) {
        this.o.logger.error({ err }, 'ProQ: claim failed');
        await this.sleep(this.backoff.idle());
        continue;
      }
      for (const cmd of claimed) this.run(cmd);
      if (claimed.length > 0) {
        this.backoff.busy();
        continue;
      }
      if (this.wakePending || this.stopping) continue;
      await this.sleep(this.backoff.idle());
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.wakePending || this.stopping) {
      this.wakePending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waker = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waker = done;
    });
  }

  /**
   * Wakes the loop on the next macrotask, so that the commands of one batched completion all free their slots
   * first and the loop claims for all of them in one statement.
   */
  private wake(): void {
    if (this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      const w = this.waker;
      if (w) w();
      else this.wakePending = true;
    });
  }

  private run(cmd: ProqCommand): void {
    const a: Active = {
      cmd,
      lease: { id: cmd.id, attempts: cmd.attempts },
      ac: new AbortController(),
      handlerDone: false,
    };
    this.active.set(cmd.id, a);
    this.busy++;
    const p = this.execute(a)
      .catch((err: unknown) => this.o.logger.error({ err, commandId: cmd.id }, 'ProQ: unexpected runner error'))
      .finally(() => {
        if (!a.handlerDone) this.freeSlot(a);
        this.active.delete(cmd.id);
        this.runs.delete(p);
      });
    this.runs.add(p);
  }

  private async execute(a: Active): Promise<void> {
    const { cmd, lease, ac } = a;
    const def = this.o.types().get(cmd.commandType);
    let ok = false;
    let message: string | null = null;
    let failure: unknown = null;
    const started = performance.now();
    try {
      if (!def) throw new ProqPermanentError(`Unknown command type "${cmd.commandType}"`);
      const parsed = def.schema.safeParse(cmd.payload);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `${['payload', ...i.path].join('.')}: ${i.message}`);
        throw new ProqPermanentError(`Payload does not match the "${def.name}" schema: ${issues.join('; ')}`);
      }
      const result = await def.handler(parsed.data, this.context(a));
      ok = true;
      message = typeof result === 'string' ? result : null;
    } catch (err) {
      failure = err;
    }
    this.freeSlot(a);
    const seconds = (performance.now() - started) / 1000;
    proqCommandDuration.observe({ command_type: cmd.commandType, outcome: ok ? 'completed' : 'failed' }, seconds);
    const db = this.o.dbh.db;
    try {
      if (ok) {
        this.o.logger.info(
          { commandId: cmd.id, commandType: cmd.commandType, correlationId: cmd.correlationId, seconds },
          'ProQ: command completed',
        );
        const done = await this.persist(cmd, () => this.completer.push({ ...lease, message }));
        if (done) this.processed++;
        else
          this.o.logger.warn(
            { commandId: cmd.id },
            'ProQ: outcome dropped, the command was canceled or its lease expired',
          );
        return;
      }
      this.failed++;
      if (ac.signal.aborted && failure === ac.signal.reason) return; // canceled / lease lost: someone else owns it now
      const permanent = failure instanceof ProqPermanentError;
      const final = permanent || cmd.attempts >= cmd.maxAttempts;
      const base = def?.retry?.baseDelayMs ?? this.o.retry.baseDelayMs;
      const max = def?.retry?.maxDelayMs ?? this.o.retry.maxDelayMs;
      const text = errorMessage(failure).slice(0, 8000);
      const res = await this.persist(cmd, () =>
        leasesRepo.failCommand(db, this.id, lease, text, final ? null : retryDelayMs(cmd.attempts, base, max)),
      );
      if (!res) return;
      this.o.logger.warn(
        {
          commandId: cmd.id,
          commandType: cmd.commandType,
          correlationId: cmd.correlationId,
          attempt: cmd.attempts,
          final,
          err: failure,
        },
        final ? 'ProQ: command failed' : 'ProQ: command failed, will retry',
      );
      if (res.state === 'Error' && res.hasDependents)
        await this.persist(cmd, () => leasesRepo.cascadeFailure(db, cmd.id, 'Error'));
    } catch (err) {
      // Given up (stopping, or past the stuck timeout): the stuck or dead-worker recovery hands the command out again.
      this.o.logger.error({ err, commandId: cmd.id }, 'ProQ: could not record the outcome');
    }
  }

  /**
   * Writes an outcome, trying again while the database does not answer (restarted, or a failover): given up at the
   * first error, the command stayed InProgress under this live worker's lease until its stuck timeout (minutes for
   * the analysis steps), and its run looked stalled. Gives up when the worker stops or the stuck timeout has passed
   * (the stuck recovery owns the command then).
   */
  private async persist<T>(cmd: ProqCommand, write: () => Promise<T>): Promise<T> {
    const until = Date.now() + cmd.stuckTimeOutInSeconds * 1000;
    for (let delay = 250; ; delay = Math.min(delay * 2, RECONNECT_MAX_DELAY_MS)) {
      try {
        return await write();
      } catch (err) {
        if (this.stopping || Date.now() + delay > until) throw err;
        this.o.logger.warn(
          { err, commandId: cmd.id },
          `ProQ: could not record the outcome; trying again in ${delay} ms`,
        );
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  }

  private freeSlot(a: Active): void {
    if (a.handlerDone) return;
    a.handlerDone = true;
    this.busy--;
    this.wake();
  }

  private context(a: Active): HandlerContext {
    const renew = async (percent: number | null, message: string | null) => {
      if (percent !== null && !(percent >= 0 && percent <= 100)) throw new RangeError('progress percent must be 0–100');
      const held = await leasesRepo.reportProgress(this.o.dbh.db, this.id, a.lease, percent, message);
      if (!held) {
        const err = new ProqLeaseLostError(`Command #${a.cmd.id} was canceled or its lease expired`);
        a.ac.abort(err);
        throw err;
      }
    };
    return {
      command: a.cmd,
      db: this.o.dbh.db,
      signal: a.ac.signal,
      progress: (percent, message) => renew(percent, message ?? null),
      heartbeat: () => renew(null, null),
      enqueue: (tx, input) => this.o.enqueue(tx, input),
    };
  }

  // ─── maintenance, heartbeat, LISTEN ──────────────────────────────────────────────────────────────────────

  private scheduleMaintenance(delay: number): void {
    if (this.stopping) return;
    this.maintenanceTimer = setTimeout(() => {
      this.maintenanceRun = this.maintenance()
        .catch((err: unknown) => this.o.logger.error({ err }, 'ProQ: maintenance failed'))
        .finally(() => {
          this.maintenanceRun = null;
          this.scheduleMaintenance(this.o.maintenanceIntervalMs);
        });
    }, delay);
  }

  private async beat(): Promise<void> {
    await controlRepo.heartbeatWorker(this.o.dbh.db, {
      id: this.id,
      hostname: hostname(),
      pid: process.pid,
      environment: this.o.environment,
      concurrency: this.o.concurrency,
      commandTypes: [...this.o.types().keys()],
      activeCount: this.active.size,
      processedCount: this.processed,
      failedCount: this.failed,
      currentDelayMs: this.backoff.current,
      minDelayMs: this.o.poll.minDelayMs,
      maxDelayMs: this.o.poll.maxDelayMs,
      coefficient: this.o.poll.coefficient,
      idleSince: this.backoff.idleSince === null ? null : new Date(this.backoff.idleSince),
      stopping: this.stopping,
    });
  }

  private async listen(): Promise<Listener> {
    const onPayload = (payload: string | undefined) => {
      if (payload === `pause:${this.o.environment}`) this.pauseCheckedAt = 0;
      if (!payload || payload === this.o.environment || this.pauseCheckedAt === 0) this.wake();
    };
    const driver = this.o.dbh.driver;
    if (driver.kind === 'pglite') {
      const unsubscribe = await driver.client.listen(commandsRepo.NOTIFY_CHANNEL, onPayload);
      return { close: () => unsubscribe() };
    }
    type Conn = PoolClient;
    const pool = driver.client;
    let conn: Conn | null = null;
    let closed = false;
    let retryDelay = 1000;
    /** LISTEN again after a lost connection, until the database answers (polling covers the gap). */
    const reconnect = () =>
      setTimeout(() => {
        if (closed) return;
        connect().then(
          () => (retryDelay = 1000),
          (err: unknown) => {
            this.o.logger.warn({ err }, `ProQ: LISTEN not restored; trying again in ${retryDelay} ms`);
            retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_DELAY_MS);
            reconnect();
          },
        );
      }, retryDelay).unref();
    const connect = async (): Promise<void> => {
      const c = await pool.connect();
      c.on('notification', (m) => {
        if (m.channel === commandsRepo.NOTIFY_CHANNEL) onPayload(m.payload);
      });
      c.on('error', (err) => {
        if (conn !== c) return; // already closed by us
        conn = null;
        c.release(err);
        if (closed) return;
        this.o.logger.warn({ err }, 'ProQ: LISTEN connection lost, reconnecting');
        reconnect();
      });
      try {
        await c.query(`LISTEN ${commandsRepo.NOTIFY_CHANNEL}`);
      } catch (err) {
        c.release(true); // not back to the pool: its state is unknown
        throw err;
      }
      conn = c;
      this.wake(); // anything enqueued while we were not listening
    };
    await connect();
    return {
      close: async () => {
        closed = true;
        const c = conn;
        conn = null;
        // Destroyed rather than pooled: it carried LISTEN state.
        if (c) c.release(true);
      },
    };
  }
}

/**
 * Collects items pushed while a flush is in flight and flushes them together: one round trip for many
 * completions under load, no added latency when idle.
 */
class Batcher<T, R> {
  private queue: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private flushing: Promise<void> | null = null;
  constructor(
    private readonly flushFn: (items: T[]) => Promise<R[]>,
    private readonly max = 200,
  ) {}

  push(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.flushing) this.flushing = this.flushLoop();
    });
  }

  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flushLoop(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.max);
        try {
          const results = await this.flushFn(batch.map((b) => b.item));
          batch.forEach((b, i) => b.resolve(results[i] as R));
        } catch (err) {
          for (const b of batch) b.reject(err);
        }
      }
    } finally {
      this.flushing = null;
    }
  }
}

/**
 * Start-up after a crash, in a process that is the only possible worker (embedded database): commands left
 * InProgress by the previous process go back to Pending (or Error after their last attempt, failing their
 * dependents). Returns what was recovered.
 */
export async function recoverInterruptedCommands(
  db: DbOrTx,
  logger: ProqLogger,
): Promise<(leasesRepo.Finished & { state: string })[]> {
  const recovered = await recoveryRepo.recoverInterrupted(db);
  if (recovered.length > 0)
    logger.warn({ ids: recovered.map((r) => r.id) }, 'ProQ: resumed commands interrupted by the last stop');
  for (const r of recovered)
    if (r.state === 'Error' && r.hasDependents) await leasesRepo.cascadeFailure(db, r.id, 'Error');
  return recovered;
}

/**
 * Queue-wide upkeep any process may run at any time: stuck recovery, dependency sweeps (safety nets for the
 * event-driven unblocking/cascading), orphan group leases, forgotten workers.
 */
export async function maintainQueue(db: DbOrTx, logger: ProqLogger, workerDeadAfterSeconds?: number): Promise<void> {
  const recovered = await recoveryRepo.recoverStuck(db, workerDeadAfterSeconds);
  if (recovered.length > 0) logger.warn({ ids: recovered.map((r) => r.id) }, 'ProQ: recovered stuck commands');
  for (const r of recovered)
    if (r.state === 'Error' && r.hasDependents) await leasesRepo.cascadeFailure(db, r.id, 'Error');
  for (const root of await leasesRepo.failedRootsOfBlocked(db))
    await leasesRepo.cascadeFailure(db, root.id, root.state, root.rootId);
  await leasesRepo.unblockDependents(db, null);
  await recoveryRepo.freeOrphanGroups(db);
  await controlRepo.pruneWorkers(db, 600);
}
