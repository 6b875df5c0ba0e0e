/**
 * The run-changes builders (job-changes-sql.ts) on tiny tables in an in-memory DuckDB, and a review snapshot of
 * their text (__snapshots__/job-changes-sql.snap.sql).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@sextant/analysis';
import { changeTotalsSql, runChangesSql, withoutScoreChangesSql, type RunTable } from './job-changes-sql.ts';

let db: Db;

const COLS =
  'supplierKey, supplierName, spend, matchStatus, matchConfidence, matchedMerchantId, matchEvidence, cardCapability, vcAccepting, VcardLevel, VcardRuleId, ScfLevel, ScfRuleId, scoringRulesetVersion, acceptancePrediction, acceptanceProbability, acceptanceExplanation';
const ev = (rule: string, fields: string) => `'{"rule":"${rule}","fields":${fields},"totalScore":0.93}'`;
const NAME_PC = `[["name","agree","ACME","ACME"],["postcode","agree","AB1","AB1"]]`;

beforeAll(async () => {
  db = await openDb({ threads: 1, memoryLimit: '256MB' });
  // k1 unchanged · k2 gains a match · k3 loses it · k4 confidence Medium → High and a new VC capability · k5 Vcard
  // level moves with the new ruleset · k6 acceptance prediction moves · k7 only in run 1 · k8 only in run 2
  await db.run(`CREATE TABLE prev AS SELECT * FROM (VALUES
    ('k1', 'Acme', 100.0, 'MATCHED', 'High', 11, ${ev('R1', NAME_PC)}, 'VC', 'YES', 'High', 'v1', 'Low', 's1', 3, NULL, NULL, NULL),
    ('k2', 'Bolt', 50.0, 'UNMATCHED', 'Low', NULL, ${ev('R9', '[["name","similar","BOLT","BOLTS"]]')}, 'Unmatched', 'NO', 'None', 'v0', 'Low', 's1', 3, 'Low', 0.2, 'spend band'),
    ('k3', 'Cole', 70.0, 'MATCHED', 'Medium', 33, ${ev('R2', NAME_PC)}, 'Card Acceptor', 'NO', 'Medium', 'v2', 'Low', 's1', 3, NULL, NULL, NULL),
    ('k4', 'Dent', 30.0, 'MATCHED', 'Medium', 44, ${ev('R2', NAME_PC)}, 'Card Acceptor', 'NO', 'Medium', 'v2', 'Low', 's1', 3, NULL, NULL, NULL),
    ('k5', 'Eden', 20.0, 'MATCHED', 'High', 55, ${ev('R1', NAME_PC)}, 'VC', 'YES', 'Medium', 'v2', 'Low', 's1', 3, NULL, NULL, NULL),
    ('k6', 'Fern', 10.0, 'UNMATCHED', NULL, NULL, NULL, 'Unmatched', 'NO', 'None', 'v0', 'Low', 's1', 3, 'Low', 0.31, 'few payments'),
    ('k7', 'Gone', 5.0, 'UNMATCHED', NULL, NULL, NULL, 'Unmatched', 'NO', 'None', 'v0', 'Low', 's1', 3, 'Low', 0.2, 'x')
  ) t(${COLS})`);
  await db.run(`CREATE TABLE cur AS SELECT * FROM (VALUES
    ('k1', 'Acme', 100.0, 'MATCHED', 'High', 11, ${ev('R1', NAME_PC)}, 'VC', 'YES', 'High', 'v1', 'Low', 's1', 4, NULL, NULL, NULL),
    ('k2', 'Bolt', 50.0, 'MATCHED', 'High', 22, ${ev('R1', NAME_PC)}, 'Card Acceptor', 'NO', 'None', 'v0', 'Low', 's1', 4, NULL, NULL, NULL),
    ('k3', 'Cole', 70.0, 'UNMATCHED', NULL, NULL, NULL, 'Unmatched', 'NO', 'None', 'v0', 'Low', 's1', 4, 'Medium', 0.55, 'industry Plumbing'),
    ('k4', 'Dent', 30.0, 'MATCHED', 'High', 44, ${ev('R1', NAME_PC)}, 'VC', 'YES', 'Medium', 'v2', 'Low', 's1', 4, NULL, NULL, NULL),
    ('k5', 'Eden', 20.0, 'MATCHED', 'High', 55, ${ev('R1', NAME_PC)}, 'VC', 'YES', 'High', 'v1', 'Low', 's1', 4, NULL, NULL, NULL),
    ('k6', 'Fern', 10.0, 'UNMATCHED', NULL, NULL, NULL, 'Unmatched', 'NO', 'None', 'v0', 'Low', 's1', 4, 'High', 0.81, 'industry Hotel'),
    ('k8', 'Hale', 8.0, 'UNMATCHED', NULL, NULL, NULL, 'Unmatched', 'NO', 'None', 'v0', 'Low', 's1', 4, 'Low', 0.1, 'y')
  ) t(${COLS})`);
  await db.run(`CREATE TABLE ch AS ${runChangesSql(table('prev'), table('cur'))}`);
});
afterAll(() => db?.close());

const table = (name: string, cols = COLS): RunTable => ({ table: name, columns: new Set(cols.split(', ')) });

interface Change {
  kind: string;
  field: string;
  before: string | null;
  after: string | null;
  reason: string | null;
}
type Row = { supplierKey: string; kinds: string[]; changes: Change[]; spendBefore: number | null };
const rows = async () =>
  new Map((await db.all<Row>(`SELECT * FROM ch ORDER BY supplierKey`)).map((r) => [r.supplierKey, r]));

describe('runChangesSql on tiny tables', () => {
  it('lists only the suppliers that changed, with their kinds in a fixed order', async () => {
    const r = await rows();
    expect([...r.keys()]).toEqual(['k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8']);
    expect(r.get('k2')!.kinds).toEqual(['matchGained', 'confidenceChanged', 'capabilityChanged']);
    expect(r.get('k3')!.kinds).toEqual([
      'matchLost',
      'confidenceChanged',
      'capabilityChanged',
      'scoreLevelChanged',
      'acceptanceChanged',
    ]);
    expect(r.get('k7')!.kinds).toEqual(['supplierRemoved']);
    expect(r.get('k8')!.kinds).toEqual(['supplierAdded']);
  });

  it('a gained match names the merchant, the deciding rule and the evidence', async () => {
    const gained = (await rows()).get('k2')!.changes.find((c) => c.kind === 'matchGained')!;
    expect(gained).toEqual({
      kind: 'matchGained',
      field: 'matchedMerchantId',
      before: null,
      after: '22',
      reason: 'rule R1 · name agree, postcode agree · score 0.93',
    });
  });

  it('a lost match without a candidate says so; the capability reason names the merchant', async () => {
    const k3 = (await rows()).get('k3')!.changes;
    expect(k3.find((c) => c.kind === 'matchLost')).toMatchObject({
      before: '33',
      after: null,
      reason: 'no candidate merchant',
    });
    expect(k3.find((c) => c.kind === 'capabilityChanged')).toMatchObject({
      before: 'Card Acceptor',
      after: 'Unmatched',
      reason: 'matched merchant 33 → none',
    });
  });

  it('a capability change on the same merchant names the network attribute that moved', async () => {
    const k4 = (await rows()).get('k4')!.changes;
    expect(k4.find((c) => c.kind === 'confidenceChanged')).toMatchObject({ before: 'Medium', after: 'High' });
    expect(k4.find((c) => c.kind === 'capabilityChanged')).toMatchObject({
      before: 'Card Acceptor',
      after: 'VC',
      reason: 'vcAccepting NO → YES',
    });
  });

  it('a score level change names both rules and the scoring ruleset versions', async () => {
    const k5 = (await rows()).get('k5')!.changes;
    expect(k5).toEqual([
      {
        kind: 'scoreLevelChanged',
        field: 'Vcard',
        before: 'Medium',
        after: 'High',
        reason: 'rule v2 → v1 (scoring ruleset v3 → v4)',
      },
    ]);
  });

  it('an acceptance change shows level and probability, with the new explanation', async () => {
    const k6 = (await rows()).get('k6')!.changes;
    expect(k6).toEqual([
      {
        kind: 'acceptanceChanged',
        field: 'acceptancePrediction',
        before: 'Low (0.31)',
        after: 'High (0.81)',
        reason: 'industry Hotel',
      },
    ]);
  });

  it('columns a run lacks are no change (an unscored run against an unscored run)', async () => {
    const few = 'supplierKey, supplierName, spend, matchStatus, matchConfidence, matchedMerchantId';
    const n = await db.one<{ n: number }>(
      `SELECT count(*) AS n FROM (${runChangesSql(table('prev', few), table('cur', few))}) WHERE list_contains(kinds, 'scoreLevelChanged') OR list_contains(kinds, 'acceptanceChanged')`,
    );
    expect(n!.n).toBe(0);
  });

  it('the same run against itself has no changes', async () => {
    const n = await db.one<{ n: number }>(`SELECT count(*) AS n FROM (${runChangesSql(table('cur'), table('cur'))})`);
    expect(n!.n).toBe(0);
  });
});

describe('changeTotalsSql', () => {
  it('counts suppliers per kind, confidence and level moves, and their spend', async () => {
    const t = (await db.one<Record<string, unknown>>(changeTotalsSql('ch')))!;
    expect(t).toMatchObject({
      suppliersChanged: 7,
      spendChanged: 193,
      supplierAdded: 1,
      supplierRemoved: 1,
      matchGained: 1,
      matchLost: 1,
      merchantChanged: 0,
      confidenceChanged: 3,
      capabilityChanged: 3,
      scoreLevelChanged: 2,
      acceptanceChanged: 2,
      confidenceUp: 2,
      confidenceDown: 1,
    });
    const levels = t.scoreLevels as Record<string, { up: number; down: number }>;
    expect(levels.Vcard).toEqual({ up: 1, down: 1 });
    expect(levels.Scf).toEqual({ up: 0, down: 0 });
  });

  it('no changes: zeros, not NULLs', async () => {
    const t = (await db.one<Record<string, unknown>>(changeTotalsSql('(SELECT * FROM ch WHERE FALSE)')))!;
    expect(t).toMatchObject({ suppliersChanged: 0, spendChanged: 0, matchGained: 0, confidenceUp: 0 });
  });
});

describe('withoutScoreChangesSql (a caller without SuppliersScore_VIEW)', () => {
  it('leaves out score-level changes, and the suppliers whose only change they were, from the list and the totals', async () => {
    const seen = await db.all<Row>(`SELECT * FROM ${withoutScoreChangesSql('ch')} ORDER BY supplierKey`);
    expect(seen.map((r) => r.supplierKey)).toEqual(['k2', 'k3', 'k4', 'k6', 'k7', 'k8']); // k5: a Vcard level only
    for (const r of seen) {
      expect(r.kinds).not.toContain('scoreLevelChanged');
      expect(r.changes.map((c) => c.kind)).not.toContain('scoreLevelChanged');
    }
    const t = (await db.one<Record<string, unknown>>(changeTotalsSql(withoutScoreChangesSql('ch'))))!;
    expect(t).toMatchObject({ suppliersChanged: 6, spendChanged: 173, scoreLevelChanged: 0, matchGained: 1 });
  });
});

it('review snapshot of the generated SQL', async () => {
  const src = (n: number) => `read_parquet('/data/jobs/<job>/runs/${n}/results/suppliers.parquet')`;
  const text = [
    `-- runChangesSql (run 1 → run 2, every column)\n${runChangesSql(table(src(1)), table(src(2)))}`,
    `-- changeTotalsSql\n${changeTotalsSql("read_parquet('/data/jobs/<job>/runs/2/changes/changes.parquet')")}`,
    `-- withoutScoreChangesSql\n${withoutScoreChangesSql("read_parquet('/data/jobs/<job>/runs/2/changes/changes.parquet')")}`,
  ].join('\n\n');
  await expect(text).toMatchFileSnapshot('./__snapshots__/job-changes-sql.snap.sql');
});
