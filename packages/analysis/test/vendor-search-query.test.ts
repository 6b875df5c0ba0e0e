/**
 * The vendor search normalises its query as the job matcher normalises a supplier name (sx_name_tokens,
 * sx_name_segments), though it drops the legal forms of the name and of its parts in JavaScript (dropLegalForms)
 * rather than by the macros' legal-form regexes.
 */
import { describe, expect, it } from 'vitest';
import { withDb, lit } from '../src/db.ts';
import { createNormaliseMacros } from '../src/match/normalise-sql.ts';
import { normaliseVendorQuery } from '../src/match/search.ts';
import { makeNamesEvalSet } from '../bench/names-eval.ts';

describe('vendor search query normalisation', () => {
  it('gives the name tokens and parts that the matcher macros give, legal forms dropped', async () => {
    const set = makeNamesEvalSet(11, 40, 30, 15);
    const written = [
      'Acme GmbH & Co. KG - Berlin GmbH',
      'Kowalski Sp. z o.o. t/a Kowalski Transport S.A.',
      'ООО Ромашка | Ромашка ЗАО',
      'Nordlys AS: Nordlys Shipping Holding AS',
      'Joe’s Pizza LLC dba Joe’s Famous Pizza Inc.',
      'PT Astra International Tbk / Astra Motor',
      'GmbH - Ltd',
      'The Blue Bottle Coffee Company aka Blue Bottle',
      'Müller Gesellschaft mit beschränkter Haftung at Hauptbahnhof',
      'Rossi S.p.A.',
      ' - ',
      '',
    ];
    const names = [...written, ...set.network.map((n) => n.name), ...set.suppliers.map((s) => s.supplierName)];
    const segmentedNames = names.map((x, i) => (i % 2 === 0 ? `${x} - ${names[(i * 7) % names.length]}` : x));
    const all = [...names, ...segmentedNames];
    const { got, want } = await withDb({ threads: 1, memoryLimit: '256MB' }, async (db) => {
      await createNormaliseMacros(db);
      const want = await db.all<{ nameTokens: string[]; nameSegments: string[][] | null }>(
        `SELECT sx_name_tokens(name) AS nameTokens, sx_name_segments(name) AS nameSegments
         FROM (VALUES ${all.map((x, i) => `(${i}, ${lit(x)})`).join(', ')}) t(i, name) ORDER BY i`,
      );
      const got = [];
      for (const q of all) got.push(await normaliseVendorQuery(db, { q }));
      return { got, want };
    });
    let segmented = 0;
    all.forEach((q, i) => {
      const g = got[i]!;
      expect([q, g.nameTokens, g.nameSegments]).toEqual([q, want[i]!.nameTokens, want[i]!.nameSegments ?? null]);
      if (g.nameSegments) segmented++;
    });
    // names in parts were among them, and their forms were dropped
    expect(segmented).toBeGreaterThan(all.length / 6);
    const acme = got[0]!;
    expect(acme.nameSegments).toEqual([['acme'], ['berlin']]);
  }, 120_000);
});
