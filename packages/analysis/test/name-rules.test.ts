/**
 * Company-name rules on tiny tables: legal forms per country (ISO 20275 data), transliteration, ordinals, and the
 * JavaScript rules agreeing with the DuckDB macros (one source: name-rules.ts).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { withDb, lit } from '../src/db.ts';
import { createNormaliseMacros } from '../src/match/normalise-sql.ts';
import {
  cleanForm,
  dropLegalForms,
  findLegalForm,
  foldName,
  legalFormCountries,
  legalForms,
  LEGAL_FORMS_FILE,
} from '../src/match/name-rules.ts';
import { makeNamesEvalSet } from '../bench/names-eval.ts';

async function sqlRows(names: string[]): Promise<{ tokens: string[]; form: string | null; clean: string }[]> {
  return withDb({ threads: 1, memoryLimit: '256MB' }, async (db) => {
    await createNormaliseMacros(db);
    await db.run(
      `CREATE TABLE n AS SELECT * FROM (VALUES ${names.map((x, i) => `(${i}, ${lit(x)})`).join(', ')}) t(i, name)`,
    );
    return db.all(
      `SELECT sx_name_tokens(name) AS tokens, sx_legal_form_clean(c0) AS form, sx_drop_forms(c0) AS clean
       FROM (SELECT i, name, sx_name_clean0(name) AS c0 FROM n) ORDER BY i`,
    );
  });
}

describe('legal forms (ISO 20275)', () => {
  it('are data from the ELF list: at least 30 countries, each form with its countries', () => {
    const head = readFileSync(LEGAL_FORMS_FILE, 'utf8').split('\n').slice(0, 2);
    expect(head[0]).toMatch(/ISO 20275/);
    expect(head[1]).toBe('elfCode,country,kind,form,status');
    const countries = new Set(legalForms().flatMap((f) => f.countries));
    expect(countries.size).toBeGreaterThanOrEqual(30);
    expect(legalFormCountries('gmbh')).toEqual(expect.arrayContaining(['DE', 'AT']));
    expect(legalFormCountries('sp z oo')).toContain('PL');
    expect(legalFormCountries('kft')).toContain('HU');
    expect(legalFormCountries('ooo')).toContain('RU'); // initials of the Cyrillic name
    expect(legalFormCountries('oy')).toContain('FI');
    expect(legalFormCountries('bank')).toEqual([]); // an ordinary word of names is never a form to take off
  });

  it('takes the legal form off the end or the start, per country, and names it (SQL = JS)', async () => {
    const cases: [string, string, string | null][] = [
      ['Acme GmbH & Co. KG', 'acme', 'gmbh and co kg'], // DE
      ['Kowalski Sp. z o.o.', 'kowalski', 'sp z oo'], // PL
      ['Nordlys AS', 'nordlys', 'as'], // NO
      ['Virtanen Oy', 'virtanen', 'oy'], // FI
      ['Szabo Kft.', 'szabo', 'kft'], // HU
      ['ООО Ромашка', 'romashka', 'ooo'], // RU, a form at the start
      ['Müller Gesellschaft mit beschränkter Haftung', 'muller', 'gesellschaft mit beschrankter haftung'],
      ['PT Astra International Tbk', 'pt astra international', 'tbk'], // ID: two letters at the start stay (initials)
      ['Rossi S.p.A.', 'rossi', 'spa'], // IT
      ['GmbH', 'gmbh', null], // only a form: kept
      ['Olivia Cafe', 'olivia cafe', null],
      ['JP Morgan Chase', 'jp morgan chase', null], // two letters at the start are initials, not a form
    ];
    const rows = await sqlRows(cases.map((c) => c[0]));
    cases.forEach(([name, clean, form], i) => {
      expect([name, rows[i]!.clean, rows[i]!.form]).toEqual([name, clean, form]);
      const c0 = cleanForm(name);
      expect([name, dropLegalForms(c0), findLegalForm(c0)]).toEqual([name, clean, form]);
    });
  }, 120_000);
});

describe('folding and transliteration', () => {
  it('writes Cyrillic, Greek and non-decomposing Latin letters in ASCII, as the SQL does', async () => {
    const cases: [string, string][] = [
      ['Ромашка', 'romashka'],
      ['Щит Журавль', 'shchit zhuravl'],
      ['Αθηνά Ερμής', 'athina ermis'],
      ['Łódź Øresund Straße', 'lodz oresund strasse'],
      ['Dvořák Gonçalves', 'dvorak goncalves'],
    ];
    cases.forEach(([s, want]) => expect(foldName(s)).toBe(want));
    const rows = await sqlRows(cases.map((c) => c[0]));
    cases.forEach(([s, want], i) => expect([s, rows[i]!.tokens.join(' ')]).toEqual([s, want]));
  }, 120_000);

  it('writes ordinals with digits and "&" as a filler word', async () => {
    const rows = await sqlRows(['First National Bank', '1st National Bank', 'Smith & Jones', 'Smith und Jones']);
    expect(rows[0]!.tokens).toEqual(['1st', 'national', 'bank']);
    expect(rows[1]!.tokens).toEqual(rows[0]!.tokens);
    expect(rows[2]!.tokens).toEqual(['smith', 'jones']);
    expect(rows[3]!.tokens).toEqual(rows[2]!.tokens);
  }, 120_000);
});

describe('one source of rules', () => {
  it('the JS legal-form rules give what the SQL macros give on the evaluation set names', async () => {
    const set = makeNamesEvalSet(7, 150, 100, 50);
    const names = [...set.network.map((n) => n.name), ...set.suppliers.map((s) => s.supplierName)];
    const rows = await withDb({ threads: 1, memoryLimit: '256MB' }, async (db) => {
      await createNormaliseMacros(db);
      await db.run(
        `CREATE TABLE n AS SELECT * FROM (VALUES ${names.map((x, i) => `(${i}, ${lit(x)})`).join(', ')}) t(i, name)`,
      );
      return db.all<{ c0: string; form: string | null; clean: string }>(
        `SELECT c0, sx_legal_form_clean(c0) AS form, sx_drop_forms(c0) AS clean FROM (SELECT i, sx_name_clean0(name) AS c0 FROM n) ORDER BY i`,
      );
    });
    for (const r of rows) expect([r.c0, dropLegalForms(r.c0), findLegalForm(r.c0)]).toEqual([r.c0, r.clean, r.form]);
  }, 120_000);
});
