/**
 * The supplier list's statements (supplier-query.ts) over a supplier cache built from a tiny table by the cache's own
 * builders, in an in-memory DuckDB, and a review snapshot of their text (__snapshots__/supplier-query.snap.sql).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuckDBValue } from '@duckdb/node-api';
import { openDb, type Db } from '@sextant/analysis';
import { SUPPLIER_COLUMNS, type TSupplierResultsQuery } from '@sextant/shared';
import type { RunCache } from './supplier-cache.ts';
import { attachSql, supplierTableSql, useCaseTableSql, valuesSql, valuesTableSql } from './supplier-cache-sql.ts';
import { buildQuery, exportSql, listTotalSql, pageRnsSql, rowsByRnSql, selectionSql } from './supplier-query.ts';

let db: Db;
const FIELDS = new Set(['supplierName', 'sourceSupplierId', 'supplierKey', 'country', 'spend', 'cardCapability']);
const columns = SUPPLIER_COLUMNS.filter((c) => FIELDS.has(c.field));
const cache: RunCache = { db: 'cache', columns, values: new Map(), currency: 'USD' };
const query = (q: Partial<TSupplierResultsQuery> = {}): TSupplierResultsQuery => ({ pageNumber: 1, pageSize: 2, ...q });

async function rows<T>(sql: string, params: DuckDBValue[] = []): Promise<T[]> {
  const reader = await db.conn.runAndReadAll(sql, params);
  return reader.getRowObjectsJS() as T[];
}

beforeAll(async () => {
  db = await openDb({ threads: 1, memoryLimit: '256MB' });
  await db.run(`CREATE TABLE suppliers AS SELECT * FROM (VALUES
    ('k1', 'Beta Ltd', 'B-1', 'USA', 100.0, 'STP'),
    ('k2', 'alpha inc', NULL, 'GBR', 900.0, NULL),
    ('k3', 'Gamma', 'A-9', NULL, NULL, 'STP'),
    ('k4', 'Delta', 'C-3', 'USA', 900.0, 'Card Acceptor')
  ) t(supplierKey, supplierName, sourceSupplierId, country, spend, cardCapability)`);
  await db.run(
    `CREATE TABLE ucs AS SELECT * FROM (VALUES ('uc-1', 'k4', 9.0), ('uc-1', 'k1', 1.0)) t(useCaseId, supplierKey, estimatedRebate)`,
  );
  await db.run(attachSql(':memory:', 'cache'));
  await db.run(valuesTableSql('cache', 'suppliers', columns));
  const distinct = new Map<string, string[]>();
  for (const v of await db.all<{ field: string; value: string }>(valuesSql('cache')))
    distinct.set(v.field, [...(distinct.get(v.field) ?? []), v.value]);
  await db.run(supplierTableSql('cache', 'suppliers', columns, distinct));
  await db.run(useCaseTableSql('cache', 'ucs'));
});
afterAll(() => db?.close());

describe('supplier list statements on a tiny cache', () => {
  it('pages in spend order and totals the whole selection', async () => {
    const b = buildQuery(cache, query(), {});
    expect(await rows(pageRnsSql(b, 2, 0), b.params.values)).toEqual([{ rn: 1 }, { rn: 2 }]);
    expect(await rows(pageRnsSql(b, 2, 2), b.params.values)).toEqual([{ rn: 3 }, { rn: 4 }]);
    expect(await rows(listTotalSql(b), b.params.values)).toEqual([{ n: 4n, spend: 1900 }]);
    const page = await rows<{ rn: number; supplierKey: string }>(rowsByRnSql(b, [2, 1], false));
    expect(page.map((r) => [r.rn, r.supplierKey]).sort()).toEqual([
      [1, 'k2'],
      [2, 'k4'],
    ]);
  });

  it('orders by a text column through its rank, searches names and slices by capability', async () => {
    const byName = buildQuery(cache, query({ orderBy: 'supplierName:asc', pageSize: 4 }), {});
    const rns = (await rows<{ rn: number }>(pageRnsSql(byName, 4, 0), byName.params.values)).map((r) => r.rn);
    expect(rns).toEqual([3, 2, 4, 1]); // Beta Ltd, Delta, Gamma, alpha inc (byte order)
    const search = buildQuery(cache, query({ search: 'ALPHA' }), {});
    expect(await rows(selectionSql(search), search.params.values)).toEqual([
      { k: 'k2', id: null, n: 'alpha inc', c: 'GBR', sp: 900 },
    ]);
    const sliced = buildQuery(cache, query({ slicer: 'CardCapability', slicerValue: 'STP' }), {});
    expect((await rows<{ k: string }>(selectionSql(sliced), sliced.params.values)).map((r) => r.k)).toEqual([
      'k1',
      'k3',
    ]);
  });

  it("lists a use case's suppliers with its own columns", async () => {
    const scope = { useCaseId: 'uc-1' };
    const b = buildQuery(cache, query(), scope);
    expect(await rows(listTotalSql(b), b.params.values)).toEqual([{ n: 2n, spend: 1000 }]);
    const got = await rows<{ supplierKey: string; estimatedRebate: number }>(exportSql(b), b.params.values);
    expect(got.map((r) => [r.supplierKey, r.estimatedRebate])).toEqual([
      ['k4', 9],
      ['k1', 1],
    ]);
    const byRn = await rows<{ supplierKey: string }>(rowsByRnSql(b, [3], true), ['uc-1']);
    expect(byRn.map((r) => r.supplierKey)).toEqual(['k1']);
  });
});

it('review snapshot of the generated SQL', async () => {
  const list = buildQuery(
    cache,
    query({ orderBy: 'country:desc', search: 'acme', slicer: 'CardCapability', slicerValue: 'STP' }),
    {},
  );
  const useCase = buildQuery(cache, query(), { useCaseId: 'uc-1' });
  const sql = {
    pageRnsSql: pageRnsSql(list, 50, 100),
    listTotalSql: listTotalSql(list),
    rowsByRnSql: rowsByRnSql(useCase, [3, 1, 2], true),
    selectionSql: selectionSql(list),
    exportSql: exportSql(useCase),
  };
  const text = Object.entries(sql)
    .map(([name, q]) => `-- ${name}\n${q.trim()};\n`)
    .join('\n');
  await expect(text).toMatchFileSnapshot('./__snapshots__/supplier-query.snap.sql');
});
