/**
 * Re-runs say what changed, through the API: a job run once (its suppliers named so that none matches the network),
 * then re-run with a changed file (five suppliers now carry a network merchant's name and address, one left, one is
 * new). The jobChanges.compute command behind the run writes the job log line and emails the job's users; the
 * changes API answers the totals and the suppliers with their reasons, filters by kind, pages, downloads CSV and
 * XLSX; before the re-run it answers 404 with why; another issuer's user gets 404; bad input is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { dbKinds } from '@sextant/db/testing';
import { emailOutbox, jobLogs, userPermissions, users } from '@sextant/db';
import { lit, withDb } from '@sextant/analysis';
import type { TJobFile, TRunChanges } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createJobWithFile, runAndWait, until } from '../../../test/job-fixture.ts';
import { ensureNetwork } from '../jobs/index.ts';
import { invalidateUser } from '../../plugins/auth-cache.ts';

interface Merchant {
  name: string;
  addressLine1: string;
  postcode: string;
  city: string;
  country: string;
}

const HEADER = 'Vendor No;Vendor Name;Street;Zip;City;Country;Annual Spend';
const nowhere = (i: number) =>
  `V${i};Quillfeather Zephyr Holdings ${i};${i} Nowhere Lane;ZZ${i} 9ZZ;Atlantis;GB;${i * 1000}`;

describe.each(dbKinds())('job changes through the API on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let jobId: string;
  let merchants: Merchant[];

  beforeAll(async () => {
    t = await createTestApp(kind, { NETWORK_MERCHANTS: '2000', PROQ_MIN_DELAY_MS: '50', PROQ_MAX_DELAY_MS: '200' });
    manager = await t.login('ptcoJobManager');
    await t.app.ctx.proq.start();
    const network = await ensureNetwork(t.app.ctx);
    merchants = await withDb({}, (db) =>
      db.all<Merchant>(
        `SELECT name, addressLine1, postcode, city, country FROM read_parquet(${lit(network)})
         WHERE country IN ('GB', 'GBR') ORDER BY merchantId LIMIT 5`,
      ),
    );
    expect(merchants).toHaveLength(5);
  }, 300_000);
  afterAll(async () => t?.close());

  const get = (url: string, cookie = manager) => t.call('GET', url, { cookie });

  it('before a re-run: 404 that says there is no previous run', async () => {
    const csv1 = [HEADER, ...Array.from({ length: 11 }, (_, i) => nowhere(i + 1))].join('\n');
    jobId = await createJobWithFile(t, manager, 'Changes demo', csv1);
    expect((await runAndWait(t, manager, jobId)).status).toBe('Ready');
    const res = await get(`/api/v1/jobs/${jobId}/changes`);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toMatch(/first completed run: there is no previous run to compare with/);
  }, 300_000);

  it('after a re-run with a changed file: totals, suppliers with reasons, the log line and the notice', async () => {
    const files = ((await get(`/api/v1/jobs/${jobId}`)).json() as { files: TJobFile[] }).files;
    for (const f of files) await t.call('DELETE', `/api/v1/jobs/${jobId}/files/${f.id}`, { cookie: manager });
    const country = (c: string) => (c.length === 3 ? c.slice(0, 2) : c);
    const csv2 = [
      HEADER,
      ...merchants.map(
        (m, i) =>
          `V${i + 1};${m.name};${m.addressLine1};${m.postcode};${m.city};${country(m.country)};${(i + 1) * 1000}`,
      ),
      ...Array.from({ length: 5 }, (_, i) => nowhere(i + 6)),
      nowhere(12), // new; V11 is gone
    ].join('\n');
    const up = await t.upload(
      `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
      { name: 'suppliers-2.csv', content: csv2 },
      manager,
    );
    expect(up.json().status, up.body).toBe('validated');
    expect((await runAndWait(t, manager, jobId)).status).toBe('Ready');

    // the command behind the run: its log line
    const logs = await until(
      () =>
        t.db.db
          .select()
          .from(jobLogs)
          .where(and(eq(jobLogs.jobArtifactId, jobId), like(jobLogs.message, 'Run 2 against run 1%'))),
      (rows) => rows.length > 0,
    );
    expect(logs[0]!.message).toMatch(/^Run 2 against run 1: \d+ suppliers changed — 1 new, 1 gone, \d+ new matches/);

    const res = await get(`/api/v1/jobs/${jobId}/changes?pageSize=5`);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as TRunChanges;
    expect(c).toMatchObject({ runNumber: 2, previousRunNumber: 1 });
    expect(c.totals).toMatchObject({ supplierAdded: 1, supplierRemoved: 1, matchLost: 0 });
    expect(c.totals.matchGained).toBeGreaterThanOrEqual(4);
    expect(c.totals.suppliersChanged).toBeGreaterThanOrEqual(6);
    expect(c.suppliers.pageSize).toBe(5);
    expect(c.suppliers.totalCount).toBe(c.totals.suppliersChanged);
    expect(c.suppliers.collection).toHaveLength(5);

    const gained = (await get(`/api/v1/jobs/${jobId}/changes?kind=matchGained&pageSize=50`)).json() as TRunChanges;
    expect(gained.suppliers.totalCount).toBe(c.totals.matchGained);
    for (const s of gained.suppliers.collection) {
      const g = s.changes.find((x) => x.kind === 'matchGained')!;
      expect(g.before).toBeNull();
      expect(g.after).toMatch(/\d+/); // the merchant id
      expect(g.reason).toMatch(/^rule \S+ · .*name (agree|similar|contained|acronym)/);
    }
    const added = (await get(`/api/v1/jobs/${jobId}/changes?kind=supplierAdded`)).json() as TRunChanges;
    expect(added.suppliers.collection.map((s) => s.supplierName)).toEqual(['Quillfeather Zephyr Holdings 12']);
    const searched = (await get(`/api/v1/jobs/${jobId}/changes?search=holdings%2011`)).json() as TRunChanges;
    expect(searched.suppliers.collection.map((s) => s.kinds)).toEqual([['supplierRemoved']]);

    // the notice to the job's owner (emails are kept in the outbox without SMTP)
    const mails = await t.db.db.select().from(emailOutbox).where(like(emailOutbox.subject, 'Changes demo: %'));
    expect(mails.map((m) => m.subject)).toContain('Changes demo: what changed in run 2');
  }, 300_000);

  it('downloads every change as CSV and XLSX', async () => {
    const csv = await get(`/api/v1/jobs/${jobId}/changes?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/Changes_demo-changes-run-1-to-2\.csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('Supplier key,Supplier,Spend before,Spend after,Change,What,Before,After,Reason');
    expect(lines.some((l) => l.includes('New match'))).toBe(true);
    expect(lines.some((l) => l.includes('Supplier gone'))).toBe(true);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${jobId}/changes?format=xlsx`,
      headers: { cookie: manager },
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Changes')!;
    expect(sheet.getRow(1).getCell(5).value).toBe('Change');
    expect(sheet.rowCount).toBe(lines.length);
  }, 120_000);

  it('leaves score-level changes out for a caller without SuppliersScore_VIEW: totals, list, filter and download', async () => {
    // the bank's manager (Northbridge, the job's issuer) holds SuppliersScore_VIEW as an extra permission (seed);
    // the same user without it is the caller who must not learn suppliers' score levels from the changes
    const issuer = await t.login('issuer');
    const [u] = await t.db.db.select().from(users).where(eq(users.username, 'issuer'));
    const scoreGrant = and(eq(userPermissions.userId, u!.id), eq(userPermissions.permission, 'SuppliersScore_VIEW'));
    const full = (await get(`/api/v1/jobs/${jobId}/changes?pageSize=100`, issuer)).json() as TRunChanges;
    expect(full.totals.scoreLevelChanged).toBeGreaterThan(0); // the new matches moved score levels
    expect(full.totals.scoreLevels).toBeDefined();
    const onlyScores = full.suppliers.collection.filter((s) => s.kinds.every((k) => k === 'scoreLevelChanged'));
    await t.db.db.delete(userPermissions).where(scoreGrant);
    invalidateUser(u!.id);
    try {
      const res = await get(`/api/v1/jobs/${jobId}/changes?pageSize=100`, issuer);
      expect(res.statusCode, res.body).toBe(200);
      const seen = res.json() as TRunChanges;
      expect(seen.totals).not.toHaveProperty('scoreLevelChanged');
      expect(seen.totals).not.toHaveProperty('scoreLevels');
      expect(seen.totals.suppliersChanged).toBe(full.totals.suppliersChanged - onlyScores.length);
      expect(seen.totals.matchGained).toBe(full.totals.matchGained);
      expect(seen.suppliers.totalCount).toBe(seen.totals.suppliersChanged);
      for (const s of seen.suppliers.collection) {
        expect(s.kinds).not.toContain('scoreLevelChanged');
        expect(s.changes.map((c) => c.kind)).not.toContain('scoreLevelChanged');
      }
      const byLevel = (await get(`/api/v1/jobs/${jobId}/changes?kind=scoreLevelChanged`, issuer)).json() as TRunChanges;
      expect(byLevel.suppliers.totalCount).toBe(0);
      const csv = await get(`/api/v1/jobs/${jobId}/changes?format=csv`, issuer);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('New match');
      expect(csv.body).not.toContain('Score level');
    } finally {
      await t.db.db.insert(userPermissions).values({ userId: u!.id, permission: 'SuppliersScore_VIEW' });
      invalidateUser(u!.id);
    }
    // the manager's own download still lists them
    expect((await get(`/api/v1/jobs/${jobId}/changes?format=csv`)).body).toContain('Score level');
  });

  it('keeps other tenants out (404) and refuses bad input with a message', async () => {
    const other = await t.login('issuerPlus');
    expect((await get(`/api/v1/jobs/${jobId}/changes`, other)).statusCode).toBe(404);
    expect((await get(`/api/v1/jobs/${jobId}/changes?format=csv`, other)).statusCode).toBe(404);
    const bad = await get(`/api/v1/jobs/${jobId}/changes?kind=everything`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/kind/);
    expect((await get(`/api/v1/jobs/${jobId}/changes?pageSize=100000`)).statusCode).toBe(400);
    expect((await get(`/api/v1/jobs/not-a-job/changes`)).statusCode).toBe(400);
  });
});
