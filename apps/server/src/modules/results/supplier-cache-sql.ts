/**
 * The SQL of the per-run supplier cache (supplier-cache.ts) as pure builders, tested on tiny tables with a review
 * snapshot of their text (supplier-cache-sql.test.ts, __snapshots__/supplier-cache-sql.snap.sql). The cache
 * database (`<db>`) holds:
 *   s     the list columns of suppliers.parquet, one row per supplier: `rn` (spend order), multiselect columns as
 *         text ('' for none), each text column's sort rank (`<field>__rank`) and the lower-case supplier name
 *   vals  the distinct values of each multiselect column (`field`, `value`, `n`)
 *   uc    use-case membership (`useCaseId`, `rn`, `estimatedRebate`)
 *   meta  the run's currency
 */
import type { TSupplierColumnDef } from '@sextant/shared';
import { ident, lit } from '../../lib/duckdb/index.ts';

export const rankOf = (field: string) => `${field}__rank`;
export const LOWER_NAME = 'supplierName__lower';

/** Databases attached to the shared instance from a file (`database_name`, `path`). */
export const attachedFilesSql = () => 'SELECT database_name, path FROM duckdb_databases() WHERE path IS NOT NULL';

/** One row when a database of that name is attached. */
export const isAttachedSql = (db: string) => `SELECT 1 FROM duckdb_databases() WHERE database_name = ${lit(db)}`;

export const attachSql = (file: string, db: string, readOnly = false) =>
  `ATTACH ${lit(file)} AS ${ident(db)}${readOnly ? ' (READ_ONLY)' : ''}`;

export const detachSql = (db: string, ifExists = false) =>
  ifExists ? `DETACH DATABASE IF EXISTS ${ident(db)}` : `DETACH ${ident(db)}`;

const multiExpr = (c: TSupplierColumnDef) => `coalesce(CAST(${ident(c.field)} AS VARCHAR), '')`;

/** `<db>.vals`: the distinct values of the multiselect columns (filter options, and their sort ranks). */
export function valuesTableSql(db: string, suppliers: string, columns: readonly TSupplierColumnDef[]): string {
  const multi = columns.filter((c) => c.filterKind === 'multiselect');
  return `CREATE TABLE ${ident(db)}.vals AS ${
    multi.length
      ? multi
          .map(
            (c) =>
              `SELECT ${lit(c.field)} AS field, ${multiExpr(c)} AS value, count(*) AS n FROM ${suppliers} GROUP BY ALL`,
          )
          .join(' UNION ALL ')
      : `SELECT '' AS field, '' AS value, 0 AS n WHERE false`
  }`;
}

/** The distinct values of `<db>.vals`, in order. */
export const valuesSql = (db: string) => `SELECT field, value FROM ${ident(db)}.vals ORDER BY field, value`;

/**
 * `<db>.s`: the list columns with their ranks. Text columns also get their sort rank (an integer sorts a page far
 * faster than a string): a multiselect column's rank is its value's position among its few sorted `distinct`
 * values (no sort needed); the row number (spend order) and the other text columns' ranks come from windows over a
 * narrow projection (sorting wide rows is what makes a build slow), joined back by supplier key. The supplier name
 * also gets its lower-case form for search.
 */
export function supplierTableSql(
  db: string,
  suppliers: string,
  columns: readonly TSupplierColumnDef[],
  distinct: ReadonlyMap<string, readonly string[]>,
): string {
  const select = columns
    .map((c) => (c.filterKind === 'multiselect' ? `${multiExpr(c)} AS ${ident(c.field)}` : ident(c.field)))
    .join(', ');
  const strings = columns.filter((c) => c.type === 'string');
  const listRanks = strings
    .filter((c) => c.filterKind === 'multiselect')
    .map(
      (c) =>
        `CAST(list_position([${(distinct.get(c.field) ?? []).map(lit).join(', ')}]::VARCHAR[], b.${ident(c.field)}) AS INTEGER) AS ${ident(rankOf(c.field))}`,
    );
  const windowed = strings.filter((c) => c.filterKind !== 'multiselect');
  const windowRanks = windowed.map(
    (c) =>
      `CASE WHEN ${ident(c.field)} IS NULL THEN NULL ELSE CAST(dense_rank() OVER (ORDER BY ${ident(c.field)}) AS INTEGER) END AS ${ident(rankOf(c.field))}`,
  );
  const narrow = [...new Set(['supplierKey', 'spend', ...windowed.map((c) => c.field)])].map(ident).join(', ');
  return `CREATE TABLE ${ident(db)}.s AS
           WITH b AS (SELECT ${select} FROM ${suppliers}),
           r AS (SELECT supplierKey, CAST(row_number() OVER (ORDER BY spend DESC NULLS LAST, supplierKey) AS INTEGER) AS rn${windowRanks.map((w) => `, ${w}`).join('')}
                 FROM (SELECT ${narrow} FROM ${suppliers}))
           SELECT r.rn, b.*, ${[...windowed.map((c) => `r.${ident(rankOf(c.field))}`), ...listRanks, `lower(b.supplierName) AS ${ident(LOWER_NAME)}`].join(', ')}
           FROM b JOIN r USING (supplierKey)`;
}

/** `<db>.uc`: use-case membership by row number (empty when the run has no use-case suppliers). */
export const useCaseTableSql = (db: string, useCaseSuppliers: string | null) =>
  useCaseSuppliers
    ? `CREATE TABLE ${ident(db)}.uc AS SELECT u.useCaseId, s.rn, u.estimatedRebate FROM ${useCaseSuppliers} u JOIN ${ident(db)}.s s USING (supplierKey) ORDER BY u.useCaseId, s.rn`
    : `CREATE TABLE ${ident(db)}.uc (useCaseId VARCHAR, rn INTEGER, estimatedRebate DOUBLE)`;

/** `<db>.meta`: the run's currency. */
export const metaTableSql = (db: string, suppliers: string) =>
  `CREATE TABLE ${ident(db)}.meta AS SELECT coalesce(any_value(currency), '') AS currency FROM ${suppliers}`;

export const metaSql = (db: string) => `SELECT currency FROM ${ident(db)}.meta`;
