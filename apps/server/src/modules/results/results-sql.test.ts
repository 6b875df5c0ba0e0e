/**
 * The results pages' SQL builders (results-sql.ts) on tiny tables in an in-memory DuckDB, and a review snapshot of
 * every builder's text (__snapshots__/results-sql.snap.sql): a change to a query shows in the diff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuckDBValue } from '@duckdb/node-api';
import { openDb, type Db } from '@sextant/analysis';
import { lit } from '../../lib/duckdb/index.ts';
import {
  businessCaseBaseSql,
  chartViewSql,
  sliceWhere,
  summaryCombosSql,
  topSuppliersSql,
  useCaseByIdSql,
  useCaseListSql,
  useCasesBySpendSql,
} from './results-sql.ts';

let db: Db;
type Cell = string | number | boolean | null;
const values = (rows: readonly Cell[][]) => `(VALUES ${rows.map((r) => `(${r.map(lit).join(', ')})`).join(', ')})`;
async function table(name: string, columns: string, rows: readonly Cell[][]): Promise<void> {
  const names = columns.split(',').map((c) => c.trim().split(/\s+/)[0]);
  const casts = columns.split(',').map((c, i) => `CAST(col${i} AS ${c.trim().split(/\s+/)[1]}) AS ${names[i]}`);
  await db.run(
    `CREATE TABLE ${name} AS SELECT ${casts.join(', ')} FROM ${values(rows)} v(${names.map((_, i) => `col${i}`).join(', ')})`,
  );
}
async function rows<T>(sql: string, params: DuckDBValue[] = []): Promise<T[]> {
  const reader = await db.conn.runAndReadAll(sql, params);
  return reader
    .getRowObjectsJS()
    .map((r) => JSON.parse(JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? Number(v) : v))) as T);
}

beforeAll(async () => {
  db = await openDb({ threads: 1, memoryLimit: '256MB' });
  await table(
    'suppliers',
    'supplierKey VARCHAR, supplierName VARCHAR, country VARCHAR, spend DOUBLE, cardCapability VARCHAR, matchStatus VARCHAR, currency VARCHAR, spendCount BIGINT, poCount BIGINT, invoiceCount BIGINT, paymentCount BIGINT, transactionCount BIGINT, OptimaLevel VARCHAR, OptimaConfidence VARCHAR, paymentMethod VARCHAR, optimaMethod VARCHAR, lockboxProgramme VARCHAR',
    [
      ['s1', 'Acme', 'USA', 500, 'STP', 'MATCHED', 'USD', 1, 0, 2, 3, 4, 'High', 'High', 'ACH', 'Stp', null],
      ['s2', null, 'GBR', 300, 'Unmatched', 'UNMATCHED', 'USD', 1, 1, 0, 0, 1, 'Low', 'Low', 'Check', 'Boost', 'Its'],
      ['s3', "O'Neil", 'USA', 300, 'STP', 'MATCHED', 'USD', 2, 0, 1, 1, 2, 'High', 'High', 'ACH', 'Stp', null],
      ['s4', 'Zed', 'USA', null, 'Card Acceptor', 'MATCHED', 'USD', 0, 0, 0, null, 0, null, null, null, null, null],
    ],
  );
  await table(
    'useCases',
    'useCaseId VARCHAR, name VARCHAR, description VARCHAR, rebateBps INTEGER, supplierCount BIGINT, spend DOUBLE, estimatedRebate DOUBLE',
    [
      ['uc-a', 'Alpha', 'a', 100, 2, 800, 8],
      ['uc-b', 'Beta', 'b', 50, 1, 900, 4.5],
      ['uc-c', 'Gamma', 'c', 80, 1, 100, 8],
    ],
  );
  await table(
    'views',
    'view VARCHAR, slicer VARCHAR, slicerValue VARCHAR, category VARCHAR, supplierCount BIGINT, spend DOUBLE, documentCount BIGINT, matchedCount BIGINT',
    [
      ['country', 'Overall', 'ALL', 'USA', 2, 800, 5, 2],
      ['country', 'Overall', 'ALL', '', 1, 10, 1, 0],
      ['country', 'Overall', 'ALL', null, 1, 5, 1, 1],
      ['country', 'CardAccepting', 'MATCHED', 'USA', 2, 800, 5, 2],
      ['mcc', 'Overall', 'ALL', '5411', 1, 1, 1, 1],
    ],
  );
});
afterAll(() => db?.close());

describe('results SQL builders on tiny tables', () => {
  it('summaryCombosSql groups suppliers by capability, match status and level/confidence per kind, under a slicer', async () => {
    const all = await rows<Record<string, unknown>>(
      `${summaryCombosSql('suppliers', sliceWhere({ slicer: 'Overall' }), ['Optima'])} ORDER BY cap, l_Optima`,
      ['ALL'],
    );
    expect(all).toEqual([
      expect.objectContaining({ cap: 'Card Acceptor', matched: true, l_Optima: 'None', c_Optima: null, n: 1, s: null }),
      expect.objectContaining({
        cap: 'STP',
        matched: true,
        l_Optima: 'High',
        c_Optima: 'High',
        n: 2,
        s: 800,
        cInv: 3,
        cPay: 4,
      }),
      expect.objectContaining({ cap: 'Unmatched', matched: false, l_Optima: 'Low', n: 1, s: 300, currency: 'USD' }),
    ]);
    const unmatched = await rows<{ n: number }>(
      summaryCombosSql('suppliers', sliceWhere({ slicer: 'CardAccepting' }), []),
      ['UNMATCHED'],
    );
    expect(unmatched).toEqual([expect.objectContaining({ cap: 'Unmatched', matched: false, n: 1 })]);
  });

  it('chartViewSql sums one view under one slicer and names empty categories', async () => {
    const got = await rows(`${chartViewSql('views')} ORDER BY category`, ['country', 'Overall', 'ALL', 'Unknown']);
    expect(got).toEqual([
      { category: 'USA', supplierCount: 2, spend: 800, documentCount: 5, matchedCount: 2 },
      { category: 'Unknown', supplierCount: 2, spend: 15, documentCount: 2, matchedCount: 1 },
    ]);
  });

  it('useCaseListSql orders by estimated rebate, then spend, then name; useCaseByIdSql finds one', async () => {
    expect((await rows<{ useCaseId: string }>(useCaseListSql('useCases'))).map((r) => r.useCaseId)).toEqual([
      'uc-a',
      'uc-c',
      'uc-b',
    ]);
    expect(await rows(useCaseByIdSql('useCases'), ['uc-b'])).toEqual([
      expect.objectContaining({ name: 'Beta', rebateBps: 50 }),
    ]);
    expect(await rows(useCaseByIdSql('useCases'), ["' OR 1=1 --"])).toEqual([]);
  });

  it('businessCaseBaseSql counts suppliers, spend and payments per Optima level, payment method and route', async () => {
    const got = await rows<{ level: string; paymentMethod: string | null }>(
      `${businessCaseBaseSql('suppliers', { optima: true, offerColumns: true })} ORDER BY level, paymentMethod`,
    );
    expect(got).toEqual([
      {
        level: 'High',
        paymentMethod: 'ACH',
        route: 'Stp',
        lockbox: null,
        suppliers: 2,
        spend: 800,
        payments: 4,
        withoutPayments: 0,
      },
      {
        level: 'Low',
        paymentMethod: 'Check',
        route: 'Boost',
        lockbox: 'Its',
        suppliers: 1,
        spend: 300,
        payments: 0,
        withoutPayments: 1,
      },
      {
        level: 'None',
        paymentMethod: null,
        route: null,
        lockbox: null,
        suppliers: 1,
        spend: null,
        payments: 0,
        withoutPayments: 1,
      },
    ]);
  });

  it('businessCaseBaseSql puts every supplier at None without Optima, and reads no lockbox column of older runs', async () => {
    await table('bare', 'supplierKey VARCHAR, spend DOUBLE, paymentMethod VARCHAR, paymentCount BIGINT', [
      ['b1', 100, 'ACH', 2],
      ['b2', 50, 'ACH', 1],
    ]);
    expect(await rows(businessCaseBaseSql('bare', { optima: false, offerColumns: false }))).toEqual([
      {
        level: 'None',
        paymentMethod: 'ACH',
        route: null,
        lockbox: null,
        suppliers: 2,
        spend: 150,
        payments: 3,
        withoutPayments: 0,
      },
    ]);
  });

  it('topSuppliersSql takes the largest suppliers (ties by key, no spend last); useCasesBySpendSql orders by spend', async () => {
    expect(await rows(topSuppliersSql('suppliers', 3))).toEqual([
      { name: 'Acme', country: 'USA', spend: 500, cardCapability: 'STP' },
      { name: 's2', country: 'GBR', spend: 300, cardCapability: 'Unmatched' },
      { name: "O'Neil", country: 'USA', spend: 300, cardCapability: 'STP' },
    ]);
    expect((await rows<{ id: string }>(useCasesBySpendSql('useCases'))).map((r) => r.id)).toEqual([
      'uc-b',
      'uc-a',
      'uc-c',
    ]);
  });
});

it('review snapshot of the generated SQL', async () => {
  const src = "read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet')";
  const sql = {
    summaryCombosSql: summaryCombosSql(src, sliceWhere({ slicer: 'CardCapability' }), ['Optima', 'Stp']),
    chartViewSql: chartViewSql("read_parquet('views.parquet')"),
    useCaseListSql: useCaseListSql("read_parquet('use-cases.parquet')"),
    useCaseByIdSql: useCaseByIdSql("read_parquet('use-cases.parquet')"),
    businessCaseBaseSql: businessCaseBaseSql(src, { optima: true, offerColumns: true }),
    topSuppliersSql: topSuppliersSql(src, 10),
    useCasesBySpendSql: useCasesBySpendSql("read_parquet('use-cases.parquet')"),
  };
  const text = Object.entries(sql)
    .map(([name, q]) => `-- ${name}\n${q.trim()};\n`)
    .join('\n');
  await expect(text).toMatchFileSnapshot('./__snapshots__/results-sql.snap.sql');
});
