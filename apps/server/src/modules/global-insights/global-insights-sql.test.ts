/**
 * The global insights' SQL builders (global-insights-sql.ts) on two tiny jobs' result files in an in-memory DuckDB,
 * and a review snapshot of their text (__snapshots__/global-insights-sql.snap.sql).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DuckDBValue } from '@duckdb/node-api';
import { lit, openDb, type Db } from '@sextant/analysis';
import { rowCountSql } from '../../lib/duckdb/index.ts';
import { sliceWhere } from '../results/index.ts';
import {
  currenciesSql,
  entitiesCopySql,
  entitiesTableSql,
  entityKeySql,
  organisationsSql,
  rawTableSql,
  rowsPerJobSql,
  scopeSummarySql,
  viewsCopySql,
  type ScopeJobFiles,
} from './global-insights-sql.ts';

let db: Db;
const dir = mkdtempSync(path.join(tmpdir(), 'sx-global-sql-'));
const file = (name: string) => path.join(dir, name);
const ATTRIBUTES = ['cardCapability', 'matchStatus', 'country'];
const jobs: ScopeJobFiles[] = [
  {
    jobId: 'job-a',
    issuerId: 'iss-1',
    buyerKey: 'buyer-1',
    suppliersFile: file('a.parquet'),
    useCaseSuppliersFile: file("a'uc.parquet"),
  },
  {
    jobId: 'job-b',
    issuerId: 'iss-1',
    buyerKey: 'job:job-b',
    suppliersFile: file('b.parquet'),
    useCaseSuppliersFile: null,
  },
];

beforeAll(async () => {
  db = await openDb({ threads: 1, memoryLimit: '256MB' });
  // merchant 7 is matched in both jobs (one entity); the unmatched suppliers stay their job's own
  await db.run(`COPY (SELECT * FROM (VALUES
    ('a1', 7, 100.0, 3, 'EUR', 'STP', 'MATCHED', 'DEU'),
    ('a2', NULL, NULL, 1, 'EUR', 'Unmatched', 'UNMATCHED', 'FRA')
  ) t(supplierKey, matchedMerchantId, spend, documentCount, currency, cardCapability, matchStatus, country)) TO ${lit(file('a.parquet'))} (FORMAT parquet)`);
  await db.run(
    `COPY (SELECT * FROM (VALUES ('a1', 2.0), ('a1', 5.0)) t(supplierKey, estimatedRebate)) TO ${lit(file("a'uc.parquet"))} (FORMAT parquet)`,
  );
  await db.run(`COPY (SELECT * FROM (VALUES
    ('b1', 7, 300.0, 2, 'USD', 'Card Acceptor', 'MATCHED', 'USA'),
    ('a2', NULL, 50.0, 1, 'USD', 'Unmatched', 'UNMATCHED', 'USA')
  ) t(supplierKey, matchedMerchantId, spend, documentCount, currency, cardCapability, matchStatus, country)) TO ${lit(file('b.parquet'))} (FORMAT parquet)`);
});
afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function rows<T>(sql: string, params: DuckDBValue[] = []): Promise<T[]> {
  const reader = await db.conn.runAndReadAll(sql, params);
  return reader
    .getRowObjectsJS()
    .map((r) => JSON.parse(JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? Number(v) : v))) as T);
}

describe('global insights SQL on two tiny jobs', () => {
  it('counts a merchant matched in several jobs once, with the attributes of its largest row', async () => {
    await db.run(rawTableSql(jobs, ATTRIBUTES));
    for (const sql of entityKeySql()) await db.run(sql);
    expect(await db.all(rowCountSql('raw'))).toEqual([{ n: 4 }]);
    expect(await db.all(`SELECT jobId, supplierKey, ek, spend, rebate FROM raw ORDER BY jobId, supplierKey`)).toEqual([
      { jobId: 'job-a', supplierKey: 'a1', ek: 'm:7', spend: 100, rebate: 5 },
      { jobId: 'job-a', supplierKey: 'a2', ek: 'j:job-a:a2', spend: 0, rebate: 0 },
      { jobId: 'job-b', supplierKey: 'a2', ek: 'j:job-b:a2', spend: 50, rebate: 0 },
      { jobId: 'job-b', supplierKey: 'b1', ek: 'm:7', spend: 300, rebate: 0 },
    ]);
    await db.run(entitiesTableSql(ATTRIBUTES));
    expect(await db.all(`SELECT * FROM ent WHERE supplierKey = 'm:7'`)).toEqual([
      {
        supplierKey: 'm:7',
        spend: 400,
        documentCount: 5,
        rebate: 5,
        supplierRows: 2,
        cardCapability: 'Card Acceptor',
        matchStatus: 'MATCHED',
        country: 'USA',
      },
    ]);
  });

  it('sums organisations, rows per job and currencies, and the headline figures under a slice', async () => {
    expect(await db.all(`${organisationsSql('issuerId')} ORDER BY 1`)).toEqual([
      { id: 'iss-1', suppliers: 3, spend: 450, ms: 400, cap: 400, rebate: 5 },
    ]);
    expect(await db.all(`${organisationsSql('buyerId')} ORDER BY 1`)).toEqual([
      { id: 'buyer-1', suppliers: 2, spend: 100, ms: 100, cap: 100, rebate: 5 },
      { id: 'job:job-b', suppliers: 2, spend: 350, ms: 300, cap: 300, rebate: 0 },
    ]);
    expect(await db.all(`${rowsPerJobSql()} ORDER BY 1`)).toEqual([
      { jobId: 'job-a', n: 2 },
      { jobId: 'job-b', n: 2 },
    ]);
    expect(await db.all(currenciesSql())).toEqual([{ c: 'EUR' }, { c: 'USD' }]); // a tie: by name
    const summary = await rows(`${scopeSummarySql('ent', sliceWhere({ slicer: 'CardAccepting' }))} ORDER BY cap`, [
      'MATCHED',
    ]);
    expect(summary).toEqual([{ cap: 'Card Acceptor', matched: true, n: 1, s: 400, r: 5 }]);
    await db.run(entitiesCopySql(file('entities.parquet')));
    expect(await db.all(rowCountSql(`read_parquet(${lit(file('entities.parquet'))})`))).toEqual([{ n: 3 }]);
  });
});

it('review snapshot of the generated SQL', async () => {
  const files: ScopeJobFiles[] = [
    {
      jobId: '<job-a>',
      issuerId: '<issuer>',
      buyerKey: '<buyer>',
      suppliersFile: '/data/jobs/<job-a>/runs/1/results/suppliers.parquet',
      useCaseSuppliersFile: '/data/jobs/<job-a>/runs/1/results/use-case-suppliers.parquet',
    },
    {
      jobId: '<job-b>',
      issuerId: '<issuer>',
      buyerKey: 'job:<job-b>',
      suppliersFile: '/data/jobs/<job-b>/runs/2/results/suppliers.parquet',
      useCaseSuppliersFile: null,
    },
  ];
  const sql = {
    rawTableSql: rawTableSql(files, ATTRIBUTES),
    entityKeySql: entityKeySql().join(';\n'),
    entitiesTableSql: entitiesTableSql(ATTRIBUTES),
    entitiesCopySql: entitiesCopySql('/data/global-insights/<scope>/entities.parquet'),
    viewsCopySql: viewsCopySql('<chart views of ent>', '/data/global-insights/<scope>/views.parquet'),
    organisationsSql: organisationsSql('buyerId'),
    rowsPerJobSql: rowsPerJobSql(),
    currenciesSql: currenciesSql(),
    scopeSummarySql: scopeSummarySql("read_parquet('entities.parquet')", sliceWhere({ slicer: 'CardCapability' })),
  };
  const text = Object.entries(sql)
    .map(([name, q]) => `-- ${name}\n${q.trim()};\n`)
    .join('\n');
  await expect(text).toMatchFileSnapshot('./__snapshots__/global-insights-sql.snap.sql');
});
