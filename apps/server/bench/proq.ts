/**
 * `npm run bench -- proq [throughputN] [enqueueN]`: ProQ against graphile-worker, same machine, same PostgreSQL,
 * same trivial task. One JSON line per measurement:
 *   enqueue_per_s         single enqueues (8 in flight; PGlite serialises them)
 *   enqueue_batch_per_s   bulk enqueue (enqueueMany / addJobs), 1,000 a call
 *   claim_complete_per_s  a backlog of N trivial commands drained by one worker process
 *   latency_p50_ms/p95_ms enqueue-to-start, one command every 10 ms into an idle, running worker (both engines of
 *                         a pair running at once, taking turns in rounds)
 * Configurations: ProQ with its defaults (concurrency 4) and with concurrency 10 on PGlite; on PostgreSQL like with
 * like, each ProQ run followed at once by graphile-worker's at the same concurrency: 4 (ProQ's default) and 10
 * (graphile-worker's default is 1, which made "defaults against defaults" compare 4 slots with 1). graphile-worker
 * keeps its other defaults (pollInterval 2 s, LISTEN/NOTIFY). Both engines get a pool of 10 connections (graphile-worker's
 * default and the application's), so 8 enqueues in flight are not throttled by the pool for one of them only.
 * PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test (a fresh database per run).
 * PROQ_BENCH_ONLY=<regexp> runs the configurations whose label matches it (e.g. "postgres c10$").
 */
import { z } from 'zod';
import { openDb, type DbHandle } from '@sextant/db';
import { createTestDb, type TestDb } from '@sextant/db/testing';
import { createProq, defineCommandType, type CommandMapOf, type Proq } from '../src/proq/index.ts';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const THROUGHPUT_N = Number(process.argv[2] ?? 5000);
const ENQUEUE_N = Number(process.argv[3] ?? 2000);
const LATENCY_N = 300;
const LATENCY_GAP_MS = 10;
/** Connections per engine on PostgreSQL: graphile-worker's default pool size, and the application's (openDb). */
const POOL_SIZE = 10;

interface Engine {
  name: string;
  db: 'pglite' | 'postgres';
  concurrency: number;
  enqueue(payload: { t: number }): Promise<unknown>;
  enqueueBatch(payloads: { t: number }[]): Promise<unknown>;
  /** Starts processing; every handled command calls onRun(payload). */
  start(onRun: (payload: { t: number }) => void): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

let quiet = false;
const emit = (e: Engine, metric: string, value: number, extra: Record<string, unknown> = {}) =>
  quiet ||
  console.log(
    JSON.stringify({
      suite: 'proq',
      engine: e.name,
      db: e.db,
      concurrency: e.concurrency,
      metric,
      value: Math.round(value * 100) / 100,
      ...extra,
    }),
  );

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

async function inFlight<T>(n: number, limit: number, fn: (i: number) => Promise<T>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

async function measure(make: () => Promise<Engine>): Promise<void> {
  // Enqueue rates (nothing running), each after the same warm-up for both engines (first connections, JIT,
  // prepared statements): 50 single enqueues and one batch, drained with the rest.
  const e = await make();
  await inFlight(50, 8, () => e.enqueue({ t: 0 }));
  await e.enqueueBatch(Array.from({ length: 1000 }, () => ({ t: 0 })));
  const warm = 1050;
  let t0 = performance.now();
  await inFlight(ENQUEUE_N, 8, () => e.enqueue({ t: 0 }));
  emit(e, 'enqueue_per_s', ENQUEUE_N / ((performance.now() - t0) / 1000), { n: ENQUEUE_N });
  t0 = performance.now();
  for (let i = 0; i < THROUGHPUT_N; i += 1000)
    await e.enqueueBatch(Array.from({ length: Math.min(1000, THROUGHPUT_N - i) }, () => ({ t: 0 })));
  emit(e, 'enqueue_batch_per_s', THROUGHPUT_N / ((performance.now() - t0) / 1000), { n: THROUGHPUT_N });

  // Drain: the warm-up, ENQUEUE_N and THROUGHPUT_N are waiting.
  const total = warm + ENQUEUE_N + THROUGHPUT_N;
  let seen = 0;
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => (resolveDone = r));
  t0 = performance.now();
  await e.start(() => {
    if (++seen === total) resolveDone();
  });
  await done;
  emit(e, 'claim_complete_per_s', total / ((performance.now() - t0) / 1000), { n: total });
  await e.stop();
  await e.close();
}

/**
 * Latency into idle running workers (fresh databases: no backlog, idle backoff as in real life). The engines of a
 * pair run at the same time, each on its own database, and take turns in rounds of LATENCY_N / 3 commands, so that
 * a burst of load on the shared machine falls on both rather than on whichever ran then.
 */
async function measureLatency(makes: (() => Promise<Engine>)[]): Promise<void> {
  const engines: { e: Engine; lat: number[]; waiter: ((n: number) => void) | null }[] = [];
  for (const make of makes) {
    const x: (typeof engines)[number] = { e: await make(), lat: [], waiter: null };
    await x.e.start((p) => {
      x.lat.push(performance.now() + performance.timeOrigin - p.t);
      x.waiter?.(x.lat.length);
    });
    engines.push(x);
  }
  await new Promise((r) => setTimeout(r, 3000)); // let the pollers go idle
  const rounds = 3;
  for (let round = 0; round < rounds; round++) {
    for (const x of engines) {
      const target = x.lat.length + LATENCY_N / rounds;
      const done = new Promise<void>((r) => (x.waiter = (n) => n >= target && r()));
      for (let i = 0; i < LATENCY_N / rounds; i++) {
        await x.e.enqueue({ t: performance.now() + performance.timeOrigin });
        await new Promise((r) => setTimeout(r, LATENCY_GAP_MS));
      }
      await done;
      x.waiter = null;
    }
  }
  for (const { e, lat } of engines) {
    emit(e, 'latency_p50_ms', pct(lat, 50), { n: lat.length });
    emit(e, 'latency_p95_ms', pct(lat, 95), { n: lat.length });
    await e.stop();
    await e.close();
  }
}

function proqEngine(db: 'pglite' | 'postgres', concurrency?: number): () => Promise<Engine> {
  return async () => {
    const t: TestDb = await createTestDb(db);
    // createTestDb's pool has 5 connections (enough for tests); the same pool as graphile-worker's here.
    const h: DbHandle =
      db === 'postgres' && t.url ? await openDb({ url: t.url, poolSize: POOL_SIZE, migrate: false }) : t;
    let onRun: (p: { t: number }) => void = () => undefined;
    const trivial = defineCommandType({
      name: 'bench.trivial',
      schema: z.object({ t: z.number() }),
      handler: (p) => onRun(p),
    });
    const proq: Proq<CommandMapOf<typeof trivial>> = createProq({
      db: h,
      commandTypes: [trivial],
      ...(concurrency ? { concurrency } : {}),
    });
    return {
      name: concurrency ? 'proq' : 'proq-defaults',
      db,
      concurrency: concurrency ?? 4,
      enqueue: (payload) => proq.enqueue(h.db, { commandType: 'bench.trivial', payload }),
      enqueueBatch: (payloads) =>
        proq.enqueueMany(
          h.db,
          payloads.map((payload) => ({ commandType: 'bench.trivial', payload })),
        ),
      async start(cb) {
        onRun = cb;
        await proq.start();
      },
      stop: () => proq.stop(),
      async close() {
        if (h !== t) await h.close();
        await t.close();
      },
    };
  };
}

function graphileEngine(concurrency?: number): () => Promise<Engine> {
  return async () => {
    const { makeWorkerUtils, run, Logger } = await import('graphile-worker');
    const { default: pg } = await import('pg');
    const t: TestDb = await createTestDb('postgres');
    // Our own pool (graphile-worker's default pool size is 10): closed before the database is dropped.
    const pgPool = new pg.Pool({ connectionString: t.url, max: POOL_SIZE });
    pgPool.on('error', () => undefined);
    pgPool.on('connect', (client) => client.on('error', () => undefined));
    const utils = await makeWorkerUtils({ pgPool });
    await utils.migrate();
    let runner: Awaited<ReturnType<typeof run>> | null = null;
    return {
      name: concurrency ? 'graphile-worker' : 'graphile-worker-defaults',
      db: 'postgres',
      concurrency: concurrency ?? 1,
      enqueue: (payload) => utils.addJob('trivial', payload),
      enqueueBatch: (payloads) => utils.addJobs(payloads.map((payload) => ({ identifier: 'trivial', payload }))),
      async start(cb) {
        runner = await run({
          pgPool,
          ...(concurrency ? { concurrency } : {}),
          noHandleSignals: true,
          logger: new Logger(() => () => undefined),
          taskList: {
            trivial: async (payload) => {
              cb(payload as { t: number });
            },
          },
        });
      },
      async stop() {
        await runner?.stop();
      },
      async close() {
        await utils.release();
        await pgPool.end();
        await t.close();
      },
    };
  };
}

// PostgreSQL pairs (same concurrency) run back to back so that both engines see the same machine load; their
// latencies are measured together (measureLatency).
const configs: [string, () => Promise<Engine>][] = [
  ['proq pglite defaults c4', proqEngine('pglite')],
  ['proq pglite c10', proqEngine('pglite', 10)],
  ['proq postgres defaults c4', proqEngine('postgres')],
  ['graphile postgres c4', graphileEngine(4)],
  ['proq postgres c10', proqEngine('postgres', 10)],
  ['graphile postgres c10', graphileEngine(10)],
];
const only = process.env.PROQ_BENCH_ONLY ? new RegExp(process.env.PROQ_BENCH_ONLY) : null;
const chosen = configs.filter(([label]) => !only || only.test(label));
// Warm-up pass, not reported: one run of each PostgreSQL engine first, so that the first measured engine does not
// pay for the JIT of the code both share (pg driver, zod) and warm it for the other.
quiet = true;
for (const [, make] of chosen.filter(([label]) => /postgres.* c4$/.test(label))) await measure(make);
quiet = false;
for (const [, make] of chosen) await measure(make);
// Latency: PGlite alone, PostgreSQL in pairs of the same concurrency.
for (const [label, make] of chosen) if (label.includes('pglite')) await measureLatency([make]);
for (const c of ['c4', 'c10']) {
  const pair = chosen.filter(([label]) => label.includes('postgres') && label.endsWith(` ${c}`)).map(([, m]) => m);
  if (pair.length > 0) await measureLatency(pair);
}
process.exit(0);
