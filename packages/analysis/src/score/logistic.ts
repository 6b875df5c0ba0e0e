/**
 * L2-regularised logistic regression over sparse named features, trained with AdaGrad stochastic gradient descent
 * in a seeded, fixed order (same rows → same weights, bit for bit), and Platt scaling of its scores. Pure functions:
 * no I/O, no clock, no Math.random.
 */
import { rng } from '../network/random.ts';

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

/** The example order's deterministic PRNG: the generator's mulberry32. */
const prng = rng;

export const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));
export const logit = (p: number): number => Math.log(p / (1 - p));

/**
 * Examples with their features numbered once (so that several models can be trained on subsets cheaply), in
 * compressed sparse rows: example r's features are idx[ptr[r] … ptr[r+1]) with values val[…].
 */
export interface EncodedExamples {
  names: string[];
  ptr: Int32Array;
  idx: Int32Array;
  val: Float64Array;
  y: Uint8Array;
}

export function encodeExamples(examples: readonly Example[]): EncodedExamples {
  const id = new Map<string, number>();
  const names: string[] = [];
  let nnz = 0;
  for (const e of examples) nnz += e.x.size;
  const ptr = new Int32Array(examples.length + 1);
  const idx = new Int32Array(nnz);
  const val = new Float64Array(nnz);
  const y = new Uint8Array(examples.length);
  let k = 0;
  examples.forEach((e, r) => {
    e.x.forEach((v, name) => {
      let j = id.get(name);
      if (j === undefined) {
        j = names.length;
        id.set(name, j);
        names.push(name);
      }
      idx[k] = j;
      val[k++] = v;
    });
    ptr[r + 1] = k;
    y[r] = e.y;
  });
  return { names, ptr, idx, val, y };
}

export function trainLogistic(examples: readonly Example[], options: LogisticOptions = {}): LogisticModel {
  return trainEncoded(
    encodeExamples(examples),
    Int32Array.from({ length: examples.length }, (_, i) => i),
    options,
  );
}

/** Trains on the encoded examples at `rows` (in that order before shuffling). */
export function trainEncoded(data: EncodedExamples, rows: Int32Array, options: LogisticOptions = {}): LogisticModel {
  const l2 = options.l2 ?? 1e-3;
  const eta = options.learningRate ?? 0.1;
  const minCount = options.minCount ?? 2;
  const n = rows.length;
  const dim = data.names.length;
  const epochs = options.epochs ?? Math.min(40, Math.max(5, Math.ceil(1_500_000 / Math.max(1, n))));
  // Features seen in fewer than minCount of these examples are ignored (weight fixed at 0).
  const count = new Int32Array(dim);
  const sums = new Float64Array(dim);
  let pos = 0;
  const { ptr, idx, val } = data;
  for (const r of rows) {
    for (let k = ptr[r]!; k < ptr[r + 1]!; k++) {
      count[idx[k]!]!++;
      sums[idx[k]!] = sums[idx[k]!]! + val[k]!;
    }
    pos += data.y[r]!;
  }
  const active = new Uint8Array(dim);
  const lam = new Float64Array(dim);
  for (let j = 0; j < dim; j++) {
    active[j] = count[j]! >= minCount ? 1 : 0;
    lam[j] = options.l2For ? options.l2For(data.names[j]!) : l2;
  }
  const w = new Float64Array(dim);
  const g2 = new Float64Array(dim).fill(1e-8);
  // Start the bias at the base rate's log-odds (smoothed), so the first epoch is not spent finding it.
  let b = logit((pos + 0.5) / (n + 1));
  let gb2 = 1e-8;
  const order = Int32Array.from(rows);
  const rand = prng(options.seed ?? 20_261_127);
  // The weights returned are the mean of the end-of-epoch weights over the second half of the passes (less of the
  // last examples' noise than the final iterate).
  const avgFrom = Math.floor(epochs / 2);
  const wAvg = new Float64Array(dim);
  let bAvg = 0;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    for (let o = 0; o < n; o++) {
      const r = order[o]!;
      const from = ptr[r]!;
      const to = ptr[r + 1]!;
      let z = b;
      for (let k = from; k < to; k++) z += w[idx[k]!]! * val[k]!;
      const err = sigmoid(z) - data.y[r]!;
      gb2 += err * err;
      b -= (eta / Math.sqrt(gb2)) * err;
      for (let k = from; k < to; k++) {
        const j = idx[k]!;
        if (!active[j]) continue;
        const g = err * val[k]! + lam[j]! * w[j]!;
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
  const means = new Map<string, number>();
  for (let j = 0; j < dim; j++)
    if (active[j]) {
      weights.set(data.names[j]!, wAvg[j]!);
      means.set(data.names[j]!, sums[j]! / Math.max(1, n));
    }
  return { bias: bAvg, weights, means };
}

/** The model's score (log-odds before calibration). */
export function scoreOf(model: LogisticModel, x: ReadonlyMap<string, number>): number {
  let z = model.bias;
  for (const [k, v] of x) z += (model.weights.get(k) ?? 0) * v;
  return z;
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
