/**
 * Scale-out on loopback: two API processes (`--services=api`) and two workers (`--services=worker`), each with its
 * own DATA_DIR (as on separate machines), on one private PostgreSQL instance and one S3-compatible store (s3rver).
 * - sessions, exclusive write access, presence and the ProQ quick view work across the API processes;
 * - two runs queued together are spread over both workers;
 * - a worker SIGKILLed mid-pipeline: its step is taken over by the other worker (heartbeat timeout), and the run's
 *   results equal those of a clean run of the same file (summary and Parquet content);
 * - PostgreSQL restarted mid-run: every process reconnects and the run completes.
 * Skipped (with a message) when the PostgreSQL server binaries are absent (PG_BIN).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DuckDBInstance } from '@duckdb/node-api';
import { Client, pidAlive, startServer, stopServer, type ServerProcess } from './process-harness.ts';
import { PG_BIN, privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';
import { startTestS3, type TestS3 } from './s3-server.ts';
import { S3BlobStore } from '../src/lib/blob-store-s3.ts';

const available = privatePostgresAvailable();
if (!available)
  console.warn(`topology.test.ts skipped: no PostgreSQL server binaries in ${PG_BIN} (set PG_BIN to run it)`);

/** A supplier file big enough that each pipeline step takes a moment (so a step can be caught running). */
const SUPPLIERS = 4000;
const supplierCsv = [
  'Vendor No;Vendor Name;Street;Zip;City;Country;Annual Spend',
  ...Array.from(
    { length: SUPPLIERS },
    (_, i) => `V${1000 + i};Supplier ${i} Trading Ltd;${i + 1} High Street;AB${i} 1CD;London;GB;${(i + 1) * 12.5}`,
  ),
].join('\n');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, fn: () => Promise<T>, done: (v: T) => boolean, ms = 180_000): Promise<T> {
  const start = Date.now();
  let last: T | undefined;
  let error: unknown;
  while (Date.now() - start < ms) {
    try {
      last = await fn();
      if (done(last)) return last;
    } catch (err) {
      error = err; // a process still reconnecting
    }
    await sleep(200);
  }
  throw new Error(
    `${what}: not within ${ms} ms (last ${JSON.stringify(last)}${error ? `, error ${String(error)}` : ''})`,
  );
}

describe.skipIf(!available)('two API processes and two workers on one PostgreSQL and one S3 store', () => {
  let pgi: PrivatePostgres;
  let s3: TestS3;
  let db: pg.Pool;
  const dirs: string[] = [];
  const procs: ServerProcess[] = [];
  let api1: ServerProcess;
  let api2: ServerProcess;
  let env: Record<string, string>;

  const start = async (args: string[], extra: Record<string, string> = {}) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sextant-topology-'));
    dirs.push(dataDir);
    const p = await startServer(dataDir, { ...env, ...extra }, 240_000, args);
    procs.push(p);
    return p;
  };

  beforeAll(async () => {
    [pgi, s3] = await Promise.all([startPrivatePostgres(), startTestS3('sextant-topology')]);
    db = new pg.Pool({ connectionString: pgi.url(), max: 2 });
    db.on('error', () => undefined); // the restart below cuts its connections
    env = {
      DATABASE_URL: pgi.url(),
      ...s3.env('data'),
      DEMO_SEED: 'false',
      DEMO_JOBS: 'false',
      PROQ_CONCURRENCY: '1', // one step at a time per worker: two runs need both workers
      PROQ_MAINTENANCE_INTERVAL_MS: '1000',
      PROQ_WORKER_DEAD_SECONDS: '8',
      PROQ_MIN_DELAY_MS: '50',
      PROQ_MAX_DELAY_MS: '500',
    };
    // the first process migrates and seeds the demo accounts; the others start together
    api1 = await start(['--services=api'], { DEMO_SEED: 'true' });
    [api2] = await Promise.all([start(['--services=api']), start(['--services=worker']), start(['--services=worker'])]);
  }, 600_000);

  afterAll(async () => {
    for (const p of procs) await stopServer(p).catch(() => undefined);
    await db?.end().catch(() => undefined);
    pgi?.destroy();
    await s3?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }, 120_000);

  const workers = async () =>
    (
      await db.query<{ id: string; pid: number }>(
        `select id, pid from proq_workers where last_seen_at > now() - interval '5 seconds'`,
      )
    ).rows;

  async function createJob(c: Client, name: string): Promise<string> {
    const [nb] = (await db.query<{ id: string }>(`select id from issuers where issuer_key = 'northbridge'`)).rows;
    const [buyer] = (await db.query<{ id: string }>(`select id from buyers where issuer_id = $1 limit 1`, [nb!.id]))
      .rows;
    const created = await c.call(
      'POST',
      `/api/v1/job-artifacts?name=${encodeURIComponent(name)}&type=base&issuerId=${nb!.id}&buyerId=${buyer!.id}`,
    );
    expect(created.status, created.text).toBe(200);
    const id = (created.json as { id: string }).id;
    const up = await c.upload(`/api/v1/jobs/${id}/files?dataKind=suppliers`, 'suppliers.csv', supplierCsv);
    expect((up.json as { status: string }).status, up.text).toBe('validated');
    return id;
  }

  const startRun = async (c: Client, jobId: string) => {
    const r = await c.call('POST', `/api/v1/jobs/${jobId}/runs`);
    expect(r.status, r.text).toBe(200);
  };

  const waitReady = (c: Client, jobId: string, ms = 300_000) =>
    until(
      `job ${jobId} Ready`,
      async () => (await c.call('GET', `/api/v1/jobs/${jobId}`)).json as { status: string },
      (j) => j.status === 'Ready' || j.status === 'Failed',
      ms,
    );

  /** The summary (without what differs between two runs) and a hash of each result table's sorted rows. */
  async function resultsOf(jobId: string) {
    const [run] = (
      await db.query<{ result_path: string; summary: Record<string, unknown> }>(
        `select result_path, summary from job_runs where job_artifact_id = $1 and status = 'Completed'
         order by run_number desc limit 1`,
        [jobId],
      )
    ).rows;
    const store = S3BlobStore.fromUrl(s3.url('data'), {
      cacheDir: path.join(dirs[0]!, 'check-cache'),
      scratchRoot: path.join(dirs[0]!, 'check-work'),
      cacheBytes: 1024 * 1024 * 1024,
    });
    const dir = await store.localDir(`${run!.result_path}/results`);
    const files = (await store.list(`${run!.result_path}/results`)).map((e) => path.posix.basename(e.key)).sort();
    const duck = await DuckDBInstance.create(':memory:');
    const conn = await duck.connect();
    const hashes: Record<string, string> = {};
    for (const f of files.filter((n) => n.endsWith('.parquet'))) {
      const rows = await conn.runAndReadAll(`SELECT * FROM read_parquet('${path.join(dir, f)}') ORDER BY ALL`);
      hashes[f] = createHash('sha256')
        .update(JSON.stringify(rows.getRowsJS(), (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
        .digest('hex');
    }
    conn.closeSync();
    duck.closeSync();
    store.close();
    return { files, hashes, summary: run!.summary };
  }

  it('shares sessions, exclusive write access, presence and quick views across the API processes', async () => {
    const manager1 = new Client(api1.base);
    await manager1.login('ptcoJobManager');
    // the session made on API 1 is valid on API 2
    const manager2 = new Client(api2.base);
    manager2.cookie = manager1.cookie;
    const me = await manager2.call('GET', '/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect((me.json as { username: string }).username).toBe('ptcoJobManager');

    const jobId = await createJob(manager1, 'Topology locks');
    const issuer2 = new Client(api2.base);
    await issuer2.login('issuer');
    const ref = { entityType: 'JobArtifact', entityId: jobId };
    const first = await manager1.call('POST', '/api/v1/concurrency/try-set-exclusive-write-access', ref);
    expect(first.json).toMatchObject({ exclusiveWriteAccess: true });
    const second = await issuer2.call('POST', '/api/v1/concurrency/try-set-exclusive-write-access', ref);
    expect(second.json, 'the lock taken through API 1 holds on API 2').toMatchObject({ exclusiveWriteAccess: false });
    const issuerId = ((await issuer2.call('GET', '/api/v1/auth/me')).json as { id: string }).id;
    const beat = await issuer2.call('POST', '/api/v1/concurrency/try-set-entity-active-user', {
      ...ref,
      userId: issuerId,
      scope: 'summary',
    });
    expect(beat.json).toBe(true);
    const active = await manager1.call(
      'GET',
      `/api/v1/concurrency/active-entity-users?entityType=JobArtifact&entityId=${jobId}`,
    );
    expect((active.json as { userName: string; scope: string }[]).map((u) => [u.userName, u.scope])).toContainEqual([
      'Isla Hughes',
      'summary',
    ]);

    // a run queued through API 2 shows in API 1's quick view with its job's name
    const admin1 = new Client(api1.base);
    await admin1.login('sysAdmin');
    await startRun(manager2, jobId);
    const quick = await until(
      'quick view',
      async () => (await admin1.call('GET', '/api/v1/proq/proq-commands-info')).json as { jobName: string | null }[],
      (rows) => rows.some((r) => r.jobName === 'Topology locks'),
      30_000,
    );
    expect(quick.some((r) => r.jobName === 'Topology locks')).toBe(true);
    expect((await waitReady(manager1, jobId)).status).toBe('Ready');

    // signing out on API 1 ends the session on API 2 too (at once, or within the session cache's lifetime)
    const out = await manager1.call('POST', '/api/v1/auth/logout');
    expect(out.status).toBeLessThan(300);
    const t0 = Date.now();
    await until(
      'session ended on API 2',
      () => manager2.call('GET', '/api/v1/auth/me'),
      (r) => r.status === 401,
      10_000,
    );
    console.log(`topology: a sign-out on API 1 was seen by API 2 after ${Date.now() - t0} ms`);
  }, 600_000);

  it('spreads runs over both workers, and a killed worker’s run completes on the other with identical results', async () => {
    const c = new Client(api1.base);
    await c.login('ptcoJobManager');
    const clean = await createJob(c, 'Topology clean');
    const killed = await createJob(c, 'Topology killed');
    const live = await until('two live workers', workers, (w) => w.length === 2, 60_000);
    await startRun(c, clean);
    await startRun(c, killed);
    // a step of the second run, after ingest (so its working folder moves between machines), running on a worker
    const victim = await until(
      'a running step of the second run',
      async () =>
        (
          await db.query<{ id: string; command_type: string; locked_by: string }>(
            `select id, command_type, locked_by from proq_commands
             where job_id = $1 and state = 'InProgress' and command_type <> 'job.ingest'`,
            [killed],
          )
        ).rows[0],
      (r) => r !== undefined,
      240_000,
    );
    const pid = live.find((w) => w.id === victim!.locked_by)?.pid;
    expect(pid, `worker ${victim!.locked_by} is one of the two`).toBeDefined();
    process.kill(pid!, 'SIGKILL');
    await until(
      'worker gone',
      async () => pidAlive(pid!),
      (alive) => !alive,
      10_000,
    );
    console.log(`topology: SIGKILLed worker ${pid} during ${victim!.command_type}`);

    expect((await waitReady(c, clean)).status).toBe('Ready');
    expect((await waitReady(c, killed)).status).toBe('Ready');
    const taken = await db.query<{ message: string | null; locked_by: string }>(
      `select message, locked_by from proq_commands where id = $1`,
      [victim!.id],
    );
    expect(taken.rows[0]!.locked_by, 'the step finished on the other worker').not.toBe(victim!.locked_by);
    // both workers ran steps
    const byWorker = await db.query<{ locked_by: string }>(
      `select distinct locked_by from proq_commands where job_id = any($1::uuid[]) and locked_by is not null`,
      [[clean, killed]],
    );
    expect(byWorker.rows.length).toBe(2);

    const a = await resultsOf(clean);
    const b = await resultsOf(killed);
    expect(b.files).toEqual(a.files);
    expect(b.hashes).toEqual(a.hashes);
    expect(b.summary).toEqual(a.summary);
    expect(Object.keys(a.hashes).length).toBeGreaterThanOrEqual(3);
  }, 600_000);

  it('goes on after PostgreSQL restarts mid-run: every process reconnects and the run completes', async () => {
    const c = new Client(api2.base);
    await c.login('ptcoJobManager');
    const jobId = await createJob(c, 'Topology restart');
    await startRun(c, jobId);
    await until(
      'a running step',
      async () =>
        (await db.query(`select 1 from proq_commands where job_id = $1 and state = 'InProgress'`, [jobId])).rowCount,
      (n) => (n ?? 0) > 0,
      240_000,
    );
    // the steps running when the database goes away, with the attempt each is on
    const running = (
      await db.query<{ id: string; attempts: number }>(
        `select id, attempts from proq_commands where job_id = $1 and state = 'InProgress'`,
        [jobId],
      )
    ).rows;
    pgi.restart();
    const back = Date.now(); // pg_ctl -w: the database answers again
    console.log(`topology: PostgreSQL restarted; ${running.length} step(s) were running`);
    // Recovery bound: within 60 s of the database answering again, no step is left under the lease it held when the
    // database went away (each is done, waiting to retry, or running again on a new attempt). Before, an outcome that
    // could not be written left its step InProgress under a live worker until its stuck timeout (minutes).
    await until(
      'the interrupted steps recovered',
      async () =>
        (
          await db.query<{ n: number }>(
            `select count(*)::int as n from proq_commands c
             join unnest($1::bigint[], $2::int[]) as r(id, attempts) on r.id = c.id
             where c.state = 'InProgress' and c.attempts = r.attempts`,
            [running.map((r) => r.id), running.map((r) => r.attempts)],
          )
        ).rows[0]!.n,
      (n) => n === 0,
      60_000,
    );
    console.log(`topology: the interrupted steps recovered ${Date.now() - back} ms after PostgreSQL answered again`);
    expect((await waitReady(c, jobId)).status).toBe('Ready');
    console.log(`topology: the run was Ready ${Date.now() - back} ms after PostgreSQL answered again`);
    for (const api of [api1, api2]) {
      const ready = await until(
        `${api.base} ready`,
        async () => (await fetch(`${api.base}/health/ready`)).status,
        (s) => s === 200,
        60_000,
      );
      expect(ready).toBe(200);
      const client = new Client(api.base);
      await client.login('issuer');
      expect((await client.call('GET', `/api/v1/jobs/${jobId}`)).status).toBe(200);
    }
    // the surviving worker still takes new work
    const again = await createJob(c, 'Topology after restart');
    await startRun(c, again);
    expect((await waitReady(c, again)).status).toBe('Ready');
  }, 600_000);
});
