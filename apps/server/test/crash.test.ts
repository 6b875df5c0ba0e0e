/**
 * Crash safety of the embedded default: the real server process (`npm start`) runs a scripted
 * workload — sign-in, job creation, uploads, analysis runs, buyer creation by an administrator — and is SIGKILLed
 * at seeded random moments (mostly the server itself, every fourth time the `npm start` process above it), then
 * started again. After every restart: it starts, everything that was acknowledged is there (jobs, buyers, uploads
 * with their stored bytes, the session), every completed run's result files are whole, and every run is completed,
 * still going (resumed) or failed with a message. At the end every run finishes, and a failed one succeeds when
 * run again.
 *
 * CRASH_KILLS (default 3 in `npm test`, one of them of `npm start`) and CRASH_SEED set the count and the moments;
 * `npm run soak` (scripts/soak.mjs) runs the same checks through 20 kills, or CRASH_KILLS (docs/OPERATIONS.md,
 * "Crash safety").
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TJobDetails } from '@sextant/shared';
import { unreadableReason } from '../src/lib/crash-recovery.ts';
import { Client, pidAlive, startServer, stopServer, type ServerProcess } from './process-harness.ts';

const KILLS = Number(process.env.CRASH_KILLS ?? 3);
/** Every fourth kill is of `npm start` (the wrapper), and with fewer kills the last one: each run has one. */
const WRAPPER_EVERY = Math.min(4, KILLS);
const SEED = Number(process.env.CRASH_SEED ?? 20_261_123);

/** mulberry32: a small seeded generator, so a failing sequence of kill moments can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const suppliersCsv = (n: number, tag: string) =>
  [
    'Vendor No;Vendor Name;Street;Zip;City;Country;Annual Spend',
    ...Array.from(
      { length: n },
      (_, i) =>
        `V${1000 + i};Supplier ${tag} ${i} Trading Ltd;${i + 1} High Street;AB${i} 1CD;London;GB;${(i + 1) * 1234.5}`,
    ),
  ].join('\n');

interface Ledger {
  jobs: Map<string, string>; // id → name
  files: Map<string, { jobId: string; sizeBytes: number }>;
  buyers: Set<string>;
  runs: Set<string>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every file under `dir` (the data directory less the database). */
function allFiles(dir: string, skip: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (p === skip) continue;
    if (e.isDirectory()) out.push(...allFiles(p, skip));
    else out.push(p);
  }
  return out;
}

describe('crash safety of the embedded default', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sextant-crash-'));
  let server: ServerProcess | null = null;
  afterAll(async () => {
    if (server) await stopServer(server).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  it(`keeps every acknowledged write through ${KILLS} SIGKILLs at random points of a workload`, async () => {
    const random = rng(SEED);
    const ledger: Ledger = { jobs: new Map(), files: new Map(), buyers: new Set(), runs: new Set() };
    const timing = { restartMs: 0, checkMs: 0, finishMs: 0 };
    const stats = {
      kills: 0,
      wrapperKills: 0,
      acknowledged: 0,
      interrupted: 0,
      resumedLogs: 0,
      failedRuns: 0,
      summary500: 0,
    };
    const manager = new Client('');
    const admin = new Client('');
    let issuerId = '';
    let buyerId = '';
    let opNo = 0;

    // Demo accounts without the demo jobs: the workload's own runs are what gets interrupted (and the restarts stay
    // quick; CRASH_DEMO_JOBS=true adds the demo jobs' longer pipelines).
    const env = { DEMO_JOBS: process.env.CRASH_DEMO_JOBS ?? 'false' };
    server = await startServer(dataDir, env);
    for (const c of [manager, admin]) c.base = server.base;
    await manager.login('ptcoJobManager');
    await admin.login('sysAdmin');
    const options = (await manager.call('GET', '/api/v1/jobs/creation-options')).json as {
      issuerId: string;
      buyers: { id: string }[];
    }[];
    const withBuyer = options.find((o) => o.buyers.length > 0)!;
    issuerId = withBuyer.issuerId;
    buyerId = withBuyer.buyers[0]!.id;

    /** One workload operation; what the server acknowledged goes into the ledger. */
    async function operate(): Promise<void> {
      const n = ++opNo;
      const jobs = [...ledger.jobs.keys()];
      const pick = random();
      if (pick < 0.15 || jobs.length === 0) {
        const name = `Crash job ${SEED}-${n}`;
        const r = await manager.call(
          'POST',
          `/api/v1/job-artifacts?name=${encodeURIComponent(name)}&type=base&issuerId=${issuerId}&buyerId=${buyerId}`,
        );
        expect(r.status, r.text).toBe(200);
        ledger.jobs.set((r.json as { id: string }).id, name);
      } else if (pick < 0.5) {
        const jobId = jobs[Math.floor(random() * jobs.length)]!;
        const content = suppliersCsv(20 + Math.floor(random() * 40), String(n));
        const r = await manager.upload(`/api/v1/jobs/${jobId}/files?dataKind=suppliers`, `s${n}.csv`, content);
        if (r.status === 409) return; // the job is processing
        expect(r.status, r.text).toBe(200);
        const f = r.json as { id: string; sizeBytes: number };
        expect(f.sizeBytes).toBe(Buffer.byteLength(content));
        ledger.files.set(f.id, { jobId, sizeBytes: f.sizeBytes });
      } else if (pick < 0.8) {
        const withFiles = [...new Set([...ledger.files.values()].map((f) => f.jobId))];
        if (!withFiles.length) return;
        const jobId = withFiles[Math.floor(random() * withFiles.length)]!;
        const r = await manager.call('POST', `/api/v1/jobs/${jobId}/runs`);
        if (r.status === 409 || r.status === 400) return; // processing, or its files were replaced meanwhile
        expect(r.status, r.text).toBe(200);
        ledger.runs.add((r.json as { id: string }).id);
      } else {
        const r = await admin.call('POST', '/api/v1/buyers', {
          issuerId,
          name: `Crash buyer ${SEED}-${n}`,
          countryIso3: 'GBR',
        });
        expect(r.status, r.text).toBe(200);
        ledger.buyers.add((r.json as { id: string }).id);
      }
      stats.acknowledged++;
    }

    /** Checks the invariants on a freshly (re)started server. */
    async function checkInvariants(): Promise<TJobDetails[]> {
      // the session of before the kill is still valid
      expect((await manager.call('GET', '/api/v1/auth/me')).status).toBe(200);
      const details: TJobDetails[] = [];
      for (const [jobId, name] of ledger.jobs) {
        const r = await manager.call('GET', `/api/v1/jobs/${jobId}`);
        expect(r.status, `job ${name} lost after a kill: ${r.text}`).toBe(200);
        const d = r.json as TJobDetails;
        expect(d.name).toBe(name);
        details.push(d);
        for (const run of d.runs) {
          expect(['Queued', 'Running', 'Completed', 'Failed', 'Canceled']).toContain(run.status);
          if (run.status === 'Failed') expect(run.error, `run ${run.id} failed without a message`).toBeTruthy();
        }
      }
      for (const [fileId, f] of ledger.files) {
        const d = details.find((x) => x.id === f.jobId)!;
        const file = d.files.find((x) => x.id === fileId);
        expect(file, `upload ${fileId} lost after a kill`).toBeDefined();
        expect(file!.status).toBe('validated');
        const stored = path.join(dataDir, 'jobs', f.jobId, 'uploads', fileId);
        expect(statSync(stored).size, `stored upload ${fileId}`).toBe(f.sizeBytes);
      }
      for (const runId of ledger.runs)
        expect(
          details.some((d) => d.runs.some((r) => r.id === runId)),
          `run ${runId} lost after a kill`,
        ).toBe(true);
      for (const buyer of ledger.buyers) {
        const r = await admin.call('GET', `/api/v1/buyers/${buyer}`);
        expect(r.status, `buyer ${buyer} lost after a kill: ${r.text}`).toBe(200);
      }
      // a completed run's results are whole, and they are served
      for (const d of details) {
        for (const run of d.runs.filter((r) => r.status === 'Completed')) {
          const dir = path.join(dataDir, 'jobs', d.id, 'runs', String(run.runNumber), 'results');
          for (const f of ['suppliers.parquet', 'views.parquet', 'use-cases.parquet', 'summary.json'])
            expect(await unreadableReason(path.join(dir, f)), `${dir}/${f}`).toBeNull();
        }
        if (d.resultRunId) {
          // Served once the restart's background work settles: a 500 was seen once, right after a restart, and not
          // yet explained (docs/OPERATIONS.md); a result that stays unreadable still fails here after 30 s.
          let r = await manager.call('GET', `/api/v1/jobs/${d.id}/results/summary`);
          if (r.status === 500) {
            // Keep what explains it: the answer and the server's log lines since the restart.
            stats.summary500++;
            console.warn(
              `crash test: GET results/summary of job ${d.id} answered 500 after a restart: ${r.text}\n` +
                (server?.output() ?? '').split('\n').slice(-40).join('\n'),
            );
          }
          for (const until = Date.now() + 30_000; r.status === 500 && Date.now() < until;) {
            await new Promise((done) => setTimeout(done, 500));
            r = await manager.call('GET', `/api/v1/jobs/${d.id}/results/summary`);
          }
          expect(r.status, r.text).toBe(200);
        }
      }
      // upload folders hold only recorded uploads: an interrupted upload left nothing behind
      const recorded = new Set(details.flatMap((d) => d.files.map((f) => f.id)));
      const ours = new Set(details.map((d) => d.id));
      const stray = allFiles(path.join(dataDir, 'jobs'), '')
        .filter((p) => p.includes(`${path.sep}uploads${path.sep}`))
        .filter((p) => ours.has(path.basename(path.dirname(path.dirname(p)))) && !recorded.has(path.basename(p)));
      expect(stray, 'unrecorded files in upload folders').toEqual([]);
      return details;
    }

    for (let k = 0; k < KILLS; k++) {
      const s = server!;
      const killAfter = 150 + Math.floor(random() * 2500);
      const killWrapper = k % WRAPPER_EVERY === WRAPPER_EVERY - 1;
      const started = Date.now();
      const workload = (async () => {
        while (Date.now() - started < killAfter + 5000) {
          try {
            await operate();
          } catch (err) {
            // the kill cut this request: its outcome is unknown, so it is not in the ledger
            if (
              err instanceof Error &&
              /fetch failed|aborted|ECONNRESET|socket/i.test(`${err.message} ${String(err.cause)}`)
            )
              return;
            throw err;
          }
        }
      })();
      await sleep(killAfter);
      const pid = s.serverPid();
      expect(pid).toBeTruthy();
      if (killWrapper) {
        s.wrapper.kill('SIGKILL');
        stats.wrapperKills++;
      } else process.kill(pid!, 'SIGKILL');
      stats.kills++;
      await workload;
      await s.exited;
      // with `npm start` killed, the server notices and stops by itself (it must not run on orphaned)
      const until = Date.now() + 30_000;
      while (pidAlive(pid!) && Date.now() < until) await sleep(100);
      expect(pidAlive(pid!), 'the server outlived its npm start process').toBe(false);

      let t0 = Date.now();
      server = await startServer(dataDir, env);
      const restartMs = Date.now() - t0;
      timing.restartMs += restartMs;
      for (const c of [manager, admin]) c.base = server.base;
      if (/resumed commands interrupted/.test(server.output())) stats.resumedLogs++;
      t0 = Date.now();
      await checkInvariants();
      timing.checkMs += Date.now() - t0;
      if (process.env.CRASH_PROGRESS)
        console.log(
          `kill ${k + 1}/${KILLS} after ${killAfter} ms${killWrapper ? ' (of npm start)' : ''}: restart ${restartMs} ms, ${stats.acknowledged} writes acknowledged so far`,
        );
    }

    // Let every run finish; a failed one (a step interrupted on each of its attempts) succeeds when run again.
    const finished = async () => {
      const until = Date.now() + 150_000;
      for (;;) {
        const details = await checkInvariants();
        const open = details.flatMap((d) => d.runs).filter((r) => r.status === 'Queued' || r.status === 'Running');
        if (!open.length || Date.now() > until) return details;
        await sleep(500);
      }
    };
    const t1 = Date.now();
    let details = await finished();
    const failed = details.filter((d) => d.runs[0]?.status === 'Failed' || d.runs[0]?.status === 'Canceled');
    stats.failedRuns = failed.length;
    for (const d of failed) {
      const r = await manager.call('POST', `/api/v1/jobs/${d.id}/runs`);
      expect(r.status, r.text).toBe(200);
    }
    // and the installation still does a whole job from scratch
    const fresh = await manager.call(
      'POST',
      `/api/v1/job-artifacts?name=${encodeURIComponent(`After the kills ${SEED}`)}&type=base&issuerId=${issuerId}&buyerId=${buyerId}`,
    );
    expect(fresh.status, fresh.text).toBe(200);
    const freshId = (fresh.json as { id: string }).id;
    ledger.jobs.set(freshId, `After the kills ${SEED}`);
    const up = await manager.upload(
      `/api/v1/jobs/${freshId}/files?dataKind=suppliers`,
      'after.csv',
      suppliersCsv(30, 'after'),
    );
    expect(up.status, up.text).toBe(200);
    ledger.files.set((up.json as { id: string }).id, {
      jobId: freshId,
      sizeBytes: (up.json as { sizeBytes: number }).sizeBytes,
    });
    expect((await manager.call('POST', `/api/v1/jobs/${freshId}/runs`)).status).toBe(200);
    details = await finished();
    for (const d of details) {
      if (!d.runs.length) continue;
      expect(d.runs[0]!.status, `${d.name}: ${d.runs[0]!.error}`).toBe('Completed');
    }
    timing.finishMs = Date.now() - t1;
    expect(details.filter((d) => d.runs[0]?.status === 'Completed').length).toBeGreaterThan(0);
    console.log(
      `crash test: ${stats.kills} kills (${stats.wrapperKills} of npm start), ${stats.acknowledged} acknowledged writes, ` +
        `${ledger.jobs.size} jobs, ${ledger.files.size} uploads, ${ledger.runs.size} runs, ${ledger.buyers.size} buyers; ` +
        `restarts that resumed interrupted steps: ${stats.resumedLogs}; jobs whose last run had failed and were re-run: ${stats.failedRuns}; ` +
        `summaries that answered 500 right after a restart: ${stats.summary500}; ` +
        `time in restarts ${timing.restartMs} ms, checks ${timing.checkMs} ms, final runs ${timing.finishMs} ms`,
    );
  }, 1_200_000);
});
