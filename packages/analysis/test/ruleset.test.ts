import { describe, expect, it } from 'vitest';
import { compileCondition, parseScoringRuleset, validateRuleset, ZScoringRuleset } from '../src/score/ruleset.ts';
import { defaultConfidenceRuleset, defaultScoringRuleset } from '../src/score/defaults.ts';
import { AnalysisInputError } from '../src/errors.ts';
import { withDb } from '../src/db.ts';
import { compileScoring, compileOptima } from '../src/score/ruleset.ts';

describe('rulesets', () => {
  it('ships valid default rulesets covering all score kinds', () => {
    const s = defaultScoringRuleset();
    expect(Object.keys(s.scores).sort()).toEqual(['Boost', 'InstantPay', 'Pcard', 'Scf', 'Stp', 'TandEcard', 'Vcard']);
    expect(s.optima.method).toBe('best-of');
    expect(defaultConfidenceRuleset().rules.length).toBeGreaterThan(0);
  });
  it('rejects unknown fields and wrongly typed values with a readable message', () => {
    const bad = structuredClone(defaultScoringRuleset()) as unknown as {
      scores: { Vcard: { rules: { when: unknown }[] } };
    };
    bad.scores.Vcard.rules[0]!.when = { field: 'nope', op: 'eq', value: 1 };
    expect(() => parseScoringRuleset(bad)).toThrow(AnalysisInputError);
    expect(() => compileCondition({ field: 'spend', op: 'gt', value: 'lots' })).toThrow(/spend is a number/);
    expect(ZScoringRuleset.safeParse({}).success).toBe(false);
  });
  it('names the path of each problem: unknown field, wrong type, unknown operator, duplicate rule id', () => {
    const bad = structuredClone(defaultScoringRuleset()) as unknown as {
      scores: Record<string, { rules: { id: string; when: unknown }[] }>;
    };
    bad.scores.Vcard!.rules[0]!.when = {
      all: [
        { field: 'spend', op: 'gte', value: 1 },
        { field: 'nope', op: 'eq', value: 1 },
      ],
    };
    bad.scores.Stp!.rules[1]!.when = { field: 'spend', op: 'gt', value: 'lots' };
    bad.scores.Pcard!.rules[0]!.when = { field: 'mcc', op: 'like', value: '5%' };
    bad.scores.Scf!.rules[1]!.id = bad.scores.Scf!.rules[0]!.id;
    const r = validateRuleset('scoring', bad);
    expect(r.ok).toBe(false);
    const issues = r.ok ? [] : r.issues;
    expect(issues).toContainEqual({
      path: 'scores.Vcard.rules.0.when.all.1.field',
      message: expect.stringMatching(/^unknown field "nope"; the fields are spend, /),
    });
    expect(issues).toContainEqual({
      path: 'scores.Stp.rules.1.when.value',
      message: 'field spend is a number; got "lots"',
    });
    expect(issues).toContainEqual({ path: 'scores.Pcard.rules.0.when.op', message: expect.stringContaining('"like"') });
    expect(issues).toContainEqual({
      path: 'scores.Scf.rules.1.id',
      message: expect.stringContaining('already used by rule 1'),
    });
    expect(issues).toHaveLength(4);
    expect(validateRuleset('confidence', defaultConfidenceRuleset()).ok).toBe(true);
  });
  it('compiles to SQL that keeps the rule id and picks Optima as the best level', async () => {
    const rs = defaultScoringRuleset();
    const rows = await withDb({}, async (db) => {
      await db.run(`CREATE TABLE features AS SELECT * FROM (VALUES
        (50000.0, 'YES', TRUE, '3', 'FALSE', 'MATCHED', 60, 100.0, 24.0, 'Check', 0, 'Business to Business', 'Business Services', 'High'),
        (500.0, 'UNMATCHED', FALSE, '', 'FALSE', 'UNMATCHED', NULL, 500.0, 1.0, 'ACH', 0, NULL, NULL, 'Low'))
        t(spend, vcAccepting, cardAcceptor, detailLevel, stpCapable, matchStatus, paymentTermsDays, avgTransactionValue, transactionsPerYear, paymentMethod, lockboxCount, mccType, mccGroup, acceptancePrediction)`);
      await db.run(`CREATE TABLE s1 AS SELECT *, ${compileScoring(rs).join(', ')} FROM features`);
      return db.all<Record<string, string>>(`SELECT *, ${compileOptima(rs).join(', ')} FROM s1`);
    });
    expect(rows[0]).toMatchObject({
      VcardLevel: 'High',
      VcardRuleId: 'VC-H1',
      StpLevel: 'Low',
      OptimaLevel: 'High',
      optimaMethod: 'Vcard',
      OptimaRuleId: 'OPTIMA:Vcard:VC-H1',
    });
    expect(rows[1]).toMatchObject({ VcardLevel: 'None', VcardRuleId: 'VC-NONE', InstantPayRuleId: 'IP-L1' });
  });
});
