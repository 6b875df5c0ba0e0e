/**
 * The DuckDB SQL of the results pages as pure builders: each takes the table expression it reads (`res.table(…)` in
 * the app, a tiny table in results-sql.test.ts) and typed options, and returns the SQL text (positional `$n`
 * parameters where a value comes from the request). The services run them and shape the rows. Every builder's text
 * is written to __snapshots__/results-sql.snap.sql by the test, so a change to a query shows in review.
 */
import { SLICER_COLUMNS } from '@sextant/analysis';
import type { TSlicer } from '@sextant/shared';
import { ident } from '../../lib/duckdb/index.ts';

/** The WHERE condition of a slicer over suppliers.parquet; its value is parameter $1. */
export function sliceWhere(slice: { slicer: TSlicer }): string {
  return `coalesce(CAST(${SLICER_COLUMNS[slice.slicer]} AS VARCHAR), '') = $1`;
}

/**
 * The job summary's one scan of the suppliers: grouped by card capability, match status and each score kind's level
 * (`l_<kind>`, None when unscored) and confidence (`c_<kind>`), with counts, spend and document totals; $1 is the
 * slicer value.
 */
export function summaryCombosSql(suppliers: string, where: string, scoreKinds: readonly string[]): string {
  const cols = scoreKinds.flatMap((k) => [
    `coalesce(${ident(`${k}Level`)}, 'None') AS ${ident(`l_${k}`)}`,
    `${ident(`${k}Confidence`)} AS ${ident(`c_${k}`)}`,
  ]);
  return `SELECT cardCapability AS cap, matchStatus = 'MATCHED' AS matched, ${cols.map((c) => `${c}, `).join('')}
       count(*) AS n, sum(spend) AS s, sum(spendCount) AS cSpend, sum(poCount) AS cPo, sum(invoiceCount) AS cInv,
       sum(paymentCount) AS cPay, sum(transactionCount) AS cTx, any_value(currency) AS currency
     FROM ${suppliers} WHERE ${where} GROUP BY ALL`;
}

/**
 * One chart view's categories under a slicer from views.parquet: $1 view, $2 slicer, $3 slicer value, $4 the label
 * of an empty category.
 */
export const chartViewSql = (views: string) =>
  `SELECT coalesce(nullif(category, ''), $4) AS category, sum(supplierCount) AS supplierCount, sum(spend) AS spend,
       sum(documentCount) AS documentCount, sum(matchedCount) AS matchedCount
     FROM ${views} WHERE view = $1 AND slicer = $2 AND coalesce(slicerValue, '') = $3
     GROUP BY 1`;

/** The run's use cases, most rebate first. */
export const useCaseListSql = (useCases: string) =>
  `SELECT useCaseId, name, description, rebateBps, supplierCount, spend, estimatedRebate FROM ${useCases} ORDER BY estimatedRebate DESC, spend DESC, name`;

/** One use case by id ($1). */
export const useCaseByIdSql = (useCases: string) => `SELECT * FROM ${useCases} WHERE useCaseId = $1`;

/**
 * The business case's base: suppliers, spend and payments per Optima level, payment method and route (the method
 * Optima chose, and the lockbox programme a supplier is paid through). Without Optima (not offered) every supplier
 * is at None; runs from before offers were kept have no lockboxProgramme column (`offerColumns` false).
 */
export const businessCaseBaseSql = (suppliers: string, opts: { optima: boolean; offerColumns: boolean }) =>
  `SELECT ${opts.optima ? `coalesce(OptimaLevel, 'None')` : `'None'`} AS level, paymentMethod,
       ${opts.optima ? 'optimaMethod' : 'NULL::VARCHAR'} AS route, ${opts.offerColumns ? 'lockboxProgramme' : 'NULL::VARCHAR'} AS lockbox,
       count(*) AS suppliers, sum(spend) AS spend,
       sum(coalesce(paymentCount, 0)) AS payments, count(*) FILTER (WHERE coalesce(paymentCount, 0) = 0) AS withoutPayments
     FROM ${suppliers} GROUP BY ALL`;

/** The presentation's largest suppliers (name, else key). */
export const topSuppliersSql = (suppliers: string, n: number) =>
  `SELECT coalesce(supplierName, supplierKey) AS name, country, spend, cardCapability FROM ${suppliers}
       ORDER BY spend DESC NULLS LAST, supplierKey LIMIT ${Math.trunc(n)}`;

/** The presentation's use cases, most spend first. */
export const useCasesBySpendSql = (useCases: string) =>
  `SELECT useCaseId AS id, name, supplierCount AS suppliers, spend, estimatedRebate FROM ${useCases} ORDER BY spend DESC, useCaseId`;
