/**
 * An issuer's supplier include and exclude lists applied to a run's suppliers, in DuckDB: a supplier is listed when
 * its source supplier id is on the list, or its name normalised by `sx_name_core` (normalise-sql.ts) equals a
 * listed name normalised the same way. With an include list only listed suppliers stay; excluded ones never do.
 * The one name normaliser is the DuckDB macro: list entries are normalised by `normaliseSupplierNames` when they
 * are stored, and suppliers here.
 */
import { rename } from 'node:fs/promises';
import { copyToParquet, lit, parquet, withDb, type Db } from '../db.ts';
import { createNormaliseMacros } from '../match/normalise-sql.ts';

export interface SupplierListEntry {
  listType: 'include' | 'exclude';
  /** sx_name_core of the listed name. */
  normalisedName: string;
  supplierId: string | null;
}

export interface SupplierListFilterResult {
  before: number;
  after: number;
}

const CHUNK = 1000;

/** VALUES rows of `rows` in statements of at most CHUNK rows (for INSERT … VALUES). */
function valuesChunks<T>(rows: readonly T[], row: (r: T) => string): string[] {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += CHUNK)
    out.push(
      rows
        .slice(i, i + CHUNK)
        .map(row)
        .join(', '),
    );
  return out;
}

/** The table of list entries (name normalised, id trimmed; either may be null). */
export const createListEntriesSql = (table: string) =>
  `CREATE OR REPLACE TEMP TABLE ${table} (listType VARCHAR, normalisedName VARCHAR, supplierId VARCHAR)`;

/**
 * TRUE when the supplier row `s` (with its normalised name `_name` and its id as text `_id`) is on the list of type
 * `listType` in `table`: by id, else by normalised name. Hash (mark) joins, never a comparison per pair.
 */
export const listedSql = (table: string, listType: 'include' | 'exclude', s = 's') =>
  `(coalesce(${s}._name IN (SELECT normalisedName FROM ${table} WHERE listType = ${lit(listType)} AND normalisedName <> ''), FALSE)` +
  ` OR coalesce(${s}._id IN (SELECT supplierId FROM ${table} WHERE listType = ${lit(listType)} AND supplierId IS NOT NULL), FALSE))`;

/**
 * The suppliers of `source` (a relation with supplierName and sourceSupplierId) the lists in `table` keep:
 * with include entries only the listed ones, never the excluded ones. Needs the normalise macros.
 */
export function keptSuppliersSql(source: string, table: string, has: { include: boolean; exclude: boolean }): string {
  const conditions = [
    ...(has.include ? [listedSql(table, 'include')] : []),
    ...(has.exclude ? [`NOT ${listedSql(table, 'exclude')}`] : []),
  ];
  return (
    `SELECT s.* EXCLUDE (_name, _id) FROM (SELECT *, sx_name_core(supplierName) AS _name, ` +
    `CAST(sourceSupplierId AS VARCHAR) AS _id FROM ${source}) s` +
    (conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '')
  );
}

async function loadEntries(db: Db, table: string, entries: readonly SupplierListEntry[]): Promise<void> {
  await db.run(createListEntriesSql(table));
  for (const values of valuesChunks(
    entries,
    (e) => `(${lit(e.listType)}, ${lit(e.normalisedName)}, ${lit(e.supplierId?.trim() || null)})`,
  ))
    await db.run(`INSERT INTO ${table} VALUES ${values}`);
}

/**
 * Rewrites `suppliersFile` (Parquet) with only the suppliers the lists keep; nothing is written when every supplier
 * stays. `tempDir`: where DuckDB may spill.
 */
export async function applySupplierListsToFile(options: {
  suppliersFile: string;
  entries: readonly SupplierListEntry[];
  tempDir?: string;
}): Promise<SupplierListFilterResult> {
  const { suppliersFile, entries } = options;
  const has = {
    include: entries.some((e) => e.listType === 'include'),
    exclude: entries.some((e) => e.listType === 'exclude'),
  };
  return withDb({ tempDir: options.tempDir }, async (db) => {
    await createNormaliseMacros(db);
    await loadEntries(db, 'list_entries', entries);
    await db.run(`CREATE TEMP TABLE kept AS ${keptSuppliersSql(parquet(suppliersFile), 'list_entries', has)}`);
    const counts = await db.one<{ before: number; after: number }>(
      `SELECT (SELECT count(*) FROM ${parquet(suppliersFile)}) AS before, (SELECT count(*) FROM kept) AS after`,
    );
    const result = { before: Number(counts?.before ?? 0), after: Number(counts?.after ?? 0) };
    if (result.after === result.before) return result;
    const tmp = `${suppliersFile}.lists.parquet`;
    await db.run(copyToParquet('SELECT * FROM kept', tmp));
    await rename(tmp, suppliersFile);
    return result;
  });
}

/** Names normalised by the engine's `sx_name_core` (the supplier lists' one normaliser), in input order. */
export async function normaliseSupplierNames(names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  return withDb({ threads: 1, memoryLimit: '256MB' }, async (db) => {
    await createNormaliseMacros(db);
    await db.run('CREATE TEMP TABLE names (i INTEGER, name VARCHAR)');
    for (const values of valuesChunks(
      names.map((name, i) => ({ name, i })),
      (r) => `(${r.i}, ${lit(r.name)})`,
    ))
      await db.run(`INSERT INTO names VALUES ${values}`);
    const rows = await db.all<{ n: string }>('SELECT sx_name_core(name) AS n FROM names ORDER BY i');
    return rows.map((r) => r.n);
  });
}
