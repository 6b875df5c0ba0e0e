/**
 * Deterministic generator of a realistic card-acceptance network (same seed → same file).
 * Writes the documented network CSV layout (see network/import.ts); `generateNetwork` then
 * imports it into a prepared Parquet network.
 */
import { stringify } from 'csv-stringify/sync';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { COUNTRIES, DESCRIPTORS, INVENTED_A, INVENTED_B, LOCAL_WORDS, MCC_MIX, PLACE_STEMS } from './vocabulary.ts';
import type { CountryStyle } from './vocabulary.ts';
import { digits, int, mix, pick, rng, weighted } from './random.ts';
import type { Rng } from './random.ts';

export const NETWORK_COLUMNS = [
  'merchantId',
  'name',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postcode',
  'country',
  'taxId',
  'mcc',
  'acceptsCard',
  'vcAccepting',
  'detailLevel',
  'stpCapable',
  'lockboxes',
] as const;

export interface NetworkMerchant {
  merchantId: string;
  name: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  region: string;
  postcode: string;
  country: string;
  taxId: string;
  mcc: string;
  acceptsCard: boolean;
  vcAccepting: boolean;
  detailLevel: number | null;
  stpCapable: boolean;
  lockboxes: string[];
  /** not exported: size class used for rates */
  size: 'small' | 'medium' | 'large';
}

const EU = new Set(['DE', 'FR', 'NL', 'ES', 'IT']);
const TE_MCC = new Set(['5812', '5811', '7011', '4722', '4121', '4511', '7512']);
const RETAIL_MCC = new Set(['5541', '5411', '5999', '5943']);
const COUNTRY_WEIGHTS = COUNTRIES.map((c) => [c, c.weight] as const);
const MCC_WEIGHTS = MCC_MIX.map((m) => [m, m[1]] as const);

function fill(r: Rng, pattern: string): string {
  let s = '';
  for (const ch of pattern)
    s += ch === '#' ? String(int(r, 0, 9)) : ch === 'A' ? String.fromCharCode(65 + int(r, 0, 25)) : ch;
  return s;
}

const INVENTED_MID = [
  '',
  '',
  'a',
  'e',
  'i',
  'o',
  'ar',
  'el',
  'in',
  'or',
  'us',
  'ad',
  'em',
  'il',
  'on',
  'ur',
  'ev',
  'ax',
  'ol',
  'am',
];

function stem(r: Rng, c: CountryStyle): string {
  const x = r();
  if (x < 0.3) return pick(r, c.surnames);
  if (x < 0.45) return `${pick(r, c.surnames)} & ${pick(r, c.surnames)}`;
  if (x < 0.6) return pick(r, PLACE_STEMS);
  if (x < 0.7) return `${pick(r, PLACE_STEMS)} ${pick(r, c.surnames)}`;
  // invented brand names: prefix + middle syllable + suffix (~24,000 combinations)
  return pick(r, INVENTED_A) + pick(r, INVENTED_MID) + pick(r, INVENTED_B);
}

/**
 * Base card acceptance by MCC, small merchants (B2B acceptance differs strongly by category: travel and retail accept
 * almost always; software, couriers, office supplies and telecoms mostly; industrial wholesale, freight, professional
 * services, staffing and the building trades far less). Grouped by category family, each family a band.
 * Until 2026-11 every MCC outside five families shared 0.72 (38 of 52 MCCs), which no industry word could
 * distinguish; docs/ARCHITECTURE.md "Generated acceptance" gives the oracle AUC before and after.
 */
const MCC_ACCEPTANCE: Record<string, number> = {
  // travel and entertainment
  '5812': 0.96,
  '5811': 0.9,
  '7011': 0.96,
  '4722': 0.95,
  '4121': 0.93,
  '4511': 0.97,
  '7512': 0.96,
  // retail
  '5541': 0.95,
  '5411': 0.94,
  '5999': 0.92,
  '5943': 0.94,
  // software, IT, telecoms, couriers, office supplies
  '7372': 0.9,
  '5045': 0.84,
  '4814': 0.82,
  '4215': 0.86,
  '5111': 0.88,
  '5021': 0.74,
  '8299': 0.82,
  // health, repair, rental, printing, events of business services
  '8062': 0.7,
  '8099': 0.76,
  '7699': 0.66,
  '7394': 0.72,
  '2741': 0.7,
  '7311': 0.62,
  '7342': 0.6,
  '7399': 0.62,
  // wholesale of goods
  '5065': 0.66,
  '5072': 0.7,
  '5013': 0.68,
  '5047': 0.64,
  '5085': 0.52,
  '5039': 0.46,
  '5172': 0.5,
  '5169': 0.36,
  // professional services
  '7392': 0.48,
  '8911': 0.4,
  '8931': 0.38,
  '8111': 0.34,
  '8734': 0.5,
  // facilities, security, staffing
  '7349': 0.48,
  '7393': 0.44,
  '7361': 0.28,
  // freight and storage
  '4214': 0.38,
  '4225': 0.42,
  // utilities, public bodies, associations
  '4900': 0.56,
  '9399': 0.42,
  '8699': 0.58,
  // building trades
  '1520': 0.3,
  '1711': 0.42,
  '1731': 0.4,
  '0780': 0.5,
};

/**
 * The generator's probability that a merchant accepts cards: it depends on the MCC (MCC_ACCEPTANCE) and on size
 * only. Exported so that benchmarks can score the generator's own probabilities (the "oracle" a learnt model is
 * judged against).
 */
export function acceptanceProbabilityOf(mcc: string, size: NetworkMerchant['size']): number {
  const sizeBoost = size === 'large' ? 0.1 : size === 'medium' ? 0.04 : 0;
  return Math.min(0.99, (MCC_ACCEPTANCE[mcc] ?? 0.6) + sizeBoost);
}

/**
 * Key under which a company name must be unique in its country: the name without its legal form,
 * case, accents and punctuation, as a set of words (so "Smith & Jones" and "Jones & Smith" are one
 * name, as a registry's "same as" rules would have it).
 */
export function registryNameKey(country: string, nameWithoutLegalForm: string): string {
  const words = nameWithoutLegalForm
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w && w !== 'and');
  return `${country.slice(0, 2)}|${[...new Set(words)].sort().join(' ')}`;
}

/**
 * Draws merchant number `index` of the network for `seed`; pure function of (seed, index, attempt).
 * `attempt` > 0 draws another name for the same merchant (see `networkMerchants`, which makes names
 * unique per country); everything else about the merchant stays the same.
 */
export function makeMerchant(seed: number, index: number, idPrefix = 'M', attempt = 0): NetworkMerchant {
  return drawMerchant(seed, index, idPrefix, attempt).merchant;
}

/** The acceptance attributes of a merchant, drawn from `r` (the draws drawMerchant makes after the tax id). */
function drawAcceptance(
  r: Rng,
  iso2: string,
  mcc: string,
  size: NetworkMerchant['size'],
): Pick<NetworkMerchant, 'acceptsCard' | 'vcAccepting' | 'detailLevel' | 'stpCapable' | 'lockboxes'> {
  const sizeBoost = size === 'large' ? 0.1 : size === 'medium' ? 0.04 : 0;
  const acceptsCard = r() < acceptanceProbabilityOf(mcc, size);
  const vcBase = TE_MCC.has(mcc) ? 0.55 : RETAIL_MCC.has(mcc) ? 0.2 : 0.35;
  const vcAccepting = acceptsCard && r() < vcBase + (size === 'large' ? 0.25 : size === 'medium' ? 0.1 : 0);
  let detailLevel: number | null = null;
  if (acceptsCard) {
    const l3 =
      (size === 'large' ? 0.5 : size === 'medium' ? 0.3 : 0.08) * (TE_MCC.has(mcc) || RETAIL_MCC.has(mcc) ? 0.3 : 1);
    const x = r();
    detailLevel = x < l3 ? 3 : x < l3 + 0.4 ? 2 : 1;
  }
  const stpCapable = vcAccepting && r() < (size === 'large' ? 0.3 : size === 'medium' ? 0.12 : 0.04);
  const lockboxes: string[] = [];
  if (acceptsCard) {
    if ((iso2 === 'US' || iso2 === 'CA') && r() < 0.1 + sizeBoost) lockboxes.push('Boost');
    if (EU.has(iso2) && r() < 0.08 + sizeBoost) lockboxes.push('BoostEu');
    if (r() < 0.03) lockboxes.push('Its');
  }
  return { acceptsCard, vcAccepting, detailLevel, stpCapable, lockboxes };
}

function drawMerchant(
  seed: number,
  index: number,
  idPrefix: string,
  attempt: number,
): { merchant: NetworkMerchant; key: string } {
  const r = rng(mix(seed, index, 1));
  const c = weighted(r, COUNTRY_WEIGHTS);
  const [mcc, , words] = weighted(r, MCC_WEIGHTS);
  const size = weighted(r, [
    ['small', 70],
    ['medium', 25],
    ['large', 5],
  ] as const);
  let word = pick(r, words);
  const local = LOCAL_WORDS[c.iso2];
  if (local && local[word] && r() < 0.6) word = local[word]!;
  const descriptor =
    c.iso2 === 'US' || c.iso2 === 'GB' || c.iso2 === 'CA' || c.iso2 === 'AU' ? pick(r, DESCRIPTORS) : '';
  const legal = weighted(r, c.legalForms);
  let st = stem(r, c);
  const industryFirst = c.industryFirst && r() < 0.7;
  const [city, region, pcPattern] = pick(r, c.cities);
  if (attempt > 0) {
    // A registry would refuse the first name: another stem, then the stem with the company's town
    // (as in "Westfield Transport (Leeds) Ltd"), then a distinguishing number.
    const ra = rng(mix(seed, index, 100 + attempt));
    st = attempt <= 6 ? stem(ra, c) : attempt <= 8 ? `${stem(ra, c)} ${city}` : `${stem(ra, c)} ${attempt - 7}`;
  }
  const base = industryFirst ? `${word} ${st}` : [st, descriptor, word].filter(Boolean).join(' ');
  const name = legal ? `${base} ${legal}` : base;
  const street = pick(r, c.streets);
  const no = String(int(r, 1, size === 'large' ? 9999 : 400));
  const addressLine1 = c.numberFirst ? (c.iso2 === 'FR' ? `${no} ${street}` : `${no} ${street}`) : `${street} ${no}`;
  const addressLine2 =
    r() < 0.15 ? pick(r, ['Suite 100', 'Suite 210', 'Unit 4', 'Floor 2', 'Building B', 'PO Box 1200']) : '';
  const taxId = r() < 0.6 ? c.taxId((n) => digits(r, n)) : '';

  const { acceptsCard, vcAccepting, detailLevel, stpCapable, lockboxes } = drawAcceptance(r, c.iso2, mcc, size);
  const merchant: NetworkMerchant = {
    merchantId: `${idPrefix}${String(index + 1).padStart(8, '0')}`,
    name,
    addressLine1,
    addressLine2,
    city,
    region,
    postcode: fill(r, pcPattern),
    country: r() < 0.5 ? c.iso2 : c.iso3,
    taxId,
    mcc,
    acceptsCard,
    vcAccepting,
    detailLevel,
    stpCapable,
    lockboxes,
    size,
  };
  return { merchant, key: registryNameKey(c.iso2, base) };
}

/**
 * Merchants 0 … count-1 of the network for `seed`, in order, with names unique per country as
 * company registries require: a merchant whose drawn name another merchant of its country already
 * has draws again (`makeMerchant`'s `attempt`). Deterministic for (seed, count prefix): merchant i is
 * the same in every network of the seed with more than i merchants.
 */
export function* networkMerchants(seed: number, count: number, idPrefix = 'M'): Generator<NetworkMerchant> {
  for (const { merchant } of keyedMerchants(seed, count, idPrefix)) yield merchant;
}

function* keyedMerchants(
  seed: number,
  count: number,
  idPrefix: string,
  taken = new Set<string>(),
): Generator<{ merchant: NetworkMerchant; key: string }> {
  for (let i = 0; i < count; i++) {
    for (let attempt = 0; ; attempt++) {
      const drawn = drawMerchant(seed, i, idPrefix, attempt);
      if (taken.has(drawn.key)) continue;
      taken.add(drawn.key);
      yield drawn;
      break;
    }
  }
}

/** Share of a second generated network's merchants that are also merchants of the first (docs/NETWORKS.md). */
export const SHARED_MERCHANT_SHARE = 0.5;

/**
 * A second network overlapping the network of `baseSeed` (docs/NETWORKS.md "The demo's second network"): merchant i
 * is, with probability SHARED_MERCHANT_SHARE (drawn from `seed` and i), merchant i of the base network — same name,
 * address, tax id and MCC, under this network's id (`idPrefix`) and with acceptance drawn again from `seed` (another
 * scheme knows another acceptance) — else a merchant of its own drawn from `seed`, named unlike every base merchant.
 * Deterministic for (baseSeed, seed, count).
 */
export function* overlappingNetworkMerchants(
  baseSeed: number,
  seed: number,
  count: number,
  idPrefix = 'N',
): Generator<NetworkMerchant> {
  const base = [...keyedMerchants(baseSeed, count, 'M')];
  const taken = new Set(base.map((b) => b.key));
  const own = keyedMerchants(seed, count, idPrefix, taken);
  for (let i = 0; i < count; i++) {
    const id = `${idPrefix}${String(i + 1).padStart(8, '0')}`;
    if (rng(mix(seed, i, 7))() < SHARED_MERCHANT_SHARE) {
      const b = base[i]!.merchant;
      const country = COUNTRIES.find((c) => c.iso2 === b.country || c.iso3 === b.country);
      const acceptance = drawAcceptance(rng(mix(seed, i, 8)), country?.iso2 ?? b.country, b.mcc, b.size);
      yield { ...b, ...acceptance, merchantId: id };
    } else {
      const next = own.next();
      if (next.done) return;
      yield { ...next.value.merchant, merchantId: id };
    }
  }
}

/** The merchants at `indices` of the network for `seed` (as `networkMerchants` makes them). */
export function merchantsAt(seed: number, indices: Iterable<number>, idPrefix = 'M'): Map<number, NetworkMerchant> {
  const wanted = new Set(indices);
  const out = new Map<number, NetworkMerchant>();
  if (!wanted.size) return out;
  let last = 0;
  for (const i of wanted) last = Math.max(last, i);
  let i = 0;
  for (const m of networkMerchants(seed, last + 1, idPrefix)) {
    if (wanted.has(i)) out.set(i, m);
    i++;
  }
  return out;
}

function merchantRecord(m: NetworkMerchant): string[] {
  return [
    m.merchantId,
    m.name,
    m.addressLine1,
    m.addressLine2,
    m.city,
    m.region,
    m.postcode,
    m.country,
    m.taxId,
    m.mcc,
    String(m.acceptsCard),
    String(m.vcAccepting),
    m.detailLevel === null ? '' : String(m.detailLevel),
    String(m.stpCapable),
    m.lockboxes.join(';'),
  ];
}

/** Writes `count` merchants as network CSV (documented layout) to `file`. */
export async function writeNetworkCsv(
  file: string,
  count: number,
  seed: number,
  onProgress?: (done: number) => void,
  /** the seed of a network this one overlaps (overlappingNetworkMerchants) */
  overlapsSeed?: number,
): Promise<void> {
  const out = createWriteStream(file, { encoding: 'utf8' });
  out.write(stringify([NETWORK_COLUMNS]));
  let buf: string[][] = [];
  let i = 0;
  const merchants =
    overlapsSeed === undefined ? networkMerchants(seed, count) : overlappingNetworkMerchants(overlapsSeed, seed, count);
  for (const m of merchants) {
    buf.push(merchantRecord(m));
    i++;
    if (buf.length >= 5000) {
      if (!out.write(stringify(buf))) await once(out, 'drain');
      buf = [];
      onProgress?.(i);
    }
  }
  if (buf.length) out.write(stringify(buf));
  out.end();
  await once(out, 'finish');
}
