/**
 * Rule-based postal address parser for the formats of US, GB, DE, FR, NL, ES, IT, CA and AU.
 *
 * Free text (one line or several, parts separated by commas or line breaks) → house number, street (the whole
 * street: directionals, name and type, "S Martin Luther King Dr"), unit, city, region, postcode, country (ISO 3166
 * alpha-2), with a confidence in [0, 1]. Used by the address-parser tool and by the matcher's address evidence.
 *
 * How: the country is taken from an explicit country part, the caller's hint, or inferred from the postcode and
 * region shapes and street words; the postcode / region / city are then read from the end with that country's
 * layout ("City, ST 12345", "12345 City", "City PROV", "POSTCODE" on its own line); what is left is the street
 * part, from which PO boxes, rural routes, units ("Apt 4B", "Flat 3", "5/12", "3º 2ª") and the house number
 * (number first or number last, ranges "4410-12", suffixes "12 bis", "5a") are taken.
 */

export const ADDRESS_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'NL', 'ES', 'IT', 'CA', 'AU'] as const;
export type TAddressCountry = (typeof ADDRESS_COUNTRIES)[number];

export interface ParsedAddress {
  input: string;
  houseNumber: string | null;
  street: string | null;
  unit: string | null;
  city: string | null;
  region: string | null;
  postcode: string | null;
  country: string | null;
  confidence: number;
}

export const ADDRESS_FIELDS = ['houseNumber', 'street', 'unit', 'city', 'region', 'postcode', 'country'] as const;
export type TAddressField = (typeof ADDRESS_FIELDS)[number];

const COUNTRY_NAMES: Record<string, TAddressCountry> = {
  us: 'US',
  usa: 'US',
  'u s a': 'US',
  'u s': 'US',
  'united states': 'US',
  'united states of america': 'US',
  america: 'US',
  gb: 'GB',
  uk: 'GB',
  'u k': 'GB',
  'united kingdom': 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  de: 'DE',
  deu: 'DE',
  gbr: 'GB',
  germany: 'DE',
  deutschland: 'DE',
  fr: 'FR',
  fra: 'FR',
  france: 'FR',
  nl: 'NL',
  nld: 'NL',
  netherlands: 'NL',
  'the netherlands': 'NL',
  nederland: 'NL',
  holland: 'NL',
  es: 'ES',
  esp: 'ES',
  spain: 'ES',
  espana: 'ES',
  it: 'IT',
  ita: 'IT',
  italy: 'IT',
  italia: 'IT',
  ca: 'CA',
  can: 'CA',
  canada: 'CA',
  au: 'AU',
  aus: 'AU',
  australia: 'AU',
};

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA PR RI SC SD TN TX UT VT VA WA WV WI WY GU VI AS MP AA AE AP'.split(
    ' ',
  ),
);
const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));
const AU_STATES = new Set('NSW VIC QLD SA WA TAS NT ACT'.split(' '));
const IT_PROVINCES = new Set(
  'AG AL AN AO AP AQ AR AT AV BA BG BI BL BN BO BR BS BT BZ CA CB CE CH CL CN CO CR CS CT CZ EN FC FE FG FI FM FR GE GO GR IM IS KR LC LE LI LO LT LU MB MC ME MI MN MO MS MT NA NO NU OR PA PC PD PE PG PI PN PO PR PT PU PV PZ RA RC RE RG RI RM RN RO SA SI SO SP SR SS SU SV TA TE TN TO TP TR TS TV UD VA VB VC VE VI VR VT VV'.split(
    ' ',
  ),
);
const GB_COUNTIES = new Set(
  [
    'greater london',
    'greater manchester',
    'west yorkshire',
    'south yorkshire',
    'north yorkshire',
    'east yorkshire',
    'west midlands',
    'merseyside',
    'kent',
    'surrey',
    'essex',
    'hampshire',
    'devon',
    'cornwall',
    'norfolk',
    'suffolk',
    'lancashire',
    'cheshire',
    'cumbria',
    'durham',
    'county durham',
    'tyne and wear',
    'oxfordshire',
    'berkshire',
    'buckinghamshire',
    'hertfordshire',
    'cambridgeshire',
    'lincolnshire',
    'nottinghamshire',
    'derbyshire',
    'leicestershire',
    'staffordshire',
    'warwickshire',
    'gloucestershire',
    'somerset',
    'dorset',
    'wiltshire',
    'east sussex',
    'west sussex',
    'northumberland',
    'shropshire',
    'worcestershire',
    'herefordshire',
    'middlesex',
    'avon',
    'midlothian',
    'lothian',
    'fife',
    'highland',
    'gwynedd',
    'powys',
    'county antrim',
    'county down',
  ].map((s) => s),
);

/** Postcode shapes (upper-cased input). */
const PC = {
  US: /\b(\d{5}(?:-\d{4})?)\b/,
  CA: /\b([A-Z]\d[A-Z])\s?(\d[A-Z]\d)\b/,
  GB: /\b(GIR\s?0AA|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})\b/,
  NL: /\b(\d{4})\s?([A-Z]{2})\b/,
  FIVE: /\b(\d{5})\b/,
  AU: /\b(\d{4})\b/,
};

/** Street words that point to a country when nothing else does. */
const STREET_HINTS: [TAddressCountry, RegExp][] = [
  ['DE', /(stra(ss|ß)e|str\.|weg\b|platz\b|allee\b|gasse\b|ring\b|damm\b|ufer\b|chaussee\b|postfach)/i],
  [
    'FR',
    /\b(rue|avenue|bd|boulevard|chemin|route\s+de|all[ée]e|impasse|quai|place|cours|faubourg|bis|ter|cedex|bp|lieu[- ]dit)\b/i,
  ],
  [
    'ES',
    /\b(calle|c\/|avenida|avda|plaza|paseo|carrer|camino|ronda|traves[ií]a|carretera|apartado|piso|rambla|gran v[ií]a|pl\.|s\/n)\b|\bc\//i,
  ],
  ['IT', /\b(via|viale|piazza|piazzale|corso|largo|vicolo|strada|contrada|localit[àa]|casella postale)\b/i],
  ['NL', /(straat|gracht|laan|plein|kade|dijk|singel|postbus|steeg|markt)\b/i],
];

const UNIT_WORDS =
  'apt|apartment|suite|ste|unit|flat|fl|floor|room|rm|bldg|building|dept|lot|trlr|space|spc|office|ofc|level|lvl|shop|appt|app|bureau|b[âa]t(?:iment)?|[ée]tage|esc|escalera|piso|puerta|interno|int|scala|whg|wohnung|etage|zimmer|hs|kamer';
/** A unit designator and its value, anywhere in a street part. */
const UNIT_VALUE = String.raw`(?:[A-Za-z]?\d[A-Za-z0-9-]*|[A-Za-z]{1,2})`;
const UNIT_RE = new RegExp(
  String.raw`(?:^|[\s,])((?:${UNIT_WORDS})\b\.?\s*(?:no\.?\s*)?#?\s*${UNIT_VALUE}|#\s*[A-Za-z0-9][A-Za-z0-9-]*)(?=$|[\s,])`,
  'i',
);
const UNIT_WHOLE_RE = new RegExp(
  String.raw`^(?:(?:${UNIT_WORDS})\b\.?\s*(?:no\.?\s*)?#?\s*${UNIT_VALUE}|#\s*\w+)$`,
  'i',
);
/** Spanish floor / door ("3º 2ª", "2º izq", "bajo B"). */
const ES_FLOOR_RE =
  /(?:^|[\s,])(\d+\s?[ºª°]\s*(?:\d+\s?[ºª°]?|[A-Za-z]{1,4}\b)?|bajo\s*[A-Za-z]?|[áa]tico\s*[A-Za-z]?)(?=$|[\s,])/i;
/** An ordinal floor "2nd Floor" / "3rd Fl". */
const ORD_FLOOR_RE = /(?:^|[\s,])(\d+(?:st|nd|rd|th)\s+(?:floor|fl))\b\.?/i;
const PO_BOX_RE =
  /^(?:(?:p\.?\s*o\.?|post\s+office|gpo)\s*box|locked\s+bag|postfach|postbus|bo[îi]te\s+postale|b\.?\s*p\.?|apartado(?:\s+de\s+correos)?|casella\s+postale|c\.?\s*p\.?|cp)\s*\.?\s*\d[\d\s]*$/i;
const RURAL_RE = /^(?:rr|r\.r\.|rural\s+route|hc|star\s+route|rd|rmb|cmb|psc)\s*\d+(?:\s+box\s+\d+)?$/i;
const HIGHWAY_WORDS =
  /(?:^|\s)(?:hwy|highway|route|rte|interstate|us|sr|state\s+road|state\s+route|county\s+road|cr|farm\s+to\s+market|fm|ranch\s+road|rr|road|autobahn|carretera|km|ss|sp|strada\s+statale|rn)\.?$/i;
/** A house number at the start: "123", "123A", "4410-12", "123 1/2", "12 bis", "N6W23001" is not handled. */
const NUM_FIRST_RE = /^(\d+[A-Za-z]?(?:\s*[-–]\s*\d+[A-Za-z]?)?(?:\s+1\/2|\s+(?:bis|ter|quater)\b)?)[\s,]+(.+)$/i;
/** A house number at the end: "Hauptstraße 5a", "Keizersgracht 123-125", "Calle Mayor, 10", "Via Roma 12/B". */
const NUM_LAST_RE = /^(.+?)[\s,]+(\d+\s?[A-Za-z]?(?:\s*[-/]\s*\d*[A-Za-z]?\d*)?|s\/n)$/i;

const clean = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;]+|[\s,;]+$/g, '')
    .trim();
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const nullable = (s: string | null | undefined) => {
  const c = s == null ? '' : clean(s);
  return c === '' ? null : c;
};

function countryOf(part: string): TAddressCountry | null {
  if (/\d/.test(part)) return null;
  return (
    COUNTRY_NAMES[
      fold(part)
        .replace(/[^a-z ]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    ] ?? null
  );
}

interface Tail {
  city: string | null;
  region: string | null;
  postcode: string | null;
  /** The parts before the city / postcode (the street side). */
  rest: string[];
  /** How well the tail matched the layout: 0 … 1. */
  fit: number;
}

/** Splits "City ST" / "City, ST" into city and region when the last word is a region code of the set. */
function cityRegion(text: string, codes: Set<string>): { city: string | null; region: string | null } {
  const t = clean(text);
  const m = /^(.*?)[\s,]+([A-Za-z]{2,3})\.?$/.exec(t);
  if (m && codes.has(m[2]!.toUpperCase())) return { city: nullable(m[1]), region: m[2]!.toUpperCase() };
  if (codes.has(t.toUpperCase())) return { city: null, region: t.toUpperCase() };
  return { city: nullable(t), region: null };
}

/** The street words of the US/CA/AU single-line form "123 Main St Springfield IL": the city starts after the type. */
const STREET_TYPE_END =
  /^(.*\b(?:st|street|ave|avenue|rd|road|dr|drive|blvd|boulevard|ln|lane|way|ct|court|pl|place|pkwy|parkway|hwy|highway|cir|circle|ter|terrace|trl|trail|sq|square|cres|crescent|pde|parade|esp|hwy|crt|cl|close|row|loop|pike|plz|plaza|run|pass|walk|grove|gr)\.?(?:\s+(?:n|s|e|w|ne|nw|se|sw))?)\s+(.+)$/i;

function splitTrailingCity(parts: string[]): string[] {
  // "123 Main St Springfield" (no comma before the city) → ["123 Main St", "Springfield"]
  if (parts.length !== 1) return parts;
  const m = STREET_TYPE_END.exec(parts[0]!);
  if (m && /^\d/.test(parts[0]!) && !/\d/.test(m[2]!)) return [m[1]!, m[2]!];
  return parts;
}

function tailNorthAmerica(parts: string[], country: 'US' | 'CA'): Tail | null {
  const last = parts[parts.length - 1]!;
  const up = last.toUpperCase();
  const codes = country === 'US' ? US_STATES : CA_PROVINCES;
  const pcRe = country === 'US' ? /^(.*?)[\s,]*\b(\d{5}(?:-\d{4})?)$/ : /^(.*?)[\s,]*\b([A-Z]\d[A-Z])\s?(\d[A-Z]\d)$/;
  const m = pcRe.exec(up);
  let postcode: string | null = null;
  let before = last;
  if (m) {
    postcode = country === 'US' ? m[2]! : `${m[2]} ${m[3]}`;
    before = last.slice(0, m[1]!.length);
  }
  let rest = parts.slice(0, -1);
  let cr = cityRegion(before, codes);
  if (!postcode && !cr.region) return null;
  if (!cr.city && cr.region !== null && (rest.length > 1 || (rest.length === 1 && !/\d/.test(rest[0]!)))) {
    cr = { city: nullable(rest[rest.length - 1]), region: cr.region };
    rest = rest.slice(0, -1);
  } else if (!cr.city && !cr.region && rest.length > 1) {
    cr = cityRegion(rest[rest.length - 1]!, codes);
    rest = rest.slice(0, -1);
  } else if (cr.city && rest.length === 0) {
    // "123 Main St Springfield IL 62701"
    const split = splitTrailingCity([cr.city]);
    if (split.length === 2) {
      rest = [split[0]!];
      cr = { city: split[1]!, region: cr.region };
    }
  }
  if (cr.city && !rest.length && /^\d/.test(cr.city)) return null;
  return { city: cr.city, region: cr.region, postcode, rest, fit: (postcode ? 0.5 : 0) + (cr.region ? 0.5 : 0) };
}

function tailAU(parts: string[]): Tail | null {
  const last = parts[parts.length - 1]!;
  const m = /^(.*?)[\s,]*\b([A-Za-z]{2,3})\.?\s+(\d{4})$/.exec(last) ?? /^(.*?)[\s,]*()(\d{4})$/.exec(last);
  if (!m) return null;
  const region = m[2] && AU_STATES.has(m[2].toUpperCase()) ? m[2].toUpperCase() : null;
  if (m[2] && !region) return null;
  let city = nullable(m[1]);
  let rest = parts.slice(0, -1);
  if (!city && rest.length > 1) {
    city = nullable(rest[rest.length - 1]);
    rest = rest.slice(0, -1);
  } else if (city && rest.length === 0) {
    const split = splitTrailingCity([city]);
    if (split.length === 2) {
      rest = [split[0]!];
      city = split[1]!;
    }
  }
  return { city, region, postcode: m[3]!, rest, fit: region ? 1 : 0.6 };
}

function tailGB(parts: string[]): Tail | null {
  const last = parts[parts.length - 1]!;
  const m = /^(.*?)[\s,]*\b(GIR\s?0AA|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})$/i.exec(last);
  if (!m) return null;
  const pc = m[2]!.toUpperCase().replace(/\s/g, '');
  const postcode = `${pc.slice(0, -3)} ${pc.slice(-3)}`;
  let rest = parts.slice(0, -1);
  let inLine = nullable(m[1]);
  let region: string | null = null;
  if (inLine && GB_COUNTIES.has(fold(inLine))) {
    region = inLine;
    inLine = null;
  }
  let city = inLine;
  if (!city && rest.length > 1) {
    const c = rest[rest.length - 1]!;
    if (GB_COUNTIES.has(fold(c)) && rest.length > 2) {
      region = c;
      rest = rest.slice(0, -1);
    }
    city = nullable(rest[rest.length - 1]);
    rest = rest.slice(0, -1);
  }
  if (city && /^\d/.test(city) && rest.length === 0) return null;
  return { city: city ? city.replace(/^(.*)$/, '$1') : null, region, postcode, rest, fit: 1 };
}

/** "12345 City", "1234 AB City", "00184 Roma RM", "75008 Paris Cedex 08". */
function tailPostcodeFirst(parts: string[], country: 'DE' | 'FR' | 'ES' | 'IT' | 'NL'): Tail | null {
  for (let i = parts.length - 1; i >= Math.max(0, parts.length - 2); i--) {
    const p = parts[i]!;
    const re =
      country === 'NL'
        ? /^(?:NL[- ])?(\d{4})\s?([A-Za-z]{2})\b[\s,]*(.*)$/
        : new RegExp(String.raw`^(?:${country}[- ])?(\d{5})\b[\s,]*(.*)$`, 'i');
    const m = re.exec(p);
    if (!m) continue;
    const postcode = country === 'NL' ? `${m[1]} ${m[2]!.toUpperCase()}` : m[1]!;
    let cityText = (country === 'NL' ? m[3] : m[2]) ?? '';
    let region: string | null = null;
    // the city may be on the next part ("10115, Berlin")
    const after = parts.slice(i + 1);
    if (!clean(cityText) && after.length) cityText = after[0]!;
    else if (after.length) region = nullable(after[0]);
    if (country === 'IT') {
      const pm = /^(.*?)[\s,]+\(?([A-Za-z]{2})\)?$/.exec(clean(cityText));
      if (pm && IT_PROVINCES.has(pm[2]!.toUpperCase())) {
        cityText = pm[1]!;
        region = pm[2]!.toUpperCase();
      }
    }
    if (country === 'ES') {
      const pm = /^(.*?)\s*\(([^)]+)\)$/.exec(clean(cityText));
      if (pm) {
        cityText = pm[1]!;
        region = pm[2]!;
      }
    }
    if (country === 'FR') cityText = cityText.replace(/\s+cedex(\s+\d+)?$/i, '');
    return { city: nullable(cityText), region, postcode, rest: parts.slice(0, i), fit: 1 };
  }
  return null;
}

function inferCountry(text: string): TAddressCountry | null {
  const up = text.toUpperCase();
  if (PC.CA.test(up)) {
    const m = /\b([A-Z]{2})\.?[\s,]+[A-Z]\d[A-Z]\s?\d[A-Z]\d\b/.exec(up);
    if (m && CA_PROVINCES.has(m[1]!)) return 'CA';
  }
  const us = /\b([A-Z]{2})\.?[\s,]+\d{5}(?:-\d{4})?\s*$/.exec(up);
  if (us && US_STATES.has(us[1]!)) return 'US';
  const au = /\b([A-Z]{2,3})\.?[\s,]+\d{4}\s*$/.exec(up);
  if (au && AU_STATES.has(au[1]!)) return 'AU';
  if (/(?:^|[\s,])(GIR\s?0AA|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})\s*$/.test(up)) return 'GB';
  if (/(?:^|[\s,])\d{4}\s?[A-Z]{2}\b(?![A-Z])/.test(up.replace(/\b\d{4}\s?(?:ST|ND|RD|TH)\b/g, ''))) {
    return 'NL';
  }
  // "12345 City [PROV]" at the end: a continental European layout; street words, then letters tell which
  if (/(?:^|[\s,])\d{5}\s+\p{L}[^,\d]*$/u.test(text)) {
    for (const [c, re] of STREET_HINTS) if (c !== 'NL' && re.test(text)) return c;
    if (/[ñíóú]/i.test(text)) return 'ES';
    if (/[èìò]/i.test(text)) return 'IT';
    return 'DE';
  }
  // a region code ending the text, without a postcode: "Boston, MA", "Ottawa, ON", "Adelaide SA"
  const code = /(?:^|[\s,])([A-Z]{2,3})\.?$/.exec(up.trim())?.[1];
  if (code && US_STATES.has(code)) return 'US';
  if (code && CA_PROVINCES.has(code)) return 'CA';
  if (code && AU_STATES.has(code)) return 'AU';
  for (const [c, re] of STREET_HINTS) if (re.test(text)) return c;
  if (/\b\d{5}\b/.test(up)) return 'US';
  return null;
}

interface StreetParts {
  houseNumber: string | null;
  street: string | null;
  unit: string | null;
  fit: number;
}

function parseStreetLine(parts: string[], country: string | null): StreetParts {
  let unit: string | null = null;
  const keep: string[] = [];
  for (const raw of parts) {
    let p = clean(raw);
    // a part that is only a unit ("Apt 4B", "Flat 3", "Suite 200")
    if (UNIT_WHOLE_RE.test(p) || (ES_FLOOR_RE.test(p) && ES_FLOOR_RE.exec(p)![1]!.length === p.length)) {
      unit = unit ? `${unit} ${p}` : p;
      continue;
    }
    const ord = ORD_FLOOR_RE.exec(p);
    if (ord) {
      unit = unit ? `${unit} ${ord[1]}` : ord[1]!;
      p = clean(p.replace(ord[0], ' '));
    }
    const u = UNIT_RE.exec(p);
    if (u && p.replace(u[0], '').trim()) {
      unit = unit ? `${unit} ${clean(u[1]!)}` : clean(u[1]!);
      p = clean(p.replace(u[0], ' '));
    }
    if (country === 'ES' || /[ºª°]/.test(p)) {
      const f = /^(.*?\d+[A-Za-z]?)[\s,]+(\d+\s?[ºª°].*|bajo.*|[áa]tico.*)$/i.exec(p);
      if (f) {
        unit = unit ? `${unit} ${clean(f[2]!)}` : clean(f[2]!);
        p = clean(f[1]!);
      }
    }
    if (p) keep.push(p);
  }
  if (!keep.length) return { houseNumber: null, street: null, unit, fit: unit ? 0.3 : 0 };
  // The street part: the one with a number, else the last (building names come first in GB).
  let idx = keep.findIndex((p) => PO_BOX_RE.test(p) || RURAL_RE.test(p));
  if (idx >= 0) {
    // a PO box or rural route is the delivery line; "RR 2 Box 152"
    return { houseNumber: null, street: keep[idx]!.replace(/\s+/g, ' '), unit, fit: 1 };
  }
  idx = keep.findIndex((p) => /^\d/.test(p));
  if (idx < 0) idx = keep.findIndex((p) => /\d/.test(p));
  if (idx < 0) idx = keep.length - 1;
  // "12, Main Street" (number in its own part)
  if (/^\d+[A-Za-z]?$/.test(keep[idx]!) && keep[idx + 1]) {
    keep.splice(idx, 2, `${keep[idx]} ${keep[idx + 1]}`);
  } else if (idx > 0 && /^\d+[A-Za-z]?(?:\s*[-/]\s*\d+)?$|^s\/n$/i.test(keep[idx]!)) {
    // "Calle Mayor, 10"
    keep.splice(idx - 1, 2, `${keep[idx - 1]} ${keep[idx]}`);
    idx -= 1;
  }
  let line = keep[idx]!;
  // building name before the street part (GB): "Rose Cottage, 3 High Street" → unit stays null, name dropped
  const extra = keep.filter((_, i) => i !== idx);
  // AU / NZ "5/12 Smith St" → unit 5, number 12
  const slash = /^(\d+[A-Za-z]?)\s*\/\s*(\d+[A-Za-z]?(?:-\d+)?)\s+(.+)$/.exec(line);
  if (slash && country !== 'ES' && country !== 'IT') {
    unit = unit ?? slash[1]!;
    return { houseNumber: slash[2]!, street: clean(slash[3]!), unit, fit: 1 };
  }
  // "Unit 5, 12 Smith St" already gave the unit; "12A Smith St"
  const first = NUM_FIRST_RE.exec(line);
  if (first && !/^\d+(?:st|nd|rd|th)\b/i.test(line)) {
    let street = clean(first[2]!);
    let num = clean(first[1]!).replace(/\s*[-–]\s*/, '-');
    // FR "12 bis rue …" handled by the regex; "12, rue …" too
    // a trailing house number as well ("3 Rue X 5") is left in the street
    if (/^(?:[A-Za-z]\s)/.test(street) && /^[A-Za-z]$/.test(street[0]!) && /^\d+$/.test(num) && country === 'NL') {
      num = `${num}${street[0]}`;
      street = clean(street.slice(1));
    }
    return { houseNumber: num, street: street || null, unit, fit: extra.length ? 0.8 : 1 };
  }
  const last = NUM_LAST_RE.exec(line);
  if (last && !HIGHWAY_WORDS.test(clean(last[1]!))) {
    let num = clean(last[2]!).replace(/\s*-\s*/, '-');
    if (/^s\/n$/i.test(num)) num = 's/n';
    // "123-II" / "123 huis" (NL floor) → unit
    return { houseNumber: num.replace(/\s+/g, ''), street: clean(last[1]!.replace(/,$/, '')), unit, fit: 1 };
  }
  const nlUnit = /^(.+?)\s+(\d+[A-Za-z]?)[\s-]+((?:I{1,3}|IV|hs|huis|bis|zw|rd|[A-Za-z])\b.*)$/i.exec(line);
  if (nlUnit && !HIGHWAY_WORDS.test(clean(nlUnit[1]!))) {
    return { houseNumber: nlUnit[2]!, street: clean(nlUnit[1]!), unit: unit ?? clean(nlUnit[3]!), fit: 0.9 };
  }
  line = line.replace(/^(\d+(?:st|nd|rd|th))/i, '$1');
  return { houseNumber: null, street: line, unit, fit: 0.6 };
}

function splitParts(input: string): string[] {
  return input
    .split(/[\n\r;]+|,(?!\d{3}\b)/)
    .map(clean)
    .filter(Boolean);
}

function tailFor(country: TAddressCountry | null, parts: string[]): Tail | null {
  switch (country) {
    case 'US':
    case 'CA':
      return tailNorthAmerica(parts, country);
    case 'AU':
      return tailAU(parts);
    case 'GB':
      return tailGB(parts);
    case 'DE':
    case 'FR':
    case 'ES':
    case 'IT':
    case 'NL':
      return tailPostcodeFirst(parts, country);
    default:
      return null;
  }
}

/**
 * Parses one free-text address. `country` (ISO alpha-2 or a name) is a hint used when the text does not say; an
 * explicit country part of the text wins.
 */
export function parseAddress(input: string, options: { country?: string | null } = {}): ParsedAddress {
  const empty: ParsedAddress = {
    input,
    houseNumber: null,
    street: null,
    unit: null,
    city: null,
    region: null,
    postcode: null,
    country: null,
    confidence: 0,
  };
  let parts = splitParts(input);
  if (!parts.length) return empty;
  // an explicit country: the last part, or the last words of the last part ("… 10115 Berlin Germany")
  let country: TAddressCountry | null = null;
  let explicit = false;
  const lastPart = parts[parts.length - 1]!;
  const regionCode =
    /^[A-Za-z]{2}$/.test(lastPart) &&
    (US_STATES.has(lastPart.toUpperCase()) || CA_PROVINCES.has(lastPart.toUpperCase()));
  const ambiguous = regionCode && parts.length > 1 && !/\d/.test(parts[parts.length - 2]!);
  if (parts.length > 1 && countryOf(lastPart) && !ambiguous) {
    country = countryOf(lastPart);
    parts = parts.slice(0, -1);
    explicit = true;
  } else {
    const m =
      /^(.*\S)\s+(united states(?: of america)?|united kingdom|usa|uk|germany|deutschland|france|netherlands|nederland|spain|espa[ñn]a|italy|italia|canada|australia)$/i.exec(
        lastPart,
      );
    if (m) {
      country = countryOf(m[2]!);
      parts = [...parts.slice(0, -1), m[1]!];
      explicit = true;
    }
  }
  const hint = options.country
    ? (countryOf(options.country) ?? (options.country.toUpperCase() as TAddressCountry))
    : null;
  const inferred = inferCountry(parts.join(', '));
  const candidates = [...new Set([country, hint, inferred].filter((c): c is TAddressCountry => Boolean(c)))];
  if (!explicit && hint && inferred && inferred !== hint) candidates.splice(0, candidates.length, hint, inferred);
  let tail: Tail | null = null;
  let chosen: TAddressCountry | null = country ?? hint ?? inferred;
  for (const c of candidates) {
    const t = tailFor(c, parts);
    if (t && (!tail || t.fit > tail.fit)) {
      tail = t;
      chosen = c;
    }
    if (explicit && c === country) break;
  }
  if (!tail) {
    // no postcode layout: "street, city" or a street alone
    const hasStreetWord = (p: string) => /\d/.test(p) || PO_BOX_RE.test(p) || RURAL_RE.test(p);
    if (parts.length > 1 && !/\d/.test(parts[parts.length - 1]!)) {
      const codes = chosen === 'US' ? US_STATES : chosen === 'CA' ? CA_PROVINCES : chosen === 'AU' ? AU_STATES : null;
      let cr = codes ? cityRegion(parts[parts.length - 1]!, codes) : { city: parts[parts.length - 1]!, region: null };
      let rest = parts.slice(0, -1);
      if (!cr.city && rest.length > 1) {
        cr = { city: rest[rest.length - 1]!, region: cr.region };
        rest = rest.slice(0, -1);
      }
      tail = { city: cr.city, region: cr.region, postcode: null, rest, fit: 0.4 };
    } else if (parts.length === 1 && chosen && ['US', 'CA', 'AU'].includes(chosen)) {
      const codes = chosen === 'US' ? US_STATES : chosen === 'CA' ? CA_PROVINCES : AU_STATES;
      const cr = cityRegion(parts[0]!, codes);
      const split = cr.region && cr.city ? splitTrailingCity([cr.city]) : [];
      if (split.length === 2)
        tail = { city: split[1]!, region: cr.region, postcode: null, rest: [split[0]!], fit: 0.5 };
      else tail = { city: null, region: null, postcode: null, rest: parts, fit: hasStreetWord(parts[0]!) ? 0.3 : 0 };
    } else tail = { city: null, region: null, postcode: null, rest: parts, fit: 0.2 };
  }
  const street = parseStreetLine(tail.rest, chosen);
  // a city that is really the street ("Hauptstraße 5" with no city) stays out
  const result: ParsedAddress = {
    input,
    houseNumber: street.houseNumber,
    street: street.street,
    unit: street.unit,
    city: nullable(tail.city),
    region: nullable(tail.region),
    postcode: nullable(tail.postcode),
    country: chosen,
    confidence: 0,
  };
  const found = (['street', 'city', 'postcode', 'country'] as const).filter((k) => result[k] !== null).length;
  const conf = 0.1 + 0.4 * tail.fit * (result.postcode ? 1 : 0.6) + 0.08 * found + 0.1 * street.fit;
  result.confidence = Math.max(0, Math.min(1, Math.round((explicit ? conf : conf * 0.97) * 100) / 100));
  return result;
}

/** Field comparison used by the accuracy benchmark and tests: case, accents, dots and spacing ignored. */
export function sameAddressField(a: string | null | undefined, b: string | null | undefined): boolean {
  const n = (v: string | null | undefined) =>
    v == null
      ? ''
      : fold(v)
          .replace(/[,]/g, '')
          .replace(/\s*-\s*/g, '-');
  return n(a) === n(b);
}
