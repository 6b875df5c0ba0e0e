/**
 * Vector side of chat retrieval (ADR 0010): passage vectors are stored as float32 bytes in chat_passages on both
 * databases (no pgvector), loaded once per process into one Float32Array (unit-length rows, so a dot product is the
 * cosine similarity) and reloaded when the set of embedded documents changes (a cheap generation query per
 * question). At most CHAT_VECTOR_SCAN_MAX vectors are kept and compared (the most recently indexed documents').
 */
import type { AppContext } from '../../context.ts';
import { bytesToVector, embedTexts, type EmbedOptions } from '../../lib/llm.ts';
import * as repo from './chat.repo.ts';

interface VectorIndex {
  model: string;
  generation: string;
  ids: string[];
  dims: number;
  /** ids.length rows of dims floats. */
  matrix: Float32Array;
}

/** One index per database handle (tests and the bench run several apps in one process). */
const indexes = new WeakMap<object, VectorIndex>();
const loading = new WeakMap<object, Promise<VectorIndex>>();

async function load(ctx: AppContext, model: string, generation: string): Promise<VectorIndex> {
  const rows = await repo.loadVectors(ctx.db, model, ctx.config.CHAT_VECTOR_SCAN_MAX);
  const dims = rows.length ? rows[0]!.embedding.byteLength >> 2 : 0;
  const usable = rows.filter((r) => r.embedding.byteLength === dims * 4);
  const matrix = new Float32Array(usable.length * dims);
  usable.forEach((r, i) => matrix.set(bytesToVector(r.embedding), i * dims));
  return { model, generation, ids: usable.map((r) => r.id), dims, matrix };
}

/** The current vectors of the configured model (reloaded only when they changed in the database). */
export async function vectorIndex(ctx: AppContext): Promise<VectorIndex> {
  const model = ctx.config.EMBEDDING_MODEL;
  const generation = await repo.vectorGeneration(ctx.db, model);
  const cached = indexes.get(ctx.db);
  if (cached && cached.model === model && cached.generation === generation) return cached;
  let p = loading.get(ctx.db);
  if (!p) {
    p = load(ctx, model, generation).finally(() => loading.delete(ctx.db));
    loading.set(ctx.db, p);
  }
  const index = await p;
  indexes.set(ctx.db, index);
  return index;
}

/** The k passages most similar to the query vector with at least minSimilarity, best first. */
export function nearest(
  index: VectorIndex,
  query: Float32Array,
  k: number,
  minSimilarity: number,
): { id: string; similarity: number }[] {
  if (query.length !== index.dims) return [];
  const { matrix, dims } = index;
  const top: { i: number; s: number }[] = [];
  for (let i = 0, o = 0; i < index.ids.length; i++, o += dims) {
    let s = 0;
    for (let j = 0; j < dims; j++) s += matrix[o + j]! * query[j]!;
    if (s < minSimilarity || (top.length === k && s <= top[k - 1]!.s)) continue;
    let at = top.length;
    while (at > 0 && top[at - 1]!.s < s) at--;
    top.splice(at, 0, { i, s });
    if (top.length > k) top.pop();
  }
  return top.map((t) => ({ id: index.ids[t.i]!, similarity: t.s }));
}

/** Cosine similarity of two unit-length vectors. */
export function similarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Reciprocal-rank fusion constant (the usual 60: a rank's weight falls slowly). */
export const RRF_K = 60;

/** Reciprocal-rank fusion of ranked id lists: Σ 1 / (RRF_K + rank), best first. */
export function fuse(lists: string[][]): { id: string; score: number }[] {
  const score = new Map<string, number>();
  for (const list of lists) list.forEach((id, r) => score.set(id, (score.get(id) ?? 0) + 1 / (RRF_K + r + 1)));
  return [...score.entries()].map(([id, s]) => ({ id, score: s })).sort((a, b) => b.score - a.score);
}

/** Embeds a question (one try: a slow or failing endpoint must not hold the answer; retrieval falls back). */
export async function embedQuestion(ctx: AppContext, question: string, o: EmbedOptions = {}): Promise<Float32Array> {
  const [v] = await embedTexts(ctx.config, [question], { attempts: 1, ...o });
  return v!;
}
