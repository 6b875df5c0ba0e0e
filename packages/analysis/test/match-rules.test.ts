/** Matching on tiny tables: address parsing, name cleaning, each confidence rule, the ruleset format. */
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { withDb, lit, copyToParquet } from '../src/db.ts';
import { createNormaliseMacros } from '../src/match/normalise-sql.ts';
import { ensurePreparedNetwork, matchSuppliers } from '../src/match/match.ts';
import { isPreparedNetwork } from '../src/network/import.ts';
import { defaultMatchRuleset, parseMatchRuleset, condSql, rulesSql, shippedMatchRuleset } from '../src/match/rules.ts';
import { ingestFile } from '../src/ingest/ingest.ts';
import { normaliseAndAggregate } from '../src/aggregate/normalise.ts';
import { AnalysisInputError } from '../src/errors.ts';
import { readParquet } from './match-helpers.ts';
import { tmpDir, writeFile } from './helpers.ts';

const { dir, cleanup } = tmpDir('sx-match-rules-');
afterAll(cleanup);

async function sql<T>(exprs: string[], fn: (a: string) => string): Promise<T[]> {
  return withDb({}, async (db) => {
    await createNormaliseMacros(db);
    const out: T[] = [];
    for (const a of exprs) out.push((await db.one<{ v: T }>(`SELECT ${fn(lit(a))} AS v`))!.v);
    return out;
  });
}

describe('street address parsing', () => {
  it('takes the house number, its range, the street without type and direction, and the unit', async () => {
    const cases: [string, number | null, number | null, string | null, string | null][] = [
      ['1520 W Grand Ave', 1520, 1520, 'grand', null],
      ['1520 W. Grand', 1520, 1520, 'grand', null],
      ['4410-12 N Halsted St', 4410, 4412, 'halsted', null],
      ['4410 N. Halsted', 4410, 4410, 'halsted', null],
      ['12-14 Main Street, Suite 300', 12, 14, 'main', '300'],
      ['435 S. La Cienega Blv.', 435, 435, 'la cienega', null],
      ['435 s. la cienega boulevard', 435, 435, 'la cienega', null],
      ['8638 W. Third St.', 8638, 8638, '3rd', null],
      ['Hauptstraße 12', 12, 12, 'hauptstr', null],
      ['95 Ave. A at 6th St.', 95, 95, 'a', null],
      ['#12, 700 E Pine Street', 700, 700, 'pine', '12'],
      ['PO Box 1200', null, null, null, '1200'],
      ['3rd St.', null, null, '3rd', null],
      ['12 Unity Ave', 12, 12, 'unity', null],
      ['5 Flower Street, Fl 2', 5, 5, 'flower', '2'],
      ['77 Box Hill Rd # 4', 77, 77, 'box hill', '4'],
    ];
    const rows = await sql<{ num: number | null; hi: number | null; street: string | null; unit: string | null }>(
      cases.map((c) => c[0]),
      (a) =>
        `{num: sx_addr_num(sx_addr_base(${a})), hi: sx_addr_num_hi(sx_addr_base(${a})), street: sx_addr_street(sx_addr_base(${a})), unit: sx_addr_unit(${a})}`,
    );
    rows.forEach((r, i) => {
      const [input, num, hi, street, unit] = cases[i]!;
      expect({ input, ...r }).toEqual({ input, num, hi, street, unit });
    });
  });
});

describe('name cleaning', () => {
  it('drops location noise, honorifics and legal forms, joins spaced initials, expands abbreviations', async () => {
    const cases: [string, string][] = [
      ['VANDERMEER N.V., DELFT, NL', 'vandermeer'],
      ['Koninklijke Vandermeer N.V.', 'vandermeer'],
      ['Acme Trading GmbH, Berlin', 'acme trading'],
      ['Smith & Sons Ltd., Unit 4, Leeds', 'smith sons'],
      ['Vandermeer N.V.', 'vandermeer'],
      ['Le Chardonnay (Los Angeles)', 'le chardonnay'],
      ['V M N. V.', 'vmnv'],
      ['I B M', 'ibm'],
      ['J. P. Morgan & Co', 'jp morgan'],
      ['Acme Trading B V', 'acme trading'],
      ['Westbrook Univ Child Care Ctr', 'westbrook university child care center'],
      ['National Assn of Realtors', 'national association realtors'],
      ['Smith, Jones and Partners', 'smith jones partners'],
      ['Acme Intl Mfg Corp', 'acme international manufacturing'],
    ];
    const rows = await sql<string>(
      cases.map((c) => c[0]),
      (a) => `sx_name_core(${a})`,
    );
    rows.forEach((r, i) => expect([cases[i]![0], r]).toEqual([cases[i]![0], cases[i]![1]]));
  });
});

describe('confidence rules', () => {
  it('decides each case by the rule the ruleset names, and keeps that rule in the evidence', async () => {
    const network = writeFile(
      dir,
      'network.csv',
      [
        'merchantId,name,addressLine1,city,postcode,country,taxId',
        'M1,Riverside Family Services - Oakwood Center,1520 W Grand Ave,Chicago,60622,US,',
        'M2,Lakeview Youth Alliance - Little Steps,4410-12 N Halsted St,Chicago,60640,US,',
        'M3,Northgate College,95 S Market St,Springfield,62701,US,',
        'M4,Westbrook University,200 College Ave,Westbrook,04092,US,',
        'M5,Koninklijke Vandermeer Electronics N.V.,Stationsplein 5,Delft,2611 BV,NL,',
        'M6,Harbor Tools Inc,77 Dock Rd,Portland,97201,US,931234567',
        'M7,Pemberton Analytics LLC,12 Elm St,Boston,02110,US,',
        'M8,International Business Machines,1 New Orchard Rd,Armonk,10504,US,',
        'M9,Granite Peak Outfitters,500 Summit Blvd,Denver,80202,US,',
        'M10,Bluewater Catering,88 Bay St,Toronto,,CA,',
        'M11,Quantum Reactor Systems GmbH,Industriestrasse 4,Essen,45127,DE,DE811223344',
      ].join('\n') + '\n',
    );
    const suppliers = writeFile(
      dir,
      'suppliers.csv',
      [
        'Supplier ID,Supplier Name,Address,City,Postal Code,Country,Tax ID,Annual Spend',
        'S1,Oakwood,1520 W. Grand,Chicago,60622,US,,100',
        'S2,Little Steps Learning Center,4410 N. Halsted,Chicago,60640,US,,100',
        'S3,Northgate College,700 E Pine Street,Springfield,,US,,100',
        'S4,Westbrook Univ Child Care Center,200 College Avenue,Westbrook,,US,,100',
        'S5,"VANDERMEER ELECTRONIC N V, DELFT, NL",,Delft,,NL,,100',
        'S6,Harbour Tools,,,,US,93-1234567,100',
        'S7,Pemberton Analytics,12 Elm Street,Boston,,US,,100',
        'S8,IBM,1 New Orchard Road,Armonk,10504,US,,100',
        'S9,Granite Peak Outfitters,,Denver,80202,US,,100',
        'S10,Bluewater Catering,,Toronto,,CA,,100',
        'S11,Completely Unrelated Bakery,9 Nowhere Ln,Austin,73301,US,,100',
        'S12,QRS,,,,DE,811223344,100',
        'S13,Bluewater Caterng,,,,CA,,100',
        'S14,Granite Pk Outfitting,,,80202,US,,100',
        'S15,Pembertn Analytic Services,,,,US,,100',
      ].join('\n') + '\n',
    );
    const work = path.join(dir, 'work');
    await ingestFile({ file: suppliers, kind: 'suppliers', workDir: work });
    await normaliseAndAggregate({ workDir: work });
    const m = await matchSuppliers({ workDir: work, networkFile: network });
    expect(m.rulesetVersion).toBe(defaultMatchRuleset().version);
    const rows = await readParquet<{
      sourceSupplierId: string;
      matchConfidence: string | null;
      matchedMerchantId: string | null;
      candidateMerchantId: string | null;
      matchEvidence: string | null;
    }>(
      `SELECT s.sourceSupplierId, m.matchConfidence, m.matchedMerchantId, m.candidateMerchantId, m.matchEvidence
       FROM read_parquet(${lit(path.join(work, 'suppliers.parquet'))}) s JOIN read_parquet(${lit(m.file)}) m USING (supplierKey) ORDER BY 1`,
    );
    const by = new Map(
      rows.map((r) => {
        const ev = r.matchEvidence
          ? (JSON.parse(r.matchEvidence) as {
              rule: string | null;
              fields: [string, string, string | null, string | null][];
            })
          : null;
        return [
          r.sourceSupplierId,
          {
            confidence: r.matchConfidence,
            merchant: r.matchedMerchantId,
            candidate: r.candidateMerchantId,
            rule: ev?.rule ?? null,
            fields: Object.fromEntries((ev?.fields ?? []).map((f) => [f[0], f[1]])),
          },
        ];
      }),
    );
    // Same street address, the name worded differently: the address carries the contained name.
    expect(by.get('S1')).toMatchObject({ confidence: 'Medium', merchant: 'M1', rule: 'M-ADDR-SUBNAME-M' });
    expect(by.get('S1')!.fields).toMatchObject({
      streetNumber: 'agree',
      street: 'agree',
      postcode: 'agree',
      name: 'contained',
    });
    // "4410-12" contains 4410; "Little Steps" is inside both names, "Learning Center" is extra.
    expect(by.get('S2')).toMatchObject({ confidence: 'Medium', merchant: 'M2', rule: 'M-ADDR-SUBNAME-M' });
    // Same name at a known, different address: not this location.
    expect(by.get('S3')).toMatchObject({ confidence: 'Low', merchant: null, candidate: 'M3' });
    expect(by.get('S3')!.fields).toMatchObject({ streetNumber: 'differ', name: 'agree' });
    // A department named where the network has the organisation, same street address.
    expect(by.get('S4')).toMatchObject({ confidence: 'Medium', merchant: 'M4', rule: 'M-ADDR-SUBNAME-M' });
    // Honorific, trailing location and a dropped letter: name alone, city agrees.
    expect(by.get('S5')).toMatchObject({ merchant: 'M5' });
    // Tax id agreement carries a similar name.
    expect(by.get('S6')).toMatchObject({ confidence: 'High', merchant: 'M6', rule: 'M-TAX-H' });
    // Name and street address agree.
    expect(by.get('S7')).toMatchObject({ confidence: 'High', merchant: 'M7', rule: 'M-ADDR-H' });
    // Acronym at the same street address.
    expect(by.get('S8')).toMatchObject({ confidence: 'Medium', merchant: 'M8', rule: 'M-ADDR-ACRONYM-M' });
    // Name and postcode agree, no street address given.
    expect(by.get('S9')).toMatchObject({ confidence: 'High', merchant: 'M9', rule: 'M-PC-H' });
    // Exact name and city only.
    expect(by.get('S10')).toMatchObject({ confidence: 'High', merchant: 'M10', rule: 'M-CITY-H' });
    expect(by.get('S11')!.merchant).toBeNull();
    // Acronym and tax id.
    expect(by.get('S12')).toMatchObject({ confidence: 'High', merchant: 'M11', rule: 'M-TAX-H' });
    // A near-identical name of words no other merchant carries, the country agreeing (names only); a weaker name
    // with the postcode; a possible match only.
    expect(by.get('S13')).toMatchObject({ confidence: 'High', merchant: 'M10', rule: 'M-NAME-RARE-H' });
    expect(by.get('S14')).toMatchObject({ confidence: 'Medium', merchant: 'M9', rule: 'M-NAME-LOC-M' });
    expect(by.get('S14')!.fields).toMatchObject({ name: 'similar', postcode: 'agree' });
    expect(by.get('S15')).toMatchObject({ confidence: 'Low', merchant: null, candidate: 'M7', rule: 'M-LOW' });
  }, 60_000);
});

describe('names-only rules', () => {
  // The evidence of one pair (match-sql.ts scorePairsSql columns), unknown where not given.
  const evidence = {
    nameScore: 0,
    contain: 0,
    jw: 0,
    sharedWord: false,
    acronym: false,
    acronymLetters: 0,
    nameWeighted: 0,
    nameChance: 1000,
    taxE: 'unknown',
    postcodeE: 'unknown',
    cityE: 'unknown',
    countryE: 'unknown',
    streetNumberE: 'unknown',
    streetE: 'unknown',
    addressE: 'unknown',
  };
  type Ev = Partial<typeof evidence>;
  async function ruleOf(cases: Ev[]): Promise<(string | null)[]> {
    const rules = rulesSql(defaultMatchRuleset());
    return withDb({}, async (db) => {
      const out: (string | null)[] = [];
      for (const c of cases) {
        const e = { ...evidence, ...c };
        const cols = Object.entries(e)
          .map(([k, v]) => `${typeof v === 'string' ? lit(v) : String(v)} AS ${k}`)
          .join(', ');
        out.push((await db.one<{ id: string | null }>(`SELECT ${rules.ruleId} AS id FROM (SELECT ${cols})`))!.id);
      }
      return out;
    });
  }
  const exact = { nameScore: 1, jw: 1, contain: 1, sharedWord: true, nameWeighted: 1 };

  it('a name alone is High when every word of weight agrees and those words single out one merchant', async () => {
    expect(
      await ruleOf([
        { ...exact, nameChance: 0.001, countryE: 'agree' },
        // common words: as many merchants could carry them by chance
        { ...exact, nameChance: 3, countryE: 'agree' },
        // no country to agree
        { ...exact, nameChance: 0.001 },
        // a city that disagrees
        { ...exact, nameChance: 0.001, countryE: 'agree', cityE: 'differ' },
      ]),
    ).toEqual(['M-NAME-RARE-H', 'M-NAME-M', 'M-NAME-M', 'M-LOW']);
  });

  it('an acronym of three letters or more matches a name alone at Medium', async () => {
    expect(
      await ruleOf([
        { nameScore: 0.4, acronym: true, acronymLetters: 3, countryE: 'agree' },
        { nameScore: 0.4, acronym: true, acronymLetters: 2, countryE: 'agree' },
        { nameScore: 0.4, acronym: true, acronymLetters: 3, countryE: 'differ' },
        { nameScore: 0.4, acronym: true, acronymLetters: 3, countryE: 'agree', postcodeE: 'differ' },
      ]),
    ).toEqual(['M-ACRONYM-M', null, null, null]);
  });

  it('decides names without an address by the rarity of their words and by acronyms, end to end', async () => {
    const network = writeFile(
      dir,
      'network-names.csv',
      [
        'merchantId,name,country',
        'M1,Quillfeather Vandermeer Analytics GmbH,DE',
        ...['Zelenka', 'Harrowgate', 'Lindqvist', 'Pemberton', 'Ashdown'].map(
          (w, i) => `M${i + 2},${w} Global Services GmbH,DE`,
        ),
        'M7,Global Services GmbH,DE',
        'M8,International Business Machines Corp,US',
      ].join('\n') + '\n',
    );
    const suppliers = writeFile(
      dir,
      'suppliers-names.csv',
      [
        'Supplier ID,Supplier Name,Country,Annual Spend',
        'S1,Quillfeather Vandermeer Analytics AG,DE,100',
        'S2,Global Services GmbH,DE,100',
        'S3,IBM,US,100',
        'S4,Quillfeather Vandermeer Analytics AG,,100',
      ].join('\n') + '\n',
    );
    const work = path.join(dir, 'work-names');
    await ingestFile({ file: suppliers, kind: 'suppliers', workDir: work });
    await normaliseAndAggregate({ workDir: work });
    const m = await matchSuppliers({ workDir: work, networkFile: network });
    const rows = await readParquet<{ id: string; c: string | null; merchant: string | null; ev: string | null }>(
      `SELECT s.sourceSupplierId AS id, m.matchConfidence AS c, m.matchedMerchantId AS merchant, m.matchEvidence AS ev
       FROM read_parquet(${lit(path.join(work, 'suppliers.parquet'))}) s JOIN read_parquet(${lit(m.file)}) m USING (supplierKey) ORDER BY 1`,
    );
    const by = new Map(
      rows.map((r) => [r.id, { ...r, rule: r.ev ? (JSON.parse(r.ev) as { rule: string }).rule : null }]),
    );
    // three words that no other merchant carries: High on the name alone
    expect(by.get('S1')).toMatchObject({ c: 'High', merchant: 'M1', rule: 'M-NAME-RARE-H' });
    // the same name without a country to agree: Medium
    expect(by.get('S4')).toMatchObject({ c: 'Medium', merchant: 'M1', rule: 'M-NAME-M' });
    // words most merchants carry: the same name, but only Medium
    expect(by.get('S2')).toMatchObject({ c: 'Medium', merchant: 'M7', rule: 'M-NAME-M' });
    // an acronym, found without a shared word
    expect(by.get('S3')).toMatchObject({ c: 'Medium', merchant: 'M8', rule: 'M-ACRONYM-M' });
    const ev = JSON.parse(by.get('S1')!.ev!) as { nameWeighted: number; nameChance: number };
    expect(ev.nameWeighted).toBe(1);
    expect(ev.nameChance).toBeLessThan(0.1);
  }, 60_000);

  it('a similar name is Medium only when its rare words agree', async () => {
    expect(
      await ruleOf([
        // similar, a rare word different: the common words made the similarity
        { nameScore: 0.95, nameWeighted: 0.5, countryE: 'agree' },
        { nameScore: 0.95, nameWeighted: 0.85, countryE: 'agree' },
        // less similar, but the words of weight agree (the common ones differ)
        { nameScore: 0.88, nameWeighted: 0.95, countryE: 'agree' },
        { nameScore: 0.88, nameWeighted: 0.95 },
        { nameScore: 0.84, nameWeighted: 0.95, countryE: 'agree' },
      ]),
    ).toEqual(['M-LOW', 'M-NAME-M', 'M-NAME-WEIGHTED-M', 'M-LOW', 'M-LOW']);
  });
});

describe('match ruleset', () => {
  it('ships a valid versioned ruleset and rejects unknown fields and mistyped values', () => {
    const rs = defaultMatchRuleset();
    expect(rs.version).toBeGreaterThanOrEqual(2);
    expect(rs.rules.map((r) => r.confidence)).toContain('Medium');
    const bad = structuredClone(rs) as unknown as { rules: { when: unknown }[] };
    bad.rules[0]!.when = { field: 'nope', op: 'eq', value: 1 };
    expect(() => parseMatchRuleset(bad)).toThrow(AnalysisInputError);
    const typed = structuredClone(rs) as unknown as { rules: { when: unknown }[] };
    typed.rules[0]!.when = { field: 'postcode', op: 'gte', value: 'agree' };
    expect(() => parseMatchRuleset(typed)).toThrow(/postcode/);
    expect(condSql({ field: 'nameScore', op: 'gte', value: 0.9 })).toBe('coalesce(nameScore >= 0.9, FALSE)');
  });

  it('keeps the rulesets of earlier versions, for the rule descriptions of earlier runs', () => {
    const rs = defaultMatchRuleset();
    expect(shippedMatchRuleset(rs.version)).toEqual(rs);
    const v2 = shippedMatchRuleset(2)!;
    expect(v2.version).toBe(2);
    expect(v2.rules.map((r) => r.id)).not.toContain('M-NAME-RARE-H');
    expect(shippedMatchRuleset(rs.version + 1)).toBeNull();
  });
});

describe('prepared network', () => {
  it('prepares again a network prepared before the street-address columns', async () => {
    const old = path.join(dir, 'old-network.parquet');
    await withDb({}, (db) =>
      db.run(
        copyToParquet(
          `SELECT 'M1' AS merchantId, 'Acme Tools' AS name, '12 Main St' AS addressLine1, ['acme', 'tools'] AS nameTokens`,
          old,
        ),
      ),
    );
    expect(await withDb({}, (db) => isPreparedNetwork(db, old))).toBe(false);
    const work = path.join(dir, 'work-old');
    const prepared = await ensurePreparedNetwork(old, work);
    expect(prepared).not.toBe(old);
    const row = (
      await readParquet<{ addrNum: number; addrStreet: string }>(
        `SELECT addrNum, addrStreet FROM read_parquet(${lit(prepared)})`,
      )
    )[0];
    expect(row).toEqual({ addrNum: 12, addrStreet: 'main' });
    expect(await ensurePreparedNetwork(prepared, work)).toBe(prepared);
  }, 30_000);
});
