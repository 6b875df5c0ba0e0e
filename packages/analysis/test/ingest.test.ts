import { afterAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import ExcelJS from 'exceljs';
import { ingestFile } from '../src/ingest/ingest.ts';
import { previewFile } from '../src/ingest/preview.ts';
import { AnalysisInputError } from '../src/errors.ts';
import { withDb, lit } from '../src/db.ts';
import { tmpDir, writeFile } from './helpers.ts';

const { dir, cleanup } = tmpDir();
afterAll(cleanup);

async function rows(file: string): Promise<Record<string, unknown>[]> {
  return withDb({}, (db) => db.all(`SELECT * FROM read_parquet(${lit(file)}) ORDER BY rowNumber`));
}

describe('ingestFile', () => {
  it('maps synonyms, parses values and reports every bad row with row number, column and reason', async () => {
    const f = writeFile(
      dir,
      'sup.csv',
      'Vendor No;Vendor Name;Zip;Country;Annual Spend;Terms\nV1;Acme Widgets Ltd;SW1A 1AA;GB;1.234,50;Net 30\nV2;Beta GmbH;10115;DEU;abc;30\n;;;;;\nV1;Acme Widgets Ltd;;Narnia;100;\nV5;Gamma;1;2\nV6;Delta Inc;02110;USA;(500,00);immediate\n',
    );
    const r = await ingestFile({ file: f, kind: 'suppliers', workDir: dir });
    expect(r.delimiter).toBe(';');
    expect(r.mapping).toMatchObject({
      supplierId: 'Vendor No',
      supplierName: 'Vendor Name',
      postcode: 'Zip',
      country: 'Country',
      amount: 'Annual Spend',
      paymentTerms: 'Terms',
    });
    expect(r.rowsRead).toBe(6);
    expect(r.rowsAccepted + r.rowsRejected).toBe(r.rowsRead);
    // an amount that cannot be read makes its row unused (never a supplier without spend)
    expect(r.rowsRejected).toBe(2);
    const byRow = (row: number) => r.issues.filter((i) => i.row === row);
    expect(byRow(3)).toEqual([
      {
        row: 3,
        column: 'Annual Spend',
        value: 'abc',
        severity: 'error',
        reason: 'not an amount (no digits); row not used',
      },
    ]);
    expect(byRow(4)[0]).toMatchObject({ severity: 'error', reason: 'empty row; not used' });
    expect(
      byRow(5)
        .map((i) => i.reason)
        .join(),
    ).toMatch(/unknown country.*|duplicate supplier id \(first on row 2\)/);
    expect(byRow(5).some((i) => /duplicate supplier id \(first on row 2\)/.test(i.reason))).toBe(true);
    // A row shorter than the header is read as a spreadsheet reads it: the missing cells are empty.
    expect(byRow(6)).toEqual([
      expect.objectContaining({
        severity: 'warning',
        column: 'Country',
        reason: expect.stringMatching(/unknown country/),
      }),
    ]);
    const data = await rows(r.dataFile);
    expect(data.map((d) => d.rowNumber)).toEqual([2, 5, 6, 7]);
    expect(data[0]).toMatchObject({ amount: 1234.5, paymentTerms: 30, country: 'GBR' });
    expect(data[2]).toMatchObject({ supplierName: 'Gamma', postcode: '1', amount: null, paymentTerms: null });
    expect(r.amountTotals).toEqual([{ currency: null, amount: 1234.5 + 100 - 500, rows: 3 }]);
    expect(data[3]).toMatchObject({ amount: -500, paymentTerms: 0, country: 'USA', supplierName: 'Delta Inc' });
  });

  it('rejects an empty file', async () => {
    const f = writeFile(dir, 'empty.csv', '');
    await expect(ingestFile({ file: f, kind: 'suppliers', workDir: dir })).rejects.toMatchObject({
      code: 'EMPTY_FILE',
    });
  });

  it('names the headers when no supplier name column is recognisable, and hints at the delimiter', async () => {
    const f = writeFile(dir, 'noname.csv', 'Foo,Bar,Amount\n1,2,3\n');
    const e = await ingestFile({ file: f, kind: 'payments', workDir: dir }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AnalysisInputError);
    expect((e as AnalysisInputError).code).toBe('NO_SUPPLIER_NAME_COLUMN');
    expect((e as AnalysisInputError).message).toMatch(/"Foo", "Bar", "Amount"/);
    const g = writeFile(dir, 'wrongdelim.csv', 'Supplier Name:Amount\nAcme:1\n');
    const e2 = await ingestFile({ file: g, kind: 'payments', workDir: dir, delimiter: ',' }).catch((x: unknown) => x);
    expect((e2 as AnalysisInputError).message).toMatch(/single column/);
  });

  it('detects tab delimiters and honours mapping overrides', async () => {
    const f = writeFile(dir, 'tab.tsv', 'Beneficiary\tCol X\tPaid\nAcme\t12.5\t2024-01-03\n');
    const r = await ingestFile({ file: f, kind: 'payments', workDir: dir, mapping: { amount: 'Col X', date: 'Paid' } });
    expect(r.delimiter).toBe('\t');
    const d = await rows(r.dataFile);
    expect(d[0]).toMatchObject({ supplierName: 'Acme', amount: 12.5, date: '2024-01-03' });
    await expect(
      ingestFile({ file: f, kind: 'payments', workDir: dir, mapping: { amount: 'Nope' } }),
    ).rejects.toMatchObject({ code: 'UNKNOWN_MAPPED_COLUMN' });
  });

  it('handles Windows-1252 and mixed encodings line by line, and UTF-16 with BOM', async () => {
    const utf8 = Buffer.from('Supplier Name,Amount\nMüller GmbH,10\n', 'utf8');
    const latin = iconv.encode('Société Générale,20\n', 'windows-1252');
    const f = writeFile(dir, 'mixed.csv', Buffer.concat([utf8, latin]));
    const r = await ingestFile({ file: f, kind: 'payments', workDir: dir });
    expect(r.encoding).toMatch(/mixed/);
    expect(r.issues.some((i) => i.row === 3 && /not valid UTF-8/.test(i.reason))).toBe(true);
    expect((await rows(r.dataFile)).map((x) => x.supplierName)).toEqual(['Müller GmbH', 'Société Générale']);
    const u16 = writeFile(
      dir,
      'u16.csv',
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('Vendor;Amount\nÅkesson AB;5\n', 'utf16le')]),
    );
    const r2 = await ingestFile({ file: u16, kind: 'payments', workDir: dir });
    expect((await rows(r2.dataFile))[0]).toMatchObject({ supplierName: 'Åkesson AB', amount: 5 });
  });

  it('parses day-first and month-first dates by column evidence', async () => {
    const f = writeFile(dir, 'dates.csv', 'Payee,Amount,Payment Date\nA,1,25/12/2024\nB,2,01/02/2024\n');
    const d = await rows((await ingestFile({ file: f, kind: 'payments', workDir: dir })).dataFile);
    expect(d.map((x) => x.date)).toEqual(['2024-12-25', '2024-02-01']);
    const g = writeFile(dir, 'dates-us.csv', 'Payee,Amount,Payment Date\nA,1,12/25/2024\nB,2,01/02/2024\n');
    const e = await rows((await ingestFile({ file: g, kind: 'payments', workDir: dir })).dataFile);
    expect(e.map((x) => x.date)).toEqual(['2024-12-25', '2024-01-02']);
  });

  it('reads XLSX and refuses workbooks that inflate past the limit', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Data');
    ws.addRow(['Supplier', 'Spend', 'Country']);
    ws.addRow(['Acme Ltd', 1200.5, 'United Kingdom']);
    ws.addRow(['Beta SAS', 'n/a', 'FR']);
    const f = `${dir}/book.xlsx`;
    await wb.xlsx.writeFile(f);
    const r = await ingestFile({ file: f, kind: 'suppliers', workDir: dir });
    expect(r.format).toBe('xlsx');
    expect(r.rowsRead).toBe(2);
    expect(r.issues[0]).toMatchObject({ row: 3, column: 'Spend', value: 'n/a' });
    expect((await rows(r.dataFile))[0]).toMatchObject({ supplierName: 'Acme Ltd', amount: 1200.5, country: 'GBR' });
    await expect(ingestFile({ file: f, kind: 'suppliers', workDir: dir, xlsxMaxBytes: 1000 })).rejects.toMatchObject({
      code: 'XLSX_TOO_LARGE',
    });
  });

  it('reads a French file: narrow no-break and no-break spaces group thousands, a comma is the decimal', async () => {
    const f = writeFile(
      dir,
      'fr.csv',
      'Fournisseur;Montant;Devise\nAlpha SARL;1\u202f234,56;EUR\nBeta SA;980,00;EUR\nGamma;12\u00a0345\u00a0678,9 €;EUR\nDelta;(1\u202f000,00);EUR\nEpsilon;N/A;EUR\nZeta;;EUR\n',
    );
    const r = await ingestFile({ file: f, kind: 'payments', workDir: dir });
    expect(r.rowsRead).toBe(6);
    expect(r.rowsAccepted).toBe(5);
    expect(r.issues.filter((i) => i.severity === 'error')).toEqual([
      { row: 6, column: 'Montant', value: 'N/A', reason: 'not an amount (no digits); row not used', severity: 'error' },
    ]);
    // the empty amount stays what it was: a document without spend (a warning)
    expect(r.issues.filter((i) => i.severity === 'warning').map((i) => [i.row, i.reason])).toEqual([
      [7, 'amount is empty; the row counts as a document without spend'],
    ]);
    expect((await rows(r.dataFile)).map((d) => [d.supplierName, d.amount])).toEqual([
      ['Alpha SARL', 1234.56],
      ['Beta SA', 980],
      ['Gamma', 12345678.9],
      ['Delta', -1000],
      ['Zeta', null],
    ]);
    expect(r.amountTotals).toEqual([{ currency: 'EUR', amount: 1234.56 + 980 + 12345678.9 - 1000, rows: 4 }]);
  });

  it('reads the worksheet that holds the table, not a cover page before it; a worksheet chosen is read', async () => {
    const wb = new ExcelJS.Workbook();
    const cover = wb.addWorksheet('Cover');
    cover.addRow(['Supplier spend report 2024']);
    cover.addRow(['Prepared by', 'Finance']);
    cover.addRow(['Amount in', 'EUR']);
    const notes = wb.addWorksheet('Notes');
    notes.addRow(['Note', 'Text']);
    notes.addRow(['1', 'Figures are unaudited']);
    const data = wb.addWorksheet('Payments');
    data.addRow(['Payment date', 'Vendor name', 'Amount', 'Currency']);
    data.addRow(['2024-03-01', 'Acme Ltd', 1200.5, 'EUR']);
    data.addRow(['2024-03-02', 'Beta SAS', '1 234,50', 'EUR']);
    const f = `${dir}/cover.xlsx`;
    await wb.xlsx.writeFile(f);
    const p = await previewFile(f, { kind: 'payments' });
    expect(p.sheets).toEqual(['Cover', 'Notes', 'Payments']);
    expect(p.sheet).toBe('Payments');
    expect(p.detected.mapping).toMatchObject({ supplierName: 'Vendor name', amount: 'Amount' });
    const r = await ingestFile({ file: f, kind: 'payments', workDir: dir });
    expect(r.sheet).toBe('Payments');
    expect(r.amountTotals).toEqual([{ currency: 'EUR', amount: 2435, rows: 2 }]);
    // the user's choice wins (and a cover page has no table: no supplier name column)
    await expect(ingestFile({ file: f, kind: 'payments', workDir: dir, sheet: 'Cover' })).rejects.toMatchObject({
      code: 'NO_SUPPLIER_NAME_COLUMN',
    });
    // a supplier list: the Notes sheet has no supplier column either, so still the table
    expect((await previewFile(f, { kind: 'suppliers' })).sheet).toBe('Payments');
  });
});
