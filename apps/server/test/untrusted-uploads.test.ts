/**
 * Attack tests over HTTP on the upload routes (DESIGN §6): hostile workbooks and CSV files sent to
 * the job upload (preview + validation) and the supplier-list upload answer a clear 4xx within seconds, store
 * nothing, keep the process's memory bounded, and the server keeps answering other requests meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buyers, issuers } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import type { TJobDetails } from '@sextant/shared';
import { MAX_COLUMNS } from '@sextant/analysis';
import { lyingZipBomb, sharedStringsBomb, xfdBomb } from '../../../packages/analysis/test/hostile-files.ts';
import { createTestApp, type TestApp } from './harness.ts';

/** Runs `fn` sampling the RSS of this process (the server, its workers and the database) every 25 ms. */
async function sampled<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; seconds: number; peakMb: number; growthMb: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const iv = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const t0 = performance.now();
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      value,
      seconds: (performance.now() - t0) / 1000,
      peakMb: peak / 1048576,
      growthMb: (peak - base) / 1048576,
    };
  } finally {
    clearInterval(iv);
  }
}

describe.each(dbKinds())('hostile uploads on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let admin: string;
  let jobId: string;
  let northbridgeId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { UPLOAD_MAX_MB: '20' });
    manager = await t.login('ptcoJobManager');
    admin = await t.login('sysAdmin');
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    northbridgeId = nb!.id;
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, northbridgeId));
    const created = await t.call(
      'POST',
      `/api/v1/job-artifacts?name=Hostile&type=base&issuerId=${northbridgeId}&buyerId=${b!.id}`,
      { cookie: manager },
    );
    expect(created.statusCode, created.body).toBe(200);
    jobId = created.json().id;
  }, 120_000);
  afterAll(async () => t?.close());

  const files = async () =>
    ((await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie: manager })).json() as TJobDetails).files;
  const upload = (name: string, content: Buffer | string) =>
    t.upload(`/api/v1/jobs/${jobId}/files?dataKind=suppliers`, { name, content }, manager);

  it.each([1, 2] as const)(
    'the 1.6 KB XFD bomb (wide cell in row %i, a row numbered 1,048,576) answers 413 in seconds, not 500',
    async (wideRow) => {
      const r = await sampled(() => upload(`bomb${wideRow}.xlsx`, xfdBomb(wideRow)));
      expect(r.value.statusCode, r.value.body).toBe(413);
      expect(r.value.json()).toMatchObject({
        code: 'ValidationError',
        message: expect.stringMatching(/bomb\d\.xlsx.*column XFD \(column 16,384\); at most 2,000 columns/),
        errors: [{ path: 'file', message: expect.any(String) }],
      });
      expect(r.seconds).toBeLessThan(30);
      expect(r.growthMb).toBeLessThan(1024);
      expect(await files()).toHaveLength(0);
    },
    60_000,
  );

  // Inflating to the cap is seconds of a core whatever the database (nothing is stored before it): PGlite's run only.
  it.runIf(kind === 'pglite')(
    'a workbook whose zip directory lies (1.2 MB inflating past 1 GB) answers 413; the server keeps serving',
    async () => {
      const bomb = lyingZipBomb(1100 * 1024 * 1024, 1000);
      expect(bomb.length).toBeLessThan(1.5 * 1024 * 1024);
      const pending = sampled(() => upload('lying.xlsx', bomb));
      // Meanwhile another request is answered (the workbook is inflated and parsed in a worker).
      const t0 = performance.now();
      const other = await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie: manager });
      expect(other.statusCode).toBe(200);
      expect(performance.now() - t0).toBeLessThan(5000);
      const r = await pending;
      expect(r.value.statusCode, r.value.body).toBe(413);
      expect(r.value.json().message).toMatch(/inflates to more than 1,074 MB \(whatever its zip directory declares\)/);
      expect(r.growthMb).toBeLessThan(1024);
      expect(r.peakMb).toBeLessThan(2048);
      expect(await files()).toHaveLength(0);
    },
    120_000,
  );

  // The reader's heap cap is the same whatever the database (the workbook is refused before anything is stored), and
  // the case costs seconds of parsing: it is a case of PGlite's run only, which every run has.
  if (kind === 'pglite')
    it('a workbook that needs more memory than the reader’s heap cap answers 413 with memory bounded', async () => {
      const r = await sampled(() => upload('strings.xlsx', sharedStringsBomb(40_000_000)));
      expect(r.value.statusCode, r.value.body).toBe(413);
      // The heap guard stops it within seconds on a quiet machine; on a saturated one the preview's clock may come first.
      expect(r.value.json().message).toMatch(/needs more than \d+ MB of memory|took longer than \d+ s/);
      expect(r.growthMb).toBeLessThan(1024);
      expect(r.peakMb).toBeLessThan(2048);
      expect(await files()).toHaveLength(0);
    }, 240_000);

  it('a CSV with too many columns or an endless first line answers 413', async () => {
    const wide = ['Supplier Name', ...Array.from({ length: MAX_COLUMNS }, (_, i) => `C${i}`)].join(',') + '\nAcme\n';
    const res = await upload('wide.csv', wide);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toMatch(/2,001 columns; at most 2,000 are read/);
    const long = await upload('long.csv', 'Supplier Name,' + 'x'.repeat(600 * 1024));
    expect(long.statusCode, long.body).toBe(413);
    expect(long.json().message).toMatch(/first line is longer than 256 KB/);
    expect(await files()).toHaveLength(0);
  });

  it('a supplier list upload of the XFD bomb answers 413 and stores nothing', async () => {
    const res = await t.upload(
      `/api/v1/issuers/${northbridgeId}/supplier-lists/exclude/upload`,
      { name: 'bomb.xlsx', content: xfdBomb(1) },
      admin,
    );
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({
      message: expect.stringMatching(/"bomb\.xlsx" cannot be read: row 1 has a value in column XFD/),
      errors: [{ path: 'file' }],
    });
    // A CSV list with a line of megabytes of delimiters.
    const commas = await t.upload(
      `/api/v1/issuers/${northbridgeId}/supplier-lists/exclude/upload`,
      { name: 'commas.csv', content: `Supplier Name\nAcme\n${','.repeat(5_000_000)}\n` },
      admin,
    );
    expect(commas.statusCode, commas.body).toBe(413);
    expect(commas.json().message).toMatch(/line 3 is longer than 100,000 characters/);
    const list = await t.call('GET', `/api/v1/issuers/${northbridgeId}/supplier-lists/exclude`, { cookie: admin });
    expect(list.json().totalCount).toBe(0);
  }, 60_000);
});
