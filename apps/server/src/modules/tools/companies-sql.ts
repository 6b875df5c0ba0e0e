/**
 * The SQL of the companies lookup's network search (companies.service.ts) as a pure builder, tested on a tiny file
 * with a review snapshot of its text (companies-sql.test.ts, __snapshots__/companies-sql.snap.sql).
 */
import { lit } from '../../lib/duckdb/index.ts';

/** A row of the network search: the reference network's merchant columns the lookup shows. */
export type NetworkCompanyRow = {
  merchantId: unknown;
  name: unknown;
  addressLine1: unknown;
  addressLine2: unknown;
  city: unknown;
  region: unknown;
  postcode: unknown;
  country: unknown;
  taxId: unknown;
  mcc: unknown;
  acceptsCard: unknown;
};

/**
 * Merchants of the reference network file whose id or tax id (letters and digits only) is `q`, or whose name
 * contains `q` (case-insensitive; `%`, `_` and `\` in `q` match themselves). Exact id first, then names starting
 * with `q`, then the rest, by name; at most `limit` rows.
 */
export function networkSearchSql(file: string, q: string, limit: number): string {
  const upper = q.toUpperCase().replace(/\s+/g, '');
  const needle = q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`);
  return `SELECT merchantId, name, addressLine1, addressLine2, city, region, postcode, country, taxId, mcc, acceptsCard
      FROM read_parquet(${lit(file)})
      WHERE upper(merchantId) = ${lit(upper)} OR upper(regexp_replace(coalesce(taxId, ''), '[^A-Za-z0-9]', '', 'g')) = ${lit(upper)}
         OR lower(name) LIKE ${lit(`%${needle}%`)} ESCAPE '\\'
      ORDER BY CASE WHEN upper(merchantId) = ${lit(upper)} THEN 0 WHEN lower(name) LIKE ${lit(`${needle}%`)} ESCAPE '\\' THEN 1 ELSE 2 END, name
      LIMIT ${limit}`;
}
