/** The vendor page's query (vendors-sql.ts) on two tiny run files, and a review snapshot of its text. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuckDBValue } from '@duckdb/node-api';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lit, openDb, type Db } from '@sextant/analysis';
import { vendorInFilesSql } from './vendors-sql.ts';

let db: Db;
const dir = mkdtempSync(path.join(tmpdir(), "sx-vendor'sql-"));
const a = path.join(dir, 'a.parquet');
const b = path.join(dir, 'b.parquet');

beforeAll(async () => {
  db = await openDb({ threads: 1, memoryLimit: '256MB' });
  await db.run(`COPY (SELECT * FROM (VALUES (1, 'Acme', 10.0, 'USD', 'High', 7), (2, 'Other', 99.0, 'USD', 'Low', 8))
    t(supplierKey, supplierName, spend, currency, matchConfidence, matchedMerchantId)) TO ${lit(a)} (FORMAT parquet)`);
  // an older file without the match confidence column (union by name)
  await db.run(`COPY (SELECT * FROM (VALUES ('x', 'ACME', 50.0, 'EUR', 7), ('y', 'ACME 2', NULL, 'EUR', 7))
    t(supplierKey, supplierName, spend, currency, matchedMerchantId)) TO ${lit(b)} (FORMAT parquet)`);
});
afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('vendorInFilesSql on tiny files', () => {
  it("finds the vendor's suppliers in every file, largest spend first, with their file", async () => {
    const reader = await db.conn.runAndReadAll(vendorInFilesSql([a, b]), [7] as DuckDBValue[]);
    expect(reader.getRowObjectsJS()).toEqual([
      { filename: b, supplierKey: 'x', supplierName: 'ACME', spend: 50, currency: 'EUR', matchConfidence: null },
      { filename: a, supplierKey: '1', supplierName: 'Acme', spend: 10, currency: 'USD', matchConfidence: 'High' },
      { filename: b, supplierKey: 'y', supplierName: 'ACME 2', spend: null, currency: 'EUR', matchConfidence: null },
    ]);
  });
});

it('review snapshot of the generated SQL', async () => {
  const text = `-- vendorInFilesSql\n${vendorInFilesSql([
    '/data/jobs/<job-a>/runs/1/results/suppliers.parquet',
    '/data/jobs/<job-b>/runs/3/results/suppliers.parquet',
  ])};\n`;
  await expect(text).toMatchFileSnapshot('./__snapshots__/vendors-sql.snap.sql');
});
