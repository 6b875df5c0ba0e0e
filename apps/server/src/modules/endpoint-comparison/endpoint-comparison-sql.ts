/**
 * The SQL of a run comparison's answers (endpoint-comparison.service.ts) as pure builders, tested on tiny files with
 * a review snapshot of their text (endpoint-comparison-sql.test.ts, __snapshots__/endpoint-comparison-sql.snap.sql).
 */
import { lit } from '../../lib/duckdb/index.ts';

/** Every chart view row of a run, in a stable order. */
export const comparedViewsSql = (viewsFile: string) => `SELECT * FROM read_parquet(${lit(viewsFile)}) ORDER BY ALL`;

/** The first `limit` suppliers of a run by key. */
export const comparedSuppliersSql = (suppliersFile: string, limit: number) =>
  `SELECT * FROM read_parquet(${lit(suppliersFile)}) ORDER BY supplierKey LIMIT ${limit}`;
