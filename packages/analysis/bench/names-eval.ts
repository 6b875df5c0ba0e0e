/**
 * A labelled company-name evaluation set generated programmatically (seeded), NOT from rows anyone tuned for:
 * real legal forms per country from the ISO 20275 list (reference/legal-forms.csv) × a vocabulary of name words,
 * with realistic perturbations of the supplier's written name:
 *  - legal form: another written form of the same country (abbreviation ↔ name), or left out;
 *  - Cyrillic / Greek names written in Latin by a DIFFERENT transliteration than the matcher's ("kh" → "h",
 *    "y" → "i", "ts" → "c"), diacritics removed;
 *  - an acronym of a three-word name; word order swapped; "&" ↔ "and" / "und" / "et" / "y"; a one-letter typo.
 * Hard negatives (suppliers absent from the network): the same common words and the same legal form with a different
 * rare word, or a near spelling of another merchant's rare word.
 * The files go through the product path (ingest, normalise, match); High+Medium precision, recall and F1 are scored,
 * names only and with addresses (street, city, postcode).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'csv-stringify/sync';
import { ingestFile } from '../src/ingest/ingest.ts';
import { normaliseAndAggregate } from '../src/aggregate/normalise.ts';
import { matchSuppliers } from '../src/match/match.ts';
import { withDb, lit } from '../src/db.ts';
import { LEGAL_FORMS_FILE } from '../src/match/name-rules.ts';
import { rng, pick, int, type Rng } from '../src/network/random.ts';

/** Countries of the set: ISO2 → ISO3 and whether names are written in Cyrillic / Greek there. */
const COUNTRIES: Record<string, { iso3: string; script?: 'cyrl' | 'grek' }> = {
  DE: { iso3: 'DEU' },
  FR: { iso3: 'FRA' },
  IT: { iso3: 'ITA' },
  ES: { iso3: 'ESP' },
  NL: { iso3: 'NLD' },
  BE: { iso3: 'BEL' },
  AT: { iso3: 'AUT' },
  CH: { iso3: 'CHE' },
  PL: { iso3: 'POL' },
  CZ: { iso3: 'CZE' },
  SK: { iso3: 'SVK' },
  HU: { iso3: 'HUN' },
  RO: { iso3: 'ROU' },
  SE: { iso3: 'SWE' },
  NO: { iso3: 'NOR' },
  DK: { iso3: 'DNK' },
  FI: { iso3: 'FIN' },
  PT: { iso3: 'PRT' },
  GB: { iso3: 'GBR' },
  IE: { iso3: 'IRL' },
  US: { iso3: 'USA' },
  CA: { iso3: 'CAN' },
  BR: { iso3: 'BRA' },
  MX: { iso3: 'MEX' },
  AR: { iso3: 'ARG' },
  JP: { iso3: 'JPN' },
  IN: { iso3: 'IND' },
  AU: { iso3: 'AUS' },
  ZA: { iso3: 'ZAF' },
  BG: { iso3: 'BGR', script: 'cyrl' },
  GR: { iso3: 'GRC', script: 'grek' },
  EE: { iso3: 'EST' },
  LV: { iso3: 'LVA' },
  LT: { iso3: 'LTU' },
  HR: { iso3: 'HRV' },
  SI: { iso3: 'SVN' },
  LU: { iso3: 'LUX' },
};
/** Distinctive (rare) name words. */
const RARE = `Vandermeer Kowalczyk Brennholz Ostrava Quillfeather Mirabeau Zelenka Harrowgate Lindqvist Pemberton
Castellano Okonkwo Tamsin Verhoeven Dunmore Schreiber Ravensworth Halloran Biancheri Novotny Aldersey Falkenrath
Montclair Sørensen Delacroix Järvinen Papadakis Ionescu Horvath Kaczmarek Mendoza Oyelaran Takahashi Ramaswamy
Whitcombe Ellingham Gruber Lombardi Moreau Nakamura Petrov Rossetti Sandoval Thornbury Udall Valcourt Weatherby
Yilmaz Zimmerli Abernethy Blackwood Carrington Drummond Everly Fairbanks Gillespie Hargreaves Ingleby Jessop
Kilbride Lockhart Maitland Northcott Oakley Prescott Quarrington Rutherford Stanhope Tennant Underhill Vickery
Wexford Yardley Ashdown Belmonte Cortese Donatelli Esposito Ferrante Gallo Iannucci Marchetti Orsini Palermo
Russo Santoro Testa Valente Bauer Dreher Eckhardt Fassbinder Göring Hoffmeister Kessler Lindemann Mertens
Oberholzer Pfeiffer Reinholt Steinbach Tiedemann Vogt Wendler Ziegler Åkesson Bergström Dahlberg Ekholm
Forsberg Hedlund Lundgren Nyström Öberg Sjöberg Wallin Dvořák Šimek Čermák Říha Łukasiewicz Wiśniewski Żurawski
Ferreira Gonçalves Magalhães Araújo Núñez Peñalosa Ibáñez Muñoz Castaño`
  .split(/\s+/)
  .filter(Boolean);
const RARE_CYRL =
  `Ромашка Берёзка Сибирь Волга Уралмаш Заря Звезда Восток Каштан Рассвет Журавль Лиственница Хвоя Черёмуха
Тайга Янтарь Щит Цветмет Жемчуг Изумруд`
    .split(/\s+/)
    .filter(Boolean);
const RARE_GREK = `Αθηνά Ολυμπος Κρήτη Αιγαίο Ερμής Πήγασος Δελφοί Ήλιος Θάλασσα Ζέφυρος`.split(/\s+/).filter(Boolean);
/** Common words that many merchants share (weak evidence). */
const COMMON = `International Global Services Trading Solutions Systems Logistics Consulting Engineering Industries
Technologies Holdings Partners Supply Foods Construction Transport Energy Medical Software Capital Manufacturing
Distribution Marketing Media Security Healthcare Pharma Retail Textiles Metals Chemicals Electronics Machinery
Plastics Printing Packaging Design Development Management`
  .split(/\s+/)
  .filter(Boolean);
const AND_WORDS = ['&', 'and', 'und', 'et', 'y'];

/** A different transliteration than the matcher's (ISO 9-like / common alternative spellings). */
const ALT_CYRL: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'c',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
};
const ALT_GREK: Record<string, string> = {
  α: 'a',
  β: 'b',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'h',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'ks',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'u',
  φ: 'ph',
  χ: 'x',
  ψ: 'ps',
  ω: 'o',
  ά: 'a',
  έ: 'e',
  ή: 'h',
  ί: 'i',
  ό: 'o',
  ύ: 'u',
  ώ: 'o',
};
function altTranslit(s: string): string {
  let out = '';
  for (const ch of s) {
    const low = ch.toLowerCase();
    const t = ALT_CYRL[low] ?? ALT_GREK[low];
    if (t === undefined) out += ch;
    else out += ch !== low && t ? t[0]!.toUpperCase() + t.slice(1) : t;
  }
  return out;
}
const stripDiacritics = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

/** The legal forms of each country of the set as written in the ISO 20275 list (abbreviations and short names). */
function formsByCountry(): Map<string, string[]> {
  const m = new Map<string, string[]>();
  const lines = readFileSync(LEGAL_FORMS_FILE, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .slice(1);
  for (const l of lines) {
    const cells = l
      .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
      .map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '').replaceAll('""', '"'));
    const [, country, kind, form, status] = cells;
    if (!country || !COUNTRIES[country] || status !== 'ACTV' || !form) continue;
    if (kind === 'name' && form.split(' ').length > 4) continue;
    if (!m.has(country)) m.set(country, []);
    m.get(country)!.push(form);
  }
  return m;
}

function typo(r: Rng, w: string): string {
  if (w.length < 5) return w;
  const i = int(r, 1, w.length - 2);
  const op = int(r, 0, 2);
  if (op === 0) return w.slice(0, i) + w.slice(i + 1); // deletion
  if (op === 1) return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2); // transposition
  return w.slice(0, i) + pick(r, [...'aeiounrst']) + w.slice(i + 1); // substitution
}

export interface NamePair {
  supplierId: string;
  supplierName: string;
  merchantId: string | null;
  perturbation: string;
}
export interface NamesEvalSet {
  network: { merchantId: string; name: string; country: string; address: string; city: string; postcode: string }[];
  suppliers: (NamePair & { country: string; address: string; city: string; postcode: string })[];
}

/** The evaluation set: `merchants` network companies, `present` suppliers derived from them, `absent` hard negatives. */
export function makeNamesEvalSet(seed = 35, merchants = 1500, present = 600, absent = 300): NamesEvalSet {
  const r = rng(seed);
  const forms = formsByCountry();
  const countries = Object.keys(COUNTRIES).filter((c) => (forms.get(c)?.length ?? 0) > 0);
  const network: NamesEvalSet['network'] = [];
  const used = new Set<string>();
  const parts: { rare: string[]; common: string[]; country: string; form: string; and: boolean }[] = [];
  for (let i = 0; network.length < merchants && i < merchants * 20; i++) {
    const country = pick(r, countries);
    const script = COUNTRIES[country]!.script;
    const rareWords = script === 'cyrl' ? RARE_CYRL : script === 'grek' ? RARE_GREK : RARE;
    const nRare = int(r, 1, 2);
    const rare = Array.from({ length: nRare }, () => pick(r, rareWords));
    const common = Array.from({ length: int(r, 0, 2) }, () => pick(r, COMMON));
    const and = nRare === 2 && r() < 0.4;
    const form = pick(r, forms.get(country)!);
    const key = [...rare, ...common].join(' ').toLowerCase();
    if (used.has(key)) continue;
    used.add(key);
    const base = and ? `${rare[0]} & ${rare[1]} ${common.join(' ')}` : [...rare, ...common].join(' ');
    const n = network.length;
    network.push({
      merchantId: `M${n + 1}`,
      name: `${base.trim()} ${form}`,
      country: COUNTRIES[country]!.iso3,
      address: `${int(r, 1, 400)} ${pick(r, RARE)} ${pick(r, ['Street', 'Road', 'Avenue', 'Strasse', 'Lane'])}`,
      city: pick(r, [
        'Berlin',
        'Paris',
        'Madrid',
        'Rome',
        'Warsaw',
        'Sofia',
        'Athens',
        'London',
        'Dublin',
        'Oslo',
        'Lisbon',
        'Prague',
      ]),
      postcode: String(int(r, 10000, 99999)),
    });
    parts.push({ rare, common, country, form, and });
  }
  const suppliers: NamesEvalSet['suppliers'] = [];
  const PERTURB = [
    'form-variant',
    'form-omitted',
    'diacritics',
    'acronym',
    'word-order',
    'and-word',
    'typo',
    'exact-other-case',
  ];
  for (let k = 0; k < present; k++) {
    const i = int(r, 0, network.length - 1);
    const p = parts[i]!;
    const m = network[i]!;
    const script = COUNTRIES[p.country]!.script;
    let kind = pick(r, PERTURB);
    if (kind === 'acronym' && p.rare.length + p.common.length < 3) kind = 'form-variant';
    let words = p.and ? [p.rare[0]!, pick(r, AND_WORDS), p.rare[1]!, ...p.common] : [...p.rare, ...p.common];
    if (script) words = words.map(altTranslit); // a Latin-script supplier file writes Cyrillic / Greek names in Latin
    let form = p.form;
    if (kind === 'form-variant')
      form =
        pick(
          r,
          forms.get(p.country)!.filter((f) => f !== p.form),
        ) ?? '';
    if (kind === 'form-omitted') form = '';
    if (kind === 'diacritics' || script) {
      words = words.map(stripDiacritics);
      form = stripDiacritics(script ? altTranslit(form) : form);
    }
    if (kind === 'word-order' && words.length >= 2) words = [...words.slice(1), words[0]!];
    if (kind === 'and-word')
      words = words.map((w) =>
        AND_WORDS.includes(w)
          ? pick(
              r,
              AND_WORDS.filter((a) => a !== w),
            )
          : w,
      );
    if (kind === 'typo') {
      const j = words.findIndex((w) => w.length >= 5);
      if (j >= 0) words[j] = typo(r, words[j]!);
    }
    let name = `${words.join(' ')} ${form}`.trim();
    if (kind === 'acronym')
      name = `${words
        .filter((w) => !AND_WORDS.includes(w))
        .map((w) => w[0]!.toUpperCase())
        .join('')} ${form}`.trim();
    if (kind === 'exact-other-case') name = name.toUpperCase();
    suppliers.push({
      supplierId: `S${k + 1}`,
      supplierName: name,
      merchantId: m.merchantId,
      perturbation: script ? `${kind}+transliteration` : kind,
      country: m.country,
      address: m.address.replace('Street', 'St').replace('Avenue', 'Ave').replace('Road', 'Rd'),
      city: m.city,
      postcode: m.postcode,
    });
  }
  for (let k = 0; k < absent; k++) {
    const i = int(r, 0, network.length - 1);
    const p = parts[i]!;
    const script = COUNTRIES[p.country]!.script;
    const rareWords = script === 'cyrl' ? RARE_CYRL : script === 'grek' ? RARE_GREK : RARE;
    // same common words and legal form, another rare word (or the rare word misspelt beyond a typo)
    const rare = p.rare.map((w, j) =>
      j === 0
        ? r() < 0.5
          ? pick(
              r,
              rareWords.filter((x) => x !== w),
            )
          : w.slice(0, 3) + pick(r, RARE).toLowerCase().slice(3)
        : w,
    );
    const key = [...rare, ...p.common].join(' ').toLowerCase();
    if (used.has(key)) continue;
    used.add(key);
    suppliers.push({
      supplierId: `A${k + 1}`,
      supplierName: `${[...rare, ...p.common].join(' ')} ${p.form}`,
      merchantId: null,
      perturbation: 'hard-negative',
      country: COUNTRIES[p.country]!.iso3,
      address: `${int(r, 1, 400)} ${pick(r, RARE)} Street`,
      city: network[i]!.city,
      postcode: String(int(r, 10000, 99999)),
    });
  }
  return { network, suppliers };
}

export interface NamesQuality {
  withAddresses: boolean;
  present: number;
  absent: number;
  predicted: number;
  correct: number;
  precision: number;
  recall: number;
  f1: number;
  High: { predicted: number; correct: number };
  /** MATCHED suppliers by the rule that decided (the ruleset's calibration on this set) */
  byRule: Record<string, { predicted: number; correct: number }>;
  missedBy: Record<string, number>;
  wrong: { supplier: string; matched: string; confidence: string }[];
}

/** Runs the set through ingest → normalise → match in `workDir` and scores High+Medium. */
export async function namesQuality(
  workDir: string,
  withAddresses: boolean,
  set = makeNamesEvalSet(),
): Promise<NamesQuality> {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const network = path.join(workDir, 'network.csv');
  const suppliers = path.join(workDir, 'suppliers.csv');
  writeFileSync(
    network,
    stringify([
      ['merchantId', 'name', ...(withAddresses ? ['addressLine1', 'city', 'postcode'] : []), 'country'],
      ...set.network.map((n) => [
        n.merchantId,
        n.name,
        ...(withAddresses ? [n.address, n.city, n.postcode] : []),
        n.country,
      ]),
    ]),
  );
  writeFileSync(
    suppliers,
    stringify([
      [
        'Supplier ID',
        'Supplier Name',
        ...(withAddresses ? ['Address', 'City', 'Postal Code'] : []),
        'Country',
        'Annual Spend',
      ],
      ...set.suppliers.map((s) => [
        s.supplierId,
        s.supplierName,
        ...(withAddresses ? [s.address, s.city, s.postcode] : []),
        s.country,
        '1000',
      ]),
    ]),
  );
  await ingestFile({ file: suppliers, kind: 'suppliers', workDir });
  await normaliseAndAggregate({ workDir });
  const m = await matchSuppliers({ workDir, networkFile: network });
  const rows = await withDb({}, (db) =>
    db.all<{
      supplierId: string;
      matchConfidence: string | null;
      matchedMerchantId: string | null;
      rule: string | null;
    }>(
      `SELECT s.sourceSupplierId AS supplierId, m.matchConfidence, m.matchedMerchantId, json_extract_string(m.matchEvidence, '$.rule') AS rule
       FROM read_parquet(${lit(path.join(workDir, 'suppliers.parquet'))}) s JOIN read_parquet(${lit(m.file)}) m USING (supplierKey)`,
    ),
  );
  const truth = new Map(set.suppliers.map((s) => [s.supplierId, s]));
  const names = new Map(set.network.map((n) => [n.merchantId, n.name]));
  let predicted = 0;
  let correct = 0;
  let hp = 0;
  let hc = 0;
  const missedBy: Record<string, number> = {};
  const byRule: NamesQuality['byRule'] = {};
  const wrong: NamesQuality['wrong'] = [];
  for (const x of rows) {
    const t = truth.get(x.supplierId)!;
    const ok = x.matchedMerchantId !== null && x.matchedMerchantId === t.merchantId;
    if (x.matchedMerchantId !== null) {
      predicted++;
      const r = (byRule[x.rule ?? ''] ??= { predicted: 0, correct: 0 });
      r.predicted++;
      if (ok) r.correct++;
      if (ok) correct++;
      else
        wrong.push({
          supplier: t.supplierName,
          matched: names.get(x.matchedMerchantId) ?? '',
          confidence: x.matchConfidence ?? '',
        });
      if (x.matchConfidence === 'High') {
        hp++;
        if (ok) hc++;
      }
    }
    if (t.merchantId && !ok) missedBy[t.perturbation] = (missedBy[t.perturbation] ?? 0) + 1;
  }
  const present = set.suppliers.filter((s) => s.merchantId).length;
  const round = (v: number) => Math.round(v * 10000) / 10000;
  const precision = predicted ? correct / predicted : 0;
  const recall = correct / present;
  return {
    withAddresses,
    present,
    absent: set.suppliers.length - present,
    predicted,
    correct,
    precision: round(precision),
    recall: round(recall),
    f1: round(precision + recall ? (2 * precision * recall) / (precision + recall) : 0),
    High: { predicted: hp, correct: hc },
    byRule,
    missedBy,
    wrong,
  };
}

// `node --import tsx bench/names-eval.ts [--verbose]`: names-only and with-address quality.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.bench-cache', `names-${process.pid}`);
  for (const withAddresses of [false, true]) {
    const q = await namesQuality(path.join(dir, String(withAddresses)), withAddresses);
    const verbose = process.argv.includes('--verbose');
    console.log(JSON.stringify({ stage: 'names-eval', ...q, wrong: verbose ? q.wrong : q.wrong.length }));
  }
  rmSync(dir, { recursive: true, force: true });
}
