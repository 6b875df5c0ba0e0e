/**
 * The SQL of a vendor's page (vendors.service.ts) as a pure builder, tested on tiny files with a review snapshot of
 * its text (vendors-sql.test.ts, __snapshots__/vendors-sql.snap.sql).
 */
import { lit } from '../../lib/duckdb/index.ts';

/**
 * The suppliers matched to a vendor (merchant id $1) in the given run supplier files, largest spend first, each
 * with the file it came from (`filename`).
 */
export const vendorInFilesSql = (files: readonly string[]) =>
  `SELECT filename, CAST(supplierKey AS VARCHAR) AS supplierKey, supplierName, spend, currency, matchConfidence
         FROM read_parquet([${files.map(lit).join(', ')}], filename = true, union_by_name = true)
         WHERE matchedMerchantId = $1 ORDER BY spend DESC NULLS LAST`;
