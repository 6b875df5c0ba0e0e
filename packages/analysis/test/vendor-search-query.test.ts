/**
 * The vendor search normalises its query as the job matcher normalises a supplier name (sx_name_tokens,
 * sx_name_segments), though it drops the legal forms of the name and of its parts in JavaScript (dropLegalForms)
 * rather than by the macros' legal-form regexes; and that printable-ASCII queries, normalised in JavaScript, get what
 * the macros give.
 */
import { describe, expect, it } from 'vitest';
import { withDb, lit } from '../src/db.ts';
import { createNormaliseMacros } from '../src/match/normalise-sql.ts';
import { normaliseVendorQuery, normaliseVendorQueryAscii } from '../src/match/search.ts';
import { rng, int, pick } from '../src/network/random.ts';
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

  it('normalises printable-ASCII queries in JavaScript exactly as the macros do', async () => {
    const r = rng(3);
    const set = makeNamesEvalSet(13, 300, 200, 50);
    const ascii = (x: string) => /^[\x20-\x7e]*$/.test(x);
    const words = [
      ...set.network.flatMap((n) => n.name.split(' ')).filter(ascii),
      ...['GmbH', 'Co.', 'KG', 'Inc', 'S.A.', 'B.V.', 'N.V.,', 'Sp.', 'z', 'o.o.', 'the', 'and', 'of', 'Koninklijke'],
      ...['intl', 'Mfg', 'svc', 'St', 'N', 'e', 'first', 'constructor', 'toString', '__proto__', 'hasOwnProperty'],
      ...[
        'dba',
        'd/b/a',
        't/a',
        'aka',
        'at',
        'a/k/a',
        '-',
        '|',
        '/',
        ':',
        '&',
        '(Berlin)',
        '(x',
        'y)',
        "O'Brien",
        'Mc`Don',
      ],
      ...['I', 'B', 'M', 'p', 'g', 'A.', 'B.', '1st', '42', 'x-ray', 'a--b', ',', ', NL', ',de', 'DE', 'Ltd,', 'AG,'],
    ];
    const seps = [' ', ' ', ' ', '  ', ' - ', ', ', '. ', ' & ', ': ', ' / ', '-', ' | ', ' t/a '];
    const names: string[] = [...set.network.map((n) => n.name), ...set.suppliers.map((s) => s.supplierName)].filter(
      ascii,
    );
    for (let k = 0; k < 2500; k++) {
      let x = pick(r, words);
      for (let n = int(r, 0, 5); n > 0; n--) x += pick(r, seps) + pick(r, words);
      if (r() < 0.1) x = ` ${x} `;
      if (r() < 0.1) x = x.toUpperCase();
      names.push(x);
    }
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    for (let k = 0; k < 500; k++)
      names.push(Array.from({ length: int(r, 0, 24) }, () => pick(r, [...printable, 'a', 'b', ' ', ' '])).join(''));
    const queries = names.map((q, i) => ({
      q,
      city:
        i % 3 === 0 ? pick(r, [' St. Gallen ', 'Frankfurt (Oder)', "L'Aquila", '', ' ', 'NEW-YORK', '&Co']) : undefined,
      postcode: i % 4 === 0 ? pick(r, ['SW1A 1AA', ' 10115 ', 'ab-12', '', '??']) : undefined,
      taxId: i % 5 === 0 ? pick(r, ['DE 123 456 789', 'gb123456789', 'CHE-123.456.789', 'DE', 'xx', '']) : undefined,
      country: i % 6 === 0 ? pick(r, ['de', ' DEU ', '', 'gb']) : undefined,
    }));
    // the macros in one statement (normaliseVendorQuerySql gives what sx_name_tokens and sx_name_segments give: above)
    const blank = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
    const want = await withDb({ threads: 1, memoryLimit: '512MB' }, async (db) => {
      await createNormaliseMacros(db);
      return db.all<Record<string, unknown>>(
        `SELECT sx_name_tokens(q) AS nameTokens, sx_name_segments(q) AS nameSegments, sx_postcode(postcode) AS postcodeNorm,
           nullif(sx_clean(city), '') AS cityNorm, sx_taxid(taxId) AS taxNorm, nullif(upper(trim(country)), '') AS country,
           list_reverse(string_split(trim(sx_clean(q)), ' '))[1] AS last
         FROM (VALUES ${queries
           .map(
             (x, i) =>
               `(${[i, x.q, blank(x.city), blank(x.postcode), blank(x.taxId), blank(x.country)].map(lit).join(', ')})`,
           )
           .join(', ')}) t(i, q, city, postcode, taxId, country) ORDER BY i`,
      );
    });
    let segmented = 0;
    queries.forEach((q, i) => {
      const got = normaliseVendorQueryAscii(q);
      expect([q, got]).toEqual([q, want[i]]);
      if (got?.nameSegments) segmented++;
    });
    expect(segmented).toBeGreaterThan(100);
    // text that is not printable ASCII is left to the macros
    expect(normaliseVendorQueryAscii({ q: 'Müller GmbH' })).toBeUndefined();
    expect(normaliseVendorQueryAscii({ q: 'Acme\tCorp' })).toBeUndefined();
    expect(normaliseVendorQueryAscii({ q: 'Acme', city: 'Zürich' })).toBeUndefined();
  }, 300_000);
});
