/**
 * ProQ — Sextant's background command queue, on PostgreSQL (PGlite when embedded). Modelled on graphile-worker.
 *
 * Glossary
 * - command: one unit of background work: a row of proq_commands (SPEC §3 "ProQ command") with a type, a payload
 *   and the scheduling fields below. Delivered AT LEAST ONCE: never lost, and re-run after a crash.
 * - command type: a name, a zod payload schema and an idempotent handler (`defineCommandType`). Registered on
 *   every process (catalog.ts); payloads are validated at enqueue and again before running. The defining module
 *   adds name → schema to the `ProqCommands` map (`declare module`, see types.ts), so enqueue and registration
 *   are checked at compile time too.
 * - enqueue: inserting commands inside the caller's transaction — they exist iff the caller commits. Unknown
 *   types, bad payloads or options, missing prerequisites and cycles are refused with a ProqError.
 * - state: Blocked (waiting on prerequisites) → Pending (may run from runAt) → InProgress (leased by a worker)
 *   → Completed | Error | Canceled. Transitions:
 *     Blocked → Pending         every prerequisite Completed
 *     Blocked → Error/Canceled  a prerequisite failed/was canceled (cascades; failedRootId records the root)
 *     Pending → InProgress      claimed by a worker (attempts + 1)
 *     InProgress → Completed    handler returned
 *     InProgress → Pending      handler threw with attempts left (runAt = now + retry delay); stuck timeout with
 *                               attempts left; graceful shutdown past its grace period (attempt not counted)
 *     InProgress → Error        handler threw on the last attempt, or threw ProqPermanentError; stuck on the last
 *     Blocked/Pending/InProgress → Canceled   cancel (an InProgress handler sees ctx.signal aborted)
 *     Error/Canceled → Pending or Blocked     retry (attempts reset; dependents it failed are reopened)
 * - prerequisite: a command that must complete first. prerequisite batch: a batchId whose every command must
 *   complete first. A command joins a batch with batchId. Prerequisites must exist at enqueue.
 * - processing group: at most one InProgress command per group, across all workers (lease row in proq_groups).
 * - priority: higher first; then runAt, then id (FIFO). scheduled time: not before.
 * - attempt / max attempts / retry delay: attempt n failing waits min(base·2^(n−1), max) before n+1; after
 *   maxAttempts the command is Error with its last message kept.
 * - lease / stuck timeout: a claimed command is leased to its worker; progress reports and heartbeats renew it.
 *   A lease older than stuckTimeOutInSeconds is recovered by any worker (back to Pending), and the old worker's
 *   late outcome is refused.
 * - worker: a claim loop with `concurrency` slots in one process; claims with FOR UPDATE SKIP LOCKED; wakes on
 *   NOTIFY; when idle polls with the backoff strategy (minDelay ×coefficient up to maxDelay, SPEC §3).
 *   Heartbeats into proq_workers (drives isRunning). On SIGTERM it takes nothing new and lets running
 *   commands finish within the grace period, then hands the rest back.
 * - environment: commands are enqueued into and claimed from the ProQ's environment only.
 * - unique key: enqueueing an existing key returns the existing command (idempotent enqueue).
 *
 * Use
 *   const proq = createProq({ db: dbh, commandTypes: commandCatalog, concurrency: 4 });
 *   await db.transaction(async (tx) => { …; await proq.enqueue(tx, { commandType: 'analysis.ingest', payload }) });
 *   await proq.start();  …  await proq.stop();
 */
export { createProq, type Proq, type ProqChangeOptions, type ProqOptions } from './proq.ts';
export { defineCommandType, builtinCommandTypes, noopCommand } from './command-types.ts';
export { commandCatalog } from './catalog.ts';
export { proqFor } from './instance.ts';
export { ProqError, ProqPermanentError, ProqLeaseLostError, type ProqErrorCode } from './errors.ts';
export { stopOnSignals, type StopOnSignalsOptions } from './service.ts';
export { runWorkerService } from './worker-main.ts';
export { retryDelayMs, PollBackoff } from './backoff.ts';
export type {
  BackoffStrategyData,
  AnyCommands,
  CommandDefOf,
  CommandMapOf,
  CommandName,
  CommandTypeDef,
  EnqueueInput,
  EnqueueOptions,
  HandlerContext,
  ProqCommand,
  ProqCommands,
  ProqLogger,
  UncheckedEnqueueInput,
} from './types.ts';
