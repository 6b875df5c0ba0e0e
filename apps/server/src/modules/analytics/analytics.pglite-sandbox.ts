/**
 * The embedded-database analytics sandbox (ADR 0006). PGlite has one connection that every request waits on, runs
 * a statement synchronously on the event loop and cannot interrupt it; so analytics queries never run there.
 * Instead, worker threads (up to ANALYTICS_SANDBOXES, started on first use) each hold their own in-memory PGlite
 * with a copy of the documented analytics views only — no users table, no outbox, no sessions to escape to.
 * Trusted code copies the views out of the main database (one transaction, COPY … TO '/dev/blob') when the last
 * copy is older than ANALYTICS_SNAPSHOT_MAX_AGE_MS and the database changed since. A query that outlives the time
 * limit gets its worker terminated (and a fresh one started), so neither the server nor other users wait on it.
 */
import { Worker } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { ANALYTICS_VIEWS } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  DANGEROUS_FUNCTIONS,
  READER_ROLE,
  busyError,
  timeoutError,
  unavailable,
  type AnalyticsLimits,
  type PreparedStatement,
  type RawResult,
  type Sandbox,
} from './analytics.sandbox.ts';

const WORKER_URL = new URL('./analytics.worker.mjs', import.meta.url);
const START_TIMEOUT_MS = 120_000;
const LOAD_TIMEOUT_MS = 60_000;
const IDLE_WORKER_MS = 10 * 60_000;

interface SnapshotTable {
  name: string;
  columns: { name: string; type: string }[];
  data: Uint8Array;
}
interface Snapshot {
  version: number;
  xmax: string;
  takenAt: number;
  tables: SnapshotTable[];
}

interface Reply {
  id: number;
  ok: boolean;
  result?: RawResult;
  error?: { code?: string; message: string; position?: string | number };
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  version: number;
  busy: boolean;
  dead: boolean;
  pending: Map<number, { resolve: (r: Reply) => void; reject: (e: unknown) => void }>;
  idle?: NodeJS.Timeout;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function currentXmax(db: PGlite | Transaction): Promise<string> {
  const r = await db.query<{ v: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as v');
  return r.rows[0]!.v;
}

type Layout = Map<string, { name: string; type: string }[]>;

/** The documented views' columns with types the sandbox knows (read once: the views change only with migrations). */
export async function readLayout(client: PGlite): Promise<Layout> {
  const cols = await client.query<{ view: string; name: string; type: string; builtin: boolean; cat: string }>(
    `select c.relname as view, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            tn.nspname = 'pg_catalog' as builtin, t.typcategory as cat
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid
       join pg_type t on t.oid = a.atttypid
       join pg_namespace tn on tn.oid = t.typnamespace
      where n.nspname = 'analytics' and c.relkind = 'v' and c.relname = any($1::text[])
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
    [ANALYTICS_VIEWS.map((v) => v.name)],
  );
  const layout: Layout = new Map();
  for (const c of cols.rows) {
    // Enums and domains of the application's schema do not exist in the sandbox: their text form is kept.
    const type = c.builtin ? c.type : c.cat === 'A' ? 'text[]' : 'text';
    layout.set(c.view, [...(layout.get(c.view) ?? []), { name: c.name, type }]);
  }
  return layout;
}

/** Copies the documented views out of the main database: trusted code, one consistent read-only transaction. */
export async function takeSnapshot(client: PGlite, layout: Layout, version: number): Promise<Snapshot> {
  return client.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    const xmax = await currentXmax(tx);
    const tables: SnapshotTable[] = [];
    for (const [name, columns] of layout) {
      const r = await tx.query(`copy (select * from analytics.${ident(name)}) to '/dev/blob'`);
      const data = r.blob ? new Uint8Array(await r.blob.arrayBuffer()) : new Uint8Array();
      tables.push({ name, columns, data });
    }
    return { version, xmax, takenAt: Date.now(), tables };
  });
}

export function createPgliteSandbox(ctx: AppContext): Sandbox {
  const driver = ctx.dbh.driver;
  if (driver.kind !== 'pglite') throw new Error('The PGlite analytics sandbox needs the PGlite database');
  const client = driver.client;
  const slots: Slot[] = [];
  const waiters: (() => void)[] = [];
  let layout: Promise<Layout> | undefined;
  let snapshot: Snapshot | undefined;
  let taking: Promise<Snapshot> | undefined;
  let versions = 0;
  let nextId = 1;
  let closed = false;
  /** The compiled PGlite and a dump of a set-up data directory, from the first worker: later ones start from it. */
  let image: { module: unknown; dump: ArrayBuffer } | undefined;

  async function currentSnapshot(maxAgeMs: number): Promise<Snapshot> {
    if (snapshot && Date.now() - snapshot.takenAt < maxAgeMs) return snapshot;
    if (snapshot && maxAgeMs > 0 && (await currentXmax(client)) === snapshot.xmax) {
      snapshot.takenAt = Date.now();
      return snapshot;
    }
    taking ??= (async () => {
      const started = performance.now();
      layout ??= readLayout(client);
      layout.catch(() => (layout = undefined));
      const snap = await takeSnapshot(client, await layout, ++versions);
      const bytes = snap.tables.reduce((n, t) => n + t.data.byteLength, 0);
      ctx.log.debug(
        `analytics: views copied to the sandbox in ${Math.round(performance.now() - started)} ms (${bytes} bytes)`,
      );
      return snap;
    })().finally(() => (taking = undefined));
    snapshot = await taking;
    return snapshot;
  }

  function wake() {
    waiters.shift()?.();
  }

  function kill(slot: Slot, reason: unknown) {
    if (slot.dead) return;
    slot.dead = true;
    clearTimeout(slot.idle);
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    for (const p of slot.pending.values()) p.reject(reason);
    slot.pending.clear();
    void slot.worker.terminate();
    wake();
  }

  function spawn(): Slot {
    const worker = new Worker(WORKER_URL, {
      workerData: { readerRole: READER_ROLE, dangerousFunctions: DANGEROUS_FUNCTIONS, image },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    worker.unref();
    const slot: Slot = { worker, ready: Promise.resolve(), version: 0, busy: false, dead: false, pending: new Map() };
    slot.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: Reply | { type: 'ready'; image?: typeof image }) => {
        if ('type' in m) {
          image ??= m.image;
          return resolve();
        }
        const reply = m as Reply;
        const p = slot.pending.get(reply.id);
        slot.pending.delete(reply.id);
        p?.resolve(reply);
      };
      worker.on('message', onMessage);
      worker.on('error', (err) => {
        reject(err);
        kill(slot, err);
      });
      worker.on('exit', (code) => {
        const err = new Error(`the analytics worker stopped (exit code ${code})`);
        reject(err);
        kill(slot, err);
      });
    });
    slot.ready.catch(() => undefined);
    slots.push(slot);
    return slot;
  }

  async function acquire(limits: AnalyticsLimits): Promise<Slot> {
    const deadline = Date.now() + limits.timeoutMs;
    for (;;) {
      if (closed) throw unavailable('the server is stopping');
      const idle = slots.find((s) => !s.busy && !s.dead);
      const slot = idle ?? (slots.length < limits.sandboxes ? spawn() : undefined);
      if (slot) {
        slot.busy = true;
        clearTimeout(slot.idle);
        return slot;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw busyError();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  function release(slot: Slot) {
    slot.busy = false;
    if (!slot.dead) {
      slot.idle = setTimeout(() => !slot.busy && kill(slot, new Error('idle')), IDLE_WORKER_MS);
      slot.idle.unref();
    }
    wake();
  }

  function call(slot: Slot, message: object, timeoutMs: number, onTimeout: () => unknown): Promise<Reply> {
    const id = nextId++;
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => kill(slot, onTimeout()), timeoutMs);
      slot.pending.set(id, {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      slot.worker.postMessage({ ...message, id });
    });
  }

  const withTimeout = <T>(p: Promise<T>, ms: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(unavailable(`the analytics worker took too long to ${what}`)), ms);
      p.then(resolve, reject).finally(() => clearTimeout(timer));
    });

  return {
    async warm() {
      if (!slots.length && !closed) await spawn().ready;
    },
    async run(prepared: PreparedStatement, limits: AnalyticsLimits): Promise<RawResult> {
      const snap = await currentSnapshot(limits.snapshotMaxAgeMs);
      const slot = await acquire(limits);
      try {
        try {
          await withTimeout(slot.ready, START_TIMEOUT_MS, 'start');
        } catch (err) {
          kill(slot, err);
          if ((err as { statusCode?: number }).statusCode) throw err;
          throw unavailable(`the analytics worker could not start (${(err as Error).message})`);
        }
        if (slot.version !== snap.version) {
          const loaded = await call(slot, { type: 'load', tables: snap.tables }, LOAD_TIMEOUT_MS, () =>
            unavailable('loading the analytics views into the sandbox took too long'),
          );
          if (!loaded.ok) throw unavailable(`the analytics views could not be loaded (${loaded.error?.message})`);
          slot.version = snap.version;
        }
        const reply = await call(
          slot,
          { type: 'run', text: prepared.text, params: prepared.params, timeoutMs: limits.timeoutMs },
          limits.timeoutMs,
          () => timeoutError(limits),
        ).catch((err: { code?: string }) => {
          if (err.code === 'ERR_WORKER_OUT_OF_MEMORY')
            throw badRequest('The query needed too much memory and was stopped. Aggregate less data.', [
              { path: 'sql', message: 'The query needed too much memory' },
            ]);
          throw err;
        });
        if (!reply.ok) throw Object.assign(new Error(reply.error?.message ?? 'query failed'), reply.error);
        return reply.result!;
      } finally {
        release(slot);
        // Keep one worker ready for the next query when this one was terminated.
        if (slot.dead && !closed && slots.length < limits.sandboxes && !slots.some((s) => !s.busy)) spawn();
      }
    },
    async close() {
      closed = true;
      for (const s of [...slots]) kill(s, unavailable('the server is stopping'));
      for (const w of waiters.splice(0)) w();
    },
  };
}
