/**
 * The supplier-detail build query (supplier-detail-sql.ts) on tiny tables and a tiny network file in an in-memory
 * DuckDB, and a review snapshot of its text (__snapshots__/supplier-detail-sql.snap.sql).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lit, openDb, type Db } from '@sextant/analysis';
import { MERCHANT_COL, supplierDetailSql, USE_CASES_COL } from './supplier-detail-sql.ts';

let db: Db;
const dir = mkdtempSync(path.join(tmpdir(), 'sx-detail-sql-'));
const network = path.join(dir, "net'work.parquet");
const columns = new Set(['supplierKey', 'supplierName', 'matchedMerchantId', 'candidateMerchantId']);
const useCases = { useCaseSuppliers: 'ucs', useCases: 'uc' };

beforeAll(async () => {
  db = await openDb({ threads: 1, memoryLimit: '256MB' });
  await db.run(`CREATE TABLE suppliers AS SELECT * FROM (VALUES
    ('k1', 'Acme', 11, NULL), ('k2', 'Bolt', NULL, 22), ('k3', 'Cole', NULL, NULL)
  ) t(supplierKey, supplierName, matchedMerchantId, candidateMerchantId)`);
  await db.run(`COPY (SELECT * FROM (VALUES
    (11, 'ACME CORP', '1 Main St', NULL, 'Austin', 'TX', '78701', 'USA', 'T1', '5411', true, 'YES', '3', 'TRUE', 2),
    (11, 'ACME DUPLICATE', NULL, NULL, NULL, NULL, NULL, 'USA', NULL, NULL, false, 'NO', '1', 'FALSE', 0),
    (22, 'BOLT LTD', NULL, NULL, 'Leeds', NULL, NULL, 'GBR', NULL, '5812', false, 'NO', '2', 'FALSE', 0),
    (33, 'UNUSED', NULL, NULL, NULL, NULL, NULL, 'USA', NULL, NULL, false, 'NO', '1', 'FALSE', 0)
  ) t(merchantId, name, addressLine1, addressLine2, city, region, postcode, country, taxId, mcc, acceptsCard, vcAccepting, detailLevel, stpCapable, lockboxes))
  TO ${lit(network)} (FORMAT parquet)`);
  await db.run(
    `CREATE TABLE uc AS SELECT * FROM (VALUES ('uc-a', 'Alpha', 100), ('uc-b', 'Beta', 50)) t(useCaseId, name, rebateBps)`,
  );
  await db.run(`CREATE TABLE ucs AS SELECT * FROM (VALUES ('uc-a', 'k1', 10.0, 0.1), ('uc-b', 'k1', 10.0, 0.05), ('uc-b', 'k2', 5.0, 0.5))
    t(useCaseId, supplierKey, spend, estimatedRebate)`);
});
afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Row = Record<string, unknown> & { supplierKey: string };
const bySupplier = async (sql: string) =>
  new Map((await db.all<Row>(`${sql} ORDER BY s.supplierKey`)).map((r) => [r.supplierKey, r]));

describe('supplierDetailSql on tiny tables', () => {
  it('joins the matched, else candidate, merchant (one row per id) and the use cases, most rebate first', async () => {
    const rows = await bySupplier(supplierDetailSql({ suppliers: 'suppliers', columns, network, useCases }));
    expect(rows.get('k1')?.[MERCHANT_COL]).toMatchObject({ merchantId: 11, city: 'Austin', lockboxes: 2 });
    expect(rows.get('k2')?.[MERCHANT_COL]).toMatchObject({ merchantId: 22, name: 'BOLT LTD' });
    expect(rows.get('k3')?.[MERCHANT_COL]).toBeNull();
    expect(rows.get('k1')?.[USE_CASES_COL]).toEqual([
      { useCaseId: 'uc-a', name: 'Alpha', rebateBps: 100, spend: 10, estimatedRebate: 0.1 },
      { useCaseId: 'uc-b', name: 'Beta', rebateBps: 50, spend: 10, estimatedRebate: 0.05 },
    ]);
    expect(rows.get('k3')?.[USE_CASES_COL]).toBeNull();
    expect(rows.get('k1')?.supplierName).toBe('Acme');
  });

  it('without a network, merchant ids or use cases, the extra columns are NULL', async () => {
    const rows = await bySupplier(
      supplierDetailSql({ suppliers: 'suppliers', columns: new Set(['supplierKey']), network, useCases: null }),
    );
    expect([...rows.values()].map((r) => [r[MERCHANT_COL], r[USE_CASES_COL]])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    const noNetwork = await bySupplier(supplierDetailSql({ suppliers: 'suppliers', columns, network: null, useCases }));
    expect(noNetwork.get('k1')?.[MERCHANT_COL]).toBeNull();
  });
});

it('review snapshot of the generated SQL', async () => {
  const src = "read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet')";
  const text = [
    `-- supplierDetailSql (network, both merchant ids, use cases)\n${supplierDetailSql({
      suppliers: src,
      columns,
      network: '/data/network/generated.parquet',
      useCases: {
        useCaseSuppliers: "read_parquet('use-case-suppliers.parquet')",
        useCases: "read_parquet('use-cases.parquet')",
      },
    }).trim()};\n`,
    `-- supplierDetailSql (no network, no use cases)\n${supplierDetailSql({ suppliers: src, columns, network: null, useCases: null }).trim()};\n`,
  ].join('\n');
  await expect(text).toMatchFileSnapshot('./__snapshots__/supplier-detail-sql.snap.sql');
});
