/**
 * Name, address, postcode and tax-id normalisation as DuckDB macros, shared by the network
 * preparation and the supplier side so both are normalised identically.
 *
 * Names: lower-case, accents stripped, "&" → "and", dots and apostrophes removed (B.V. → bv,
 * McDonald's → mcdonalds), other punctuation → space, abbreviations expanded (intl →
 * international, mfg → manufacturing …), legal forms and filler words dropped (inc, ltd, gmbh,
 * sarl, the, and …). `sx_name_tokens` is the token list, `sx_name_core` the joined tokens,
 * `sx_name_sorted` the tokens sorted (word-order independent).
 */
import type { Db } from '../db.ts';
import { lit } from '../db.ts';

export const LEGAL_FORMS = [
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'plc',
  'corp',
  'corporation',
  'co',
  'company',
  'cos',
  'gmbh',
  'mbh',
  'ag',
  'kg',
  'ohg',
  'gbr',
  'ug',
  'ev',
  'kgaa',
  'se',
  'sa',
  'sas',
  'sasu',
  'sarl',
  'eurl',
  'snc',
  'sci',
  'scs',
  'srl',
  'spa',
  'sapa',
  'snc',
  'sl',
  'slu',
  'sau',
  'bv',
  'nv',
  'vof',
  'cv',
  'bvba',
  'sprl',
  'asbl',
  'ab',
  'as',
  'asa',
  'aps',
  'oy',
  'oyj',
  'hf',
  'ehf',
  'pty',
  'pte',
  'pvt',
  'bhd',
  'sdn',
  'kk',
  'tbk',
  'pt',
  'sp',
  'z',
  'oo',
  'zoo',
  'sro',
  'as',
  'doo',
  'dd',
  'kft',
  'zrt',
  'nyrt',
  'ltda',
  'eireli',
  'me',
  'sac',
  'saa',
  'de',
  'cv',
  'rl',
  'group',
  'holdings',
  'holding',
  'the',
  'and',
  'et',
  'und',
  'y',
  'e',
  'of',
];

export const NAME_ABBREVIATIONS: Record<string, string> = {
  intl: 'international',
  int: 'international',
  internat: 'international',
  mfg: 'manufacturing',
  mfr: 'manufacturing',
  manuf: 'manufacturing',
  svc: 'services',
  svcs: 'services',
  serv: 'services',
  srvs: 'services',
  service: 'services',
  sys: 'systems',
  system: 'systems',
  tech: 'technologies',
  technology: 'technologies',
  techn: 'technologies',
  solution: 'solutions',
  sol: 'solutions',
  solns: 'solutions',
  assoc: 'associates',
  assocs: 'associates',
  associate: 'associates',
  bros: 'brothers',
  bro: 'brothers',
  natl: 'national',
  nat: 'national',
  dist: 'distribution',
  distr: 'distribution',
  distrib: 'distribution',
  distributors: 'distribution',
  distributor: 'distribution',
  eng: 'engineering',
  engr: 'engineering',
  engg: 'engineering',
  const: 'construction',
  constr: 'construction',
  cons: 'construction',
  mgmt: 'management',
  mgt: 'management',
  dev: 'development',
  devel: 'development',
  equip: 'equipment',
  eqpt: 'equipment',
  elec: 'electric',
  electrical: 'electric',
  ind: 'industries',
  inds: 'industries',
  indus: 'industries',
  industry: 'industries',
  industrial: 'industries',
  prod: 'products',
  prods: 'products',
  product: 'products',
  supp: 'supplies',
  suppl: 'supplies',
  supply: 'supplies',
  transp: 'transport',
  trans: 'transport',
  transportation: 'transport',
  logist: 'logistics',
  ctr: 'center',
  cntr: 'center',
  centre: 'center',
  grp: 'group',
  hldgs: 'holdings',
  amer: 'american',
  am: 'american',
  univ: 'university',
  hosp: 'hospital',
  med: 'medical',
  st: 'saint',
  ste: 'sainte',
  mt: 'mount',
  ft: 'fort',
  n: 'north',
  s: 'south',
  e: 'east',
  w: 'west',
};

export const STREET_ABBREVIATIONS: Record<string, string> = {
  street: 'st',
  str: 'st',
  strasse: 'st',
  road: 'rd',
  avenue: 'ave',
  av: 'ave',
  boulevard: 'blvd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  square: 'sq',
  highway: 'hwy',
  parkway: 'pkwy',
  suite: 'ste',
  building: 'bldg',
  floor: 'fl',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  rue: 'r',
  chemin: 'ch',
  via: 'v',
  calle: 'c',
};

function sqlCase(m: Record<string, string>, v: string): string {
  return `CASE ${v} ${Object.entries(m)
    .map(([k, x]) => `WHEN '${k}' THEN '${x}'`)
    .join(' ')} ELSE ${v} END`;
}

/**
 * Macros (CASE and IN lists rather than MAP literals: DuckDB rebuilds a MAP literal per row,
 * which was 30x slower).
 */
export async function createNormaliseMacros(db: Db): Promise<void> {
  const legal = [...new Set(LEGAL_FORMS)].map((k) => `'${k}'`).join(', ');
  // A legal form spelled in single letters at the end of a name ("L L C", "S r l", "B V": dots
  // replaced by spaces) is dropped like the legal form itself.
  const spaced = [...new Set(LEGAL_FORMS)]
    .filter((k) => k.length >= 2 && k.length <= 5)
    .map((k) => k.split('').join(' '))
    .join('|');
  await db.run(`
    CREATE OR REPLACE MACRO sx_clean(s) AS
      trim(regexp_replace(regexp_replace(lower(strip_accents(replace(coalesce(s, ''), '&', ' and '))), '[.''’\`]', '', 'g'), '[^a-z0-9]+', ' ', 'g'));
    CREATE OR REPLACE MACRO sx_abbrev_list(l) AS list_transform(list_filter(l, t -> t <> ''), t -> ${sqlCase(NAME_ABBREVIATIONS, 't')});
    CREATE OR REPLACE MACRO sx_drop_legal(l) AS list_filter(l, x -> x NOT IN (${legal}));
    CREATE OR REPLACE MACRO sx_pick_tokens(all_toks, kept) AS CASE WHEN len(kept) > 0 THEN kept ELSE all_toks END;
    CREATE OR REPLACE MACRO sx_name_clean(s) AS regexp_replace(sx_clean(s), ${lit(`(.) (${spaced})$`)}, '\\1');
    CREATE OR REPLACE MACRO sx_name_tokens(s) AS sx_pick_tokens(sx_abbrev_list(string_split(sx_name_clean(s), ' ')), sx_drop_legal(sx_abbrev_list(string_split(sx_name_clean(s), ' '))));
    CREATE OR REPLACE MACRO sx_name_core(s) AS array_to_string(sx_name_tokens(s), ' ');
    CREATE OR REPLACE MACRO sx_postcode(p) AS nullif(regexp_replace(upper(coalesce(p, '')), '[^A-Z0-9]', '', 'g'), '');
    CREATE OR REPLACE MACRO sx_taxid(t) AS nullif(regexp_replace(regexp_replace(upper(coalesce(t, '')), '[^A-Z0-9]', '', 'g'), '^(GB|DE|FR|NL|BE|IT|ES|AT|IE|PL|SE|DK|FI|PT|LU|CHE|CH)([0-9])', '\\2'), '');
    CREATE OR REPLACE MACRO sx_address(a) AS nullif(array_to_string(list_transform(list_filter(string_split(sx_clean(a), ' '), t -> t <> ''), t -> ${sqlCase(STREET_ABBREVIATIONS, 't')}), ' '), '');
  `);
}
