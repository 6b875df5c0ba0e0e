/**
 * The rules of company-name normalisation as data, one source for both sides: the DuckDB macros
 * (normalise-sql.ts builds its SQL from these tables) and the JavaScript normaliser below (used by the
 * names evaluation set and to check that both sides agree, test/name-rules.test.ts).
 *
 * - Folding: lower-case; Cyrillic and Greek transliterated to Latin (a simple scientific/BGN-like scheme:
 *   "ООО Ромашка" → "ooo romashka", "Αθηνά" → "athina"); letters that do not decompose (ø, ł, đ, æ, œ, ß,
 *   þ, ð, ı) mapped; then accents stripped.
 * - Legal forms: ISO 20275 (reference/legal-forms.csv, generated from the GLEIF ELF list by
 *   scripts/build-legal-forms.mjs) with the country each applies to, normalised with the same rules, plus the
 *   initials of multi-word local names written in Cyrillic or Greek ("Общества с ограниченной
 *   ответственностью" → "ooo"). A legal form at
 *   the start or the end of a name is taken off the compared name and kept as evidence of country.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Lower-case Cyrillic → Latin (Russian, Ukrainian, Belarusian, Bulgarian, Serbian, Macedonian letters). */
export const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
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
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'u',
  ђ: 'dj',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dz',
  ѓ: 'gj',
  ќ: 'kj',
  ѕ: 'dz',
};
/** Lower-case Greek → Latin (ELOT 743-like; accented vowels are folded first by the same table). */
export const GREEK: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
  ά: 'a',
  έ: 'e',
  ή: 'i',
  ί: 'i',
  ό: 'o',
  ύ: 'y',
  ώ: 'o',
  ϊ: 'i',
  ϋ: 'y',
  ΐ: 'i',
  ΰ: 'y',
};
/** Latin letters that do not decompose into a base letter and an accent. */
export const LATIN_SPECIAL: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ð: 'd',
  ı: 'i',
  ħ: 'h',
  ŀ: 'l',
};
/** Every one-letter → Latin mapping applied before accents are stripped. */
export const TRANSLIT: Record<string, string> = { ...CYRILLIC, ...GREEK, ...LATIN_SPECIAL };

/** JavaScript folding, as the SQL `sx_fold`: lower-case, transliterated, accents stripped. */
export function foldName(s: string): string {
  // ASCII: only lower-cased (nothing to transliterate, no accents)
  if (!/[^\p{ASCII}]/u.test(s)) return s.toLowerCase();
  let out = '';
  for (const ch of s.toLowerCase()) out += TRANSLIT[ch] ?? ch;
  return out.normalize('NFD').replace(/\p{M}/gu, '');
}

/** SQL of the folding of a lower-cased expression `x` (only names with a non-ASCII letter are translated). */
export function foldSql(x: string): string {
  const single = Object.entries(TRANSLIT).filter(([, v]) => v.length === 1);
  const multi = Object.entries(TRANSLIT).filter(([, v]) => v.length !== 1);
  let t = `translate(v, '${single.map(([k]) => k).join('')}', '${single.map(([, v]) => v).join('')}')`;
  for (const [k, v] of multi) t = `replace(${t}, '${k}', '${v}')`;
  return `list_transform([${x}], v -> strip_accents(CASE WHEN regexp_matches(v, '[^\\x00-\\x7f]') THEN ${t} ELSE v END))[1]`;
}

/** Spaced single letters joined ("i b m" → "ibm", "s a" → "sa"), as the SQL `sx_join_initials`. */
export function joinInitials(s: string): string {
  const toks = s.split(' ').filter((t) => t !== '');
  const out: string[] = [];
  for (let i = 0; i < toks.length;) {
    let j = i;
    while (j < toks.length && /^[a-z]$/.test(toks[j]!)) j++;
    if (j - i >= 2) {
      out.push(toks.slice(i, j).join(''));
      i = j;
    } else {
      out.push(toks[i]!);
      i++;
    }
  }
  return out.join(' ');
}

/** A written form cleaned as names are: folded, "&" → "and", dots and apostrophes removed, other punctuation → space, initials joined. */
export function cleanForm(s: string): string {
  const x = foldName(s.replaceAll('&', ' and ')).replace(/[.'’`]/g, '');
  return joinInitials(x.replace(/[^a-z0-9]+/g, ' ').trim());
}

export interface LegalForm {
  /** the form as compared (cleaned) */
  form: string;
  /** ISO 3166-1 alpha-2 countries where it is a legal form */
  countries: string[];
}

export const LEGAL_FORMS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'reference',
  'legal-forms.csv',
);

/**
 * Forms never taken off a name: too short to be told from a word, or ordinary words of names ("Bank", "Trust",
 * "Union" are legal forms in some country, but in most names they are the name).
 */
const NOT_STRIPPED = new Set([
  'bank',
  'trust',
  'union',
  'fund',
  'fonds',
  'church',
  'school',
  'college',
  'university',
  'hospital',
  'club',
  'society',
  'association',
  'foundation',
  'partnership',
  'cooperative',
  'council',
  'institute',
  'agency',
  'office',
  'mission',
  'charity',
  'state',
  'city',
  'county',
  'municipality',
  'authority',
  'board',
  'commission',
  'committee',
  'national bank',
  'credit union',
  'savings bank',
  'building society',
  'federation',
  'league',
  'chamber',
  'centre',
  'center',
  'group',
  'holding',
  'holdings',
  'partners',
  'company',
  'firm',
  'enterprise',
  'branch',
  'pension fund',
  'estate',
  'house',
  'ministry',
  'embassy',
  'family',
  'sole',
  'public',
  'private',
  'other',
  'joint venture',
  'and',
  'the',
  'of',
  'for',
  'no',
  'one',
  'all',
  'art',
  'is',
  'de',
  'do',
  'so',
  'or',
  'son',
  'per',
  'gen',
  'fab',
  'dba',
  'ste',
  'st',
  'mt',
  'ft',
  'ctr',
  'inst',
  'assn',
  'assoc',
  'intl',
  'mfg',
  'dept',
  'univ',
  'bros',
  'natl',
  'svc',
  'svcs',
  'as is',
  'cafe',
  'bar',
  'inn',
  'grill',
  'kitchen',
  'restaurant',
]);

/** Parses legal-forms.csv (comment lines start with "#"; quoted fields as RFC 4180). */
function parseLegalFormsCsv(text: string): { country: string; kind: string; form: string }[] {
  const rows: { country: string; kind: string; form: string }[] = [];
  const lines = text.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  for (const line of lines.slice(1)) {
    const cells: string[] = [];
    let cell = '';
    let q = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (q) {
        if (ch === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (ch === '"') q = false;
        else cell += ch;
      } else if (ch === '"') q = true;
      else if (ch === ',') {
        cells.push(cell);
        cell = '';
      } else cell += ch;
    }
    cells.push(cell);
    rows.push({ country: cells[1]!, kind: cells[2]!, form: cells[3]! });
  }
  return rows;
}

/** Legal-form names of at most this many words are recognised ("gesellschaft mit beschrankter haftung"). */
export const MAX_NAME_WORDS = 4;

let cachedForms: LegalForm[] | undefined;
/**
 * The legal forms as compared, each with its countries: every abbreviation and short name of the ELF list
 * (cleaned), and the initials of local names of two or more words of 2+ letters (3+ initials). Longest first.
 */
export function legalForms(): LegalForm[] {
  if (cachedForms) return cachedForms;
  const byForm = new Map<string, Set<string>>();
  const add = (f: string, country: string) => {
    if (f.length < 2 || /^[0-9 ]+$/.test(f) || NOT_STRIPPED.has(f)) return;
    let s = byForm.get(f);
    if (!s) byForm.set(f, (s = new Set()));
    s.add(country);
  };
  for (const r of parseLegalFormsCsv(readFileSync(LEGAL_FORMS_FILE, 'utf8'))) {
    const f = cleanForm(r.form);
    // Names of more words are descriptions of a legal form ("Société civile immobilière de construction vente"),
    // not written in company names; the regexes stay small.
    if (r.kind === 'abbreviation' || f.split(' ').length <= MAX_NAME_WORDS) add(f, r.country);
    // Names written in Cyrillic or Greek are abbreviated by their initials (ООО, ЗАО, ТОВ, ЕООД), which the
    // list often leaves out.
    if (r.kind === 'name' && /[\u0370-\u03ff\u0400-\u04ff]/.test(r.form)) {
      const words = f.split(' ').filter((w) => w.length >= 2);
      if (words.length >= 2) add(words.map((w) => w[0]).join(''), r.country);
    }
  }
  cachedForms = [...byForm.entries()]
    .map(([form, c]) => ({ form, countries: [...c].sort() }))
    .sort((a, b) => b.form.length - a.form.length || a.form.localeCompare(b.form));
  return cachedForms;
}

const reEscape = (s: string) => s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
type Trie = Map<string, Trie>;
/**
 * A regex alternation of `words` as a trie ("gmbh|gbr" → "g(?:mbh|br)"): a flat alternation of thousands of forms
 * is too big for RE2's DFA and falls back to a slow NFA; the trie stays small. Greedy: the longer form first.
 */
export function trieAlternation(words: readonly string[]): string {
  const root: Trie = new Map();
  for (const w of words) {
    let n = root;
    for (const ch of w) {
      let k = n.get(ch);
      if (!k) n.set(ch, (k = new Map()));
      n = k;
    }
    n.set('', new Map());
  }
  const rec = (n: Trie): string => {
    const kids = [...n.entries()]
      .filter(([k]) => k !== '')
      // (any order: the branches start with different letters; localeCompare took most of the ~0.4 s build)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => reEscape(k) + rec(v));
    if (!kids.length) return '';
    const body = kids.length === 1 ? kids[0]! : `(?:${kids.join('|')})`;
    return n.has('') ? `(?:${body})?` : body;
  };
  return rec(root);
}

/**
 * Forms of at most this many characters are taken off in runs ("gmbh and co kg", "ab publ"); longer ones (up to
 * LONG_FORM_MAX: "gesellschaft mit beschrankter haftung", "obshchestvo s ogranichennoy otvetstvennostyu") one at a
 * time, by a second regex. Longer forms are descriptions, never written in a name. Two regexes, because one of every
 * form is too big for RE2's DFA and falls back to a slow NFA (10x the time of the whole name normalisation).
 */
export const SHORT_FORM_MAX = 30;
export const LONG_FORM_MAX = 60;

const reverse = (s: string) => [...s].reverse().join('');

/**
 * The legal-form regexes of the SQL name normaliser (the macros; dropLegalForms / findLegalForm look words up instead,
 * with the same result). The end of a name is
 * matched on the REVERSED name, anchored at its start (an end-anchored regex is run from every position). Every form
 * must be followed by a space (in the reversed name: preceded), so a name is never left empty.
 */
export interface LegalFormRegexes {
  /** on the reversed name: one long form at the end */
  longEnd: string;
  /** on the reversed name: a run of short forms at the end */
  shortEnd: string;
  /** one long form at the start */
  longStart: string;
  /** a run of short forms at the start */
  shortStart: string;
  /** capturing the form (group 1), same order */
  longEndForm: string;
  shortEndForm: string;
  longStartForm: string;
  shortStartForm: string;
}
let cachedRegexes: LegalFormRegexes | undefined;
export function legalFormRegexes(): LegalFormRegexes {
  if (cachedRegexes) return cachedRegexes;
  const forms = legalForms().map((f) => f.form);
  const short = forms.filter((f) => f.length <= SHORT_FORM_MAX);
  const long = forms.filter((f) => f.length > SHORT_FORM_MAX && f.length <= LONG_FORM_MAX);
  const rs = trieAlternation(short.map(reverse));
  const rl = trieAlternation(long.map(reverse));
  // At the start of a name only forms of 3+ letters: two letters there are as often initials ("JP Morgan").
  const s = trieAlternation(short.filter((f) => f.replaceAll(' ', '').length >= 3));
  const l = trieAlternation(long);
  cachedRegexes = {
    longEnd: `^(?:${rl}) `,
    shortEnd: `^(?:(?:${rs}) )+`,
    longStart: `^(?:${l}) `,
    shortStart: `^(?:(?:${s}) )+`,
    longEndForm: `^(${rl}) `,
    shortEndForm: `^(${rs}) `,
    longStartForm: `^(${l}) `,
    shortStartForm: `^(${s}) `,
  };
  return cachedRegexes;
}

/**
 * The legal forms as token sequences for the JavaScript side (dropLegalForms, findLegalForm): a cleaned name is its
 * words separated by single spaces, and a form is a sequence of whole words, so a form at the end of a name is looked up
 * by the name's last word and one at the start by its first. The same forms, in the same places, as the SQL regexes
 * (legalFormRegexes): a long form (SHORT_FORM_MAX < length <= LONG_FORM_MAX) once, a run of short ones, at the start only
 * forms of 3+ letters; the longest form first; and a form is always followed (at the end: preceded) by another word.
 * Built once, on first use (a look-up per word instead of a regex of 117 countries' forms, which took ~0.5 s to build
 * and compile and ~70 ms more on its first runs).
 */
interface FormLookup {
  /** by last word: the forms' words, most words first */
  longEnd: Map<string, string[][]>;
  shortEnd: Map<string, string[][]>;
  /** by first word: the forms' words, most words first */
  longStart: Map<string, string[][]>;
  shortStart: Map<string, string[][]>;
}
let cachedLookup: FormLookup | undefined;
function formLookup(): FormLookup {
  if (cachedLookup) return cachedLookup;
  const index = (forms: readonly string[], key: 'first' | 'last') => {
    const m = new Map<string, string[][]>();
    for (const f of forms) {
      const words = f.split(' ');
      const k = key === 'first' ? words[0]! : words[words.length - 1]!;
      let l = m.get(k);
      if (!l) m.set(k, (l = []));
      l.push(words);
    }
    for (const l of m.values()) l.sort((a, b) => b.length - a.length);
    return m;
  };
  const forms = legalForms().map((f) => f.form);
  const short = forms.filter((f) => f.length <= SHORT_FORM_MAX);
  const long = forms.filter((f) => f.length > SHORT_FORM_MAX && f.length <= LONG_FORM_MAX);
  cachedLookup = {
    longEnd: index(long, 'last'),
    shortEnd: index(short, 'last'),
    longStart: index(long, 'first'),
    shortStart: index(
      short.filter((f) => f.replaceAll(' ', '').length >= 3),
      'first',
    ),
  };
  return cachedLookup;
}

/** Words of the longest form of `m` that ends words[..end) with a word before it (0: none). */
function formEndingAt(words: readonly string[], end: number, m: Map<string, string[][]>): number {
  const cands = end >= 2 ? m.get(words[end - 1]!) : undefined;
  if (cands)
    outer: for (const f of cands) {
      if (f.length >= end) continue;
      for (let k = 0; k < f.length; k++) if (f[k] !== words[end - f.length + k]) continue outer;
      return f.length;
    }
  return 0;
}

/** Words of the longest form of `m` that starts words[start..end) with a word after it (0: none). */
function formStartingAt(words: readonly string[], start: number, end: number, m: Map<string, string[][]>): number {
  const cands = end - start >= 2 ? m.get(words[start]!) : undefined;
  if (cands)
    outer: for (const f of cands) {
      if (f.length >= end - start) continue;
      for (let k = 0; k < f.length; k++) if (f[k] !== words[start + k]) continue outer;
      return f.length;
    }
  return 0;
}

/**
 * A cleaned name without its legal forms (as the SQL `sx_drop_forms`): a long form at the end, a run of short ones at
 * the end, a long form at the start, a run of short ones at the start ("acme gmbh and co kg" → "acme", "ooo romashka"
 * → "romashka"). A name that is only a legal form keeps its first word.
 */
export function dropLegalForms(x: string): string {
  const L = formLookup();
  const words = x.split(' ');
  let end = words.length - formEndingAt(words, words.length, L.longEnd);
  for (let n; (n = formEndingAt(words, end, L.shortEnd));) end -= n;
  let start = formStartingAt(words, 0, end, L.longStart);
  for (let n; (n = formStartingAt(words, start, end, L.shortStart));) start += n;
  return start === 0 && end === words.length ? x.trim() : words.slice(start, end).join(' ').trim();
}

/**
 * The legal form of a cleaned name (as the SQL `sx_legal_form_clean`): a long form at the end, else a short one at
 * the end, else a long one at the start, else a short one at the start; null: none.
 */
export function findLegalForm(x: string): string | null {
  const L = formLookup();
  const words = x.split(' ');
  const n = words.length;
  const e = formEndingAt(words, n, L.longEnd) || formEndingAt(words, n, L.shortEnd);
  if (e) return words.slice(n - e).join(' ');
  const s = formStartingAt(words, 0, n, L.longStart) || formStartingAt(words, 0, n, L.shortStart);
  return s ? words.slice(0, s).join(' ') : null;
}

/** The countries (ISO2) where a cleaned legal form is one. */
export function legalFormCountries(form: string): string[] {
  return legalForms().find((f) => f.form === form)?.countries ?? [];
}
