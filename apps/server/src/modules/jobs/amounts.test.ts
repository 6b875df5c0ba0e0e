/**
 * Every number in the file arrives, or the user is stopped: a French CSV (thousands grouped with no-break and narrow
 * no-break spaces, decimal commas, credits in parentheses) and a workbook whose first sheet is a cover page go through
 * the API (upload, preview, run) to a Ready job whose suppliers carry the file's spend; an amount that cannot be read
 * makes its row invalid in the preview (row, column, value, why), and the chosen worksheet is what the run reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { dbKinds } from '@sextant/db/testing';
import type { TJobFile, TSupplierPage } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { northbridge, runAndWait } from '../../../test/job-fixture.ts';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

const FRENCH_CSV = [
  'Numéro fournisseur;Nom du fournisseur;Ville;Pays;Montant',
  `F1;Boulangerie Martin SARL;Lyon;FR;1${NNBSP}234,56`,
  `F2;Transports Dubois SA;Lille;FR;980,00`,
  `F3;Imprimerie Lefèvre;Nantes;FR;12${NBSP}345${NBSP}678,90 €`,
  `F4;Garage Petit;Rennes;FR;(1${NNBSP}000,00)`,
  `F5;Cabinet Moreau;Paris;FR;N/A`,
].join('\n');

async function coverPageWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const cover = wb.addWorksheet('Cover');
  cover.addRow(['Supplier spend 2024']);
  cover.addRow(['Prepared by', 'Group finance']);
  const data = wb.addWorksheet('Suppliers');
  data.addRow(['Vendor No', 'Vendor Name', 'City', 'Country', 'Annual Spend']);
  data.addRow(['W1', 'Harbour Logistics Ltd', 'Leeds', 'GB', 2500.25]);
  data.addRow(['W2', 'Kestrel Print Ltd', 'York', 'GB', '1,234.50']);
  data.addRow(['W3', 'Otter Foods Ltd', 'Hull', 'GB', 'CHF 1’000.00']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(dbKinds())('amounts through the API on %s', (kind) => {
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { NETWORK_MERCHANTS: '2000', PROQ_MIN_DELAY_MS: '50', PROQ_MAX_DELAY_MS: '200' });
    manager = await t.login('ptcoJobManager');
    await t.app.ctx.proq.start();
  }, 120_000);
  afterAll(async () => t?.close());

  const createJob = async (name: string) => {
    const { issuerId, buyerId } = await northbridge(t);
    const res = await t.call(
      'POST',
      `/api/v1/job-artifacts?name=${encodeURIComponent(name)}&type=base&issuerId=${issuerId}&buyerId=${buyerId}`,
      { cookie: manager },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  };
  const spendByName = async (jobId: string) => {
    const page = (
      await t.call('GET', `/api/v1/jobs/${jobId}/results/suppliers?pageSize=500`, { cookie: manager })
    ).json() as TSupplierPage;
    return Object.fromEntries(
      page.collection.map((r) => {
        const row = r as Record<string, unknown>;
        return [String(row.supplierName), Number(row.spend)];
      }),
    );
  };

  it('reads a French CSV: the preview names the unreadable amount, counts the rows and totals the spend; the run carries it', async () => {
    const jobId = await createJob('Fournisseurs FR');
    const up = await t.upload(
      `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
      { name: 'fournisseurs.csv', content: FRENCH_CSV },
      manager,
    );
    expect(up.statusCode, up.body).toBe(200);
    const file = up.json() as TJobFile;
    expect(file.mapping).toMatchObject({ supplierName: 'Nom du fournisseur', amount: 'Montant' });
    expect(file.validation).toMatchObject({ rowCount: 5, validRowCount: 4, errorCount: 1, warningCount: 0 });
    expect(file.validation!.issues).toEqual([
      {
        row: 6,
        column: 'Montant',
        value: 'N/A',
        reason: 'not an amount (no digits); row not used',
        severity: 'error',
      },
    ]);
    expect(file.validation!.amountTotals).toEqual([
      { currency: null, amount: 1234.56 + 980 + 12345678.9 - 1000, rows: 4 },
    ]);
    const done = await runAndWait(t, manager, jobId);
    expect(done.status, JSON.stringify(done.runs[0])).toBe('Ready');
    const spend = await spendByName(jobId);
    expect(Object.keys(spend).sort()).toEqual(
      ['Boulangerie Martin SARL', 'Garage Petit', 'Imprimerie Lefèvre', 'Transports Dubois SA'].sort(),
    );
    expect(spend['Boulangerie Martin SARL']).toBeCloseTo(1234.56, 2);
    expect(spend['Transports Dubois SA']).toBeCloseTo(980, 2);
    expect(spend['Imprimerie Lefèvre']).toBeCloseTo(12345678.9, 2);
  }, 240_000);

  it('reads the worksheet that holds the table behind a cover page; a worksheet chosen is the one the run reads', async () => {
    const jobId = await createJob('Workbook with cover');
    const up = await t.upload(
      `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
      { name: 'suppliers.xlsx', content: await coverPageWorkbook() },
      manager,
    );
    expect(up.statusCode, up.body).toBe(200);
    const file = up.json() as TJobFile;
    expect(file.layout).toMatchObject({ sheets: ['Cover', 'Suppliers'], sheet: 'Suppliers' });
    expect(file).toMatchObject({ status: 'validated', validation: { rowCount: 3, validRowCount: 3, fatal: null } });
    expect(file.validation!.amountTotals).toEqual([{ currency: null, amount: 2500.25 + 1234.5 + 1000, rows: 3 }]);
    // choosing the cover page: no table there, the user is told so; choosing the table again reads it
    const cover = await t.call('PUT', `/api/v1/jobs/${jobId}/files/${file.id}/layout`, {
      cookie: manager,
      body: { sheet: 'Cover' },
    });
    expect(cover.statusCode, cover.body).toBe(200);
    expect(cover.json()).toMatchObject({ status: 'invalid', layout: { sheet: 'Cover' } });
    const back = await t.call('PUT', `/api/v1/jobs/${jobId}/files/${file.id}/layout`, {
      cookie: manager,
      body: { sheet: 'Suppliers' },
    });
    expect(back.json()).toMatchObject({ status: 'validated', layout: { sheet: 'Suppliers' } });
    const done = await runAndWait(t, manager, jobId);
    expect(done.status, JSON.stringify(done.runs[0])).toBe('Ready');
    const spend = await spendByName(jobId);
    expect(spend['Harbour Logistics Ltd']).toBeCloseTo(2500.25, 2);
    expect(spend['Kestrel Print Ltd']).toBeCloseTo(1234.5, 2);
    expect(spend['Otter Foods Ltd']).toBeCloseTo(1000, 2);
  }, 240_000);
});
