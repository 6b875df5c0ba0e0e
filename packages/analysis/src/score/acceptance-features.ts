/**
 * Features of the acceptance-prediction model (acceptance-model.ts), as pure functions over one supplier's facts:
 * what the buyer's files say about the supplier (name words, spend-category words, MCC of its card data, country,
 * spend / ticket / frequency / payment-terms bands, payment method) and what the reference network says about
 * merchants whose names share a word with it (their acceptance rate, shrunk towards the network's overall rate).
 * The caller gives the network without the job's matched merchants (acceptance-model.ts), so matched suppliers (the
 * training rows) are described exactly as unmatched ones (whose merchant the network does not have).
 */
import { ML_BAND_LABELS } from '@sextant/shared';
import { logit } from './logistic.ts';

/** How many merchants of the overall rate a word's rate is shrunk with (a word on 20 merchants moves halfway). */
export const NETWORK_SHRINK = 20;
/** A word on fewer network merchants than this says nothing about acceptance. */
export const NETWORK_MIN_MERCHANTS = 5;

/** Network statistics of one name word: merchants whose name has it, and how many of them accept cards. */
export interface TokenStat {
  n: number;
  pos: number;
}

export interface SupplierFacts {
  country: string | null;
  spendBand: string | null;
  ticketBand: string | null;
  frequencyBand: string | null;
  paymentTermsBand: string | null;
  paymentMethod: string | null;
  inputMcc: string | null;
  /** Normalised words of the supplier's name (sx_name_tokens). */
  nameTokens: readonly string[];
  /** Normalised words of the buyer's spend category, when the file has one. */
  categoryTokens: readonly string[];
}

/** The network's view of a supplier's name words. */
export interface NetworkView {
  /** Acceptance rate of the whole network. */
  rate: number;
  /** Statistics per name word (words on fewer than NETWORK_MIN_MERCHANTS merchants may be missing). */
  tokens: ReadonlyMap<string, TokenStat>;
}

/** The network statistics of `token`, or null when too few merchants have it to say anything. */
export function tokenStatFor(view: NetworkView, token: string): TokenStat | null {
  const s = view.tokens.get(token);
  return s && s.n >= NETWORK_MIN_MERCHANTS ? s : null;
}

/** Log-odds of a word's shrunk acceptance rate above the network's overall rate. */
export function tokenLift(stat: TokenStat, rate: number): number {
  const r = Math.min(Math.max(rate, 1e-3), 1 - 1e-3);
  return logit((stat.pos + NETWORK_SHRINK * r) / (stat.n + NETWORK_SHRINK)) - logit(r);
}

/** What a network feature stands for (for the explanation): the word and its statistics. */
export interface NetworkNote {
  token: string;
  n: number;
  pos: number;
}

export interface FeatureVector {
  x: Map<string, number>;
  /** The word behind net:max / net:min. */
  notes: Map<string, NetworkNote>;
}

const put = (x: Map<string, number>, k: string, v: string | null) => {
  if (v !== null && v !== '') x.set(`${k}=${v}`, 1);
};

/**
 * The supplier's feature vector. Indicator features are named `<kind>=<value>`; the network features are
 * `net:max` and `net:min` (the most and least accepting of its name words, as log-odds above the network rate),
 * `net:sum` (their sum, as naive Bayes would add them), or `net:none` when no word of the name is known to the network (or no network is given).
 */
export function featuresOf(s: SupplierFacts, network: NetworkView | null): FeatureVector {
  const x = new Map<string, number>();
  const notes = new Map<string, NetworkNote>();
  put(x, 'country', s.country);
  put(x, 'spend', s.spendBand);
  put(x, 'ticket', s.ticketBand);
  put(x, 'frequency', s.frequencyBand);
  put(x, 'terms', s.paymentTermsBand);
  put(x, 'method', s.paymentMethod);
  put(x, 'mcc', s.inputMcc);
  if (s.inputMcc) put(x, 'mccGroup', s.inputMcc.slice(0, 2));
  for (const t of s.nameTokens) put(x, 'word', t);
  for (const t of s.categoryTokens) put(x, 'category', t);
  let best: (NetworkNote & { lift: number }) | null = null;
  let worst: (NetworkNote & { lift: number }) | null = null;
  let sum = 0;
  if (network)
    for (const token of new Set(s.nameTokens)) {
      const stat = tokenStatFor(network, token);
      if (!stat) continue;
      const lift = tokenLift(stat, network.rate);
      sum += lift;
      if (!best || lift > best.lift) best = { token, ...stat, lift };
      if (!worst || lift < worst.lift) worst = { token, ...stat, lift };
    }
  if (best && worst) {
    x.set('net:max', best.lift);
    x.set('net:min', worst.lift);
    x.set('net:sum', sum);
    notes.set('net:max', { token: best.token, n: best.n, pos: best.pos });
    notes.set('net:min', { token: worst.token, n: worst.n, pos: worst.pos });
  } else x.set('net:none', 1);
  return { x, notes };
}

const KIND_LABELS: Record<string, string> = {
  country: 'Country',
  spend: 'Spend',
  ticket: 'Average ticket',
  frequency: 'Frequency',
  terms: 'Payment terms',
  method: 'Payment method',
  mcc: 'MCC (buyer data)',
  mccGroup: 'MCC group (buyer data)',
  word: 'Name word',
  category: 'Spend category word',
};

const pct = (pos: number, n: number) => `${Math.round((pos / n) * 100)}%`;

/** A feature as a reader sees it, e.g. `Name word "hotel"`, `Spend 10k–100k`, `Network: "plumbing" merchants accept 45% (1,234)`. */
export function featureLabel(feature: string, notes: ReadonlyMap<string, NetworkNote>): string {
  if (feature.startsWith('net:')) {
    const note = notes.get(feature);
    if (feature === 'net:none') return 'No word of the name is known to the network';
    if (feature === 'net:sum') return 'Network acceptance of merchants sharing the name’s words';
    return note
      ? `Network: merchants named "${note.token}" accept ${pct(note.pos, note.n)} (${note.n.toLocaleString('en')})`
      : feature;
  }
  const eq = feature.indexOf('=');
  const kind = feature.slice(0, eq);
  const value = feature.slice(eq + 1);
  const label = KIND_LABELS[kind] ?? kind;
  if (kind === 'word' || kind === 'category') return `${label} "${value}"`;
  const band =
    kind === 'spend'
      ? ML_BAND_LABELS.spendBand?.[value]
      : kind === 'ticket'
        ? ML_BAND_LABELS.ticketBand?.[value]
        : null;
  return `${label} ${band ?? value}`;
}
