import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyToParquet, lit, openDb, parquet, withDb, type Db } from '../../src/db.ts';
import { createNormaliseMacros } from '../../src/match/normalise-sql.ts';
import {
  applySupplierListsToFile,
  createListEntriesSql,
  keptSuppliersSql,
  normaliseSupplierNames,
  type SupplierListEntry,
} from '../../src/lists/supplier-lists.ts';
import { tmpDir } from '../helpers.ts';

const SUPPLIERS: [string, string | null, string | null][] = [
  ['K1', 'ACME Ltd.', 'S1'],
  ['K2', 'Acme Limited', null],
  ['K3', 'Globex GmbH', 'S2'],
  ['K4', 'Initech, Inc.', 'X9'],
  ['K5', null, 'S3'],
  ['K6', 'Hooli', null],
];

async function withSuppliers<T>(entries: SupplierListEntry[], fn: (db: Db) => Promise<T>): Promise<T> {
  return withDb({ threads: 1, memoryLimit: '256MB' }, async (db) => {
    await createNormaliseMacros(db);
    await db.run(
      `CREATE TABLE suppliers AS SELECT * FROM (VALUES ${SUPPLIERS.map((r) => `(${r.map(lit).join(', ')})`).join(', ')}) t(supplierKey, supplierName, sourceSupplierId)`,
    );
    await db.run(createListEntriesSql('entries'));
    if (entries.length)
      await db.run(
        `INSERT INTO entries VALUES ${entries.map((e) => `(${lit(e.listType)}, ${lit(e.normalisedName)}, ${lit(e.supplierId)})`).join(', ')}`,
      );
    return fn(db);
  });
}

const kept = (entries: SupplierListEntry[]) =>
  withSuppliers(entries, async (db) => {
    const has = {
      include: entries.some((e) => e.listType === 'include'),
      exclude: entries.some((e) => e.listType === 'exclude'),
    };
    const rows = await db.all<{ supplierKey: string }>(
      `SELECT supplierKey FROM (${keptSuppliersSql('suppliers', 'entries', has)}) ORDER BY supplierKey`,
    );
    return rows.map((r) => r.supplierKey);
  });

describe('keptSuppliersSql', () => {
  it('keeps every supplier without lists', async () => {
    expect(await kept([])).toEqual(['K1', 'K2', 'K3', 'K4', 'K5', 'K6']);
  });

  it('excludes by normalised name (every spelling) and by supplier id; a supplier without a name stays unless its id is listed', async () => {
    expect(
      await kept([
        { listType: 'exclude', normalisedName: 'acme', supplierId: null },
        { listType: 'exclude', normalisedName: 'nobody', supplierId: 'S2' },
      ]),
    ).toEqual(['K4', 'K5', 'K6']);
  });

  it('with an include list keeps only the listed suppliers, minus the excluded ones', async () => {
    expect(
      await kept([
        { listType: 'include', normalisedName: 'acme', supplierId: null },
        { listType: 'include', normalisedName: 'initech', supplierId: null },
        { listType: 'include', normalisedName: '', supplierId: 'S3' },
        { listType: 'exclude', normalisedName: 'nobody', supplierId: 'S1' },
      ]),
    ).toEqual(['K2', 'K4', 'K5']);
  });

  it('an empty normalised name matches nothing (not the suppliers without a name)', async () => {
    expect(await kept([{ listType: 'exclude', normalisedName: '', supplierId: null }])).toEqual([
      'K1',
      'K2',
      'K3',
      'K4',
      'K5',
      'K6',
    ]);
  });
});

describe('applySupplierListsToFile', () => {
  const tmp = tmpDir('sx-lists-');
  afterAll(() => tmp.cleanup());

  it('rewrites the suppliers file with the kept suppliers only, and leaves it alone when all stay', async () => {
    const file = path.join(tmp.dir, 'suppliers.parquet');
    const db = await openDb({ threads: 1 });
    try {
      await db.run(
        copyToParquet(
          `SELECT * FROM (VALUES ${SUPPLIERS.map((r) => `(${r.map(lit).join(', ')}, 1.5)`).join(', ')}) t(supplierKey, supplierName, sourceSupplierId, spend)`,
          file,
        ),
      );
    } finally {
      db.close();
    }
    const none = await applySupplierListsToFile({
      suppliersFile: file,
      entries: [{ listType: 'exclude', normalisedName: 'nobody', supplierId: null }],
    });
    expect(none).toEqual({ before: 6, after: 6 });
    const some = await applySupplierListsToFile({
      suppliersFile: file,
      entries: [{ listType: 'exclude', normalisedName: 'acme', supplierId: 'S2' }],
    });
    expect(some).toEqual({ before: 6, after: 3 });
    const rows = await withDb({}, (d) =>
      d.all<{ supplierKey: string; spend: number }>(`SELECT * FROM ${parquet(file)} ORDER BY supplierKey`),
    );
    expect(rows.map((r) => r.supplierKey)).toEqual(['K4', 'K5', 'K6']);
    expect(Object.keys(rows[0]!)).toEqual(['supplierKey', 'supplierName', 'sourceSupplierId', 'spend']);
  });
});

describe('normaliseSupplierNames', () => {
  it('normalises with sx_name_core, in input order', async () => {
    expect(await normaliseSupplierNames(['Müller & Söhne GmbH', 'I B M Corp', 'ACME Ltd.', ''])).toEqual([
      'muller sohne',
      'ibm',
      'acme',
      '',
    ]);
    expect(await normaliseSupplierNames([])).toEqual([]);
  });
});
