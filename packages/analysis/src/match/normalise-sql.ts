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
import { foldSql, legalFormRegexes, legalForms, type LegalFormRegexes } from './name-rules.ts';

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
  uni: 'university',
  assn: 'association',
  assns: 'association',
  assoc: 'associates',
  dept: 'department',
  inst: 'institute',
  instit: 'institute',
  acad: 'academy',
  coll: 'college',
  sch: 'school',
  schl: 'school',
  cmty: 'community',
  fdn: 'foundation',
  fndn: 'foundation',
  govt: 'government',
  hlth: 'health',
  lab: 'laboratories',
  labs: 'laboratories',
  laboratory: 'laboratories',
  pharm: 'pharmaceuticals',
  chem: 'chemicals',
  electronic: 'electronics',
  fin: 'financial',
  ins: 'insurance',
  invest: 'investments',
  restr: 'restaurant',
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
  // ordinals as written with digits ("First National" = "1st National")
  first: '1st',
  second: '2nd',
  third: '3rd',
  fourth: '4th',
  fifth: '5th',
  sixth: '6th',
  seventh: '7th',
  eighth: '8th',
  ninth: '9th',
  tenth: '10th',
};

/** Honorific and group words dropped from names like legal forms ("Koninklijke Vandermeer N.V." = "Vandermeer N.V."). */
export const NAME_HONORIFICS = ['koninklijke', 'koninklijk'];

/**
 * Legal forms after which a comma starts location noise ("VANDERMEER N.V., DELFT, NL" → "vandermeer nv"): only
 * real legal forms, not the filler words of LEGAL_FORMS.
 */
const LEGAL_SUFFIXES = LEGAL_FORMS.filter(
  (k) => k.length >= 2 && !['the', 'and', 'und', 'of', 'de', 'me', 'oo', 'group', 'holding', 'holdings'].includes(k),
);

/** Street words → canonical abbreviation (types, directions, ordinals), applied token by token. */
export const STREET_ABBREVIATIONS: Record<string, string> = {
  street: 'st',
  str: 'st',
  strasse: 'st',
  stra: 'st',
  road: 'rd',
  avenue: 'ave',
  av: 'ave',
  avda: 'ave',
  avenida: 'ave',
  aven: 'ave',
  avn: 'ave',
  boulevard: 'blvd',
  blv: 'blvd',
  boul: 'blvd',
  bd: 'blvd',
  bvd: 'blvd',
  drive: 'dr',
  drv: 'dr',
  lane: 'ln',
  court: 'ct',
  crt: 'ct',
  place: 'pl',
  plaza: 'plz',
  square: 'sq',
  highway: 'hwy',
  hiway: 'hwy',
  parkway: 'pkwy',
  pky: 'pkwy',
  terrace: 'ter',
  terr: 'ter',
  circle: 'cir',
  circ: 'cir',
  trail: 'trl',
  alley: 'aly',
  expressway: 'expy',
  freeway: 'fwy',
  crescent: 'cres',
  suite: 'ste',
  building: 'bldg',
  floor: 'fl',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
  first: '1st',
  second: '2nd',
  third: '3rd',
  fourth: '4th',
  fifth: '5th',
  sixth: '6th',
  seventh: '7th',
  eighth: '8th',
  ninth: '9th',
  tenth: '10th',
  rue: 'r',
  chemin: 'ch',
  via: 'v',
  calle: 'c',
};

/** Street types (after abbreviation): left out of the street name compared ("Grand Ave" = "Grand"). */
export const STREET_TYPES = [
  'st',
  'rd',
  'ave',
  'blvd',
  'dr',
  'ln',
  'ct',
  'pl',
  'plz',
  'sq',
  'hwy',
  'pkwy',
  'ter',
  'cir',
  'trl',
  'aly',
  'expy',
  'fwy',
  'cres',
  'way',
  'r',
  'ch',
  'v',
  'c',
  'weg',
  'laan',
  'straat',
  'gasse',
  'platz',
  'allee',
  'piazza',
  'corso',
  'viale',
  'plein',
  'kade',
  'gracht',
  'bd',
  'imp',
  'impasse',
  'route',
  'rte',
  'quai',
];
/** Directions, left out of the street name ("1972 N. Hillhurst Ave" = "1972 Hillhurst Ave"). */
export const STREET_DIRECTIONS = ['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw'];

const ORDINALS = Object.fromEntries(Object.entries(STREET_ABBREVIATIONS).filter(([, v]) => /^[0-9]/.test(v)));
/** Words left out of the compared street name: street types and directions, in any spelling. */
const STREET_DROP_WORDS = [
  ...STREET_TYPES,
  ...STREET_DIRECTIONS,
  ...Object.entries(STREET_ABBREVIATIONS)
    .filter(([, v]) => STREET_TYPES.includes(v) || STREET_DIRECTIONS.includes(v))
    .map(([k]) => k),
].filter((w) => !['suite', 'building', 'floor', 'ste', 'bldg', 'fl'].includes(w));

function sqlCase(m: Record<string, string>, v: string): string {
  return `CASE ${v} ${Object.entries(m)
    .map(([k, x]) => `WHEN '${k}' THEN '${x}'`)
    .join(' ')} ELSE ${v} END`;
}
const sqlList = (xs: readonly string[]) => [...new Set(xs)].map((k) => `'${k}'`).join(', ');

/** Unit designators: "Suite 100", "Ste. 2", "#12", "Unit 4", "Apt 3", "Floor 2", "PO Box 1200". */
const UNIT_RE = String.raw`(?:^|[\s,])(?:(?:suite|ste|unit|apt|apartment|fl|floor|room|rm|p\s*o\s*box)\b|#)\.?\s*#?\s*([a-z0-9]+(?:-[a-z0-9]+)?)`;
/**
 * Separators between the parts of a name (organisation - branch or program, trading name): " - ",
 * ": ", " | ", " / ", " dba ", " aka ", " t/a ", " at ".
 */
export const SEGMENT_RE = String.raw`\s[-–—|/]\s|:\s|\s(?:dba|d/b/a|aka|a/k/a|t/a|at)\s`;
/** A cross-street or landmark after the address ("95 Ave. A at 6th St.", "12 Main St between 3rd and 4th"). */
const CROSS_STREET_RE = String.raw`\s(?:at|between|betw|btwn|near|nr|off|corner of|cnr)\s.*$`;
/** The first house number, with an optional range ("4410-12", "12-14"). */
const NUMBER_RE = String.raw`(?:^|[^0-9a-z])([0-9]{1,6})[a-z]?(?:\s*-\s*([0-9]{1,6})[a-z]?)?(?:[^0-9a-z]|$)`;

/** The macros that take legal forms off names (the regexes of name-rules.ts legalFormRegexes). */
function legalFormMacrosSql(R: LegalFormRegexes): string {
  const rx = (v: string, re: string) => `regexp_replace(${v}, ${lit(re)}, '')`;
  const ex = (v: string, re: string) => `nullif(regexp_extract(${v}, ${lit(re)}, 1), '')`;
  return `
    -- legal forms (ISO 20275, name-rules.ts) taken off the end, then the start, unless nothing would be left
    -- (no lambda around the big legal-form regexes: inside one they would be compiled again for every vector)
    CREATE OR REPLACE MACRO sx_drop_forms(x) AS trim(${rx(rx(`reverse(${rx(rx('reverse(x)', R.longEnd), R.shortEnd)})`, R.longStart), R.shortStart)});
    CREATE OR REPLACE MACRO sx_name_clean(s) AS sx_drop_forms(sx_name_clean0(s));
    -- the legal form of a cleaned name (sx_name_clean0): the longest it ends with, else the longest it starts with
    -- (NULL: none); pass a column, the name is used four times
    CREATE OR REPLACE MACRO sx_legal_form_clean(x) AS coalesce(reverse(coalesce(${ex('reverse(x)', R.longEndForm)}, ${ex('reverse(x)', R.shortEndForm)})),
      ${ex('x', R.longStartForm)}, ${ex('x', R.shortStartForm)});
    CREATE OR REPLACE MACRO sx_name_tokens(s) AS sx_tokens_of_clean(sx_name_clean(s));
    CREATE OR REPLACE MACRO sx_name_segments(s) AS CASE WHEN regexp_matches(sx_lower(s), ${lit(SEGMENT_RE)})
      THEN list_filter(list_transform(regexp_split_to_array(sx_lower(s), ${lit(SEGMENT_RE)}), seg -> sx_name_tokens(seg)), t -> len(t) > 0 AND t[1] <> '') END;
    CREATE OR REPLACE MACRO sx_name_core(s) AS array_to_string(sx_name_tokens(s), ' ');
`;
}

/**
 * Macros (CASE and IN lists rather than MAP literals: DuckDB rebuilds a MAP literal per row,
 * which was 30x slower).
 *
 * Names (sx_name_tokens): lower-case, accents stripped, "&" → "and"; parenthesised text dropped
 * ("Le Chardonnay (Los Angeles)"); dots and apostrophes removed; after a legal form, a comma starts
 * location noise that is dropped ("VANDERMEER N.V., DELFT, NL"), as is a trailing ", <2-letter code>";
 * other punctuation → space; runs of single letters joined ("V M N" → "vmn", "I B M" → "ibm",
 * "B V" → "bv"); abbreviations expanded; legal forms, honorifics and filler words dropped (unless
 * nothing would be left).
 *
 * Addresses (sx_addr_*): unit ("Suite 100", "#12") and PO box taken out, the first house number and
 * its range ("4410-12" → 4410..4412), the street name from the remaining words with types,
 * directions and ordinals abbreviated, then directions and types left out ("N. Halsted St." →
 * "halsted"; "8638 W. Third St." → "3rd").
 */
export async function createNormaliseMacros(
  db: Db,
  options: {
    /**
     * false: without the macros that take legal forms off (sx_drop_forms and those using it: sx_name_clean,
     * sx_legal_form_clean, sx_name_tokens, sx_name_segments, sx_name_core) and without the sx_legal_forms table. The
     * vendor search drops the query's legal forms in JavaScript (name-rules.ts dropLegalForms) and needs none of them,
     * and the regexes of 117 countries' forms take ~0.3 s to build.
     */
    legalFormMacros?: boolean;
  } = {},
): Promise<void> {
  const legalFormMacros = options.legalFormMacros ?? true;
  // The legal forms with the countries they belong to (ISO2), for the legal-form evidence of a pair.
  if (legalFormMacros)
    await db.run(
      `CREATE OR REPLACE TEMP TABLE sx_legal_forms AS SELECT * FROM (VALUES ${legalForms()
        .map((f) => `(${lit(f.form)}, [${f.countries.map(lit).join(', ')}]::VARCHAR[])`)
        .join(', ')}) t(form, countries)`,
    );
  const legal = sqlList([...LEGAL_FORMS, ...NAME_HONORIFICS]);
  const suffixes = [...new Set(LEGAL_SUFFIXES)].join('|');
  const R = legalFormMacros ? legalFormRegexes() : undefined;
  await db.run(`
    CREATE OR REPLACE MACRO sx_lower(s) AS ${foldSql("lower(replace(coalesce(s, ''), '&', ' and '))")};
    CREATE OR REPLACE MACRO sx_clean(s) AS
      trim(regexp_replace(regexp_replace(sx_lower(s), '[.''’\`]', '', 'g'), '[^a-z0-9]+', ' ', 'g'));
    CREATE OR REPLACE MACRO sx_abbrev_list(l) AS list_transform(list_filter(l, t -> t <> ''), t -> CASE WHEN t IN (${sqlList(Object.keys(NAME_ABBREVIATIONS))}) THEN ${sqlCase(NAME_ABBREVIATIONS, 't')} ELSE t END);
    CREATE OR REPLACE MACRO sx_drop_legal(l) AS list_filter(l, x -> x NOT IN (${legal}));
    -- acronyms (match-sql.ts): the initials of a name's tokens, and the name as an abbreviation — one word of 2 to 6
    -- characters ("ibm") or 2 to 6 single letters ("p g", from "P&G") — NULL when it is none
    CREATE OR REPLACE MACRO sx_initials(toks) AS array_to_string(list_transform(toks, t -> t[1]), '');
    CREATE OR REPLACE MACRO sx_abbr(toks, core) AS CASE WHEN len(toks) = 1 AND length(core) BETWEEN 2 AND 6 THEN core
      WHEN len(toks) BETWEEN 2 AND 6 AND length(core) = 2 * len(toks) - 1 THEN replace(core, ' ', '') END;
    CREATE OR REPLACE MACRO sx_pick_tokens(all_toks, kept) AS CASE WHEN len(kept) > 0 THEN kept ELSE all_toks END;
    -- (guards: the comma and initials rules run only on names with a comma / two single letters in a row;
    -- a one-element list and a lambda evaluate the input once)
    CREATE OR REPLACE MACRO sx_name_commas(x) AS CASE WHEN contains(x, ',') THEN regexp_replace(
        regexp_replace(x, ${lit(String.raw`^(.*?\b(?:${suffixes}))\s*,.*$`)}, '\\1'), '^([^,]+)(?:,[^,]*)?,\\s*[a-z]{2}\\s*$', '\\1') ELSE x END;
    CREATE OR REPLACE MACRO sx_name_punct(s) AS list_transform([regexp_replace(sx_lower(s), '[.''’\`]', '', 'g')],
      x -> regexp_replace(sx_name_commas(CASE WHEN contains(x, '(') THEN regexp_replace(x, '\\([^)]*\\)', ' ', 'g') ELSE x END), '[^a-z0-9]+', ' ', 'g'))[1];
    CREATE OR REPLACE MACRO sx_join_initials(s) AS list_transform([s], x -> CASE WHEN regexp_matches(x, '(^| )[a-z] [a-z]( |$)') THEN replace(
      regexp_replace(regexp_replace(regexp_replace(
        regexp_replace(regexp_replace(' ' || x || ' ', ' ([a-z]) ', ' \\1_ ', 'g'), ' ([a-z]) ', ' \\1_ ', 'g'),
        '_ ([a-z0-9]+_)', '\\1', 'g'), '_ ([a-z0-9]+_)', '\\1', 'g'), '_ ([a-z0-9]+_)', '\\1', 'g'), '_', '') ELSE x END)[1];
    CREATE OR REPLACE MACRO sx_name_clean0(s) AS trim(sx_join_initials(trim(sx_name_punct(s))));
    -- (a one-element list and a lambda: the cleaned tokens are computed once, not once per use)
    -- the tokens of a cleaned name without its legal forms (sx_name_clean; the vendor search passes one cleaned in
    -- JavaScript, name-rules.ts dropLegalForms: the legal-form regexes cost ~0.1 s to compile in each statement)
    CREATE OR REPLACE MACRO sx_tokens_of_clean(c) AS list_transform([sx_abbrev_list(string_split(c, ' '))], l -> list_transform([sx_drop_legal(l)], k -> CASE WHEN len(k) > 0 THEN k ELSE l END)[1])[1];
    ${R ? legalFormMacrosSql(R) : ''}
    CREATE OR REPLACE MACRO sx_postcode(p) AS nullif(regexp_replace(upper(coalesce(p, '')), '[^A-Z0-9]', '', 'g'), '');
    CREATE OR REPLACE MACRO sx_taxid(t) AS nullif(regexp_replace(regexp_replace(upper(coalesce(t, '')), '[^A-Z0-9]', '', 'g'), '^(GB|DE|FR|NL|BE|IT|ES|AT|IE|PL|SE|DK|FI|PT|LU|CHE|CH)([0-9])', '\\2'), '');
    CREATE OR REPLACE MACRO sx_street_tokens(s) AS list_transform(list_filter(string_split(sx_clean(s), ' '), t -> t <> ''),
      t -> ${sqlCase(STREET_ABBREVIATIONS, "regexp_replace(t, '(stra(ss)?e|str)$', 'str')")});
    CREATE OR REPLACE MACRO sx_address(a) AS nullif(array_to_string(sx_street_tokens(a), ' '), '');
    -- a0: the lower-cased address with its unit taken out (sx_addr_base); unit, number and street from it.
    CREATE OR REPLACE MACRO sx_addr_lower(a) AS regexp_replace(sx_lower(a), '[.''’\`]', '', 'g');
    CREATE OR REPLACE MACRO sx_addr_unit(a) AS nullif(regexp_extract(sx_addr_lower(a), ${lit(UNIT_RE)}, 1), '');
    CREATE OR REPLACE MACRO sx_addr_base(a) AS regexp_replace(regexp_replace(sx_addr_lower(a), ${lit(UNIT_RE)}, ' ', 'g'), ${lit(CROSS_STREET_RE)}, '');
    CREATE OR REPLACE MACRO sx_addr_numbers(a0) AS regexp_extract(a0, ${lit(NUMBER_RE)}, ['lo', 'hi']);
    CREATE OR REPLACE MACRO sx_addr_num(a0) AS TRY_CAST(nullif(sx_addr_numbers(a0).lo, '') AS INTEGER);
    CREATE OR REPLACE MACRO sx_addr_num_hi_raw(lo, hi) AS TRY_CAST(CASE WHEN hi = '' THEN lo WHEN length(hi) < length(lo) THEN left(lo, length(lo) - length(hi)) || hi ELSE hi END AS INTEGER);
    CREATE OR REPLACE MACRO sx_addr_num_hi(a0) AS list_transform([sx_addr_numbers(a0)], x -> list_transform([[TRY_CAST(nullif(x.lo, '') AS INTEGER), sx_addr_num_hi_raw(x.lo, x.hi)]],
      v -> CASE WHEN v[1] IS NULL THEN NULL WHEN v[2] BETWEEN v[1] AND v[1] + 100 THEN v[2] ELSE v[1] END)[1])[1];
    -- The compared street name: the words left after the number, without types and directions (in any
    -- spelling: STREET_ABBREVIATIONS keys and values), ordinals as 3rd, "-strasse" as "-str"; a street
    -- that is only such words ("The Avenue") keeps them, abbreviated.
    CREATE OR REPLACE MACRO sx_street_words(a0) AS list_filter(string_split(trim(regexp_replace(regexp_replace(a0, ${lit(NUMBER_RE)}, ' '), '[^a-z0-9]+', ' ', 'g')), ' '), t -> t <> '' AND NOT regexp_full_match(t, '[0-9]+'));
    CREATE OR REPLACE MACRO sx_addr_street(a0) AS nullif(array_to_string(list_transform([sx_street_words(a0)], w -> list_transform([list_filter(w, t -> t NOT IN (${sqlList(STREET_DROP_WORDS)}))],
      k -> CASE WHEN len(k) > 0 THEN list_transform(k, t -> CASE WHEN t IN (${sqlList(Object.keys(ORDINALS))}) THEN ${sqlCase(ORDINALS, 't')} WHEN t LIKE '%str%' THEN regexp_replace(t, '(stra(ss)?e|str)$', 'str') ELSE t END)
        ELSE list_transform(w, t -> CASE WHEN t IN (${sqlList(Object.keys(STREET_ABBREVIATIONS))}) THEN ${sqlCase(STREET_ABBREVIATIONS, 't')} ELSE t END) END)[1])[1], ' '), '');
  `);
}

/**
 * The name, postcode, city and tax-id macros in JavaScript for text of printable ASCII characters only (space to
 * "~"), where the macros' folding is a lower-casing and their RE2 expressions and JavaScript's agree (no newline,
 * no other whitespace than the space); undefined for other text, which the caller normalises with the macros. The
 * vendor search normalises its query with them (a statement per search saved);
 * test/vendor-search-query.test.ts checks them against the macros on thousands of names.
 */
export const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

const ABBREVIATIONS = new Map(Object.entries(NAME_ABBREVIATIONS));
const DROPPED_WORDS = new Set([...LEGAL_FORMS, ...NAME_HONORIFICS]);
const COMMA_SUFFIX_RE = new RegExp(String.raw`^(.*?\b(?:${[...new Set(LEGAL_SUFFIXES)].join('|')}))\s*,.*$`);
const COMMA_CODE_RE = /^([^,]+)(?:,[^,]*)?,\s*[a-z]{2}\s*$/;
const SEGMENT_JS_RE = new RegExp(SEGMENT_RE);
const SEGMENT_SPLIT_RE = new RegExp(SEGMENT_RE, 'g');

/** sx_lower of printable ASCII: "&" → " and ", lower-cased. */
export const lowerAscii = (s: string): string => s.replaceAll('&', ' and ').toLowerCase();

/** sx_clean of printable ASCII. */
export const cleanAscii = (s: string): string =>
  lowerAscii(s)
    .replace(/[.'`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** sx_name_clean0 of printable ASCII: the cleaned name before its legal forms are dropped. */
export function nameClean0Ascii(s: string): string {
  let x = lowerAscii(s).replace(/[.'`]/g, '');
  if (x.includes('(')) x = x.replace(/\([^)]*\)/g, ' ');
  if (x.includes(',')) x = x.replace(COMMA_SUFFIX_RE, '$1').replace(COMMA_CODE_RE, '$1');
  x = x.replace(/[^a-z0-9]+/g, ' ').trim();
  // sx_join_initials
  if (/(^| )[a-z] [a-z]( |$)/.test(x))
    x = ` ${x} `
      .replace(/ ([a-z]) /g, ' $1_ ')
      .replace(/ ([a-z]) /g, ' $1_ ')
      .replace(/_ ([a-z0-9]+_)/g, '$1')
      .replace(/_ ([a-z0-9]+_)/g, '$1')
      .replace(/_ ([a-z0-9]+_)/g, '$1')
      .replaceAll('_', '');
  return x.trim();
}

/** sx_tokens_of_clean: the words of a cleaned name, abbreviations expanded, filler words dropped unless none is left. */
export function tokensOfClean(c: string): string[] {
  const l = c
    .split(' ')
    .filter((t) => t !== '')
    .map((t) => ABBREVIATIONS.get(t) ?? t);
  const k = l.filter((t) => !DROPPED_WORDS.has(t));
  return k.length ? k : l;
}

/** Whether printable ASCII is a name in parts (regexp_matches(sx_lower(s), SEGMENT_RE)). */
export const segmentedAscii = (s: string): boolean => SEGMENT_JS_RE.test(lowerAscii(s));

/** The parts of a name in parts, each sx_name_clean0 (regexp_split_to_array(sx_lower(s), SEGMENT_RE)). */
export const segmentsClean0Ascii = (s: string): string[] => lowerAscii(s).split(SEGMENT_SPLIT_RE).map(nameClean0Ascii);

/** sx_postcode of printable ASCII. */
export const postcodeAscii = (p: string | null): string | null =>
  (p ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '') || null;

/** sx_taxid of printable ASCII. */
export const taxIdAscii = (t: string | null): string | null =>
  (t ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/^(GB|DE|FR|NL|BE|IT|ES|AT|IE|PL|SE|DK|FI|PT|LU|CHE|CH)([0-9])/, '$2') || null;
