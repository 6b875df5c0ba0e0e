/**
 * The supplier cache's SQL builders (supplier-cache-sql.ts) on tiny tables in an in-memory DuckDB, and a review
 * snapshot of their text (__snapshots__/supplier-cache-sql.snap.sql).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@sextant/analysis';
import { SUPPLIER_COLUMNS } from '@sextant/shared';
import {
  attachedFilesSql,
  attachSql,
  detachSql,
  isAttachedSql,
  metaSql,
  metaTableSql,
  supplierTableSql,
  useCaseTableSql,
  valuesSql,
  valuesTableSql,
} from './supplier-cache-sql.ts';

let db: Db;
const FIELDS = new Set(['supplierName', 'sourceSupplierId', 'supplierKey', 'country', 'spend', 'cardCapability']);
const columns = SUPPLIER_COLUMNS.filter((c) => FIELDS.has(c.field));

beforeAll(async () => {
  db = await openDb({ threads: 1, memoryLimit: '256MB' });
  await db.run(`CREATE TABLE suppliers AS SELECT * FROM (VALUES
    ('k1', 'Beta Ltd', 'B-1', 'USA', 100.0, 'STP', 'USD'),
    ('k2', 'alpha inc', NULL, 'GBR', 900.0, NULL, 'USD'),
    ('k3', 'Gamma', 'A-9', NULL, NULL, 'STP', 'USD'),
    ('k4', 'Delta', 'C-3', 'USA', 900.0, 'Card Acceptor', 'USD')
  ) t(supplierKey, supplierName, sourceSupplierId, country, spend, cardCapability, currency)`);
  await db.run(`CREATE TABLE ucs AS SELECT * FROM (VALUES ('uc-1', 'k4', 9.0), ('uc-1', 'k1', 1.0), ('uc-2', 'k2', 4.5))
    t(useCaseId, supplierKey, estimatedRebate)`);
  await db.run(attachSql(':memory:', 'cache'));
});
afterAll(() => db?.close());

describe('supplier cache SQL on tiny tables', () => {
  it('builds the values, supplier, use-case and meta tables of a run', async () => {
    expect(await db.all(isAttachedSql('cache'))).toHaveLength(1);
    expect(await db.all(isAttachedSql("cache' OR true --"))).toHaveLength(0);
    await db.run(valuesTableSql('cache', 'suppliers', columns));
    const vals = await db.all<{ field: string; value: string }>(valuesSql('cache'));
    expect(vals).toEqual([
      { field: 'cardCapability', value: '' },
      { field: 'cardCapability', value: 'Card Acceptor' },
      { field: 'cardCapability', value: 'STP' },
      { field: 'country', value: '' },
      { field: 'country', value: 'GBR' },
      { field: 'country', value: 'USA' },
    ]);
    const distinct = new Map<string, string[]>();
    for (const v of vals) distinct.set(v.field, [...(distinct.get(v.field) ?? []), v.value]);
    await db.run(supplierTableSql('cache', 'suppliers', columns, distinct));
    const rows = await db.all(
      'SELECT rn, supplierKey, country, cardCapability, supplierName__rank AS nameRank, sourceSupplierId__rank AS idRank, country__rank AS countryRank, cardCapability__rank AS capRank, supplierName__lower AS lower FROM cache.s ORDER BY rn',
    );
    // spend order (ties by key, no spend last); multiselect NULLs become ''; ranks follow the sorted values (byte
    // order: upper case first)
    expect(rows).toEqual([
      {
        rn: 1,
        supplierKey: 'k2',
        country: 'GBR',
        cardCapability: '',
        nameRank: 4,
        idRank: null,
        countryRank: 2,
        capRank: 1,
        lower: 'alpha inc',
      },
      {
        rn: 2,
        supplierKey: 'k4',
        country: 'USA',
        cardCapability: 'Card Acceptor',
        nameRank: 2,
        idRank: 3,
        countryRank: 3,
        capRank: 2,
        lower: 'delta',
      },
      {
        rn: 3,
        supplierKey: 'k1',
        country: 'USA',
        cardCapability: 'STP',
        nameRank: 1,
        idRank: 2,
        countryRank: 3,
        capRank: 3,
        lower: 'beta ltd',
      },
      {
        rn: 4,
        supplierKey: 'k3',
        country: '',
        cardCapability: 'STP',
        nameRank: 3,
        idRank: 1,
        countryRank: 1,
        capRank: 3,
        lower: 'gamma',
      },
    ]);
    await db.run(useCaseTableSql('cache', 'ucs'));
    expect(await db.all('SELECT * FROM cache.uc')).toEqual([
      { useCaseId: 'uc-1', rn: 2, estimatedRebate: 9 },
      { useCaseId: 'uc-1', rn: 3, estimatedRebate: 1 },
      { useCaseId: 'uc-2', rn: 1, estimatedRebate: 4.5 },
    ]);
    await db.run(metaTableSql('cache', 'suppliers'));
    expect(await db.all(metaSql('cache'))).toEqual([{ currency: 'USD' }]);
  });

  it('a run without multiselect columns or use-case suppliers gets empty tables', async () => {
    await db.run(attachSql(':memory:', 'bare'));
    await db.run(valuesTableSql('bare', 'suppliers', []));
    expect(await db.all(valuesSql('bare'))).toEqual([]);
    await db.run(useCaseTableSql('bare', null));
    expect(await db.all('SELECT * FROM bare.uc')).toEqual([]);
    await db.run(detachSql('bare'));
    await db.run(detachSql('bare', true));
    expect(await db.all(isAttachedSql('bare'))).toHaveLength(0);
    expect(await db.all(attachedFilesSql())).toEqual([]); // in-memory databases have no file
  });
});

it('review snapshot of the generated SQL', async () => {
  const src = "read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet')";
  const distinct = new Map([
    ['country', ['', 'GBR', 'USA']],
    ['cardCapability', ['', 'STP']],
  ]);
  const sql = {
    attachedFilesSql: attachedFilesSql(),
    isAttachedSql: isAttachedSql('sup_run1'),
    attachSql: attachSql('/data/cache/results/<job>.<run>.v4.duckdb', 'sup_run1', true),
    detachSql: detachSql('sup_run1_build', true),
    valuesTableSql: valuesTableSql('sup_run1_build', src, columns),
    valuesSql: valuesSql('sup_run1'),
    supplierTableSql: supplierTableSql('sup_run1_build', src, columns, distinct),
    useCaseTableSql: useCaseTableSql('sup_run1_build', "read_parquet('use-case-suppliers.parquet')"),
    metaTableSql: metaTableSql('sup_run1_build', src),
    metaSql: metaSql('sup_run1'),
  };
  const text = Object.entries(sql)
    .map(([name, q]) => `-- ${name}\n${q.trim()};\n`)
    .join('\n');
  await expect(text).toMatchFileSnapshot('./__snapshots__/supplier-cache-sql.snap.sql');
});
