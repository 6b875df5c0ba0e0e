/**
 * Backup and restore of the embedded default, through the real CLI and real server processes:
 * a running installation with a job, an upload and results is backed up while it takes more uploads (the server
 * takes the backup: consistent while running), restored into a fresh data directory and started there — the jobs,
 * results, uploads and sign-in are back. Also: an offline backup (no server), a damaged backup is refused, and a
 * restore does not overwrite an installation unless told to.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TJobDetails } from '@sextant/shared';
import { Client, ROOT, startServer, stopServer, type ServerProcess } from './process-harness.ts';

function cli(args: string[], dataDir: string): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL; // the embedded default
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [path.join(ROOT, 'scripts/cli.mjs'), ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (out += d.toString()));
    p.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

const csv = (n: number, tag: string) =>
  [
    'Vendor No;Vendor Name;Street;Zip;City;Country;Annual Spend',
    ...Array.from(
      { length: n },
      (_, i) => `V${i};Supplier ${tag} ${i} Ltd;${i} Main St;AB${i} 1CD;London;GB;${i * 100 + 5}`,
    ),
  ].join('\n');

async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 120_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (done(v) || Date.now() - start > ms) return v;
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('backup and restore of the embedded default', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'sextant-backup-'));
  const source = path.join(tmp, 'source');
  const liveBackup = path.join(tmp, 'backup-live');
  const offlineBackup = path.join(tmp, 'backup-offline');
  const target = path.join(tmp, 'target');
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) await stopServer(s).catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  it('backs up a running installation and restores it into a fresh data directory', async () => {
    // The demo accounts without the demo jobs (quicker); the test makes its own job and results.
    const a = await startServer(source, { DEMO_JOBS: 'false' });
    servers.push(a);
    const c = new Client(a.base);
    await c.login('ptcoJobManager');
    const options = (await c.call('GET', '/api/v1/jobs/creation-options')).json as {
      issuerId: string;
      buyers: { id: string }[];
    }[];
    const o = options.find((x) => x.buyers.length > 0)!;
    const created = await c.call(
      'POST',
      `/api/v1/job-artifacts?name=Backed%20up&type=base&issuerId=${o.issuerId}&buyerId=${o.buyers[0]!.id}`,
    );
    const jobId = (created.json as { id: string }).id;
    expect((await c.upload(`/api/v1/jobs/${jobId}/files?dataKind=suppliers`, 'a.csv', csv(30, 'a'))).status).toBe(200);
    expect((await c.call('POST', `/api/v1/jobs/${jobId}/runs`)).status).toBe(200);
    const done = await until(
      async () => (await c.call('GET', `/api/v1/jobs/${jobId}`)).json as TJobDetails,
      (d) => d.status !== 'Processing',
    );
    expect(done.runs[0]!.status, done.runs[0]!.error ?? '').toBe('Completed');

    // While the backup runs, a second job takes uploads: whatever the dump holds must have its files.
    const second = await c.call(
      'POST',
      `/api/v1/job-artifacts?name=Busy&type=base&issuerId=${o.issuerId}&buyerId=${o.buyers[0]!.id}`,
    );
    const busyId = (second.json as { id: string }).id;
    let stop = false;
    const uploads = (async () => {
      let n = 0;
      while (!stop && n < 12) {
        const r = await c.upload(`/api/v1/jobs/${busyId}/files?dataKind=suppliers`, `b${n}.csv`, csv(10 + n, `b${n}`));
        expect(r.status).toBe(200);
        n++;
      }
      return n;
    })();
    const backup = await cli(['backup', '--out', liveBackup], source);
    stop = true;
    const uploaded = await uploads;
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain('asking it for a consistent backup');
    const manifest = JSON.parse(readFileSync(path.join(liveBackup, 'manifest.json'), 'utf8')) as {
      mode: string;
      files: { path: string }[];
    };
    expect(manifest.mode).toBe('live');
    expect(manifest.files.some((f) => f.path.startsWith(`jobs/${jobId}/runs/1/results/`))).toBe(true);
    // working files are left out for completed runs (kept for runs still going, e.g. the demo jobs')
    expect(manifest.files.some((f) => f.path.startsWith(`jobs/${jobId}/runs/1/work/`))).toBe(false);

    // A second backup into the same folder is refused (nothing is overwritten).
    const again = await cli(['backup', '--out', liveBackup], source);
    expect(again.code).not.toBe(0);
    expect(again.out).toContain('not empty');

    // Restore into a fresh data directory and start there.
    const restored = await cli(['restore', '--from', liveBackup], target);
    expect(restored.code, restored.out).toBe(0);
    const b = await startServer(target, { DEMO_JOBS: 'false' });
    servers.push(b);
    expect(b.output()).not.toContain('stored copy is missing');
    const rc = new Client(b.base);
    await rc.login('ptcoJobManager'); // sign-in works with the restored password hashes
    const job = (await rc.call('GET', `/api/v1/jobs/${jobId}`)).json as TJobDetails;
    expect(job.name).toBe('Backed up');
    expect(job.runs[0]!.status).toBe('Completed');
    expect(job.files.map((f) => f.originalName)).toEqual(['a.csv']);
    const summary = await rc.call('GET', `/api/v1/jobs/${jobId}/results/summary`);
    expect(summary.status, summary.text).toBe(200);
    // the busy job: every upload the dump recorded came with its file, and is usable
    const busy = (await rc.call('GET', `/api/v1/jobs/${busyId}`)).json as TJobDetails;
    expect(busy.files.length).toBeLessThanOrEqual(uploaded);
    for (const f of busy.files) expect(f.status, f.originalName).toBe('validated');
    await stopServer(b);

    // Restoring over an installation needs --force, and keeps the previous one aside.
    const over = await cli(['restore', '--from', liveBackup], target);
    expect(over.code).not.toBe(0);
    expect(over.out).toContain('already holds an installation');

    // Offline backup once the source server has stopped.
    await stopServer(a);
    const offline = await cli(['backup', '--out', offlineBackup], source);
    expect(offline.code, offline.out).toBe(0);
    expect(offline.out).toContain('No server runs');
    expect(JSON.parse(readFileSync(path.join(offlineBackup, 'manifest.json'), 'utf8')).mode).toBe('offline');
    const offlineManifest = JSON.parse(readFileSync(path.join(offlineBackup, 'manifest.json'), 'utf8')) as {
      files: { path: string }[];
    };
    // the offline backup has every upload
    expect(offlineManifest.files.filter((f) => f.path.startsWith(`jobs/${busyId}/uploads/`)).length).toBe(uploaded);
    const forced = await cli(['restore', '--from', offlineBackup, '--force'], target);
    expect(forced.code, forced.out).toBe(0);
    const aside = readdirSync(target).find((d) => d.startsWith('pre-restore-'));
    expect(aside).toBeDefined();
    expect(readdirSync(path.join(target, aside!)).sort()).toEqual(expect.arrayContaining(['jobs', 'pglite']));

    // A damaged backup is refused before anything is touched.
    const victim = manifest.files.find((f) => f.path.endsWith('suppliers.parquet'))!;
    appendFileSync(path.join(liveBackup, 'files', victim.path), 'x');
    const damaged = await cli(['restore', '--from', liveBackup], path.join(tmp, 'never'));
    expect(damaged.code).not.toBe(0);
    expect(damaged.out).toContain('damaged');
    expect(existsSync(path.join(tmp, 'never'))).toBe(false);
  }, 600_000);
});
