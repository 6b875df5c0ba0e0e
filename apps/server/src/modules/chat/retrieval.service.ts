/** Retrieval for a question: the job's own figures as passages, document passages by full-text and vector search fused, and the extractive answer quoted from the best of them. */
import {
  CHAT_NO_MODEL_NOTE,
  CHAT_NOTHING_FOUND,
  JOB_TABS_BY_KEY,
  formatMoney,
  jobTabPath,
  jobTabVisible,
  type TChatSource,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { AppError } from '../../lib/errors.ts';
import { EmbeddingError, embeddingsConfigured, embedTexts } from '../../lib/llm.ts';
import { openResults } from '../../lib/duckdb/index.ts';
import { useCaseList } from '../results/index.ts';
import { supplierPage } from '../results/index.ts';
import { sentencesOf } from './chat.parse.ts';
import * as repo from './chat.repo.ts';
import { embedQuestion, fuse, nearest, similarity, vectorIndex } from './chat.vectors.ts';

/** Passages handed to the model or quoted. */
export const CHAT_TOP_PASSAGES = 5;
/** Passages taken from each of full-text search and vector search before they are fused. */
const FUSION_DEPTH = 20;
/** Passages an extractive answer quotes from, and sentences per passage. */
const QUOTE_PASSAGES = 3;
const QUOTE_SENTENCES = 2;

export interface Candidate {
  source: string;
  page: number | null;
  content: string;
  url: string | null;
  language: string;
  rank: number;
  /** Cosine similarity to the question when the passage was found by its vector, else null. */
  similarity: number | null;
}

/** What was retrieved for a question: the best passages, and the question's vector when vectors were used. */
export interface Retrieved {
  candidates: Candidate[];
  questionVector: Float32Array | null;
}

/** The assistant answers in English: amounts as an English reader reads money (issue #33), "£1,234.50". */
const money = (n: number, currency: string) => formatMoney(n, currency, 'en-GB');
const pct = (n: number) => `${(Math.round(n * 10) / 10).toLocaleString('en-US')}%`;

/**
 * The job's own figures as passages, each naming the job page it is shown on: the summary, every use case and the
 * top suppliers, limited to the tabs the caller may open. A job without results contributes nothing.
 */
export async function jobPassages(ctx: AppContext, auth: AuthContext, jobId: string): Promise<Candidate[]> {
  let res;
  try {
    res = await openResults(ctx, auth, jobId);
  } catch (e) {
    if (e instanceof AppError && e.statusCode === 409) return [];
    throw e;
  }
  const s = res.summary;
  const cur = s.currency;
  const may = (key: keyof typeof JOB_TABS_BY_KEY) => jobTabVisible(JOB_TABS_BY_KEY[key], auth.permissions, res.jobType);
  const out: Candidate[] = [];
  const add = (tab: keyof typeof JOB_TABS_BY_KEY, title: string, content: string) =>
    out.push({
      source: `${res.jobName} — ${title}`,
      page: null,
      content,
      url: jobTabPath(jobId, tab as never),
      language: 'english',
      rank: 0,
      similarity: null,
    });
  if (may('summary')) {
    add(
      'summary',
      'Summary',
      `Job ${res.jobName}${res.buyerName ? ` for ${res.buyerName}` : ''}: ${s.suppliers.toLocaleString('en-US')} suppliers with a total spend of ${money(s.totalSpend, cur)}. ` +
        `Matched to the card acceptance network: ${s.matched.suppliers.toLocaleString('en-US')} suppliers, ${money(s.matched.spend, cur)} spend (match rate ${pct(s.matched.rate * (s.matched.rate <= 1 ? 100 : 1))}).`,
    );
    const labels: Record<string, string> = {
      STP: 'STP (straight-through processing) capable',
      VC: 'VC-accepting (virtual card accepting)',
      L3: 'L3 (level 3 data) capable',
      'Card Acceptor': 'card acceptor',
      Unmatched: 'unmatched',
    };
    const caps = Object.entries(s.cardCapability ?? {});
    if (caps.length)
      add(
        'summary',
        'Summary',
        `Card capability of job ${res.jobName}: ` +
          caps
            .map(
              ([k, v]) =>
                `${labels[k] ?? k} suppliers: ${v.suppliers.toLocaleString('en-US')} suppliers, spend ${money(v.spend, cur)} (${pct(s.totalSpend ? (v.spend / s.totalSpend) * 100 : 0)} of total spend)`,
            )
            .join('; ') +
          '.',
      );
  }
  if (may('use-cases') && res.has('useCases')) {
    const list = await useCaseList(res);
    for (const uc of list.useCases) {
      const alias = uc.useCaseId === 'vc-accepting' ? ' (VC-accepting suppliers)' : '';
      add(
        'use-cases',
        'Use Cases',
        `Use case "${uc.name}"${alias} in job ${res.jobName}: ${uc.supplierCount.toLocaleString('en-US')} suppliers, spend ${money(uc.spend, cur)} (${pct(uc.spendSharePercent)} of total spend ${money(list.totalSpend, cur)}), estimated rebate ${money(uc.estimatedRebate, cur)} at ${uc.rebateBps} basis points. ${uc.description}`,
      );
    }
  }
  if (may('suppliers') && res.has('suppliers')) {
    const page = await supplierPage(ctx, res, { pageNumber: 1, pageSize: 10, orderBy: 'spend:desc' });
    if (page.collection.length)
      add(
        'suppliers',
        'Suppliers',
        `Top suppliers by spend in job ${res.jobName}: ` +
          page.collection
            .map(
              (x, i) =>
                `${i + 1}. ${x.supplierName} (${x.country ?? 'no country'}), spend ${money(x.spend ?? 0, cur)}, card capability ${x.cardCapability}`,
            )
            .join('; ') +
          '.',
      );
  }
  return out;
}

/** Ranks texts against the question with the database's text search (same stemming as the passages). */
async function rankTexts(
  ctx: AppContext,
  question: string,
  texts: { text: string; language: string }[],
): Promise<number[]> {
  if (!texts.length) return [];
  const rows = await repo.rankTexts(ctx.db, question, texts);
  const out = new Array<number>(texts.length).fill(0);
  for (const r of rows) out[Number(r.i) - 1] = Number(r.rank);
  return out;
}

const passageCandidate = (h: Omit<repo.PassageHit, 'rank'>, rank: number, sim: number | null): Candidate => ({
  source: h.filename,
  page: h.page,
  content: h.content,
  url: `/chat/documents/${h.documentId}/file${h.page ? `#page=${h.page}` : ''}`,
  language: h.language,
  rank,
  similarity: sim,
});

/**
 * Document passages for a question: full-text search alone without an embedding endpoint; with one, full-text
 * search and the nearest passage vectors fused by reciprocal rank (a paraphrase without a shared word is found by
 * its vector). A failing embedding endpoint leaves full-text search (logged).
 */
async function documentPassages(ctx: AppContext, question: string): Promise<Retrieved> {
  if (!embeddingsConfigured(ctx.config)) {
    const hits = await repo.searchPassages(ctx.db, question, CHAT_TOP_PASSAGES);
    return { candidates: hits.map((h) => passageCandidate(h, h.rank, null)), questionVector: null };
  }
  const hits = await repo.searchPassages(ctx.db, question, FUSION_DEPTH);
  let questionVector: Float32Array | null = null;
  try {
    questionVector = await embedQuestion(ctx, question);
  } catch (e) {
    if (!(e instanceof EmbeddingError)) throw e;
    ctx.log.warn({ err: e.message }, 'chat: the question could not be embedded; full-text search only');
  }
  if (!questionVector)
    return {
      candidates: hits.slice(0, CHAT_TOP_PASSAGES).map((h) => passageCandidate(h, h.rank, null)),
      questionVector,
    };
  const near = nearest(await vectorIndex(ctx), questionVector, FUSION_DEPTH, ctx.config.CHAT_VECTOR_MIN_SIMILARITY);
  const sims = new Map(near.map((n) => [n.id, n.similarity]));
  const fused = fuse([hits.map((h) => h.id), near.map((n) => n.id)]).slice(0, CHAT_TOP_PASSAGES);
  const byId = new Map<string, Omit<repo.PassageHit, 'rank'>>(hits.map((h) => [h.id, h]));
  const missing = fused.map((f) => f.id).filter((id) => !byId.has(id));
  for (const p of await repo.passagesByIds(ctx.db, missing)) byId.set(p.id, p);
  return {
    candidates: fused
      .filter((f) => byId.has(f.id))
      .map((f) => passageCandidate(byId.get(f.id)!, f.score, sims.get(f.id) ?? null)),
    questionVector,
  };
}

export async function retrieve(
  ctx: AppContext,
  auth: AuthContext,
  question: string,
  jobId: string | null,
): Promise<Retrieved> {
  const docs = await documentPassages(ctx, question);
  if (!jobId) return docs;
  const job = await jobPassages(ctx, auth, jobId);
  const ranks = await rankTexts(
    ctx,
    question,
    job.map((j) => ({ text: j.content, language: j.language })),
  );
  // On a job page the job's own figures come first when they match at all.
  const jobHits = job.map((j, i) => ({ ...j, rank: ranks[i]! > 0 ? 10 + ranks[i]! : 0 })).filter((j) => j.rank > 0);
  return {
    candidates: [...jobHits, ...docs.candidates].sort((a, b) => b.rank - a.rank).slice(0, CHAT_TOP_PASSAGES),
    questionVector: docs.questionVector,
  };
}

/**
 * Sentences of passages found by their vector alone (no sentence shares a word with the question) ranked by the
 * cosine similarity of their own vectors (one embeddings request); empty when the endpoint fails.
 */
async function sentencesBySimilarity(
  ctx: AppContext,
  questionVector: Float32Array,
  sentences: { text: string; ci: number }[],
): Promise<number[]> {
  if (!sentences.length) return [];
  try {
    const vectors = await embedTexts(
      ctx.config,
      sentences.map((s) => s.text),
      { attempts: 1 },
    );
    return vectors.map((v) => similarity(v, questionVector));
  } catch (e) {
    if (!(e instanceof EmbeddingError)) throw e;
    ctx.log.warn({ err: e.message }, 'chat: sentences could not be embedded');
    return [];
  }
}

/** The most relevant sentences of the best passages, quoted with their sources. */
export async function extractiveAnswer(
  ctx: AppContext,
  question: string,
  candidates: Candidate[],
  why: string = CHAT_NO_MODEL_NOTE,
  questionVector: Float32Array | null = null,
): Promise<{ answer: string; used: Candidate[] }> {
  const top = candidates.slice(0, QUOTE_PASSAGES);
  if (!top.length) return { answer: `${CHAT_NOTHING_FOUND}\n\n${why}`, used: [] };
  const split = top.map((c) => sentencesOf(c.content));
  const flat = split.flatMap((ss, ci) => ss.map((s) => ({ text: s, language: top[ci]!.language, ci })));
  const ranks = await rankTexts(ctx, question, flat);
  // a passage found by its vector alone: its sentences closest in meaning (a similarity in (0, 1) as the rank)
  if (questionVector) {
    const lexical = new Set(flat.filter((_, i) => ranks[i]! > 0).map((f) => f.ci));
    const byVector = flat
      .map((f, i) => ({ ...f, i }))
      .filter((f) => top[f.ci]!.similarity !== null && !lexical.has(f.ci));
    const sims = await sentencesBySimilarity(ctx, questionVector, byVector);
    sims.forEach((s, k) => (ranks[byVector[k]!.i] = Math.max(1e-6, s)));
  }
  const quotes: string[] = [];
  const used: Candidate[] = [];
  top.forEach((c, ci) => {
    const mine = flat
      .map((f, i) => ({ ...f, i, rank: ranks[i]! }))
      .filter((f) => f.ci === ci && f.rank > 0)
      .sort((a, b) => b.rank - a.rank || a.i - b.i)
      .slice(0, QUOTE_SENTENCES)
      .sort((a, b) => a.i - b.i);
    if (!mine.length) return;
    used.push(c);
    const where = c.page ? `${c.source}, page ${c.page}` : c.source;
    quotes.push(`“${mine.map((m) => m.text).join(' … ')}” — [${used.length}] ${where}`);
  });
  if (!quotes.length) return { answer: `${CHAT_NOTHING_FOUND}\n\n${why}`, used: [] };
  return {
    answer: `Here is what the sources say:\n\n${quotes.join('\n\n')}\n\n${why}`,
    used,
  };
}

export const toSource = (c: Candidate): TChatSource => ({
  source: c.source,
  page: c.page,
  content: c.content,
  url: c.url,
});
