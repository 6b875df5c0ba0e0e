/**
 * L2-regularised logistic regression over sparse named features, trained with AdaGrad stochastic gradient descent
 * in a seeded, fixed order (same rows → same weights, bit for bit), and Platt scaling of its scores. Pure functions:
 * no I/O, no clock, no Math.random.
 */

/** One example: its features (name → value; indicator features have value 1) and, for training, its label. */
export interface Example {
  x: ReadonlyMap<string, number>;
  y: 0 | 1;
}

export interface LogisticOptions {
  /** L2 strength per example update (λ · w on the features the example carries). */
  l2?: number;
  /** L2 strength of one feature, when it differs from `l2` (e.g. weaker for a few dense features). */
  l2For?: (feature: string) => number;
  /** AdaGrad base learning rate. */
  learningRate?: number;
  /** Passes over the data; by default enough for about 1.5 million updates (at least 5, at most 40). */
  epochs?: number;
  /** A feature seen in fewer training examples than this is ignored (its weight could only be noise). */
  minCount?: number;
  seed?: number;
}

export interface LogisticModel {
  bias: number;
  weights: Map<string, number>;
  /** Training mean of each feature (absent counts as 0): the reference an explanation is measured from. */
  means: Map<string, number>;
}

/** Mulberry32: small deterministic PRNG for the example order. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));
export const logit = (p: number): number => Math.log(p / (1 - p));

export function trainLogistic(examples: readonly Example[], options: LogisticOptions = {}): LogisticModel {
  const l2 = options.l2 ?? 1e-3;
  const eta = options.learningRate ?? 0.1;
  const minCount = options.minCount ?? 2;
  const n = examples.length;
  const epochs = options.epochs ?? Math.min(40, Math.max(5, Math.ceil(1_500_000 / Math.max(1, n))));
  // Vocabulary: features seen often enough, numbered in first-seen order (deterministic).
  const count = new Map<string, number>();
  for (const e of examples) for (const k of e.x.keys()) count.set(k, (count.get(k) ?? 0) + 1);
  const index = new Map<string, number>();
  for (const [k, c] of count) if (c >= minCount) index.set(k, index.size);
  const dim = index.size;
  const rows = examples.map((e) => {
    const idx: number[] = [];
    const val: number[] = [];
    for (const [k, v] of e.x) {
      const j = index.get(k);
      if (j !== undefined && v !== 0) {
        idx.push(j);
        val.push(v);
      }
    }
    return { idx: Int32Array.from(idx), val: Float64Array.from(val), y: e.y };
  });
  const lam = new Float64Array(dim).fill(l2);
  if (options.l2For) for (const [k, j] of index) lam[j] = options.l2For(k);
  const w = new Float64Array(dim);
  const g2 = new Float64Array(dim).fill(1e-8);
  const pos = examples.reduce((s, e) => s + e.y, 0);
  // Start the bias at the base rate's log-odds (smoothed), so the first epoch is not spent finding it.
  let b = logit((pos + 0.5) / (n + 1));
  let gb2 = 1e-8;
  const order = Array.from({ length: n }, (_, i) => i);
  const rand = prng(options.seed ?? 20_261_127);
  // The weights returned are the mean of the end-of-epoch weights over the second half of the passes (less of the
  // last examples' noise than the final iterate).
  const avgFrom = Math.floor(epochs / 2);
  const wAvg = new Float64Array(dim);
  let bAvg = 0;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const r of order) {
      const row = rows[r]!;
      let z = b;
      for (let k = 0; k < row.idx.length; k++) z += w[row.idx[k]!]! * row.val[k]!;
      const err = sigmoid(z) - row.y;
      gb2 += err * err;
      b -= (eta / Math.sqrt(gb2)) * err;
      for (let k = 0; k < row.idx.length; k++) {
        const j = row.idx[k]!;
        const g = err * row.val[k]! + lam[j]! * w[j]!;
        g2[j] = g2[j]! + g * g;
        w[j] = w[j]! - (eta / Math.sqrt(g2[j]!)) * g;
      }
    }
    if (epoch >= avgFrom) {
      for (let j = 0; j < dim; j++) wAvg[j] = wAvg[j]! + w[j]! / (epochs - avgFrom);
      bAvg += b / (epochs - avgFrom);
    }
  }
  const weights = new Map<string, number>();
  const sums = new Map<string, number>();
  for (const [k, j] of index) weights.set(k, wAvg[j]!);
  for (const e of examples) for (const [k, v] of e.x) if (index.has(k)) sums.set(k, (sums.get(k) ?? 0) + v);
  const means = new Map<string, number>();
  for (const [k, s] of sums) means.set(k, s / Math.max(1, n));
  return { bias: bAvg, weights, means };
}

/** The model's score (log-odds before calibration). */
export function scoreOf(model: LogisticModel, x: ReadonlyMap<string, number>): number {
  let z = model.bias;
  for (const [k, v] of x) z += (model.weights.get(k) ?? 0) * v;
  return z;
}

/**
 * What each feature the example carries adds to its score compared with the average training example:
 * w · (x − mean). Features the model does not know add nothing and are left out.
 */
export function contributions(model: LogisticModel, x: ReadonlyMap<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, v] of x) {
    const wk = model.weights.get(k);
    if (wk === undefined) continue;
    out.set(k, wk * (v - (model.means.get(k) ?? 0)));
  }
  return out;
}

export interface Platt {
  a: number;
  b: number;
}

/**
 * Platt scaling: p = σ(a·s + b) fitted by Newton's method on (score, label) pairs, with Platt's smoothed targets
 * ((N₊+1)/(N₊+2) and 1/(N₋+2)) so that a perfectly separable set does not push a to infinity.
 */
export function fitPlatt(scores: readonly number[], labels: readonly (0 | 1)[]): Platt {
  const nPos = labels.reduce<number>((s, y) => s + y, 0);
  const nNeg = labels.length - nPos;
  const hi = (nPos + 1) / (nPos + 2);
  const lo = 1 / (nNeg + 2);
  let a = 1;
  let b = 0;
  for (let iter = 0; iter < 100; iter++) {
    let ga = 0;
    let gb = 0;
    let haa = 1e-9;
    let hab = 0;
    let hbb = 1e-9;
    for (let i = 0; i < scores.length; i++) {
      const s = scores[i]!;
      const t = labels[i] === 1 ? hi : lo;
      const p = sigmoid(a * s + b);
      const d = p - t;
      const h = p * (1 - p);
      ga += d * s;
      gb += d;
      haa += h * s * s;
      hab += h * s;
      hbb += h;
    }
    const det = haa * hbb - hab * hab;
    if (!(det > 0)) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) < 1e-9 && Math.abs(db) < 1e-9) break;
  }
  return { a, b };
}

export const calibrate = (platt: Platt, score: number): number => sigmoid(platt.a * score + platt.b);
