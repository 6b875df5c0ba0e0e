/**
 * The issuer's offer on tiny tables: the waterfall without the tiers of kinds not offered, the lockbox programmes a
 * supplier is payable through, the scoring of offered kinds only (Optima among them), and the use cases listed.
 */
import { describe, expect, it } from 'vitest';
import { offeredKinds, SCORE_KINDS, type TIssuerOffer, type TScoreKind } from '@sextant/shared';
import { withDb, type Db } from '../../src/db.ts';
import {
  cardCapabilitySql,
  lockboxProgrammeSql,
  lockboxRebateSql,
  payableLockboxesSql,
} from '../../src/score/offer-sql.ts';
import { compileConfidence, compileOptima, compileScoring, NOT_OFFERED_RULE_ID } from '../../src/score/ruleset.ts';
import { defaultConfidenceRuleset, defaultScoringRuleset } from '../../src/score/defaults.ts';
import { useCasesFor } from '../../src/aggregate/results.ts';

const tiny = <T>(fn: (db: Db) => Promise<T>) => withDb({ threads: 1, memoryLimit: '256MB' }, fn);

const ALL_BUT = (...no: TScoreKind[]) => SCORE_KINDS.filter((k) => !no.includes(k));
const offer = (capabilities: TScoreKind[], virtualLockboxes: TIssuerOffer['virtualLockboxes']): TIssuerOffer => ({
  issuerName: 'Northbridge',
  capabilities,
  virtualLockboxes,
});

/** Acceptance columns as enrich has them: k, stpCapable, vcAccepting, detailLevel, cardAcceptor, lockboxes. */
const ACCEPTANCE = `(VALUES
  ('stp', 'TRUE', 'YES', '3', TRUE, ['Boost']),
  ('vc', 'FALSE', 'YES', '2', TRUE, []::VARCHAR[]),
  ('l3', 'FALSE', 'NO', '3', TRUE, ['Its', 'BoostEu']),
  ('acc', 'FALSE', 'NO', '1', TRUE, ['Its']),
  ('none', 'FALSE', 'UNMATCHED', '', FALSE, []::VARCHAR[])
) t(k, stpCapable, vcAccepting, detailLevel, cardAcceptor, lockboxes)`;

describe('offeredKinds', () => {
  it('offers every kind without an offer, and says which setting keeps a kind out', () => {
    expect(offeredKinds(null).offered).toEqual([...SCORE_KINDS]);
    const o = offeredKinds(offer(ALL_BUT('Scf', 'Boost'), []));
    expect(o.offered).toEqual(ALL_BUT('Scf', 'Boost'));
    expect(o.notOffered).toEqual([
      { kind: 'Scf', setting: 'issuerCapabilities' },
      { kind: 'Boost', setting: 'issuerCapabilities' },
    ]);
    // Boost offered but no lockbox programme: nothing to route through, so not offered either.
    expect(offeredKinds(offer([...SCORE_KINDS], [])).notOffered).toEqual([
      { kind: 'Boost', setting: 'issuerVirtualLockboxes' },
    ]);
    expect(offeredKinds(offer([...SCORE_KINDS], ['Its', 'Boost'])).lockboxes).toEqual(['Boost', 'Its']);
  });
});

describe('card capability waterfall under an offer', () => {
  const capabilities = (offered: readonly TScoreKind[]) =>
    tiny(async (db) =>
      Object.fromEntries(
        (await db.all<{ k: string; c: string }>(`SELECT k, ${cardCapabilitySql(offered)} AS c FROM ${ACCEPTANCE}`)).map(
          (r) => [r.k, r.c],
        ),
      ),
    );
  it('is STP > VC > L3 > Card Acceptor > Unmatched with every kind offered', async () => {
    expect(await capabilities(SCORE_KINDS)).toEqual({
      stp: 'STP',
      vc: 'VC',
      l3: 'L3',
      acc: 'Card Acceptor',
      none: 'Unmatched',
    });
  });
  it('drops the STP and VC tiers of kinds not offered: their suppliers fall to the next tier', async () => {
    expect(await capabilities(ALL_BUT('Stp'))).toMatchObject({ stp: 'VC', vc: 'VC' });
    expect(await capabilities(ALL_BUT('Stp', 'Vcard'))).toMatchObject({ stp: 'L3', vc: 'Card Acceptor', l3: 'L3' });
  });
});

describe('lockbox programmes a supplier is payable through', () => {
  const payable = (offered: readonly TScoreKind[], lockboxes: TIssuerOffer['virtualLockboxes']) =>
    tiny(async (db) =>
      Object.fromEntries(
        (
          await db.all<{ k: string; p: string[]; prog: string | null; bps: number | null }>(
            `SELECT k, p, ${lockboxProgrammeSql('p')} AS prog, ${lockboxRebateSql('prog', 100)} AS bps
             FROM (SELECT k, ${payableLockboxesSql('lockboxes', offered, lockboxes)} AS p FROM ${ACCEPTANCE}) ORDER BY k`,
          )
        ).map((r) => [r.k, { p: r.p, prog: r.prog, bps: r.bps }]),
      ),
    );
  it('keeps only the supported programmes, pays through the first, at its rebate', async () => {
    const r = await payable(SCORE_KINDS, ['BoostEu', 'Its']);
    expect(r.stp).toEqual({ p: [], prog: null, bps: null }); // Boost: not supported
    expect(r.l3).toEqual({ p: ['BoostEu', 'Its'], prog: 'BoostEu', bps: 45 }); // 100 − 55 bps provider fee
    expect(r.acc).toEqual({ p: ['Its'], prog: 'Its', bps: 50 });
  });
  it('gives none when the issuer supports no programme or does not offer Boost', async () => {
    for (const r of [await payable(SCORE_KINDS, []), await payable(ALL_BUT('Boost'), ['Boost', 'BoostEu', 'Its'])])
      expect(Object.values(r).every((x) => x.p.length === 0 && x.prog === null)).toBe(true);
  });
});

describe('scoring under an offer', () => {
  /** Features of the default ruleset's rules: a strategic supplier (SCF High) enrolled in a lockbox (Boost High). */
  const FEATURES = `(VALUES ('big', 2000000.0, 60, 1, 'FALSE', 'NO', '1', TRUE, 'Check', 'MATCHED', 500.0, 24.0, 'Business to Business', 'High'),
      ('small', 20000.0, 20, 0, 'FALSE', 'YES', '2', TRUE, 'ACH', 'MATCHED', 900.0, 24.0, 'Business to Business', 'High'))
    t(k, spend, paymentTermsDays, lockboxCount, stpCapable, vcAccepting, detailLevel, cardAcceptor, paymentMethod, matchStatus,
      avgTransactionValue, transactionsPerYear, mccType, matchConfidence)`;
  const scored = (offered: readonly TScoreKind[]) =>
    tiny(async (db) => {
      const s1 = `SELECT *, ${compileScoring(defaultScoringRuleset(), offered).join(', ')} FROM (SELECT *, NULL::VARCHAR AS acceptancePrediction, NULL::DOUBLE AS acceptanceProbability, NULL::VARCHAR AS mcc, NULL::VARCHAR AS mccGroup, NULL::VARCHAR AS country, NULL::DOUBLE AS cardSpend, NULL::DOUBLE AS documentCount, NULL::INTEGER AS paymentMethodCount, NULL::DOUBLE AS spendShare, NULL::VARCHAR AS cardCapability FROM ${FEATURES})`;
      const s2 = `SELECT *, ${compileOptima(defaultScoringRuleset(), offered).join(', ')} FROM (${s1})`;
      const rows = await db.all<Record<string, unknown>>(
        `SELECT *, ${compileConfidence(defaultConfidenceRuleset(), offered).join(', ')} FROM (${s2}) ORDER BY k`,
      );
      return Object.fromEntries(rows.map((r) => [r.k as string, r]));
    });
  it('scores SCF and Boost when offered, and Optima may pick them', async () => {
    const r = await scored(SCORE_KINDS);
    expect(r.big).toMatchObject({ ScfLevel: 'High', BoostLevel: 'High', ScfRuleId: 'SCF-H1' });
    expect(['Boost', 'Scf']).toContain(r.big!.optimaMethod);
  });
  it('leaves kinds not offered unscored (NULL, NOT-OFFERED) and Optima chooses among the others', async () => {
    const r = await scored(ALL_BUT('Scf', 'Boost'));
    for (const row of Object.values(r)) {
      expect(row).toMatchObject({
        ScfLevel: null,
        ScfRuleId: NOT_OFFERED_RULE_ID,
        ScfConfidence: null,
        BoostLevel: null,
        BoostRuleId: NOT_OFFERED_RULE_ID,
      });
      expect(['Scf', 'Boost']).not.toContain(row.optimaMethod);
      expect(String(row.OptimaRuleId)).not.toMatch(/Scf|Boost/);
    }
    expect(r.small!.VcardLevel).not.toBeNull();
  });
  it('has no Optima when Optima itself is not offered', async () => {
    const r = await scored(ALL_BUT('Optima'));
    expect(r.big).toMatchObject({ OptimaLevel: null, optimaMethod: null, OptimaRuleId: NOT_OFFERED_RULE_ID });
  });
});

describe('use cases under an offer', () => {
  const ids = (o: TIssuerOffer | null) => useCasesFor(o).map((u) => u.id);
  it('lists every use case without an offer, with one per lockbox programme', () => {
    expect(ids(null)).toEqual(
      expect.arrayContaining(['scf-strategic', 'boost-lockbox', 'lockbox-boost', 'lockbox-its']),
    );
  });
  it('drops the use cases of kinds not offered, and the lockbox ones without Boost or programmes', () => {
    const got = ids(offer(ALL_BUT('Scf', 'Boost'), []));
    expect(got).not.toEqual(expect.arrayContaining(['scf-strategic']));
    expect(got.filter((i) => i === 'scf-strategic' || i.includes('lockbox'))).toEqual([]);
    expect(got).toContain('vc-accepting');
    expect(ids(offer([...SCORE_KINDS], ['Its']))).toEqual(expect.arrayContaining(['boost-lockbox', 'lockbox-its']));
    expect(ids(offer([...SCORE_KINDS], ['Its']))).not.toContain('lockbox-boost');
    expect(useCasesFor(offer([...SCORE_KINDS], ['Its'])).find((u) => u.id === 'lockbox-its')?.rebateBps).toBe(50);
  });
});
