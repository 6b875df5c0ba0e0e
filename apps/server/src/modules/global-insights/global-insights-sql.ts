/**
 * The DuckDB SQL of the global insights as pure builders, tested on tiny tables with a review snapshot of their text
 * (global-insights-sql.test.ts, __snapshots__/global-insights-sql.snap.sql). A scope's build creates, in its own
 * database:
 *   raw  every supplier row of the scope's jobs (job, issuer, buyer, spend, rebate, attributes) with its entity key
 *        `ek`: the matched merchant, else the job's own supplier
 *   ent  one row per entity (a merchant is counted once across jobs), attributes of its largest row
 */
import { copyToParquet, lit } from '@sextant/analysis';

/** A job's result files in the scope. */
export interface ScopeJobFiles {
  jobId: string;
  issuerId: string;
  /** The buyer id, else `job:<jobId>` (a job without buyer is its own organisation). */
  buyerKey: string;
  suppliersFile: string;
  /** use-case-suppliers.parquet when the run has it (rebates), else null. */
  useCaseSuppliersFile: string | null;
}

export function rawTableSql(jobs: readonly ScopeJobFiles[], attributeColumns: readonly string[]): string {
  return `CREATE TABLE raw AS ${jobs
    .map((j) => {
      const rebate = j.useCaseSuppliersFile
        ? `LEFT JOIN (SELECT supplierKey, max(estimatedRebate) AS rebate FROM read_parquet(${lit(j.useCaseSuppliersFile)}) GROUP BY 1) u USING (supplierKey)`
        : `LEFT JOIN (SELECT NULL::VARCHAR AS supplierKey, NULL::DOUBLE AS rebate) u USING (supplierKey)`;
      return `SELECT ${lit(j.jobId)} AS jobId, ${lit(j.issuerId)} AS issuerId, ${lit(j.buyerKey)} AS buyerId,
              CAST(s.supplierKey AS VARCHAR) AS supplierKey, s.matchedMerchantId, coalesce(s.spend, 0) AS spend, s.documentCount,
              coalesce(u.rebate, 0) AS rebate, s.currency, ${attributeColumns.map((c) => `s.${c}`).join(', ')}
            FROM read_parquet(${lit(j.suppliersFile)}) s ${rebate}`;
    })
    .join(' UNION ALL BY NAME ')}`;
}

/** The statements giving each raw row its entity key. */
export const entityKeySql = () => [
  `ALTER TABLE raw ADD COLUMN ek VARCHAR`,
  `UPDATE raw SET ek = CASE WHEN matchedMerchantId IS NOT NULL THEN 'm:' || matchedMerchantId ELSE 'j:' || jobId || ':' || supplierKey END`,
];

export const entitiesTableSql = (attributeColumns: readonly string[]) =>
  `CREATE TABLE ent AS SELECT ek AS supplierKey, sum(spend) AS spend, sum(documentCount) AS documentCount,
          sum(rebate) AS rebate, count(*) AS supplierRows,
          ${attributeColumns.map((c) => `arg_max(${c}, spend) AS ${c}`).join(', ')}
        FROM raw GROUP BY ek`;

export const entitiesCopySql = (file: string) => copyToParquet(`SELECT * FROM ent`, file);

/** The chart views' rows (`viewsQuery`, packages/analysis prepareChartViews) sorted by what a request filters on. */
export const viewsCopySql = (viewsQuery: string, file: string) =>
  `COPY (SELECT * FROM (${viewsQuery}) ORDER BY view, slicer, slicerValue)
         TO ${lit(file)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 2048)`;

/** Suppliers (entities), spend, matched and card-capable spend and rebate per issuer or buyer. */
export const organisationsSql = (by: 'issuerId' | 'buyerId') =>
  `SELECT ${by} AS id, count(DISTINCT ek) AS suppliers, sum(spend) AS spend,
             coalesce(sum(spend) FILTER (WHERE matchStatus = 'MATCHED'), 0) AS ms,
             coalesce(sum(spend) FILTER (WHERE cardCapability <> 'Unmatched'), 0) AS cap, sum(rebate) AS rebate
           FROM raw GROUP BY 1`;

export const rowsPerJobSql = () => `SELECT jobId, count(*) AS n FROM raw GROUP BY 1`;

/** The scope's currencies, most used first. */
export const currenciesSql = () =>
  `SELECT currency AS c FROM raw WHERE currency IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1`;

/** Headline figures of a built scope under a slice (`where`, value $1) from its entities. */
export const scopeSummarySql = (entities: string, where: string) =>
  `SELECT cardCapability AS cap, matchStatus = 'MATCHED' AS matched, count(*) AS n, sum(spend) AS s, sum(rebate) AS r
       FROM ${entities} WHERE ${where} GROUP BY ALL`;
