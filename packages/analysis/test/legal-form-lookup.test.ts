/**
 * The JavaScript legal-form rules (dropLegalForms, findLegalForm: a look-up by word) give what the regexes give that
 * the SQL macros run (legalFormRegexes; the JavaScript side ran them too before, ~0.5 s to build and compile): the
 * former implementation is kept here, as the reference, and both are run over every legal form of the CSV written
 * into names, and over generated names.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import {
  cleanForm,
  dropLegalForms,
  findLegalForm,
  legalFormRegexes,
  legalForms,
  LEGAL_FORMS_FILE,
} from '../src/match/name-rules.ts';

const reverse = (s: string) => [...s].reverse().join('');
const reCache = new Map<string, RegExp>();
const re = (p: string) => {
  let r = reCache.get(p);
  if (!r) reCache.set(p, (r = new RegExp(p)));
  return r;
};
/** The regex implementation (as the SQL sx_drop_forms). */
function dropByRegex(x: string): string {
  const R = legalFormRegexes();
  const end = reverse(reverse(x).replace(re(R.longEnd), '').replace(re(R.shortEnd), ''));
  return end.replace(re(R.longStart), '').replace(re(R.shortStart), '').trim();
}
/** The regex implementation (as the SQL sx_legal_form_clean). */
function findByRegex(x: string): string | null {
  const R = legalFormRegexes();
  const r = reverse(x);
  const m1 = re(R.longEndForm).exec(r) ?? re(R.shortEndForm).exec(r);
  if (m1) return reverse(m1[1]!);
  return (re(R.longStartForm).exec(x) ?? re(R.shortStartForm).exec(x))?.[1] ?? null;
}

const same = (x: string) =>
  expect([x, dropLegalForms(x), findLegalForm(x)]).toEqual([x, dropByRegex(x), findByRegex(x)]);

/** Every written form of the CSV, cleaned (also those that are not taken off: ordinary words, long descriptions). */
const csvForms = [
  ...new Set(
    readFileSync(LEGAL_FORMS_FILE, 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
      .slice(1)
      .map((l) => {
        // elfCode,country,kind,form,status: the form may be quoted
        const m = /^[^,]*,[^,]*,[^,]*,("(?:[^"]|"")*"|[^,]*),/.exec(l);
        const raw = m ? m[1]! : '';
        return cleanForm(raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw);
      })
      .filter((f) => f !== ''),
  ),
];

describe('legal forms by word look-up = the regexes', () => {
  it('reads every form of the CSV', () => {
    expect(csvForms.length).toBeGreaterThan(2000);
    expect(csvForms).toEqual(expect.arrayContaining(['gmbh', 'sp z oo', 'gesellschaft mit beschrankter haftung']));
    // and the forms it takes off are among them, with the initials of Cyrillic and Greek names
    expect(legalForms().length).toBeGreaterThan(2000);
  });

  it('on every legal form of the CSV written into names: at the end, the start, both, in runs, alone', () => {
    const forms = [...csvForms, ...legalForms().map((f) => f.form)];
    let dropped = 0;
    forms.forEach((f, i) => {
      const g = forms[(i * 7919) % forms.length]!;
      const names = [
        f,
        `acme ${f}`,
        `${f} acme`,
        `${f} acme ${f}`,
        `acme widgets ${f} ${g}`,
        `${g} ${f} acme widgets`,
        `acme ${f} and co kg`,
        `acme gmbh ${f}`,
        `${f} ${g}`,
        `${f} ${f}`,
        `j ${f}`,
        `${f} x`,
        `acme  ${f}`,
        `${f}  acme `,
        ` ${f}`,
      ];
      for (const x of names) {
        same(x);
        if (dropLegalForms(x) !== x.trim()) dropped++;
      }
    });
    // the names do lose forms (the comparison is not of two functions that do nothing)
    expect(dropped).toBeGreaterThan(forms.length * 5);
    expect(dropLegalForms('acme widgets gmbh and co kg')).toBe('acme widgets');
    expect(findLegalForm('acme widgets gmbh and co kg')).toBe('gmbh and co kg');
  }, 120_000);

  it('on generated names of form words, other words, spaces and any letters', () => {
    const forms = legalForms().map((f) => f.form);
    const formWords = [...new Set(forms.flatMap((f) => f.split(' ')))];
    const word = fc.oneof(
      fc.constantFrom(...forms),
      fc.constantFrom(...formWords),
      fc.constantFrom('acme', 'widgets', 'and', 'co', 'the', 'bank', 'jp', 'a', 'b', '1st', ''),
      fc.string({ unit: fc.constantFrom(...'abcdegkmoprstz019 '), maxLength: 6 }),
      fc.string({ unit: 'grapheme', maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 8 }), (ws) => {
        same(ws.join(' '));
      }),
      { numRuns: 20_000, seed: 35 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), (x) => {
        same(x);
      }),
      { numRuns: 5_000, seed: 32 },
    );
  }, 120_000);
});
