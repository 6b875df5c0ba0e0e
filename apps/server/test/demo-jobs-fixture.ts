/**
 * Completed demo jobs, made once per test run and database kind. Several result tests (suppliers, use cases, supplier
 * detail, campaigns, chat on a job page) start from the four demo jobs run through the real pipeline; running it in
 * each such file cost about 12 s of CPU and 30 s or more of waiting per file (measured under load). The first test
 * file that asks runs it once per Vitest run — seed, ProQ until every demo job is Ready, its follow-up commands have
 * finished and its result caches are written — and keeps the database (PGlite: a tar of its data directory;
 * PostgreSQL: a database on the test server) and the data folder in the folder the global setup (`setup` below) made;
 * the other files wait for it. `createDemoJobsApp(kind)` starts each test file's app from copies of both (about 1 s
 * of CPU; on PostgreSQL CREATE DATABASE … TEMPLATE); with TEST_BLOB_S3=1, or without the run's fixture, it seeds and
 * runs the demo jobs in the file itself. Tests never share the database or the folder.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, inArray, sql } from 'drizzle-orm';
import { campaignWorkflows, jobArtifacts, proqCommands } from '@sextant/db';
import { openDb } from '@sextant/db';
import {
  createTestDb,
  onTestServer,
  PG_SEEDED_TEMPLATE_ENV,
  PGLITE_SEEDED_TEMPLATE_ENV,
  pgliteTemplate,
  postgresTemplate,
  testServerUrl,
  type TestDb,
  type TestDbKind,
} from '@sextant/db/testing';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemoJobs } from '../src/seed/demo-jobs.ts';
import { warmSupplierCache } from '../src/modules/results/supplier-cache.ts';
import { createTestApp, seedTestDb, type TestApp, type TestAppFixture } from './harness.ts';

/** The configuration the demo jobs are run with (the network they are matched against is part of their results). */
export const DEMO_JOBS_ENV = {
  NETWORK_MERCHANTS: '3000',
  NETWORK_SECOND: 'true',
  PROQ_MIN_DELAY_MS: '50',
  PROQ_MAX_DELAY_MS: '200',
} as const;

/** Environment variable naming the run's fixture folder (made by the global setup, filled on first use). */
const FIXTURE_DIR_ENV = 'SEXTANT_TEST_DEMO_JOBS_DIR';

const DEMO_JOB_COUNT = 4;
const WAIT_MS = 400_000;

async function until<T>(what: string, fn: () => Promise<T>, done: (v: T) => boolean, ms = WAIT_MS): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`demo jobs: ${what} not within ${ms} ms (last ${JSON.stringify(v)})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Waits until the demo jobs have finished: every job Ready, the demo campaign workflow built, and — with
 * `settled` — no command of theirs left to run and each job's supplier caches written (the pipeline warms them in
 * the background after a run).
 */
async function demoJobsDone(t: Pick<TestApp, 'app' | 'db'>, settled: boolean): Promise<void> {
  const db = t.db.db;
  const jobs = await until(
    'every demo job finished',
    () => db.select({ id: jobArtifacts.id, name: jobArtifacts.name, status: jobArtifacts.status }).from(jobArtifacts),
    (js) => js.length === DEMO_JOB_COUNT && js.every((j) => j.status !== 'Processing'),
  );
  for (const j of jobs) if (j.status !== 'Ready') throw new Error(`demo job ${j.name} ended ${j.status}`);
  await until(
    'the demo campaign workflow',
    async () => (await db.select({ id: campaignWorkflows.id }).from(campaignWorkflows)).length,
    (n) => n > 0,
  );
  if (!settled) return;
  const ids = jobs.map((j) => j.id);
  await until(
    'the demo jobs’ commands',
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(proqCommands)
          .where(
            and(
              inArray(proqCommands.state, ['Pending', 'InProgress', 'Blocked']),
              sql`(${proqCommands.jobId} in ${ids} or ${proqCommands.runAt} <= now())`,
            ),
          )
      )[0]!.n,
    (n) => n === 0,
  );
  const cached = (sub: string) => {
    const dir = path.join(t.app.ctx.config.dataDir, 'cache', sub);
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.duckdb')) : [];
    return ids.every((id) => files.some((f) => f.startsWith(`${id}.`)));
  };
  // each job's supplier-detail store, in the blob store next to its run's results (results/supplier-detail.ts)
  const detailStores = async () => {
    for (const id of ids)
      if (!(await t.app.ctx.blobs.list(`jobs/${id}`)).some((e) => /\/supplier-detail\/[^/]+\.sxd$/.test(e.key)))
        return false;
    return true;
  };
  const ready = async () => cached('results') && (await detailStores());
  // Each run's caches are warmed in the background when it completes (results/job-events.ts). A warm-up that fails
  // only logs a warning (the first request builds the cache instead), which would leave this wait to run to its end:
  // after a minute, build what is missing here, so that an error, if there is one, is the fixture's own.
  if (!(await until('the supplier caches', ready, (v) => v, 60_000).catch(() => false))) {
    for (const id of ids) await warmSupplierCache(t.app.ctx, id);
    await until('the supplier caches', ready, (v) => v);
  }
}

/** Vitest global setup: a folder for the run's fixtures (built on first use, see below); returns their removal. */
export default function setup(): () => Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sextant-demo-jobs-'));
  process.env[FIXTURE_DIR_ENV] = dir;
  return async () => {
    const pgName = path.join(dir, 'postgres', 'database');
    if (process.env.TEST_DATABASE_URL && existsSync(pgName))
      await onTestServer([`drop database if exists ${readFileSync(pgName, 'utf8')} with (force)`]);
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
}

/**
 * Runs the demo jobs on a database of `kind` into `dir`: the database — PGlite: `db.tar`, its data directory;
 * PostgreSQL: a database of its own on TEST_DATABASE_URL's server, named in `database`, which each test file's database
 * is then created from (CREATE DATABASE … TEMPLATE; nothing connects to it after this) — and `data/`, the app's data
 * folder.
 */
async function buildFixture(dir: string, kind: TestDbKind): Promise<void> {
  let db: TestDb;
  if (kind === 'pglite') {
    const seeded = pgliteTemplate(PGLITE_SEEDED_TEMPLATE_ENV);
    db = await createTestDb('pglite', seeded);
    if (!seeded) await seedTestDb(db);
  } else {
    const seeded = postgresTemplate(PG_SEEDED_TEMPLATE_ENV);
    if (!seeded) throw new Error('demo jobs fixture: no seeded PostgreSQL template database');
    const pgName = `sextant_tpl_demo_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await onTestServer([`create database ${pgName} template ${seeded}`]);
    writeFileSync(path.join(dir, 'database'), pgName); // dropped by the global teardown, even if the build fails
    db = await openDb({ url: testServerUrl(pgName), poolSize: 5 });
  }
  const config = loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(dir, 'data'),
    ...DEMO_JOBS_ENV,
  });
  const app = await buildApp({ config, dbh: db, web: false, logger: false });
  try {
    await app.ready();
    if ((await seedDemoJobs(app.ctx)) !== DEMO_JOB_COUNT) throw new Error('the demo jobs were not seeded');
    await app.ctx.proq.start();
    await demoJobsDone({ app, db }, true);
    await app.ctx.proq.stop();
    if (kind === 'pglite')
      writeFileSync(path.join(dir, 'db.tar'), Buffer.from(await (await db.dumpDataDir!()).tar.arrayBuffer()));
  } finally {
    await app.close();
    await db.close();
  }
}

/**
 * The run's fixture on `kind`, built by the first test file that asks (a lock folder; the others wait for its `ready`
 * or `failed` marker). Undefined when the run has no fixture folder (a test started outside this Vitest config).
 */
async function fixture(kind: TestDbKind): Promise<TestAppFixture | undefined> {
  const root = process.env[FIXTURE_DIR_ENV];
  if (!root || !existsSync(root)) return undefined;
  const dir = path.join(root, kind);
  mkdirSync(dir, { recursive: true });
  const ready = path.join(dir, 'ready');
  const failed = path.join(dir, 'failed');
  let builder = false;
  try {
    mkdirSync(path.join(dir, 'lock'));
    builder = true;
  } catch {
    // another test file builds it
  }
  if (builder) {
    try {
      await buildFixture(dir, kind);
      writeFileSync(ready, '');
    } catch (err) {
      writeFileSync(failed, String(err instanceof Error ? (err.stack ?? err.message) : err));
      throw err;
    }
  } else
    await until(
      'the fixture built by another test file',
      async () => existsSync(ready) || existsSync(failed),
      (v) => v,
    );
  if (existsSync(failed)) throw new Error(`demo jobs fixture failed: ${readFileSync(failed, 'utf8')}`);
  const template =
    kind === 'pglite'
      ? (fixtureTar ??= new Blob([readFileSync(path.join(dir, 'db.tar'))]))
      : readFileSync(path.join(dir, 'database'), 'utf8');
  return { template, dataFrom: path.join(dir, 'data') };
}

let fixtureTar: Blob | undefined;

/**
 * An app whose four demo jobs have completed their first run (Ready, the demo campaign workflow built), with the
 * queue running. `env` adds to DEMO_JOBS_ENV (it may not change the network the jobs were matched against).
 */
export async function createDemoJobsApp(kind: TestDbKind, env: Record<string, string> = {}): Promise<TestApp> {
  if (env.NETWORK_MERCHANTS !== undefined && env.NETWORK_MERCHANTS !== DEMO_JOBS_ENV.NETWORK_MERCHANTS)
    throw new Error(
      `createDemoJobsApp: the demo jobs are run with NETWORK_MERCHANTS=${DEMO_JOBS_ENV.NETWORK_MERCHANTS}`,
    );
  const full = { ...DEMO_JOBS_ENV, ...env };
  const fx = process.env.TEST_BLOB_S3 !== '1' ? await fixture(kind) : undefined;
  if (fx) {
    const t = await createTestApp(kind, full, fx);
    await t.app.ctx.proq.start();
    return t;
  }
  const t = await createTestApp(kind, full);
  try {
    if ((await seedDemoJobs(t.app.ctx)) !== DEMO_JOB_COUNT) throw new Error('the demo jobs were not seeded');
    await t.app.ctx.proq.start();
    await demoJobsDone(t, false);
  } catch (err) {
    await t.close();
    throw err;
  }
  return t;
}

/** The id of the demo job whose name starts with `prefix`. */
export async function demoJobId(t: TestApp, prefix: string): Promise<string> {
  const jobs = await t.db.db.select({ id: jobArtifacts.id, name: jobArtifacts.name }).from(jobArtifacts);
  const job = jobs.find((j) => j.name.startsWith(prefix));
  if (!job) throw new Error(`no demo job named ${prefix}…`);
  return job.id;
}
