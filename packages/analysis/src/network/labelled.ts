/**
 * Labelled matching set for benchmarks and tests: suppliers derived from network merchants with
 * realistic noise (typos, abbreviations, legal-form variants, word order, case and accents,
 * missing or partial addresses), plus suppliers that are not in the network.
 */
import { makeMerchant, merchantsAt } from './generate.ts';
import type { NetworkMerchant } from './generate.ts';
import { int, mix, pick, rng } from './random.ts';
import type { Rng } from './random.ts';

export interface LabelledSupplier {
  supplierId: string;
  name: string;
  addressLine1: string;
  city: string;
  postcode: string;
  country: string;
  taxId: string;
  /** the merchant this supplier really is, or '' when absent from the network */
  trueMerchantId: string;
  noise: string[];
}

const ABBREV: [RegExp, string][] = [
  [/\bInternational\b/, 'Intl'],
  [/\bServices\b/, 'Svcs'],
  [/\bManufacturing\b/, 'Mfg'],
  [/\bTechnology\b/, 'Tech'],
  [/\bTechnologies\b/, 'Tech'],
  [/\bAssociates\b/, 'Assoc'],
  [/\bBrothers\b/, 'Bros'],
  [/ & /, ' and '],
  [/ and /, ' & '],
  [/\bManagement\b/, 'Mgmt'],
  [/\bDistribution\b/, 'Dist'],
  [/\bEngineering\b/, 'Eng'],
  [/\bConstruction\b/, 'Constr'],
  [/\bEquipment\b/, 'Equip'],
  [/\bNational\b/, 'Natl'],
  [/\bSupply\b/, 'Supplies'],
];
const LEGAL_SWAP: [RegExp, string[]][] = [
  [/\bInc\.?$/, ['Incorporated', 'Inc', 'INC.', '']],
  [/\bLLC$/, ['L.L.C.', 'Llc', '']],
  [/\bCorp\.?$/, ['Corporation', 'Corp', '']],
  [/\bLtd\.?$/, ['Limited', 'LTD', '']],
  [/\bLimited$/, ['Ltd', 'Ltd.', '']],
  [/\bGmbH$/, ['G.m.b.H.', 'Gmbh', '']],
  [/\bGmbH & Co\. KG$/, ['GmbH & Co KG', 'GmbH']],
  [/\bSAS$/, ['S.A.S.', '']],
  [/\bSARL$/, ['S.A.R.L.', 'Sarl']],
  [/\bB\.V\.$/, ['BV', 'B.V', '']],
  [/\bS\.L\.$/, ['SL', '']],
  [/\bS\.r\.l\.$/, ['SRL', 'Srl', '']],
  [/\bS\.p\.A\.$/, ['SpA', 'S.P.A.']],
  [/\bPty Ltd$/, ['Pty. Ltd.', 'PTY LTD', 'Pty Limited']],
  [/\bPLC$/, ['Plc', 'Public Limited Company']],
];

function typo(r: Rng, name: string): string {
  const words = name.split(' ');
  const idx = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 5);
  if (!idx.length) return name;
  const [w, i] = pick(r, idx);
  const p = int(r, 1, w.length - 2);
  const kind = int(r, 0, 3);
  let nw: string;
  if (kind === 0) nw = w.slice(0, p) + w[p + 1] + w[p] + w.slice(p + 2);
  else if (kind === 1) nw = w.slice(0, p) + w.slice(p + 1);
  else if (kind === 2) nw = w.slice(0, p) + w[p] + w.slice(p);
  else nw = w.slice(0, p) + String.fromCharCode(97 + int(r, 0, 25)) + w.slice(p + 1);
  words[i] = nw;
  return words.join(' ');
}

const NOISES: [string, (r: Rng, n: string) => string][] = [
  ['typo', typo],
  [
    'abbreviation',
    (r, n) => {
      const c = ABBREV.filter(([re]) => re.test(n));
      if (!c.length) return n;
      const [re, to] = pick(r, c);
      return n.replace(re, to);
    },
  ],
  [
    'legal-form',
    (r, n) => {
      for (const [re, alts] of LEGAL_SWAP) if (re.test(n)) return n.replace(re, pick(r, alts)).trim();
      return n;
    },
  ],
  [
    'word-order',
    (r, n) => {
      const w = n.split(' ');
      if (w.length < 3) return n;
      const i = int(r, 0, w.length - 3);
      [w[i], w[i + 1]] = [w[i + 1]!, w[i]!];
      return w.join(' ');
    },
  ],
  ['case', (r, n) => (r() < 0.5 ? n.toUpperCase() : n.toLowerCase())],
  ['accents', (_r, n) => n.normalize('NFD').replace(/[\u0300-\u036f]/g, '')],
  ['punctuation', (_r, n) => n.replace(/[.,&]/g, ' ').replace(/\s+/g, ' ').trim()],
];

function noisy(r: Rng, m: NetworkMerchant, id: string, present: boolean): LabelledSupplier {
  let name = m.name;
  const noise: string[] = [];
  const k = r() < 0.25 ? 0 : r() < 0.7 ? 1 : 2;
  for (let j = 0; j < k; j++) {
    const [label, fn] = pick(r, NOISES);
    const nn = fn(r, name);
    if (nn !== name) {
      noise.push(label);
      name = nn;
    }
  }
  const a = r();
  const addr = a < 0.4 ? 'full' : a < 0.65 ? 'postcode+city' : a < 0.8 ? 'city' : 'none';
  if (addr !== 'full') noise.push(`address:${addr}`);
  const country = r() < 0.7 ? (r() < 0.5 ? m.country : m.country.length === 2 ? m.country : m.country.slice(0, 3)) : '';
  if (!country) noise.push('no-country');
  return {
    supplierId: id,
    name,
    addressLine1:
      addr === 'full'
        ? r() < 0.3
          ? m.addressLine1.replace('Street', 'St').replace('Road', 'Rd').replace('Avenue', 'Ave')
          : m.addressLine1
        : '',
    city: addr === 'none' ? '' : m.city,
    postcode: addr === 'full' || addr === 'postcode+city' ? m.postcode : '',
    country,
    taxId: m.taxId && r() < 0.25 ? m.taxId : '',
    trueMerchantId: present ? m.merchantId : '',
    noise,
  };
}

/**
 * `present` suppliers derived from random merchants of the network (seed, size) and `absent`
 * suppliers generated from an unrelated seed (not in the network).
 */
export function makeLabelledSuppliers(options: {
  networkSeed: number;
  networkSize: number;
  present: number;
  absent: number;
  seed?: number;
}): LabelledSupplier[] {
  const seed = options.seed ?? 12345;
  const out: LabelledSupplier[] = [];
  const used = new Set<number>();
  const picks: [Rng, number][] = [];
  for (let i = 0; i < options.present; i++) {
    const r = rng(mix(seed, i, 7));
    let idx = int(r, 0, options.networkSize - 1);
    while (used.has(idx)) idx = (idx + 1) % options.networkSize;
    used.add(idx);
    picks.push([r, idx]);
  }
  // The merchants as the network has them (names made unique per country in network order).
  const merchants = merchantsAt(options.networkSeed, used);
  picks.forEach(([r, idx], i) => out.push(noisy(r, merchants.get(idx)!, `P${i}`, true)));
  for (let i = 0; i < options.absent; i++) {
    const r = rng(mix(seed, i, 11));
    out.push(noisy(r, makeMerchant(mix(options.networkSeed, 999331), i, 'X'), `A${i}`, false));
  }
  return out;
}

export function labelledCsv(rows: LabelledSupplier[]): string {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return (
    [
      'Supplier ID,Supplier Name,Address,City,Postal Code,Country,Tax ID,Annual Spend',
      ...rows.map((s, i) =>
        [
          s.supplierId,
          s.name,
          s.addressLine1,
          s.city,
          s.postcode,
          s.country,
          s.taxId,
          String(1000 + ((i * 7919) % 500000)),
        ]
          .map(cell)
          .join(','),
      ),
    ].join('\n') + '\n'
  );
}
