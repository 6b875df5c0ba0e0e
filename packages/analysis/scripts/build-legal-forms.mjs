#!/usr/bin/env node
// Builder of packages/analysis/reference/legal-forms.csv from the ISO 20275 Entity Legal Forms code list
// (GLEIF ELF code list v1.5, 2023-09-28, CC0; ../shared/datasets/elf-code-list/elf-code-list-v1.5.csv, or the
// path given as the first argument). The generated CSV is committed so a fresh clone works without the source;
// the matcher (src/match/legal-forms.ts) normalises its forms at start-up with the name normaliser's own rules.
//
// One row per (ELF code, written form): the local abbreviations, the transliterated abbreviations, the local
// name and the transliterated name (names of at most 6 words: longer ones are descriptions, never written in a
// company name). Columns: elfCode, country (ISO 3166-1 alpha-2), kind (abbreviation | name), form (as written in
// the list), status (ACTV | INAC).
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const source =
  process.argv[2] ??
  path.resolve(here, '..', '..', '..', '..', 'shared', 'datasets', 'elf-code-list', 'elf-code-list-v1.5.csv');
const out = path.join(here, '..', 'reference', 'legal-forms.csv');

const text = readFileSync(source, 'utf8').replace(/^\uFEFF/, '');
const [header, ...rows] = parse(text, {
  relaxColumnCount: true,
  skipEmptyLines: true,
  skipRecordsWithEmptyValues: true,
  bom: true,
});
const col = (name) => {
  const i = header.indexOf(name);
  if (i < 0) throw new Error(`column "${name}" not found in ${source}`);
  return i;
};
const C = {
  code: col('ELF Code'),
  country: col('Country Code (ISO 3166-1)'),
  local: col('Entity Legal Form name Local name'),
  translit: col('Entity Legal Form name Transliterated name (per ISO 01-140-10)'),
  abbr: col('Abbreviations Local language'),
  abbrT: col('Abbreviations transliterated'),
  status: col('ELF Status ACTV/INAC'),
};
const MAX_NAME_WORDS = 6;
const seen = new Set();
const outRows = [];
const add = (code, country, kind, form, status) => {
  form = form.replace(/\s+/g, ' ').trim();
  if (!form || !country) return;
  const k = `${country}|${kind}|${form.toLowerCase()}`;
  if (seen.has(k)) return;
  seen.add(k);
  outRows.push([code, country, kind, form, status]);
};
for (const r of rows) {
  const country = r[C.country].trim().toUpperCase();
  const status = r[C.status].trim();
  for (const a of [...r[C.abbr].split(';'), ...r[C.abbrT].split(/[;/]/)])
    add(r[C.code], country, 'abbreviation', a, status);
  for (const n of [r[C.local], r[C.translit]]) {
    // "(…)" asides ("UG (haftungsbeschränkt)" keeps them in the abbreviations) are left out of the names.
    const name = n.replace(/\([^)]*\)/g, ' ');
    if (name.trim().split(/\s+/).length <= MAX_NAME_WORDS) add(r[C.code], country, 'name', name, status);
  }
}
outRows.sort((a, b) => a[1].localeCompare(b[1]) || a[2].localeCompare(b[2]) || a[3].localeCompare(b[3]));
const cell = (v) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
writeFileSync(
  out,
  [
    '# ISO 20275 Entity Legal Forms (GLEIF ELF code list v1.5, 2023-09-28, CC0), abbreviations and short names; built by scripts/build-legal-forms.mjs',
    'elfCode,country,kind,form,status',
    ...outRows.map((r) => r.map(cell).join(',')),
  ].join('\n') + '\n',
);
console.log(`${outRows.length} legal forms of ${new Set(outRows.map((r) => r[1])).size} countries → ${out}`);
