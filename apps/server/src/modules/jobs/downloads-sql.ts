/**
 * The SQL of a job's data download (downloads.ts) as a pure builder, tested on a tiny file with a review snapshot
 * of its text (downloads-sql.test.ts, __snapshots__/downloads-sql.snap.sql).
 */
import { ident, lit } from '../../lib/duckdb/index.ts';

/**
 * The profile's datapoints, in its order, from a run's suppliers file whose columns are `available`. Names as the
 * file had them (line breaks, tabs, non-breaking spaces kept), where matching and display used the
 * whitespace-normalised form.
 */
export function downloadSql(file: string, datapoints: readonly string[], available: ReadonlySet<string>): string {
  const expr = (d: string) =>
    d === 'supplierName' && available.has('supplierNameOriginal')
      ? `coalesce(supplierNameOriginal, supplierName)`
      : ident(d);
  return `SELECT ${datapoints.map(expr).join(', ')} FROM read_parquet(${lit(file)})`;
}
