/**
 * Address validation against reference data: the country list (reference/countries.csv, names and aliases), the
 * postcode format of each country, and city ↔ postcode agreement where reference data exists (the city / region /
 * postcode-prefix table of the reference-network vocabulary, for the nine network countries).
 *
 * An issue of severity "error" makes the address invalid (unknown country, a postcode of the wrong format); a
 * "warning" flags something to check (a missing postcode, a city the reference puts under other postcodes).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { REFERENCE_DIR } from '../reference/load.ts';
import { COUNTRIES } from '../network/vocabulary.ts';

export interface AddressToValidate {
  address?: string | null;
  city?: string | null;
  region?: string | null;
  postcode?: string | null;
  country?: string | null;
}
export interface AddressIssue {
  field: 'country' | 'postcode' | 'city' | 'region' | 'address';
  severity: 'warning' | 'error';
  message: string;
}
export interface AddressValidation {
  status: 'valid' | 'warning' | 'invalid';
  countryIso2: string | null;
  countryName: string | null;
  postcodeNormalised: string | null;
  referenceChecked: boolean;
  issues: AddressIssue[];
}

/** Postcode formats (upper-cased, single spaces): a regular expression and an example for the message. */
export const POSTCODE_FORMATS: Record<string, { re: RegExp; example: string }> = {
  US: { re: /^\d{5}(-\d{4})?$/, example: '94105 or 94105-1234' },
  CA: { re: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/, example: 'K1A 0B1' },
  GB: { re: /^(GIR 0AA|[A-Z]{1,2}\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2})$/, example: 'SW1A 2AA' },
  IE: { re: /^([AC-FHKNPRTV-Y]\d{2}|D6W) [0-9AC-FHKNPRTV-Y]{4}$/, example: 'D02 AF30' },
  DE: { re: /^\d{5}$/, example: '10115' },
  FR: { re: /^\d{5}$/, example: '75008' },
  IT: { re: /^\d{5}$/, example: '00184' },
  ES: { re: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: '28013' },
  NL: { re: /^[1-9]\d{3} (?!SA|SD|SS)[A-Z]{2}$/, example: '1012 JS' },
  BE: { re: /^[1-9]\d{3}$/, example: '1000' },
  LU: { re: /^\d{4}$/, example: '1111' },
  AT: { re: /^[1-9]\d{3}$/, example: '1010' },
  CH: { re: /^[1-9]\d{3}$/, example: '8001' },
  DK: { re: /^\d{4}$/, example: '1050' },
  NO: { re: /^\d{4}$/, example: '0150' },
  SE: { re: /^\d{3} \d{2}$/, example: '111 22' },
  FI: { re: /^\d{5}$/, example: '00100' },
  PL: { re: /^\d{2}-\d{3}$/, example: '00-001' },
  PT: { re: /^\d{4}-\d{3}$/, example: '1000-001' },
  CZ: { re: /^\d{3} \d{2}$/, example: '110 00' },
  SK: { re: /^\d{3} \d{2}$/, example: '811 01' },
  GR: { re: /^\d{3} \d{2}$/, example: '105 57' },
  HU: { re: /^\d{4}$/, example: '1051' },
  RO: { re: /^\d{6}$/, example: '010011' },
  BG: { re: /^\d{4}$/, example: '1000' },
  HR: { re: /^\d{5}$/, example: '10000' },
  SI: { re: /^\d{4}$/, example: '1000' },
  EE: { re: /^\d{5}$/, example: '10111' },
  LV: { re: /^LV-\d{4}$/, example: 'LV-1050' },
  LT: { re: /^LT-\d{5}$/, example: 'LT-01100' },
  AU: { re: /^\d{4}$/, example: '2000' },
  NZ: { re: /^\d{4}$/, example: '6011' },
  JP: { re: /^\d{3}-\d{4}$/, example: '100-0001' },
  KR: { re: /^\d{5}$/, example: '03187' },
  CN: { re: /^\d{6}$/, example: '100000' },
  IN: { re: /^[1-9]\d{5}$/, example: '110001' },
  SG: { re: /^\d{6}$/, example: '018956' },
  MY: { re: /^\d{5}$/, example: '50088' },
  TH: { re: /^\d{5}$/, example: '10110' },
  BR: { re: /^\d{5}-\d{3}$/, example: '01310-100' },
  MX: { re: /^\d{5}$/, example: '06600' },
  AR: { re: /^([A-Z]\d{4}[A-Z]{3}|\d{4})$/, example: 'C1002AAR' },
  ZA: { re: /^\d{4}$/, example: '2000' },
  TR: { re: /^\d{5}$/, example: '34000' },
  IL: { re: /^\d{7}$/, example: '6100000' },
  SA: { re: /^\d{5}(-\d{4})?$/, example: '11564' },
  RU: { re: /^\d{6}$/, example: '101000' },
  UA: { re: /^\d{5}$/, example: '01001' },
};

/** Postcodes as written in the country (GB/CA/NL spaced, the rest upper-cased without extra spaces). */
export function normalisePostcode(iso2: string | null, raw: string): string {
  let p = raw.toUpperCase().replace(/\s+/g, ' ').trim();
  const compact = p.replace(/[\s]/g, '');
  if (iso2 === 'GB' && /^[A-Z0-9]{5,7}$/.test(compact)) p = `${compact.slice(0, -3)} ${compact.slice(-3)}`;
  else if (iso2 === 'CA' && /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact)) p = `${compact.slice(0, 3)} ${compact.slice(3)}`;
  else if (iso2 === 'NL' && /^\d{4}[A-Z]{2}$/.test(compact)) p = `${compact.slice(0, 4)} ${compact.slice(4)}`;
  else if (iso2 === 'IE' && /^[A-Z0-9]{7}$/.test(compact)) p = `${compact.slice(0, 3)} ${compact.slice(3)}`;
  else if ((iso2 === 'SE' || iso2 === 'CZ' || iso2 === 'SK' || iso2 === 'GR') && /^\d{5}$/.test(compact))
    p = `${compact.slice(0, 3)} ${compact.slice(3)}`;
  else if (iso2 === 'US' && /^\d{9}$/.test(compact)) p = `${compact.slice(0, 5)}-${compact.slice(5)}`;
  return p;
}

export interface CountryEntry {
  iso2: string;
  iso3: string;
  name: string;
  aliases: string[];
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

let countries: CountryEntry[] | null = null;
let countryIndex: Map<string, CountryEntry> | null = null;
/** The reference country list (reference/countries.csv). */
export function referenceCountries(): CountryEntry[] {
  if (!countries) {
    const rows = parse(readFileSync(path.join(REFERENCE_DIR, 'countries.csv'), 'utf8'), { columns: true }) as Record<
      string,
      string
    >[];
    countries = rows.map((r) => ({
      iso2: r.iso2!,
      iso3: r.iso3!,
      name: r.name!,
      aliases: (r.aliases ?? '').split(';').filter(Boolean),
    }));
    countryIndex = new Map();
    for (const c of countries) for (const k of [c.iso2, c.iso3, c.name, ...c.aliases]) countryIndex.set(fold(k), c);
    for (const [k, iso2] of [
      ['uk', 'GB'],
      ['great britain', 'GB'],
      ['england', 'GB'],
      ['scotland', 'GB'],
      ['wales', 'GB'],
      ['usa', 'US'],
      ['united states of america', 'US'],
      ['holland', 'NL'],
    ] as const) {
      const c = countries.find((x) => x.iso2 === iso2);
      if (c && !countryIndex.has(k)) countryIndex.set(k, c);
    }
  }
  return countries;
}
export function findCountry(text: string): CountryEntry | null {
  referenceCountries();
  return countryIndex!.get(fold(text)) ?? null;
}

interface CityRef {
  city: string;
  region: string;
  prefix: string;
}
let cityRefs: Map<string, CityRef[]> | null = null;
/** City / region / postcode prefix reference per country (the network vocabulary; "#" starts the free part). */
function cityReference(iso2: string): CityRef[] {
  if (!cityRefs) {
    cityRefs = new Map();
    for (const c of COUNTRIES)
      cityRefs.set(
        c.iso2,
        c.cities.map(([city, region, pattern]) => ({
          city,
          region,
          prefix: pattern.split('#')[0]!.replace(/\s/g, ''),
        })),
      );
  }
  return cityRefs.get(iso2) ?? [];
}
const prefixMatches = (prefix: string, postcode: string) => {
  const compact = postcode.replace(/[\s-]/g, '');
  if (/^[A-Z]+$/.test(prefix)) return /^[A-Z]*/.exec(compact)![0] === prefix;
  return compact.startsWith(prefix);
};

export function validateAddress(input: AddressToValidate): AddressValidation {
  const issues: AddressIssue[] = [];
  const text = (v: string | null | undefined) => (v ?? '').trim();
  let country: CountryEntry | null = null;
  if (!text(input.country)) issues.push({ field: 'country', severity: 'error', message: 'Country is missing' });
  else {
    country = findCountry(text(input.country));
    if (!country)
      issues.push({
        field: 'country',
        severity: 'error',
        message: `"${text(input.country)}" is not a country of the reference list`,
      });
  }
  const iso2 = country?.iso2 ?? null;
  let postcode: string | null = null;
  const format = iso2 ? POSTCODE_FORMATS[iso2] : undefined;
  if (text(input.postcode)) {
    postcode = normalisePostcode(iso2, text(input.postcode));
    if (format && !format.re.test(postcode))
      issues.push({
        field: 'postcode',
        severity: 'error',
        message: `"${text(input.postcode)}" is not a postcode of ${country!.name} (format like ${format.example})`,
      });
  } else if (format) issues.push({ field: 'postcode', severity: 'warning', message: 'Postcode is missing' });
  if (!text(input.city)) issues.push({ field: 'city', severity: 'warning', message: 'City is missing' });
  if (input.address !== undefined && !text(input.address))
    issues.push({ field: 'address', severity: 'warning', message: 'Street address is missing' });

  // City ↔ postcode (and region) agreement, where the reference knows the city or the postcode area.
  let referenceChecked = false;
  const refs = iso2 ? cityReference(iso2) : [];
  const formatOk = postcode !== null && (!format || format.re.test(postcode));
  if (refs.length && (formatOk || text(input.city))) {
    const city = fold(text(input.city));
    const ofCity = city ? refs.filter((r) => fold(r.city) === city) : [];
    const ofPostcode = formatOk ? refs.filter((r) => prefixMatches(r.prefix, postcode!)) : [];
    referenceChecked = ofCity.length > 0 || ofPostcode.length > 0;
    if (ofCity.length && formatOk && !ofCity.some((r) => prefixMatches(r.prefix, postcode!))) {
      const others = [...new Set(ofPostcode.map((r) => r.city))];
      issues.push({
        field: 'city',
        severity: 'warning',
        message: others.length
          ? `Postcode ${postcode} is in ${others.join(' / ')}, not ${ofCity[0]!.city}`
          : `Postcode ${postcode} is not among the reference postcodes of ${ofCity[0]!.city} (${ofCity.map((r) => `${r.prefix}…`).join(', ')})`,
      });
    }
    const region = fold(text(input.region));
    if (region && ofCity.length && !ofCity.some((r) => fold(r.region) === region))
      issues.push({
        field: 'region',
        severity: 'warning',
        message: `${ofCity[0]!.city} is in ${ofCity[0]!.region}, not ${text(input.region)}`,
      });
  }
  const status = issues.some((i) => i.severity === 'error')
    ? 'invalid'
    : issues.some((i) => i.severity === 'warning')
      ? 'warning'
      : 'valid';
  return {
    status,
    countryIso2: iso2,
    countryName: country?.name ?? null,
    postcodeNormalised: postcode,
    referenceChecked,
    issues,
  };
}
