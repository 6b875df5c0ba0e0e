/**
 * The chat assistant (DESIGN §7): retrieval over the indexed document passages (PostgreSQL full-text search) and,
 * on a job page, over the job's own figures; an answer from an OpenAI-compatible model over those passages when one
 * is configured, else an honest extractive answer (the most relevant sentences quoted with their sources). Every
 * exchange is logged in the user's conversation; conversations belong to their user (another's → 404).
 */
import { createHash } from 'node:crypto';
import {
  CHAT_NO_MODEL_NOTE,
  CHAT_NOTHING_FOUND,
  JOB_TABS_BY_KEY,
  jobTabPath,
  jobTabVisible,
  type TChatAnswerMode,
  type TChatConversation,
  type TChatConversationSummary,
  type TChatDocument,
  type TChatHealth,
  type TChatListQuery,
  type TChatLogEntry,
  type TChatMessageRequest,
  type TChatMessageResponse,
  type TChatSource,
  type TChatUploadResult,
} from '@sextant/shared';
import { logIncident } from '../../lib/incident.ts';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { AppError, badRequest, notFound, rateLimited } from '../../lib/errors.ts';
import { hit } from '../../lib/rate-limit.ts';
import { writeAudit } from '../../lib/audit.ts';
import {
  EmbeddingError,
  embeddingsConfigured,
  embedTexts,
  LlmError,
  llmConfigured,
  streamChatCompletion,
  type LlmMessage,
} from '../../lib/llm.ts';
import { activePromptText, renderPrompt } from '../ai-prompts/index.ts';
import { openResults } from '../../lib/duckdb/index.ts';
import { useCaseList } from '../results/index.ts';
import { supplierPage } from '../results/index.ts';
import { checkDocument, ChatDocumentError, sentencesOf } from './chat.parse.ts';
import * as repo from './chat.repo.ts';
import { CHAT_INDEX_COMMAND } from './chat.commands.ts';
import { embedQuestion, fuse, nearest, similarity, vectorIndex } from './chat.vectors.ts';

/** Passages handed to the model or quoted. */
export const CHAT_TOP_PASSAGES = 5;
/** Passages taken from each of full-text search and vector search before they are fused. */
const FUSION_DEPTH = 20;
/** Passages an extractive answer quotes from, and sentences per passage. */
const QUOTE_PASSAGES = 3;
const QUOTE_SENTENCES = 2;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

// --- health ---

export async function chatHealth(ctx: AppContext): Promise<TChatHealth> {
  const stats = await repo.passageStats(ctx.db);
  return {
    status: 'ok',
    model_configured: llmConfigured(ctx.config),
    embeddings_configured: embeddingsConfigured(ctx.config),
    ...stats,
    upload_max_mb: ctx.config.CHAT_UPLOAD_MAX_MB,
    retention_days: ctx.config.CHAT_LOG_RETENTION_DAYS,
  };
}

// --- documents ---

export function toDocument(r: repo.ChatDocumentRow): TChatDocument {
  return {
    id: r.id,
    filename: r.filename,
    kind: r.kind,
    size_bytes: r.sizeBytes,
    status: r.status,
    error: r.error,
    language: r.language,
    page_count: r.pageCount,
    passage_count: r.passageCount,
    progress: r.progress,
    progress_note: r.progressNote,
    embedding_model: r.embeddingModel,
    builtin: r.builtin,
    uploaded_by: r.uploadedByName,
    uploaded_at: iso(r.uploadedAt)!,
    indexed_at: iso(r.indexedAt),
  };
}

export async function listChatDocuments(ctx: AppContext): Promise<TChatDocument[]> {
  return (await repo.listDocuments(ctx.db)).map(toDocument);
}

/** A clean file name: no folders, no control characters, at most 200 characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return [...base]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
}

/**
 * Stores one document (new or replacing the same name) and enqueues its indexing, in one transaction. Throws
 * ChatDocumentError for a file the assistant cannot take.
 */
export async function addDocument(
  ctx: AppContext,
  file: { filename: string; content: Buffer },
  by: { userId: string | null; username: string | null; builtin?: boolean },
): Promise<{ id: string; replaced: boolean }> {
  const filename = cleanFilename(file.filename);
  if (!filename) throw new ChatDocumentError('the file has no name');
  const max = ctx.config.CHAT_UPLOAD_MAX_MB * 1024 * 1024;
  if (file.content.length > max)
    throw new ChatDocumentError(`the file is larger than ${ctx.config.CHAT_UPLOAD_MAX_MB} MB`);
  const kind = checkDocument(filename, file.content);
  const sha256 = createHash('sha256').update(file.content).digest('hex');
  return ctx.db.transaction(async (tx) => {
    const saved = await repo.upsertDocument(tx, {
      filename,
      kind,
      content: file.content,
      sha256,
      builtin: by.builtin,
      uploadedBy: by.userId,
      uploadedByName: by.username,
    });
    await ctx.proq.enqueue(tx, {
      commandType: CHAT_INDEX_COMMAND,
      payload: { documentId: saved.id, sha256 },
      targetEntityId: saved.id,
      category: 'chat',
      uniqueKey: `chat.index:${saved.id}:${sha256}:${Date.now()}`,
    });
    await writeAudit(tx, {
      action: saved.replaced ? 'chat.document.replace' : 'chat.document.upload',
      targetType: 'chat-document',
      targetId: saved.id,
      userId: by.userId,
      username: by.username,
      details: { filename, kind, sizeBytes: file.content.length },
    });
    return saved;
  });
}

export async function uploadDocuments(
  ctx: AppContext,
  auth: AuthContext,
  files: AsyncIterable<{ filename: string; read: () => Promise<Buffer> }>,
): Promise<TChatUploadResult> {
  const result: TChatUploadResult = { uploaded: [], failed: [] };
  for await (const f of files) {
    const filename = cleanFilename(f.filename) || f.filename || '(no name)';
    try {
      const content = await f.read();
      const saved = await addDocument(
        ctx,
        { filename: f.filename, content },
        {
          userId: auth.user.id,
          username: auth.user.username,
        },
      );
      result.uploaded.push({ filename, document_id: saved.id, replaced: saved.replaced });
    } catch (e) {
      if (e instanceof ChatDocumentError) result.failed.push({ filename, error: e.message });
      else if (e instanceof AppError) result.failed.push({ filename, error: e.message });
      else throw e;
    }
  }
  if (!result.uploaded.length && !result.failed.length) throw badRequest('files: choose at least one file to upload');
  return result;
}

async function selected(ctx: AppContext, ids: string[], filenames: string[]) {
  const rows = await repo.selectDocuments(ctx.db, ids, filenames);
  const found = new Set(rows.flatMap((r) => [r.id, r.filename]));
  const missing = [...ids, ...filenames].filter((x) => !found.has(x));
  if (missing.length) throw notFound(`Document ${missing.join(', ')}`);
  return rows;
}

export async function deleteChatDocuments(
  ctx: AppContext,
  auth: AuthContext,
  ids: string[],
  filenames: string[],
): Promise<{ affected: number; document_ids: string[] }> {
  const rows = await selected(ctx, ids, filenames);
  await ctx.db.transaction(async (tx) => {
    await repo.deleteDocuments(
      tx,
      rows.map((r) => r.id),
    );
    for (const r of rows)
      await writeAudit(tx, {
        action: 'chat.document.delete',
        targetType: 'chat-document',
        targetId: r.id,
        userId: auth.user.id,
        username: auth.user.username,
        details: { filename: r.filename },
      });
  });
  return { affected: rows.length, document_ids: rows.map((r) => r.id) };
}

export async function reindexChatDocuments(
  ctx: AppContext,
  auth: AuthContext,
  ids: string[],
  filenames: string[],
): Promise<{ affected: number; document_ids: string[] }> {
  const rows = await selected(ctx, ids, filenames);
  await ctx.db.transaction(async (tx) => {
    for (const r of rows) {
      await repo.setDocumentState(tx, r.id, { status: 'Pending', error: null, progress: 0, progressNote: null });
      await ctx.proq.enqueue(tx, {
        commandType: CHAT_INDEX_COMMAND,
        payload: { documentId: r.id, sha256: r.sha256 },
        targetEntityId: r.id,
        category: 'chat',
        uniqueKey: `chat.index:${r.id}:${r.sha256}:${Date.now()}`,
      });
      await writeAudit(tx, {
        action: 'chat.document.reindex',
        targetType: 'chat-document',
        targetId: r.id,
        userId: auth.user.id,
        username: auth.user.username,
        details: { filename: r.filename },
      });
    }
  });
  return { affected: rows.length, document_ids: rows.map((r) => r.id) };
}

export async function documentFile(ctx: AppContext, id: string) {
  const doc = await repo.documentContent(ctx.db, id);
  if (!doc) throw notFound('Document');
  return doc;
}

// --- retrieval ---

interface Candidate {
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

const money = (n: number, currency: string) => `${currency} ${Math.round(n).toLocaleString('en-US')}`;
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

const toSource = (c: Candidate): TChatSource => ({ source: c.source, page: c.page, content: c.content, url: c.url });

// --- conversations ---

/** The caller's own conversation; another user's (or an unknown id) answers 404. */
async function ownConversation(ctx: AppContext, auth: AuthContext, id: string) {
  const c = await repo.conversationById(ctx.db, id);
  if (!c || c.userId !== auth.user.id) throw notFound('Conversation');
  return c;
}

function toLog(m: repo.MessageRow): TChatLogEntry {
  return {
    id: m.id,
    question: m.question,
    answer: m.answer,
    conversation_id: m.conversationId,
    processing_time: m.processingTime,
    timestamp: iso(m.createdAt)!,
    sources: m.sources,
    token_count: m.tokenCount,
    mode: m.mode,
    username: m.username,
  };
}

function toSummary(c: repo.ConversationSummaryRow): TChatConversationSummary {
  return {
    conversation_id: c.id,
    message_count: c.messageCount,
    started_at: iso(c.startedAt)!,
    last_message_at: iso(c.lastMessageAt),
    username: c.username,
  };
}

export async function getConversation(ctx: AppContext, auth: AuthContext, id: string): Promise<TChatConversation> {
  await ownConversation(ctx, auth, id);
  const [summary, messages] = await Promise.all([repo.conversationSummary(ctx.db, id), repo.messagesOf(ctx.db, id)]);
  return { ...toSummary(summary!), messages: messages.map(toLog) };
}

export async function deleteConversation(ctx: AppContext, auth: AuthContext, id: string): Promise<void> {
  await ownConversation(ctx, auth, id);
  await repo.deleteConversation(ctx.db, id);
}

/** Whose exchanges a caller may list: internal staff everyone's, anybody else only their own. */
const listScope = (auth: AuthContext) => (auth.user.isInternal ? null : [auth.user.id]);

export async function listLogs(ctx: AppContext, auth: AuthContext, q: TChatListQuery) {
  const { items, total } = await repo.pageMessages(ctx.db, {
    userIds: listScope(auth),
    conversationId: q.conversation_id,
    limit: q.limit,
    offset: q.offset,
  });
  return { items: items.map(toLog), total, limit: q.limit, offset: q.offset };
}

/** own: only the caller's conversations (the chat window); else the log scope (the admin page). */
export async function listConversations(ctx: AppContext, auth: AuthContext, q: TChatListQuery, own: boolean) {
  const { items, total } = await repo.pageConversations(ctx.db, {
    userIds: own ? [auth.user.id] : listScope(auth),
    limit: q.limit,
    offset: q.offset,
  });
  return { items: items.map(toSummary), total, limit: q.limit, offset: q.offset };
}

// --- answering ---

function passagesForPrompt(cands: Candidate[]): string {
  return cands
    .map((c, i) => `[${i + 1}] ${c.page ? `${c.source}, page ${c.page}` : c.source}\n${c.content}`)
    .join('\n\n');
}

/**
 * Answers a question in the caller's conversation (a new one without an id) and logs the exchange. onDelta, when
 * given, receives the answer's text as it is produced (streamed from the model; at once when extractive).
 */
export async function askQuestion(
  ctx: AppContext,
  auth: AuthContext,
  req: TChatMessageRequest,
  onDelta?: (text: string) => void,
  signal?: AbortSignal,
): Promise<TChatMessageResponse> {
  const started = performance.now();
  const count = await hit(ctx.db, `chat:${auth.user.id}`, 60);
  if (count > ctx.config.CHAT_RATE_PER_MINUTE)
    throw rateLimited(
      `You have asked ${ctx.config.CHAT_RATE_PER_MINUTE} questions in the last minute; please wait a moment before asking again`,
    );
  const question = req.question.trim();
  const existing = req.conversation_id ? await ownConversation(ctx, auth, req.conversation_id) : null;
  const jobId = req.job_id ?? existing?.jobId ?? null;
  const { candidates, questionVector } = await retrieve(ctx, auth, question, jobId);

  let answer: string;
  let used: Candidate[];
  let mode: TChatAnswerMode;
  let tokenCount: number | null = null;
  if (llmConfigured(ctx.config) && candidates.length) {
    try {
      const template = await activePromptText(ctx, 'chatAnswer');
      const system = renderPrompt(template, {
        question,
        passages: passagesForPrompt(candidates),
        language: 'the language of the question',
      });
      const history: LlmMessage[] = existing
        ? (await repo.messagesOf(ctx.db, existing.id)).slice(-3).flatMap((m) => [
            { role: 'user' as const, content: m.question },
            { role: 'assistant' as const, content: m.answer },
          ])
        : [];
      const result = await streamChatCompletion(
        ctx.config,
        {
          messages: [{ role: 'system', content: system }, ...history, { role: 'user', content: question }],
          temperature: 0.1,
          signal,
        },
        (d) => onDelta?.(d),
      );
      if (!result.content.trim()) throw new LlmError('The language model returned an empty answer');
      answer = result.content;
      tokenCount = result.tokenCount;
      used = candidates;
      mode = 'llm';
    } catch (e) {
      if (!(e instanceof LlmError)) throw e;
      // The model's own error text stays in the log (issue 31): the user sees the summary and its reference.
      const reference = logIncident(ctx.log, e, 'chat: the language model failed; answering extractively', {
        status: e.status,
      });
      const ex = await extractiveAnswer(
        ctx,
        question,
        candidates,
        `The language model did not answer (reference ${reference}), so this answer quotes the most relevant passages of the documents as they are.`,
        questionVector,
      );
      answer = ex.answer;
      used = ex.used;
      mode = 'extractive';
      onDelta?.(answer);
    }
  } else {
    const ex = await extractiveAnswer(
      ctx,
      question,
      candidates,
      llmConfigured(ctx.config)
        ? 'Nothing in the documents matched the question, so the language model was not asked.'
        : CHAT_NO_MODEL_NOTE,
      questionVector,
    );
    answer = ex.answer;
    used = ex.used;
    mode = ex.used.length ? 'extractive' : 'none';
    onDelta?.(answer);
  }

  const processingTime = Math.round(performance.now() - started) / 1000;
  const sources = used.map(toSource);
  const { conversationId, messageId } = await ctx.db.transaction(async (tx) => {
    const conv = existing ?? (await repo.createConversation(tx, auth.user.id, jobId));
    const msg = await repo.addMessage(tx, {
      conversationId: conv.id,
      question,
      answer,
      sources,
      mode,
      processingTime,
      tokenCount,
    });
    return { conversationId: conv.id, messageId: msg.id };
  });
  return {
    answer,
    sources,
    conversation_id: conversationId,
    processing_time: processingTime,
    token_count: tokenCount,
    mode,
    message_id: messageId,
  };
}

/** Deletes exchanges older than the retention, and conversations left empty. */
export async function purgeChatLogs(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ctx.config.CHAT_LOG_RETENTION_DAYS * 86_400_000);
  return ctx.db.transaction(async (tx) => {
    const deleted = await repo.purgeMessagesBefore(tx, before);
    if (deleted > 0)
      await writeAudit(tx, {
        action: 'chat.logs.purge',
        targetType: 'chat-log',
        details: { deleted, before: before.toISOString(), retentionDays: ctx.config.CHAT_LOG_RETENTION_DAYS },
      });
    return deleted;
  });
}
