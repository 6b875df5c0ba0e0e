/**
 * What changed between two runs of a job, as pure DuckDB query builders over the two runs' supplier tables
 * (`suppliers.parquet` of each run): tested on tiny tables with a review snapshot of their text
 * (job-changes-sql.test.ts, __snapshots__/job-changes-sql.snap.sql).
 *
 * One row per supplier that changed, keyed by supplierKey (a full outer join: suppliers only in one run are added or
 * removed), with the kinds of change and one entry per change: what it was before, what it is now, and why (the
 * deciding match rule and the evidence fields, the scoring rule, the network attributes, the model's explanation).
 * Columns a run does not have (an unscored run has no levels) count as NULL, so they never show as a change.
 */
import { RUN_CHANGE_KINDS, SCORE_KINDS } from '@sextant/shared';
import { ident, lit } from '../../lib/duckdb/index.ts';

/** The kinds of change, in the order the totals and the download list them. */
export const CHANGE_KINDS = RUN_CHANGE_KINDS;

/**
 * A probability move at least this large is a change even when the predicted level stays. A supplier the new run
 * does not predict (it is matched now) is no acceptance change: its match gain says it.
 */
export const ACCEPTANCE_MOVE = 0.1;

export interface RunTable {
  /** A table expression (`read_parquet('…')` or a table name). */
  table: string;
  columns: ReadonlySet<string>;
}

const RANK = (x: string) => `CASE ${x} WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END`;

/** `alias.column` cast to VARCHAR, or a typed NULL when the run has no such column. */
function col(run: RunTable, alias: string, name: string, type = 'VARCHAR'): string {
  return run.columns.has(name) ? `CAST(${alias}.${ident(name)} AS ${type})` : `CAST(NULL AS ${type})`;
}

/** The deciding match rule and the evidence fields (`name agree, postcode agree, city differ`) of a match. */
function matchReason(run: RunTable, alias: string): string {
  if (!run.columns.has('matchEvidence')) return `CAST(NULL AS VARCHAR)`;
  const ev = `${alias}.matchEvidence`;
  return `CASE WHEN ${ev} IS NULL THEN NULL ELSE concat_ws(' · ',
      'rule ' || coalesce(json_extract_string(${ev}, '$.rule'), '—'),
      nullif(array_to_string(list_transform(
        CAST(json_extract(${ev}, '$.fields') AS VARCHAR[][]), f -> f[1] || ' ' || f[2]), ', '), ''),
      'score ' || coalesce(json_extract_string(${ev}, '$.totalScore'), '—')) END`;
}

/** The network attributes behind the card capability that differ between the runs (`vcAccepting NO → YES`). */
function capabilityReason(prev: RunTable, cur: RunTable): string {
  const attrs = ['cardAcceptor', 'vcAccepting', 'detailLevel', 'stpCapable'].filter(
    (a) => prev.columns.has(a) && cur.columns.has(a),
  );
  const diffs = attrs.map(
    (a) =>
      `CASE WHEN ${col(prev, 'p', a)} IS DISTINCT FROM ${col(cur, 'c', a)} THEN ${lit(`${a} `)} || coalesce(${col(prev, 'p', a)}, '—') || ' → ' || coalesce(${col(cur, 'c', a)}, '—') END`,
  );
  return `CASE
      WHEN ${col(prev, 'p', 'matchedMerchantId')} IS DISTINCT FROM ${col(cur, 'c', 'matchedMerchantId')}
        THEN 'matched merchant ' || coalesce(${col(prev, 'p', 'matchedMerchantId')}, 'none') || ' → ' || coalesce(${col(cur, 'c', 'matchedMerchantId')}, 'none')
      ELSE coalesce(nullif(concat_ws(', ', ${diffs.length ? diffs.join(', ') : 'NULL'}), ''), 'network attributes of the matched merchant changed') END`;
}

const entry = (kind: string, field: string, before: string, after: string, reason: string) =>
  `{kind: ${lit(kind)}, field: ${lit(field)}, "before": ${before}, "after": ${after}, reason: ${reason}}`;

/**
 * Every supplier that changed from `prev` to `cur`: supplierKey, supplierName, spendBefore, spendAfter, kinds
 * (VARCHAR[], CHANGE_KINDS order) and changes (list of {kind, field, before, after, reason}).
 */
export function runChangesSql(prev: RunTable, cur: RunTable): string {
  const P = (n: string, t?: string) => col(prev, 'p', n, t);
  const C = (n: string, t?: string) => col(cur, 'c', n, t);
  const scoreVersion = (r: RunTable, a: string) => col(r, a, 'scoringRulesetVersion');
  const levelEntries = SCORE_KINDS.map((k) => {
    const level = `${k}Level`;
    const rule = k === 'Optima' ? 'optimaMethod' : `${k}RuleId`;
    const why = `${lit(k === 'Optima' ? 'method ' : 'rule ')} || coalesce(${P(rule)}, '—') || ' → ' || coalesce(${C(rule)}, '—')
        || CASE WHEN ${scoreVersion(prev, 'p')} IS DISTINCT FROM ${scoreVersion(cur, 'c')}
             THEN ' (scoring ruleset v' || coalesce(${scoreVersion(prev, 'p')}, '—') || ' → v' || coalesce(${scoreVersion(cur, 'c')}, '—') || ')' ELSE '' END`;
    return `CASE WHEN p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL AND ${P(level)} IS DISTINCT FROM ${C(level)}
        THEN ${entry('scoreLevelChanged', k, P(level), C(level), why)} END`;
  });
  const pMatched = `(${P('matchStatus')} = 'MATCHED')`;
  const cMatched = `(${C('matchStatus')} = 'MATCHED')`;
  const both = `p.supplierKey IS NOT NULL AND c.supplierKey IS NOT NULL`;
  const prob = (x: string) => `CAST(round(${x}, 3) AS VARCHAR)`;
  const pProb = P('acceptanceProbability', 'DOUBLE');
  const cProb = C('acceptanceProbability', 'DOUBLE');
  const accText = (pred: string, p: string) =>
    `CASE WHEN ${pred} IS NULL THEN NULL ELSE ${pred} || ' (' || ${prob(p)} || ')' END`;
  const entries = [
    `CASE WHEN p.supplierKey IS NULL THEN ${entry('supplierAdded', 'supplier', 'NULL', C('supplierName'), `'in the new run''s files only'`)} END`,
    `CASE WHEN c.supplierKey IS NULL THEN ${entry('supplierRemoved', 'supplier', P('supplierName'), 'NULL', `'not in the new run''s files'`)} END`,
    `CASE WHEN ${both} AND NOT coalesce(${pMatched}, FALSE) AND coalesce(${cMatched}, FALSE)
        THEN ${entry('matchGained', 'matchedMerchantId', 'NULL', C('matchedMerchantId'), matchReason(cur, 'c'))} END`,
    `CASE WHEN ${both} AND coalesce(${pMatched}, FALSE) AND NOT coalesce(${cMatched}, FALSE)
        THEN ${entry('matchLost', 'matchedMerchantId', P('matchedMerchantId'), 'NULL', `coalesce(${matchReason(cur, 'c')}, 'no candidate merchant')`)} END`,
    `CASE WHEN ${both} AND coalesce(${pMatched} AND ${cMatched}, FALSE) AND ${P('matchedMerchantId')} IS DISTINCT FROM ${C('matchedMerchantId')}
        THEN ${entry('merchantChanged', 'matchedMerchantId', P('matchedMerchantId'), C('matchedMerchantId'), matchReason(cur, 'c'))} END`,
    `CASE WHEN ${both} AND ${P('matchConfidence')} IS DISTINCT FROM ${C('matchConfidence')}
        THEN ${entry('confidenceChanged', 'matchConfidence', P('matchConfidence'), C('matchConfidence'), `coalesce(${matchReason(cur, 'c')}, 'no candidate merchant')`)} END`,
    `CASE WHEN ${both} AND ${P('cardCapability')} IS DISTINCT FROM ${C('cardCapability')}
        THEN ${entry('capabilityChanged', 'cardCapability', P('cardCapability'), C('cardCapability'), capabilityReason(prev, cur))} END`,
    ...levelEntries,
    `CASE WHEN ${both} AND ${C('acceptancePrediction')} IS NOT NULL AND (${P('acceptancePrediction')} IS DISTINCT FROM ${C('acceptancePrediction')}
          OR abs(${cProb} - ${pProb}) >= ${ACCEPTANCE_MOVE})
        THEN ${entry('acceptanceChanged', 'acceptancePrediction', accText(P('acceptancePrediction'), pProb), accText(C('acceptancePrediction'), cProb), `coalesce(${C('acceptanceExplanation')}, '—')`)} END`,
  ];
  const order = CHANGE_KINDS.map((k, i) => `${lit(k)}: ${i}`).join(', ');
  return `WITH j AS (
      SELECT coalesce(c.supplierKey, p.supplierKey) AS supplierKey,
        coalesce(${C('supplierName')}, ${P('supplierName')}) AS supplierName,
        ${P('spend', 'DOUBLE')} AS spendBefore, ${C('spend', 'DOUBLE')} AS spendAfter,
        list_filter([${entries.join(',\n        ')}], x -> x IS NOT NULL) AS changes
      FROM ${prev.table} p FULL OUTER JOIN ${cur.table} c ON c.supplierKey = p.supplierKey)
    SELECT supplierKey, supplierName, spendBefore, spendAfter,
      list_transform(list_sort(list_distinct(list_transform(changes, x -> map {${order}}[x.kind]))),
        i -> [${CHANGE_KINDS.map(lit).join(', ')}][i + 1]) AS kinds,
      changes
    FROM j WHERE len(changes) > 0`;
}

/**
 * Totals over a changes table (runChangesSql's rows): suppliers per kind of change, confidence and score-level moves
 * up and down, and the spend of the suppliers that changed (as of the new run, else the previous one).
 */
export function changeTotalsSql(changes: string): string {
  const perKind = CHANGE_KINDS.map((k) => `count(*) FILTER (WHERE list_contains(kinds, ${lit(k)})) AS ${ident(k)}`);
  const moves = (kind: string, up: boolean) =>
    `sum(len(list_filter(changes, x -> x.kind = ${lit(kind)} AND ${RANK('x."after"')} ${up ? '>' : '<'} ${RANK('x."before"')})))::BIGINT`;
  const levelMoves = SCORE_KINDS.map(
    (k) =>
      `${lit(k)}: {up: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = ${lit(k)}), x -> ${RANK('x."after"')} > ${RANK('x."before"')}), TRUE)),
        down: count(*) FILTER (WHERE list_contains(list_transform(list_filter(changes, x -> x.kind = 'scoreLevelChanged' AND x.field = ${lit(k)}), x -> ${RANK('x."after"')} < ${RANK('x."before"')}), TRUE))}`,
  );
  return `SELECT count(*) AS suppliersChanged, coalesce(sum(coalesce(spendAfter, spendBefore)), 0) AS spendChanged,
      ${perKind.join(',\n      ')},
      coalesce(${moves('confidenceChanged', true)}, 0) AS confidenceUp,
      coalesce(${moves('confidenceChanged', false)}, 0) AS confidenceDown,
      {${levelMoves.join(',\n      ')}} AS scoreLevels
    FROM ${changes}`;
}

/**
 * The changes as a caller without SuppliersScore_VIEW may see them (SPEC §6 "suppliers score view"): each supplier's
 * score-level changes left out, and a supplier whose only change was a score level left out with them.
 */
export function withoutScoreChangesSql(changes: string): string {
  return `(SELECT * FROM (SELECT * REPLACE (list_filter(kinds, k -> k <> 'scoreLevelChanged') AS kinds,
      list_filter(changes, c -> c.kind <> 'scoreLevelChanged') AS changes) FROM ${changes}) WHERE len(kinds) > 0)`;
}
