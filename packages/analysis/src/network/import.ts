/**
 * Importer of a real card-acceptance network file into the engine's prepared Parquet network.
 *
 * Documented layout (CSV with header, UTF-8, comma-separated; or Parquet with these columns):
 *   merchantId,name,addressLine1,addressLine2,city,region,postcode,country,taxId,mcc,
 *   acceptsCard,vcAccepting,detailLevel,stpCapable,lockboxes
 * country ISO2 or ISO3; booleans true/false (also yes/no, 1/0); detailLevel 1, 2 or 3;
 * lockboxes `;`-separated from Boost, BoostEu, Its; every column but merchantId and name may be empty.
 *
 * The prepared Parquet adds the normalised matching columns (nameTokens, nameCore, nameSorted,
 * postcodeNorm, cityNorm, taxNorm, and the parsed street address addrNum / addrNumHi (a number
 * range "4410-12" → 4410..4412), addrStreet, addrUnit) so matching does not re-normalise 1M names per job.
 */
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { VIRTUAL_LOCKBOXES } from '@sextant/shared';
import { AnalysisInputError } from '../errors.ts';
import { copyToParquet, lit, withDb } from '../db.ts';
import type { Db } from '../db.ts';
import { loadReference } from '../reference/load.ts';
import { createNormaliseMacros } from '../match/normalise-sql.ts';
import { NETWORK_COLUMNS, writeNetworkCsv } from './generate.ts';
import type { ProgressFn } from '../progress.ts';

export interface NetworkIssue {
  row: number;
  column: string;
  value: string | null;
  reason: string;
}

export interface NetworkImportReport {
  file: string;
  out: string;
  rowsRead: number;
  merchants: number;
  rowsRejected: number;
  issueCount: number;
  issues: NetworkIssue[];
  seconds: number;
}

const BOOL = (c: string) =>
  `CASE WHEN ${c} IS NULL THEN NULL WHEN lower(trim(${c})) IN ('true','t','yes','y','1') THEN TRUE WHEN lower(trim(${c})) IN ('false','f','no','n','0') THEN FALSE ELSE NULL END`;
const BOOL_BAD = (c: string) =>
  `(${c} IS NOT NULL AND lower(trim(${c})) NOT IN ('true','t','yes','y','1','false','f','no','n','0'))`;

/** Loads a network file (CSV or Parquet) into table `net_raw` (all VARCHAR, with row numbers). */
async function loadRaw(db: Db, file: string): Promise<void> {
  if (!existsSync(file)) throw new AnalysisInputError('UNREADABLE_FILE', 'file not found', { file });
  if (statSync(file).size === 0) throw new AnalysisInputError('EMPTY_FILE', 'the network file is empty', { file });
  const isParquet = file.toLowerCase().endsWith('.parquet');
  const src = isParquet
    ? `read_parquet(${lit(file)})`
    : `read_csv(${lit(file)}, header=true, all_varchar=true, delim=',', quote='"', escape='"', strict_mode=false, null_padding=true)`;
  const cols = await db.all<{ column_name: string }>(`SELECT column_name FROM (DESCRIBE SELECT * FROM ${src})`);
  const byLower = new Map(cols.map((c) => [c.column_name.toLowerCase().trim(), c.column_name]));
  for (const req of ['merchantid', 'name']) {
    if (!byLower.has(req)) {
      throw new AnalysisInputError(
        'INVALID_NETWORK',
        `the network file has no "${req === 'merchantid' ? 'merchantId' : 'name'}" column (found: ${cols.map((c) => c.column_name).join(', ')}); expected ${NETWORK_COLUMNS.join(',')}`,
        { file },
      );
    }
  }
  const sel = NETWORK_COLUMNS.map((c) => {
    const src = byLower.get(c.toLowerCase());
    return src ? `nullif(trim(CAST("${src.replaceAll('"', '""')}" AS VARCHAR)), '') AS ${c}` : `NULL::VARCHAR AS ${c}`;
  });
  await db.run(
    `CREATE OR REPLACE TABLE net_raw AS SELECT row_number() OVER () + 1 AS rowNumber, ${sel.join(', ')} FROM ${src}`,
  );
}

export async function importNetwork(
  file: string,
  out: string,
  options: { onProgress?: ProgressFn; workDir?: string } = {},
): Promise<NetworkImportReport> {
  const t0 = performance.now();
  const onProgress = options.onProgress ?? (() => {});
  return withDb({ tempDir: path.join(options.workDir ?? path.dirname(out), '.tmp') }, async (db) => {
    onProgress(5, 'Reading network file');
    await loadReference(db, ['ref_countries', 'ref_mcc']);
    await createNormaliseMacros(db);
    await loadRaw(db, file);
    onProgress(40, 'Validating and normalising merchants');
    const lockboxList = `[${VIRTUAL_LOCKBOXES.map((l) => lit(l)).join(', ')}]`;
    await db.run(`CREATE OR REPLACE TABLE net_typed AS
      SELECT r.*,
        cl.iso3 AS country3,
        ${BOOL('r.acceptsCard')} AS acceptsCardB, ${BOOL('r.vcAccepting')} AS vcAcceptingB, ${BOOL('r.stpCapable')} AS stpCapableB,
        TRY_CAST(r.detailLevel AS INTEGER) AS detailLevelI,
        CASE WHEN r.lockboxes IS NULL THEN []::VARCHAR[] ELSE list_filter(list_transform(string_split(r.lockboxes, ';'), x -> trim(x)), x -> x <> '') END AS lockboxList,
        count(*) OVER (PARTITION BY r.merchantId ORDER BY r.rowNumber ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS idSeq
      FROM net_raw r LEFT JOIN ref_country_lookup cl ON cl.key = upper(strip_accents(r.country))`);
    await db.run(`CREATE OR REPLACE TABLE net_issues AS
      SELECT rowNumber, 'merchantId' AS "column", merchantId AS value, 'merchantId is empty; row skipped' AS reason FROM net_typed WHERE merchantId IS NULL
      UNION ALL SELECT rowNumber, 'name', name, 'name is empty; row skipped' FROM net_typed WHERE name IS NULL AND merchantId IS NOT NULL
      UNION ALL SELECT rowNumber, 'merchantId', merchantId, 'duplicate merchantId; only the first row is kept' FROM net_typed WHERE idSeq > 1 AND merchantId IS NOT NULL
      UNION ALL SELECT rowNumber, 'country', country, 'unknown country code (expected ISO2 or ISO3); country left empty' FROM net_typed WHERE country IS NOT NULL AND country3 IS NULL
      UNION ALL SELECT rowNumber, 'acceptsCard', acceptsCard, 'not a boolean (true/false)' FROM net_typed WHERE ${BOOL_BAD('acceptsCard')}
      UNION ALL SELECT rowNumber, 'vcAccepting', vcAccepting, 'not a boolean (true/false)' FROM net_typed WHERE ${BOOL_BAD('vcAccepting')}
      UNION ALL SELECT rowNumber, 'stpCapable', stpCapable, 'not a boolean (true/false)' FROM net_typed WHERE ${BOOL_BAD('stpCapable')}
      UNION ALL SELECT rowNumber, 'detailLevel', detailLevel, 'detail level must be 1, 2 or 3' FROM net_typed WHERE detailLevel IS NOT NULL AND coalesce(detailLevelI NOT IN (1,2,3), TRUE)
      UNION ALL SELECT rowNumber, 'mcc', mcc, 'not a known 4-digit MCC; kept without industry' FROM net_typed WHERE mcc IS NOT NULL AND lpad(mcc, 4, '0') NOT IN (SELECT mcc FROM ref_mcc)
      UNION ALL SELECT rowNumber, 'lockboxes', lockboxes, 'unknown lockbox (allowed: ${VIRTUAL_LOCKBOXES.join(', ')})' FROM net_typed WHERE len(list_filter(lockboxList, x -> NOT list_contains(${lockboxList}, x))) > 0`);
    onProgress(60, 'Writing prepared network');
    await db.run(
      copyToParquet(
        `
      SELECT * EXCLUDE (nameTokens, a0), nameTokens, array_to_string(nameTokens, ' ') AS nameCore, array_to_string(list_sort(nameTokens), ' ') AS nameSorted,
        sx_addr_num(a0) AS addrNum, sx_addr_num_hi(a0) AS addrNumHi, sx_addr_street(a0) AS addrStreet
      FROM (SELECT merchantId, name, addressLine1, addressLine2, city, region, postcode, country3 AS country, taxId,
        CASE WHEN lpad(mcc, 4, '0') IN (SELECT mcc FROM ref_mcc) THEN lpad(mcc, 4, '0') END AS mcc,
        coalesce(acceptsCardB, TRUE) AS acceptsCard, coalesce(vcAcceptingB, FALSE) AS vcAccepting,
        CASE WHEN detailLevelI IN (1,2,3) THEN detailLevelI END AS detailLevel, coalesce(stpCapableB, FALSE) AS stpCapable,
        list_filter(lockboxList, x -> list_contains(${lockboxList}, x)) AS lockboxes,
        sx_name_tokens(name) AS nameTokens, sx_name_segments(name) AS nameSegments,
        sx_postcode(postcode) AS postcodeNorm, sx_addr_base(addressLine1) AS a0, sx_addr_unit(addressLine1) AS addrUnit, nullif(sx_clean(city), '') AS cityNorm, sx_taxid(taxId) AS taxNorm
      FROM net_typed WHERE merchantId IS NOT NULL AND name IS NOT NULL AND idSeq = 1)`,
        out,
      ),
    );
    const counts = (await db.one<{ rowsRead: number; merchants: number }>(
      `SELECT (SELECT count(*) FROM net_raw) AS rowsRead, (SELECT count(*) FROM read_parquet(${lit(out)})) AS merchants`,
    ))!;
    const issueCount = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM net_issues`))!.n;
    const issues = await db.all<NetworkIssue>(
      `SELECT rowNumber AS "row", "column", value, reason FROM net_issues ORDER BY rowNumber LIMIT 200`,
    );
    const report: NetworkImportReport = {
      file,
      out,
      rowsRead: counts.rowsRead,
      merchants: counts.merchants,
      rowsRejected: counts.rowsRead - counts.merchants,
      issueCount,
      issues,
      seconds: Math.round((performance.now() - t0) / 10) / 100,
    };
    writeFileSync(out.replace(/\.parquet$/i, '') + '.import-report.json', JSON.stringify(report, null, 2));
    onProgress(100, `Network imported: ${report.merchants} merchants`);
    return report;
  });
}

/** Generates a deterministic network of `merchants` merchants and imports it into `out` (Parquet). */
export async function generateNetwork(options: {
  merchants: number;
  seed: number;
  out: string;
  csvOut?: string;
  onProgress?: ProgressFn;
  /** the seed of the network this one overlaps (a second demo network, overlappingNetworkMerchants) */
  overlapsSeed?: number;
}): Promise<NetworkImportReport> {
  const { merchants, seed, out } = options;
  if (!Number.isInteger(merchants) || merchants < 1)
    throw new AnalysisInputError('INVALID_ARGUMENT', `--merchants must be a positive integer (got ${merchants})`);
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  const csv = options.csvOut ?? out.replace(/\.parquet$/i, '') + '.source.csv';
  const p = options.onProgress;
  await writeNetworkCsv(
    csv,
    merchants,
    seed,
    (done) => p?.(Math.round((done / merchants) * 50), `Generated ${done} merchants`),
    options.overlapsSeed,
  );
  const report = await importNetwork(csv, out, { onProgress: (pc, m) => p?.(50 + pc / 2, m) });
  if (!options.csvOut) rmSync(csv, { force: true });
  return report;
}

/** True when a network Parquet already has the prepared matching columns. */
export async function isPreparedNetwork(db: Db, file: string): Promise<boolean> {
  if (!file.toLowerCase().endsWith('.parquet')) return false;
  const cols = await db.all<{ column_name: string }>(
    `SELECT column_name FROM (DESCRIBE SELECT * FROM read_parquet(${lit(file)}))`,
  );
  // addrStreet: networks prepared before the street-address evidence are prepared again.
  return cols.some((c) => c.column_name === 'nameTokens') && cols.some((c) => c.column_name === 'addrStreet');
}
