/** The run comparison's queries (endpoint-comparison-sql.ts) on tiny files, and a review snapshot of their text. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lit, openDb, type Db } from '@sextant/analysis';
import { comparedSuppliersSql, comparedViewsSql } from './endpoint-comparison-sql.ts';

let db: Db;
const dir = mkdtempSync(path.join(tmpdir(), "sx-compare'sql-"));
const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  db = await openDb({ threads: 1, memoryLimit: '256MB' });
  await db.run(`COPY (SELECT * FROM (VALUES ('country', 'Overall', 'USA', 3), ('country', 'Overall', 'GBR', 1), ('mcc', 'Overall', '5411', 2))
    t(view, slicer, category, supplierCount)) TO ${lit(file('views.parquet'))} (FORMAT parquet)`);
  await db.run(
    `COPY (SELECT * FROM (VALUES ('k3', 1.0), ('k1', 2.0), ('k2', 3.0)) t(supplierKey, spend)) TO ${lit(file('suppliers.parquet'))} (FORMAT parquet)`,
  );
});
afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('run comparison queries on tiny files', () => {
  it('reads every view row in a stable order, and the first suppliers by key', async () => {
    expect(
      (await db.all<{ category: string }>(comparedViewsSql(file('views.parquet')))).map((r) => r.category),
    ).toEqual(['GBR', 'USA', '5411']);
    expect(await db.all(comparedSuppliersSql(file('suppliers.parquet'), 2))).toEqual([
      { supplierKey: 'k1', spend: 2 },
      { supplierKey: 'k2', spend: 3 },
    ]);
  });
});

it('review snapshot of the generated SQL', async () => {
  const text = [
    `-- comparedViewsSql\n${comparedViewsSql('/data/jobs/<job>/runs/1/results/views.parquet')};\n`,
    `-- comparedSuppliersSql\n${comparedSuppliersSql('/data/jobs/<job>/runs/1/results/suppliers.parquet', 5000)};\n`,
  ].join('\n');
  await expect(text).toMatchFileSnapshot('./__snapshots__/endpoint-comparison-sql.snap.sql');
});
