/**
 * The best route per supplier and the supplier's own case as SQL (issue #34; the formula and its constants are
 * packages/shared supplier-routes.ts, whose `rankRoutes` the supplier detail uses — test/sql/routes-sql.test.ts holds
 * both to the same numbers on a tiny table). Written by the score step into every scored supplier:
 * - `bestRoute` (a score kind, NULL when no offered route has a probability above 0), `bestRouteProbability`,
 *   `bestRouteExpectedValue` (a year, job currency);
 * - `daysSooner` (buyer's terms − card settlement) and `supplierNetBenefit` (the supplier's net on the best route).
 * Then `optimaRouteSql` makes Optima that route: its level, method and rule are the best route's.
 */
import {
  BUSINESS_CASE_DEFAULTS,
  CARD_ROUTES,
  CARD_SETTLEMENT_DAYS,
  ROUTE_KINDS,
  SIZE_BANDS,
  SUPPLIER_COST_OF_CAPITAL_PCT,
  feeRowRank,
  feeTableOf,
  VIRTUAL_LOCKBOXES,
  lockboxRebateBps,
  type TBusinessCaseInputs,
  type TRouteFees,
  type TRouteKind,
  type TScoreKind,
  type TVirtualLockbox,
} from '@sextant/shared';
import { ident, lit } from '../db.ts';

/** The routes ranked in a run: offered kinds but Optima; Boost only with a supported lockbox programme. */
function rankedRoutes(offered: readonly TScoreKind[], lockboxes: readonly TVirtualLockbox[]): TRouteKind[] {
  return ROUTE_KINDS.filter((k) => offered.includes(k) && (k !== 'Boost' || lockboxes.length > 0));
}

/** A number as a DOUBLE literal (a bare 0.6 is a DECIMAL in DuckDB). */
const dbl = (n: number) => `CAST(${n} AS DOUBLE)`;

const METHOD = `CASE paymentMethod WHEN 'Check' THEN 'Check' WHEN 'ACH' THEN 'ACH' WHEN 'DirectDebit' THEN 'ACH' WHEN 'Wire' THEN 'Wire' WHEN 'Card' THEN 'Card' WHEN 'VirtualCard' THEN 'Card' ELSE 'Other' END`;

/**
 * The acceptance fee (bps) of the run's fee table (the issuer's, else the defaults) for the row's MCC type and size
 * band (`band`) on the run's network: the rows that can apply, most specific first (`feeRowRank`, as the shared
 * `acceptanceFeeBps`), as one CASE; 0 when none applies.
 */
function acceptanceFeeSql(band: string, fees: TRouteFees): string {
  // A row's rank for a supplier that matches its MCC type and size band (the network is known here).
  const rows = feeTableOf(fees.table)
    .rows.map((r, i) => ({
      r,
      i,
      rank: feeRowRank(r, r.mccType, r.sizeBand === '*' ? 'Small' : r.sizeBand, fees.network),
    }))
    .filter((x) => x.rank >= 0)
    .sort((a, b) => b.rank - a.rank || a.i - b.i);
  const when = rows.map(({ r }) => {
    const cond = [
      r.mccType !== '*' ? `mccType = ${lit(r.mccType)}` : null,
      r.sizeBand !== '*' ? `${band} = ${lit(r.sizeBand)}` : null,
    ].filter(Boolean);
    return `WHEN ${cond.length ? cond.join(' AND ') : 'TRUE'} THEN ${dbl(r.feeBps)}`;
  });
  return when.length ? `CASE ${when.join(' ')} ELSE 0.0::DOUBLE END` : '0.0::DOUBLE';
}

/** The size band of the row's average transaction (SIZE_BANDS). */
function sizeBandSql(): string {
  const bands = SIZE_BANDS.filter((b) => Number.isFinite(b.below));
  const last = SIZE_BANDS[SIZE_BANDS.length - 1]!.band;
  return `CASE ${bands.map((b) => `WHEN coalesce(avgTransactionValue, 0) < ${b.below} THEN ${lit(b.band)}`).join(' ')} ELSE ${lit(last)} END`;
}

/**
 * The query `inner` (a scored supplier query with `<kind>Level` columns) with the route columns added. With no route
 * offered the columns are NULL. `fees`: the run's acceptance fee table (null: the defaults) and reference network.
 */
export function routesSql(
  inner: string,
  offered: readonly TScoreKind[],
  lockboxes: readonly TVirtualLockbox[],
  fees: TRouteFees = { table: null, network: '*' },
  inputs: TBusinessCaseInputs = BUSINESS_CASE_DEFAULTS,
): string {
  const routes = rankedRoutes(offered, lockboxes);
  const days = `CASE WHEN paymentTermsDays IS NULL THEN NULL ELSE greatest(0, paymentTermsDays - ${CARD_SETTLEMENT_DAYS}) END`;
  if (routes.length === 0)
    return `SELECT *, CAST(NULL AS VARCHAR) AS bestRoute, CAST(NULL AS DOUBLE) AS bestRouteProbability,
      CAST(NULL AS DOUBLE) AS bestRouteExpectedValue, CAST(${days} AS DOUBLE) AS daysSooner,
      CAST(NULL AS DOUBLE) AS supplierNetBenefit FROM (${inner})`;
  const supported = VIRTUAL_LOCKBOXES.filter((l) => lockboxes.includes(l));
  const c = inputs.paymentCost;
  const conv = (level: string) =>
    `CASE ${level} WHEN 'High' THEN ${dbl(inputs.conversion.High / 100)} WHEN 'Medium' THEN ${dbl(inputs.conversion.Medium / 100)} WHEN 'Low' THEN ${dbl(inputs.conversion.Low / 100)} ELSE 0.0::DOUBLE END`;
  const lockboxExpr = supported.length
    ? `CASE WHEN lockboxProgramme IN (${supported.map(lit).join(', ')}) THEN lockboxProgramme ELSE ${lit(supported[0]!)} END`
    : 'NULL';
  const lockboxRebate = `CASE _lockbox ${supported.map((l) => `WHEN ${lit(l)} THEN ${lockboxRebateBps(l, inputs.rebateBps)}`).join(' ')} ELSE ${inputs.rebateBps} END`;
  // Helpers per supplier (the same for every route), then probability and expected value per route.
  const helpers = `SELECT *, ${METHOD} AS _method,
      CAST(CASE WHEN ${METHOD} = 'Card' THEN 0 ELSE greatest(coalesce(spend, 0), 0) END AS DOUBLE) AS _conv,
      CAST(CASE WHEN coalesce(paymentCount, 0) = 0 THEN ${inputs.paymentsPerSupplierPerYear} ELSE paymentCount END AS DOUBLE) AS _pay,
      ${lockboxExpr} AS _lockbox, ${sizeBandSql()} AS _band, CAST(${days} AS DOUBLE) AS _days
    FROM (${inner})`;
  const valueSql = `(_conv * ${inputs.rebateBps} / 10000
      + CASE _method WHEN 'Card' THEN 0 WHEN 'Check' THEN _pay * ${c.Check} WHEN 'ACH' THEN _pay * ${c.ACH} WHEN 'Wire' THEN _pay * ${c.Wire} ELSE _pay * ${c.Other} END
      + _conv * ${inputs.dpoExtensionDays} / 365 * ${inputs.costOfCapitalPct / 100})`;
  const cardCost = `CASE _method WHEN 'Card' THEN 0 ELSE _pay * ${c.Card} END`;
  const perRoute = routes.flatMap((k) => {
    const level = ident(`${k}Level`);
    const byModel = CARD_ROUTES.includes(k)
      ? `coalesce(matchStatus, '') <> 'MATCHED' AND acceptanceProbability IS NOT NULL AND ${conv(level)} > 0`
      : 'FALSE';
    const p = `round(CASE WHEN ${byModel} THEN acceptanceProbability ELSE ${conv(level)} END, 4)`;
    const cost = k === 'Boost' ? `(${cardCost} + _conv * (${inputs.rebateBps} - ${lockboxRebate}) / 10000)` : cardCost;
    return [`${p} AS ${ident(`_p_${k}`)}`, `${valueSql} - ${cost} AS ${ident(`_net_${k}`)}`];
  });
  const withRoutes = `SELECT *, ${perRoute.join(', ')} FROM (${helpers})`;
  // Best first: expected value, then probability, then route order (negated to sort ascending).
  const candidates = routes
    .map(
      (k) =>
        `{'ev': -round(${ident(`_p_${k}`)} * ${ident(`_net_${k}`)}, 2), 'p': -${ident(`_p_${k}`)}, 'o': ${ROUTE_KINDS.indexOf(k)}, 'r': ${lit(k)}}`,
    )
    .join(', ');
  const withBest = `SELECT *, list_sort([${candidates}])[1] AS _best FROM (${withRoutes})`;
  const has = `_best.p < 0`;
  const fee = `CASE WHEN _best.r = 'Boost' THEN 0 ELSE ${acceptanceFeeSql('_band', fees)} END`;
  const net = `round(_conv * _days / 365 * ${SUPPLIER_COST_OF_CAPITAL_PCT / 100} - _conv * (${fee}) / 10000, 2)`;
  const helperCols = [
    '_method',
    '_conv',
    '_pay',
    '_lockbox',
    '_band',
    '_days',
    '_best',
    ...routes.flatMap((k) => [`_p_${k}`, `_net_${k}`]),
  ];
  return `SELECT * EXCLUDE (${helperCols.map(ident).join(', ')}),
      CASE WHEN ${has} THEN _best.r END AS bestRoute,
      CAST(CASE WHEN ${has} THEN -_best.p END AS DOUBLE) AS bestRouteProbability,
      CAST(CASE WHEN ${has} THEN -_best.ev END AS DOUBLE) AS bestRouteExpectedValue,
      CAST(_days AS DOUBLE) AS daysSooner,
      CAST(CASE WHEN ${has} AND _days IS NOT NULL THEN ${net} END AS DOUBLE) AS supplierNetBenefit
    FROM (${withBest})`;
}

/**
 * Optima is the best route (over `routesSql`'s columns): its level, method and rule id are the best route's
 * (`OPTIMA:<kind>:<rule id>`, as compileOptima writes them). A supplier without a best route keeps the best-of
 * levels (all None). Only when Optima is offered.
 */
export function optimaRouteSql(inner: string, offered: readonly TScoreKind[], lockboxes: readonly TVirtualLockbox[]) {
  const routes = rankedRoutes(offered, lockboxes);
  if (!offered.includes('Optima') || routes.length === 0) return inner;
  const pick = (col: (k: string) => string) =>
    `CASE bestRoute ${routes.map((k) => `WHEN ${lit(k)} THEN ${col(k)}`).join(' ')} END`;
  return `SELECT * REPLACE (
      CASE WHEN bestRoute IS NULL THEN "OptimaLevel" ELSE ${pick((k) => ident(`${k}Level`))} END AS "OptimaLevel",
      coalesce(bestRoute, "optimaMethod") AS "optimaMethod",
      CASE WHEN bestRoute IS NULL THEN "OptimaRuleId" ELSE 'OPTIMA:' || bestRoute || ':' || ${pick((k) => ident(`${k}RuleId`))} END AS "OptimaRuleId"
    ) FROM (${inner})`;
}
