/**
 * The compiled server (apps/server/dist, scripts/build-server.mjs) as `npm start` runs it: it starts from
 * JavaScript (no TypeScript loader), and each worker thread it starts from the build is found and works — the
 * workbook reader (xlsx-worker.mjs, with xlsx-convert.ts compiled in), the analytics sandbox (analytics.worker.mjs,
 * PGlite), the chat document reader (chat-parse-worker.mjs, unpdf) and the vendor search pool
 * (vendor-search-worker.mjs, with search.ts and DuckDB) — and the modules loaded on first use (exceljs, DuckDB) load.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, ROOT, startServer, stopServer, type ServerProcess } from './process-harness.ts';
import { makePdf } from './chat-fixtures.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the compiled server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sextant-compiled-'));
  let server: ServerProcess;
  const manager = new Client('');
  const admin = new Client('');
  const issuer = new Client('');

  beforeAll(async () => {
    server = await startServer(dataDir, { DEMO_JOBS: 'false' }, 240_000);
    for (const c of [manager, admin, issuer]) c.base = server.base;
    await manager.login('ptcoJobManager');
    await admin.login('sysAdmin');
    await issuer.login('issuer');
  }, 300_000);
  afterAll(async () => {
    if (server) await stopServer(server).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }, 60_000);

  it('runs apps/server/dist/main.mjs, not the TypeScript sources', () => {
    const cmdline = readFileSync(`/proc/${server.serverPid()}/cmdline`, 'utf8').split('\0');
    expect(cmdline).toContain(path.join(ROOT, 'apps/server/dist/main.mjs'));
    expect(cmdline).not.toContain('tsx');
    for (const worker of [
      'xlsx-worker.mjs',
      'analytics.worker.mjs',
      'chat-parse-worker.mjs',
      'vendor-search-worker.mjs',
    ])
      expect(existsSync(path.join(ROOT, 'apps/server/dist', worker)), worker).toBe(true);
  });

  it('reads an uploaded workbook in its worker thread (xlsx-worker.mjs)', async () => {
    const options = (await manager.call('GET', '/api/v1/jobs/creation-options')).json as {
      issuerId: string;
      buyers: { id: string }[];
    }[];
    const withBuyer = options.find((o) => o.buyers.length > 0)!;
    const created = await manager.call(
      'POST',
      `/api/v1/job-artifacts?name=Compiled&type=base&issuerId=${withBuyer.issuerId}&buyerId=${withBuyer.buyers[0]!.id}`,
    );
    expect(created.status, created.text).toBe(200);
    const jobId = (created.json as { id: string }).id;
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Vendors');
    sheet.addRow(['Vendor No', 'Vendor Name', 'Street', 'Zip', 'City', 'Country', 'Annual Spend']);
    for (let i = 0; i < 20; i++)
      sheet.addRow([`V${100 + i}`, `Vendor ${i} Ltd`, `${i + 1} Main Street`, `AB${i} 1CD`, 'London', 'GB', 1000 + i]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'vendors.xlsx');
    const up = await manager.call('POST', `/api/v1/jobs/${jobId}/files?dataKind=suppliers`, form);
    expect(up.status, up.text).toBe(200);
    expect(up.json).toMatchObject({ status: 'validated' });
  });

  it('answers an analytics query from its sandbox worker (analytics.worker.mjs)', async () => {
    // the views page starts the worker, which compiles PGlite: on a loaded machine longer than a request's 30 s
    expect((await admin.call('GET', '/api/v1/analytics/views')).status).toBe(200);
    let res: Awaited<ReturnType<Client['call']>> | null = null;
    let error: unknown = null;
    for (const until = Date.now() + 170_000; Date.now() < until && res?.status !== 200; await sleep(500)) {
      try {
        res = await admin.call('POST', '/api/v1/analytics/run', {
          sql: 'select username from v_users where username = :u;',
          parameters: [{ name: 'u', type: 'text' }],
          values: { u: 'issuer' },
        });
      } catch (err) {
        error = err; // the request's own 30 s timeout
      }
    }
    expect(res?.status, `${res?.text ?? String(error)}\n${server.output().slice(-2000)}`).toBe(200);
    expect((res!.json as { rows: unknown[] }).rows).toHaveLength(1);
  }, 200_000);

  it('reads an uploaded PDF in its worker thread (chat-parse-worker.mjs)', async () => {
    const form = new FormData();
    const pdf = await makePdf(['Damaged goods can be returned within 30 days.', 'Second page.']);
    form.append('files', new Blob([new Uint8Array(pdf)]), 'policy.pdf');
    const up = await admin.call('POST', '/chat/documents/upload', form);
    expect(up.status, up.text).toBe(200);
    expect((up.json as { failed: unknown[] }).failed).toEqual([]);
    let doc: { filename: string; status: string; error?: string | null } | undefined;
    for (const until = Date.now() + 150_000; Date.now() < until; await sleep(250)) {
      const docs = (await admin.call('GET', '/chat/documents')).json as (typeof doc & object)[];
      doc = docs.find((d) => d.filename === 'policy.pdf');
      if (doc?.status === 'Indexed' || doc?.status === 'Error') break;
    }
    expect(doc?.status, JSON.stringify(doc)).toBe('Indexed');
  }, 180_000);

  it('answers a vendor search from its worker pool (vendor-search-worker.mjs)', async () => {
    // the index of the network is prepared at start (503 until it is ready)
    let res: Awaited<ReturnType<Client['call']>> | null = null;
    for (const until = Date.now() + 150_000; Date.now() < until; await sleep(500)) {
      res = await issuer.call('GET', '/api/v1/vendors/search?q=acme&limit=5');
      if (res.status !== 503) break;
    }
    expect(res?.status, `${res?.text}\n${server.output().slice(-2000)}`).toBe(200);
    let { results } = res!.json as { results: { vendorId: string; name: string }[] };
    for (const q of ['global trading', 'supply ltd', 'north industries'])
      if (!results.length)
        ({ results } = (await issuer.call('GET', `/api/v1/vendors/search?q=${encodeURIComponent(q)}&limit=5`)).json as {
          results: typeof results;
        });
    expect(results.length).toBeGreaterThan(0);
    const detail = await issuer.call('GET', `/api/v1/vendors/${encodeURIComponent(results[0]!.vendorId)}`);
    expect(detail.status, detail.text).toBe(200);
    expect((detail.json as { vendor: { name: string } }).vendor.name).toBe(results[0]!.name);
  }, 180_000);
});
