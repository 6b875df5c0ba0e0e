/**
 * Issue 13, item 9: the PDF render queue is bounded. A burst of PDF downloads beyond the renders running and the
 * queue's length answers 429 at once instead of piling up Chromium work.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buyers, issuers } from '@sextant/db';
import type { TJobDetails } from '@sextant/shared';
import { createTestApp, type TestApp } from './harness.ts';
import { buildApp } from '../src/app.ts';
import { createProq } from '../src/proq/index.ts';
import { DEFAULT_CHROMIUM_PATH, loopbackOrigin } from '../src/modules/results/pdf.ts';

const chromium = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
const PDF_TS = fileURLToPath(new URL('../src/modules/results/pdf.ts', import.meta.url));
const SUPPLIERS = [
  'Supplier ID,Supplier Name,Country,Spend,Payment Method',
  ...Array.from({ length: 20 }, (_, i) => `S${i},Supplier ${i} Ltd,GB,${(i + 1) * 1000},Check`),
].join('\n');

describe.skipIf(!existsSync(chromium))('PDF render queue', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let jobId: string;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { NETWORK_MERCHANTS: '2000', PROQ_MIN_DELAY_MS: '50', PROQ_MAX_DELAY_MS: '200' });
    manager = await t.login('ptcoJobManager');
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, nb!.id));
    jobId = (
      await t.call('POST', `/api/v1/job-artifacts?name=Queue&type=base&issuerId=${nb!.id}&buyerId=${b!.id}`, {
        cookie: manager,
      })
    ).json().id;
    const up = await t.upload(
      `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
      { name: 'suppliers.csv', content: SUPPLIERS },
      manager,
    );
    expect(up.statusCode, up.body).toBe(200);
    await t.app.ctx.proq.start();
    await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager });
    const deadline = Date.now() + 150_000;
    let job: TJobDetails;
    do {
      await new Promise((r) => setTimeout(r, 300));
      job = (await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie: manager })).json();
    } while (job.status === 'Processing' && Date.now() < deadline);
    expect(job.status, job.runs[0]?.error ?? '').toBe('Ready');
    // One render at a time, one waiting; a page that never gets ready (no web app served) keeps the slot busy for
    // the render timeout after Chromium has started: long enough for the burst (sent 300 ms after the first request)
    // to find it busy, short because the test waits for it three times.
    app = await buildApp({
      config: { ...t.config, PDF_MAX_CONCURRENT: 1, PDF_MAX_QUEUED: 1, PDF_TIMEOUT_MS: 2500 },
      dbh: t.db,
      web: false,
      logger: false,
      proq: createProq({ db: t.db, listen: false }),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  }, 200_000);
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('answers 429 at once beyond the running render and the queue, and serves the rest in turn', async () => {
    const base = loopbackOrigin(app.server.address(), 0);
    const get = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/jobs/${jobId}/reports/insights/pdf`, {
        headers: { cookie: manager, origin: base },
      });
      return { status: res.status, body: await res.text(), ms: performance.now() - started };
    };
    const first = get();
    await new Promise((r) => setTimeout(r, 300));
    const burst = await Promise.all([first, ...Array.from({ length: 5 }, get)]);
    const statuses = burst.map((r) => r.status).sort();
    // One rendered (and timed out: the page is not served), one waited and timed out too, four refused.
    expect(statuses).toEqual([429, 429, 429, 429, 504, 504]);
    for (const r of burst.filter((x) => x.status === 429)) {
      expect(JSON.parse(r.body)).toMatchObject({ code: 'RateLimited' });
      expect(JSON.parse(r.body).message).toContain('Too many PDFs are being prepared');
      expect(r.ms).toBeLessThan(3000);
    }
    // Once the queue has drained, a download is accepted again.
    const after = await get();
    expect(after.status).toBe(504);
  }, 90_000);
});

/** Launches the renderer's browser in a child process (as `nobody` when we are root) and reports how. */
function launchAs(
  asRoot: boolean,
  executablePath: string,
  dir: string,
): { uid: number; sandbox: string; logs: string[] } {
  const script = path.join(dir, 'launch.mjs');
  writeFileSync(
    script,
    `import { PdfRenderer } from ${JSON.stringify(PDF_TS)};
const logs = [];
const r = new PdfRenderer({ executablePath: ${JSON.stringify(executablePath)}, log: { info: (m) => logs.push(m), warn: (m) => logs.push(m) } });
await r['launch']();
console.log(JSON.stringify({ uid: process.getuid(), sandbox: r.sandbox, logs }));
await r.close();
`,
  );
  chmodSync(script, 0o644);
  const drop =
    !asRoot && process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : [];
  const [cmd, ...args] = [...drop, process.execPath, '--import', 'tsx', script];
  const out = execFileSync(cmd!, args, {
    cwd: path.dirname(PDF_TS),
    env: { ...process.env, HOME: dir },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return JSON.parse(out.trim().split('\n').pop()!);
}

const canDrop = process.getuid?.() !== 0 || existsSync('/usr/bin/setpriv');
describe.skipIf(!existsSync(chromium) || !canDrop)('Chromium sandbox for PDF rendering', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sextant-sandbox-'));
    chmodSync(dir, 0o777);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }));

  it('keeps the sandbox when not running as root', () => {
    const r = launchAs(false, chromium, dir);
    expect(r.uid).not.toBe(0);
    expect(r.sandbox).toBe('sandbox');
    expect(r.logs).toEqual(['PDF rendering: Chromium runs sandboxed']);
  }, 70_000);

  it('falls back to --no-sandbox, and says so, only when the sandbox cannot start', () => {
    // A Chromium whose sandbox is unavailable (as in a container without user namespaces): it starts only unsandboxed.
    const wrapper = path.join(dir, 'chromium-without-sandbox');
    writeFileSync(
      wrapper,
      `#!/bin/sh\ncase " $* " in *" --no-sandbox "*) exec ${chromium} "$@";; esac\necho "No usable sandbox!" >&2\nexit 1\n`,
    );
    chmodSync(wrapper, 0o755);
    const r = launchAs(false, wrapper, dir);
    expect(r.sandbox).toBe('no-sandbox');
    expect(r.logs).toHaveLength(1);
    expect(r.logs[0]).toMatch(/^PDF rendering: Chromium runs without its sandbox \(it could not start: /);
  }, 70_000);

  it.skipIf(process.getuid?.() !== 0)(
    'runs without the sandbox as root, and says so',
    () => {
      const r = launchAs(true, chromium, dir);
      expect(r).toMatchObject({ uid: 0, sandbox: 'no-sandbox' });
      expect(r.logs).toEqual(['PDF rendering: Chromium runs without its sandbox (the server runs as root)']);
    },
    70_000,
  );
});
