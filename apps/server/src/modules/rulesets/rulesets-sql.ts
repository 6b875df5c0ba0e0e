/**
 * The DuckDB SQL of the rulesets area as pure builders (tested on tiny tables in rulesets-sql.test.ts, their text
 * snapshotted in __snapshots__/rulesets-sql.snap.sql): the dry run of a ruleset version over a run's scored suppliers.
 */
import { SCORE_KINDS, type TScoreKind } from '@sextant/shared';
import {
  compileConfidence,
  compileOptima,
  compileScoring,
  type TConfidenceRuleset,
  type TScoringRuleset,
} from '@sextant/analysis';
import { ident, lit } from '../../lib/duckdb/index.ts';

/** A parsed ruleset with its kind: narrowing the kind narrows the ruleset. */
export type KindedRuleset =
  { kind: 'scoring'; ruleset: TScoringRuleset } | { kind: 'confidence'; ruleset: TConfidenceRuleset };

const EXAMPLES = 5;
const RANK = (col: string) =>
  `CASE ${col} WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 WHEN 'None' THEN 0 ELSE -1 END`;

/** The row of the dry-run query: one example supplier of a score kind, with the kind's counts. */
export interface DryRunRow {
  scoreKind: TScoreKind;
  supplierKey: string;
  supplierName: string | null;
  spend: number | null;
  from: string | null;
  to: string | null;
  ruleId: string | null;
  changed: number;
  up: number;
  suppliers: number;
  changedSuppliers: number;
}

/**
 * The dry-run query over a scored supplier table `src` with the given columns: the run's own score columns are
 * set aside as old_<kind>, the version is compiled over the features, and the changes per kind are counted with
 * up to EXAMPLES largest suppliers each. Also used by the benchmark.
 */
export function dryRunSql(rs: KindedRuleset, src: string, columns: Set<string>): { sql: string; kinds: TScoreKind[] } {
  const kind = rs.kind;
  const suffix = kind === 'scoring' ? 'Level' : 'Confidence';
  const ruleSuffix = kind === 'scoring' ? 'RuleId' : 'ConfidenceRuleId';
  const outputs = SCORE_KINDS.flatMap((k) =>
    kind === 'scoring' ? [`${k}Level`, `${k}RuleId`] : [`${k}Confidence`, `${k}ConfidenceRuleId`],
  ).concat(kind === 'scoring' ? ['optimaMethod'] : []);
  const present = outputs.filter((c) => columns.has(c));
  const olds = SCORE_KINDS.filter((k) => columns.has(`${k}${suffix}`)).map(
    (k) => `${ident(`${k}${suffix}`)} AS ${ident(`old_${k}`)}`,
  );
  const base = `SELECT * EXCLUDE (${present.map(ident).join(', ')})${olds.length ? `, ${olds.join(', ')}` : ''} FROM ${src}`;
  const computed =
    rs.kind === 'scoring'
      ? `SELECT *, ${compileOptima(rs.ruleset).join(', ')} FROM (SELECT *, ${compileScoring(rs.ruleset).join(', ')} FROM (${base}))`
      : `SELECT *, ${compileConfidence(rs.ruleset).join(', ')} FROM (${base})`;
  const kinds = SCORE_KINDS.filter((k) => columns.has(`${k}${suffix}`));
  const changes = kinds
    .map(
      (k) =>
        `SELECT ${lit(k)} AS scoreKind, supplierKey, supplierName, spend, ${ident(`old_${k}`)} AS "from", ${ident(`${k}${suffix}`)} AS "to", ${ident(`${k}${ruleSuffix}`)} AS ruleId FROM d WHERE ${ident(`old_${k}`)} IS DISTINCT FROM ${ident(`${k}${suffix}`)}`,
    )
    .join(' UNION ALL ');
  return {
    kinds,
    sql: `WITH d AS (${computed}), c AS (${changes})
     SELECT c.*, count(*) OVER (PARTITION BY scoreKind) AS changed,
       sum(CASE WHEN ${RANK('"to"')} > ${RANK('"from"')} THEN 1 ELSE 0 END) OVER (PARTITION BY scoreKind) AS up,
       (SELECT count(*) FROM d) AS suppliers,
       (SELECT count(DISTINCT supplierKey) FROM c) AS changedSuppliers
     FROM c
     QUALIFY row_number() OVER (PARTITION BY scoreKind ORDER BY spend DESC NULLS LAST, supplierKey) <= ${EXAMPLES}`,
  };
}
