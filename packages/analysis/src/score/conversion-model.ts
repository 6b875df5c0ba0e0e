/**
 * Campaign conversion model (issue #34 point 4, "campaigns that learn"; docs/CAMPAIGN-LEARNING.md): the probability
 * that a supplier in a campaign wave ends Succeeded rather than Failed, learnt from an issuer's recorded outcomes.
 *
 * Features (`conversionFeatures`), all indicator features `<kind>=<value>` except `acc:logit`:
 * - what the acceptance model also reads and the enrolment carries: country, spend band (the acceptance model's
 *   bands: <1k, <10k, <100k, <1m, more), the words of the supplier's name;
 * - what the run says of the supplier: its Optima level and, when the run has one, the acceptance model's
 *   probability as log-odds (`acc:logit`, else `acc=none`);
 * - the campaign: its route (outreach channel), the wave's number in its workflow (1, 2, 3+);
 * - its emails: how many were sent (0, 1, 2+) and whether one bounced.
 *
 * Model: the acceptance model's learner (logistic.ts: L2-regularised logistic regression, deterministic), scored out
 * of fold over 5 folds (fold = FNV-1a hash of the supplier key % 5) and calibrated by Platt scaling fitted on those
 * out-of-fold scores (as acceptance-model.ts does). With fewer than MIN_OUTCOMES outcomes, or fewer than
 * MIN_OUTCOME_CLASS of either class, nothing is learnt and the caller uses its prior. Pure functions: no I/O.
 */
import { calibrate, encodeExamples, fitPlatt, scoreOf, trainEncoded } from './logistic.ts';
import type { Example, LogisticModel, LogisticOptions, Platt } from './logistic.ts';

/** Outcomes (Succeeded + Failed) needed before the learned rate replaces the prior. */
export const MIN_OUTCOMES = 50;
/** Fewest outcomes of each class (Succeeded, Failed) the model learns from. */
export const MIN_OUTCOME_CLASS = 5;
const FOLDS = 5;

const TRAINING: LogisticOptions = {
  learningRate: 0.05,
  l2: 0.5,
  l2For: (feature) => (feature === 'acc:logit' ? 1e-3 : 0.5),
  // A word, band or route seen on fewer than 5 outcomes says nothing yet.
  minCount: 5,
};
const epochsFor = (n: number) => Math.min(40, Math.max(5, Math.ceil(60_000 / Math.max(1, n))));

/** What is known of a supplier in a workflow when it is scored (or was, when its outcome was recorded). */
export interface ConversionFacts {
  supplierKey: string;
  supplierName: string;
  country: string | null;
  spend: number;
  /** The campaign's route (outreach channel), null when not in a wave. */
  route: string | null;
  /** The wave's number in its workflow (1 = first created), 0 when not in a wave. */
  wave: number;
  emailsSent: number;
  emailsBounced: number;
  /** The run's Optima level of the supplier (null: unknown). */
  level: string | null;
  /** The acceptance model's probability (null: matched, or no model). */
  acceptanceProbability: number | null;
}

/** The acceptance model's spend bands (acceptance-constants.ts SPEND_BAND_SQL). */
export function spendBandOf(spend: number): string {
  return spend < 1_000 ? 'a' : spend < 10_000 ? 'b' : spend < 100_000 ? 'c' : spend < 1_000_000 ? 'd' : 'e';
}

const STOP_WORDS = new Set([
  'the',
  'and',
  'ltd',
  'llc',
  'inc',
  'plc',
  'gmbh',
  'corp',
  'company',
  'limited',
  'group',
  'sarl',
  'bv',
]);

/** Words of a name as features: lower case, accents dropped, 3+ letters, legal forms and "the"/"and" left out. */
export function nameWords(name: string): string[] {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
  return [...new Set(words)];
}

const clampP = (p: number) => Math.min(Math.max(p, 1e-3), 1 - 1e-3);

export function conversionFeatures(f: ConversionFacts): Map<string, number> {
  const x = new Map<string, number>();
  if (f.country) x.set(`country=${f.country}`, 1);
  x.set(`spend=${spendBandOf(f.spend)}`, 1);
  for (const w of nameWords(f.supplierName)) x.set(`word=${w}`, 1);
  x.set(`level=${f.level ?? 'unknown'}`, 1);
  if (f.acceptanceProbability !== null) {
    const p = clampP(f.acceptanceProbability);
    x.set('acc:logit', Math.log(p / (1 - p)));
  } else x.set('acc=none', 1);
  x.set(`route=${f.route ?? 'none'}`, 1);
  x.set(`wave=${f.wave <= 0 ? 'none' : f.wave >= 3 ? '3+' : String(f.wave)}`, 1);
  x.set(`emails=${f.emailsSent <= 0 ? '0' : f.emailsSent === 1 ? '1' : '2+'}`, 1);
  if (f.emailsBounced > 0) x.set('bounced', 1);
  return x;
}

/** FNV-1a 32-bit hash: the fold of a supplier key (stable across processes). */
export function foldOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % FOLDS;
}

export interface ConversionOutcome {
  facts: ConversionFacts;
  succeeded: boolean;
}

export interface ConversionModel {
  /** Outcomes the model learnt from, and how many succeeded. */
  outcomes: number;
  succeeded: number;
  /** Whether a model was learnt (false: too few outcomes; `reason` says why). */
  trained: boolean;
  reason: string | null;
  model: LogisticModel | null;
  platt: Platt | null;
  /** Mean out-of-fold probability over the outcomes (what the model would have predicted for them). */
  meanOutOfFold: number | null;
  /** Brier score of the out-of-fold probabilities (lower is better; the base rate's is rate × (1 − rate)). */
  brier: number | null;
}

/** Learns the conversion model from recorded outcomes (see the module comment). */
export function trainConversionModel(outcomes: readonly ConversionOutcome[]): ConversionModel {
  const n = outcomes.length;
  const succeeded = outcomes.reduce((s, o) => s + (o.succeeded ? 1 : 0), 0);
  const base = { outcomes: n, succeeded, model: null, platt: null, meanOutOfFold: null, brier: null };
  if (n < MIN_OUTCOMES)
    return { ...base, trained: false, reason: `${n} outcomes recorded; the model learns from ${MIN_OUTCOMES}` };
  if (Math.min(succeeded, n - succeeded) < MIN_OUTCOME_CLASS)
    return {
      ...base,
      trained: false,
      reason: `${succeeded} succeeded and ${n - succeeded} failed; the model needs ${MIN_OUTCOME_CLASS} of each`,
    };
  const examples: Example[] = outcomes.map((o) => ({ x: conversionFeatures(o.facts), y: o.succeeded ? 1 : 0 }));
  const data = encodeExamples(examples);
  const options = { ...TRAINING, epochs: epochsFor(n) };
  const folds = outcomes.map((o) => foldOf(o.facts.supplierKey));
  const oof = new Array<number>(n).fill(0);
  for (let f = 0; f < FOLDS; f++) {
    const train = Int32Array.from(folds.flatMap((g, i) => (g === f ? [] : [i])));
    const model = trainEncoded(data, train, options);
    for (let i = 0; i < n; i++) if (folds[i] === f) oof[i] = scoreOf(model, examples[i]!.x);
  }
  const labels = examples.map((e) => e.y);
  const platt = fitPlatt(oof, labels);
  const model = trainEncoded(
    data,
    Int32Array.from({ length: n }, (_, i) => i),
    options,
  );
  let sum = 0;
  let brier = 0;
  for (let i = 0; i < n; i++) {
    const p = calibrate(platt, oof[i]!);
    sum += p;
    brier += (p - labels[i]!) ** 2;
  }
  return { ...base, trained: true, reason: null, model, platt, meanOutOfFold: sum / n, brier: brier / n };
}

/** The calibrated probability that the supplier converts (null when no model was learnt). */
export function predictConversion(m: ConversionModel, facts: ConversionFacts): number | null {
  if (!m.trained || !m.model || !m.platt) return null;
  return calibrate(m.platt, scoreOf(m.model, conversionFeatures(facts)));
}
