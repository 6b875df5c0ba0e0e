import { withDb } from '../src/db.ts';

/** Rows of a query over Parquet files (read_parquet in the query). */
export function readParquet<T>(query: string): Promise<T[]> {
  return withDb({}, (db) => db.all<T>(query));
}
