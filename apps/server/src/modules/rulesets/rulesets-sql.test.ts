/**
 * The dry-run SQL builder (rulesets-sql.ts) on a tiny scored supplier table in an in-memory DuckDB, with the shipped
 * rulesets, and a review snapshot of the generated SQL (__snapshots__/rulesets-sql.snap.sql).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfidenceRuleset, defaultScoringRuleset, openDb, SCORE_FIELDS, type Db } from '@sextant/analysis';
import { SCORE_KINDS } from '@sextant/shared';
import { columnsSql, ident, lit, rowCountSql } from '../../lib/duckdb/index.ts';
import { dryRunSql, type DryRunRow, type KindedRuleset } from './rulesets-sql.ts';

let db: Db;
const scoring: KindedRuleset = { kind: 'scoring', ruleset: defaultScoringRuleset() };
const confidence: KindedRuleset = { kind: 'confidence', ruleset: defaultConfidenceRuleset() };

/** Feature values of three suppliers (a field not listed is NULL). */
const SUPPLIERS: { key: string; name: string; features: Record<string, string | number | boolean> }[] = [
  {
    key: 's1',
    name: 'Large matched',
    features: {
      spend: 900_000,
      matchStatus: 'MATCHED',
      matchConfidence: 'High',
      cardAcceptor: true,
      cardCapability: 'STP',
      stpCapable: 'TRUE',
      vcAccepting: 'YES',
      paymentMethod: 'ACH',
      transactionsPerYear: 120,
      avgTransactionValue: 7500,
      spendShare: 0.6,
    },
  },
  {
    key: 's2',
    name: "O'Small",
    features: {
      spend: 5_000,
      matchStatus: 'UNMATCHED',
      cardCapability: 'Unmatched',
      vcAccepting: 'UNMATCHED',
      paymentMethod: 'Check',
      transactionsPerYear: 2,
      avgTransactionValue: 2500,
      spendShare: 0.01,
    },
  },
  {
    key: 's3',
    name: 'Card acceptor',
    features: {
      spend: 60_000,
      matchStatus: 'MATCHED',
      matchConfidence: 'Medium',
      cardAcceptor: true,
      cardCapability: 'Card Acceptor',
      vcAccepting: 'NO',
      paymentMethod: 'Wire',
      transactionsPerYear: 12,
      avgTransactionValue: 5000,
      spendShare: 0.39,
    },
  },
];
const SQL_TYPE = { number: 'DOUBLE', string: 'VARCHAR', boolean: 'BOOLEAN' } as const;

/** A scored supplier table: the features, and each kind's stored level/confidence as `old(kind, supplierKey)`. */
async function scoredTable(name: string, old: (column: string, key: string) => string | null): Promise<void> {
  const scoreColumns = SCORE_KINDS.flatMap((k) => [
    `${k}Level`,
    `${k}RuleId`,
    `${k}Confidence`,
    `${k}ConfidenceRuleId`,
  ]);
  const selects = SUPPLIERS.map((s) => {
    const cols = [
      `${lit(s.key)} AS supplierKey`,
      `${lit(s.name)} AS supplierName`,
      ...Object.entries(SCORE_FIELDS).map(([field, f]) => {
        const v = s.features[field];
        return `CAST(${v === undefined ? 'NULL' : typeof v === 'string' ? lit(v) : String(v)} AS ${SQL_TYPE[f.type]}) AS ${ident(field)}`;
      }),
      ...scoreColumns.map((c) => `CAST(${lit(old(c, s.key))} AS VARCHAR) AS ${ident(c)}`),
      `CAST(NULL AS VARCHAR) AS optimaMethod`,
    ];
    return `SELECT ${cols.join(', ')}`;
  });
  await db.run(`CREATE OR REPLACE TABLE ${name} AS ${selects.join(' UNION ALL ')}`);
}

async function dryRunOf(rs: KindedRuleset, table: string) {
  const columns = new Set((await db.all<{ column_name: string }>(columnsSql(table))).map((c) => c.column_name));
  const { sql, kinds } = dryRunSql(rs, table, columns);
  return { kinds, rows: await db.all<DryRunRow>(sql) };
}

beforeAll(async () => {
  db = await openDb({ threads: 1, memoryLimit: '256MB' });
});
afterAll(() => db?.close());

describe('dryRunSql on a tiny scored table', () => {
  it('a version that gives every supplier another level reports every supplier as changed, largest first', async () => {
    await scoredTable('bogus', () => 'Bogus');
    const { kinds, rows } = await dryRunOf(scoring, 'bogus');
    expect(kinds).toEqual([...SCORE_KINDS]);
    expect(new Set(rows.map((r) => r.scoreKind))).toEqual(new Set(SCORE_KINDS));
    for (const k of SCORE_KINDS) {
      const ofKind = rows.filter((r) => r.scoreKind === k);
      expect(ofKind.map((r) => r.supplierKey)).toEqual(['s1', 's3', 's2']); // by spend, largest first
      for (const r of ofKind) {
        expect(r).toMatchObject({ from: 'Bogus', changed: 3, up: 3, suppliers: 3, changedSuppliers: 3 });
        expect(['High', 'Medium', 'Low', 'None']).toContain(r.to);
        expect(r.ruleId).toEqual(expect.any(String));
      }
    }
    expect(rows.find((r) => r.supplierKey === 's2')?.supplierName).toBe("O'Small");
  });

  it('the version the run was scored with changes nothing', async () => {
    const { rows: first } = await dryRunOf(scoring, 'bogus');
    const level = new Map(first.map((r) => [`${r.scoreKind}Level|${r.supplierKey}`, r.to]));
    await scoredTable('same', (c, key) => level.get(`${c}|${key}`) ?? null);
    expect((await dryRunOf(scoring, 'same')).rows).toEqual([]);
    expect(await db.one(rowCountSql('same'))).toEqual({ n: 3 });
  });

  it('a confidence version compares confidences, and only the kinds the run has', async () => {
    await scoredTable('conf', () => 'Bogus');
    await db.run(`ALTER TABLE conf DROP COLUMN StpConfidence`);
    const { kinds, rows } = await dryRunOf(confidence, 'conf');
    expect(kinds).toEqual(SCORE_KINDS.filter((k) => k !== 'Stp'));
    expect(rows.some((r) => r.scoreKind === 'Stp')).toBe(false);
    expect(rows.every((r) => r.from === 'Bogus' && r.changed === 3)).toBe(true);
  });
});

it('review snapshot of the generated SQL', async () => {
  const src = "read_parquet('/data/jobs/<job>/runs/1/results/suppliers.parquet')";
  const columns = new Set([
    'supplierKey',
    'OptimaLevel',
    'OptimaRuleId',
    'optimaMethod',
    'StpConfidence',
    'StpConfidenceRuleId',
  ]);
  // the compiled rulesets are the engine's (packages/analysis score/ruleset.ts): shown as <compiled> here
  const compiled = (sql: string) => sql.replace(/SELECT \*, (?:(?!FROM \().)*FROM \(/g, 'SELECT *, <compiled> FROM (');
  const text = [
    `-- columnsSql\n${columnsSql(src)};\n`,
    `-- rowCountSql\n${rowCountSql(src)};\n`,
    `-- dryRunSql (scoring)\n${compiled(dryRunSql(scoring, src, columns).sql)};\n`,
    `-- dryRunSql (confidence)\n${compiled(dryRunSql(confidence, src, columns).sql)};\n`,
  ].join('\n');
  await expect(text).toMatchFileSnapshot('./__snapshots__/rulesets-sql.snap.sql');
});
