/**
 * First contact at the engine: header rows below title lines, totals rows, an issue report without
 * issues, rows wider than the header, whitespace in names, serial dates, delimiters under title lines.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lit, withDb } from '../src/db.ts';
import { detectColumns, detectHeaderRow, TOTAL_LABEL } from '../src/ingest/detect.ts';
import { ingestFile } from '../src/ingest/ingest.ts';
import { previewFile } from '../src/ingest/preview.ts';
import { parseCsvRecords, sniffDelimiter } from '../src/ingest/sniff.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'sx-first-contact-'));
const write = (name: string, content: string) => {
  const f = path.join(dir, name);
  writeFileSync(f, content);
  return f;
};
const rows = (file: string) =>
  withDb({}, (db) => db.all<Record<string, unknown>>(`SELECT * FROM read_parquet(${lit(file)}) ORDER BY 1, 2, 3`));

describe('header row detection', () => {
  it('finds the header below title lines, notes and blank lines, and keeps row 1 for an ordinary file', () => {
    const report = [
      ['Supplier spend report FY2025'],
      ['Generated 2025-04-02 by AP'],
      [''],
      ['Vendor Name', 'Total Paid', 'Country'],
      ['Acme', '$1,000.00', 'US'],
      ['Beta', '$500.00', 'US'],
    ];
    expect(detectHeaderRow(report, 'suppliers').index).toBe(3);
    expect(detectHeaderRow(report.slice(3), 'suppliers').index).toBe(0);
    // headers nobody would recognise still win over the data below them
    expect(
      detectHeaderRow([
        ['Acct', 'Legal Entity Designation', 'Total'],
        ['A1', 'Alpha Ltd', '10'],
      ]).index,
    ).toBe(0);
    // all-text vendor master: the recognised header wins over its text rows
    expect(
      detectHeaderRow(
        [
          ['Supplier Name', 'Address', 'City'],
          ['Acme Ltd', '1 Road', 'London'],
        ],
        'suppliers',
      ).index,
    ).toBe(0);
  });

  it('splits records with their physical line, across quoted line breaks and blank lines', () => {
    const r = parseCsvRecords('Title\n\nName,Spend\n"Jones\nPlumbing",1\nB,2', ',', 50, true);
    expect(r.map((x) => [x.line, x.lines, x.fields])).toEqual([
      [1, 1, ['Title']],
      [2, 1, ['']],
      [3, 1, ['Name', 'Spend']],
      [4, 2, ['Jones\nPlumbing', '1']],
      [6, 1, ['B', '2']],
    ]);
  });

  it('chooses the delimiter of the table, not of the title line above it', () => {
    expect(sniffDelimiter('Report, FY2025\nKreditor;Name;Umsatz\n1;A;1,5\n2;B;2,5\n').delimiter).toBe(';');
  });

  it('takes a column of codes as the supplier id, not the name (SAP "Vendor" beside "Name 1")', () => {
    const d = detectColumns(['Vendor', 'Name 1', 'City'], 'suppliers', [
      ['100001', 'Müller GmbH', 'Stuttgart'],
      ['100002', 'Schneider AG', 'Hamburg'],
    ]);
    expect(d.mapping).toMatchObject({ supplierId: 'Vendor', supplierName: 'Name 1' });
    expect(detectColumns(['Vendor', 'City'], 'suppliers', [['Acme', 'Leeds']]).mapping.supplierName).toBe('Vendor');
  });

  it('recognises totals labels as whole cells only', () => {
    for (const l of [
      'Total',
      'TOTAL',
      'Grand Total',
      'Sub-total',
      'Subtotal',
      'Summe',
      'Total général',
      'Report Total:',
    ])
      expect(TOTAL_LABEL.test(l), l).toBe(true);
    for (const l of ['Total S.A.', 'TotalEnergies SE', 'Summers Ltd', 'Grand Hotel'])
      expect(TOTAL_LABEL.test(l), l).toBe(false);
  });
});

describe('ingest of first-contact files', () => {
  it('writes an issue report for a file without any issue (a vendor master without spend)', async () => {
    const f = write('master.csv', 'Supplier Name,Address,City\nAcme Ltd,1 Road,London\nBeta,2 Road,Leeds\n');
    const r = await ingestFile({ file: f, kind: 'suppliers', workDir: dir });
    expect(r).toMatchObject({ rowsRead: 2, rowsAccepted: 2, issueCount: 0, headerRow: 1 });
    expect(await rows(r.issuesFile)).toEqual([]);
  });

  it('reads below the title lines, leaves the Total line out as a warning and numbers rows as the file does', async () => {
    const f = write(
      'report.csv',
      'Supplier spend report FY2025\nGenerated 2025-04-02\n\nVendor Name,Total Paid,Country\nAcme,"$1,000.00",US\nBeta,$500.00,US\nTotal,"$1,500.00",\n',
    );
    const r = await ingestFile({ file: f, kind: 'suppliers', workDir: dir });
    expect(r).toMatchObject({
      headerRow: 4,
      detectedHeaderRow: 4,
      rowsRead: 3,
      rowsAccepted: 2,
      rowsRejected: 1,
      rowsTotals: 1,
    });
    expect(r.issues).toEqual([
      { row: 7, column: 'Vendor Name', value: 'Total', reason: 'totals row; not used', severity: 'warning' },
    ]);
    const data = await rows(r.dataFile);
    expect(data.map((d) => [d.rowNumber, d.supplierName, d.amount])).toEqual([
      [5, 'Acme', 1000],
      [6, 'Beta', 500],
    ]);
    // the header row chosen by hand: the first line is the header, and nothing is a supplier name
    await expect(ingestFile({ file: f, kind: 'suppliers', workDir: dir, headerRow: 1 })).rejects.toMatchObject({
      code: 'NO_SUPPLIER_NAME_COLUMN',
    });
    await expect(ingestFile({ file: f, kind: 'suppliers', workDir: dir, headerRow: 3 })).rejects.toMatchObject({
      code: 'NO_HEADER',
      row: 3,
    });
  });

  it('rejects a row wider than the header with a row-level reason, and pads a shorter one', async () => {
    const f = write('wide.csv', 'Supplier,Spend\nAcme,1,200.00\nBeta\n');
    const r = await ingestFile({ file: f, kind: 'suppliers', workDir: dir });
    expect(r).toMatchObject({ rowsRead: 2, rowsAccepted: 1 });
    expect(r.issues[0]).toMatchObject({ row: 2, severity: 'error' });
    expect(r.issues[0]!.reason).toContain('more fields than the 2 columns of the header');
  });

  it('normalises whitespace in names (line breaks, tabs, non-breaking spaces) and reads Excel serial dates', async () => {
    const f = write(
      'ws.csv',
      'Vendor,Invoice Date,Amount\n"Jones\nPlumbing",45672,10\n"Acme\u00a0\tCorp ",2025-01-02,20\n',
    );
    const r = await ingestFile({ file: f, kind: 'invoices', workDir: dir });
    const data = await rows(r.dataFile);
    expect(data.map((d) => d.supplierName).sort()).toEqual(['Acme Corp', 'Jones Plumbing']);
    expect(data.find((d) => d.supplierName === 'Jones Plumbing')!.date).toBe('2025-01-15');
    const p = await previewFile(f, { kind: 'invoices' });
    expect(p.rows[0]![0]).toBe('Jones Plumbing');
  });

  it('answers a header without rows with a specific error', async () => {
    const f = write('header-only.csv', 'Supplier,Spend\n');
    await expect(ingestFile({ file: f, kind: 'suppliers', workDir: dir })).rejects.toMatchObject({
      code: 'NO_DATA_ROWS',
    });
  });
});
