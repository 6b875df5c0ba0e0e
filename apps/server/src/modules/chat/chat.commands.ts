/**
 * Chat background work as ProQ commands: `chat.index` reads one document (off the thread, with limits), splits it
 * into passages and stores them batch by batch — embedded first when an embedding endpoint is configured — with
 * progress per page read and per batch stored; `chat.embed` gives an indexed document's passages vectors of the
 * configured model (documents indexed before vectors were configured, or with another model);
 * `chat.embed-backfill` (at every start) enqueues `chat.embed` for each such document; `chat.retention` purges the
 * exchange log daily and schedules its next run. All are idempotent: a command for a file that has since been
 * replaced stops (the newer upload has its own command), and a purge deletes what is due.
 */
import { z } from 'zod';
import { logIncident } from '../../lib/incident.ts';
import type { AppContext } from '../../context.ts';
import { defineCommandType, type CommandDefOf } from '../../proq/index.ts';
import { EmbeddingError, embeddingsConfigured, embedTexts, vectorToBytes } from '../../lib/llm.ts';
import { ChatDocumentError, extractPages, guessLanguage, splitPassages } from './chat.parse.ts';
import * as repo from './chat.repo.ts';
import { purgeChatLogs } from './conversations.service.ts';

export const CHAT_INDEX_COMMAND = 'chat.index';
export const CHAT_EMBED_COMMAND = 'chat.embed';
export const CHAT_EMBED_BACKFILL_COMMAND = 'chat.embed-backfill';
export const CHAT_RETENTION_COMMAND = 'chat.retention';
const DAY_MS = 86_400_000;
/** Passages per stored batch without vectors (with vectors: EMBEDDING_BATCH_SIZE, one request per batch). */
const STORE_BATCH = 250;
/** Share of the progress bar for reading the pages; storing (and embedding) the passages is the rest. */
const READ_SHARE = 30;
/** Least time between two progress writes (the last one is always written). */
const PROGRESS_EVERY_MS = 250;

export type ProgressFn = (percent: number, message?: string) => Promise<void>;

/**
 * Progress of a document written where the admin page (chat_documents.progress / progress_note) and the ProQ monitor
 * (the command's progress) read it, at most every PROGRESS_EVERY_MS unless forced.
 */
function documentProgress(ctx: AppContext, documentId: string, command: ProgressFn) {
  let last = 0;
  let pending: Promise<void> = Promise.resolve();
  const report = (percent: number, note: string, force = false): Promise<void> => {
    const now = Date.now();
    if (!force && now - last < PROGRESS_EVERY_MS) return pending;
    last = now;
    const p = Math.round(Math.min(100, Math.max(0, percent)) * 10) / 10;
    pending = pending.then(async () => {
      await repo.setDocumentState(ctx.db, documentId, { progress: p, progressNote: note });
      await command(p, note);
    });
    return pending;
  };
  /** Resolves once every report started so far is written (before a final state is set). */
  const idle = () => pending.catch(() => {});
  return Object.assign(report, { idle });
}

export async function indexDocument(
  ctx: AppContext,
  documentId: string,
  sha256: string,
  progress: ProgressFn = async () => {},
): Promise<string> {
  const doc = await repo.documentContent(ctx.db, documentId);
  if (!doc) return 'The document was deleted before it was indexed';
  if (doc.row.sha256 !== sha256) return 'The document was replaced; its newer upload is indexed instead';
  await repo.setDocumentState(ctx.db, documentId, { status: 'Indexing', error: null, progress: 0, progressNote: null });
  const report = documentProgress(ctx, documentId, progress);
  await report(0, `Reading ${doc.row.filename}`, true);
  let pages;
  try {
    pages = await extractPages(doc.row.kind, doc.content, (done, total) => {
      void report((done / total) * READ_SHARE, `Read page ${done} of ${total}`).catch((err: unknown) =>
        ctx.log.warn({ err }, 'chat: progress not recorded'),
      );
    });
  } catch (e) {
    await report.idle();
    if (!(e instanceof ChatDocumentError)) throw e;
    await repo.setDocumentState(ctx.db, documentId, {
      status: 'Error',
      error: e.message,
      progress: null,
      progressNote: null,
    });
    return `Not indexed: ${e.message}`;
  }
  await report.idle();
  const passages = splitPassages(pages);
  if (!passages.length) {
    const error = 'no text was found in the document (a scanned PDF needs text recognition first)';
    await repo.setDocumentState(ctx.db, documentId, {
      status: 'Error',
      error,
      progress: null,
      progressNote: null,
      pageCount: pages.length,
    });
    return `Not indexed: ${error}`;
  }
  const language = guessLanguage(passages.map((p) => p.content).join(' '));
  const model = ctx.config.EMBEDDING_MODEL;
  let embed = embeddingsConfigured(ctx.config);
  let embedFailure: string | null = null;
  const batch = embed ? ctx.config.EMBEDDING_BATCH_SIZE : STORE_BATCH;
  const total = passages.length;
  await report(READ_SHARE, `Storing ${total} passages of ${pages.length} pages${embed ? ' with vectors' : ''}`, true);
  // Passages are written batch by batch (searchable only once the document is Indexed), so that progress can be
  // recorded between batches: the embedded database has one connection, which a single long transaction would hold.
  await repo.clearPassages(ctx.db, documentId);
  for (let i = 0; i < total; i += batch) {
    const part = passages.slice(i, i + batch);
    let vectors: Buffer[] | null = null;
    if (embed) {
      try {
        vectors = (
          await embedTexts(
            ctx.config,
            part.map((p) => p.content),
          )
        ).map(vectorToBytes);
      } catch (e) {
        if (!(e instanceof EmbeddingError)) throw e;
        // full-text search still works: store the rest without vectors; chat.embed adds them later
        embed = false;
        // The endpoint's own error text stays in the log; the document shows the summary and its reference.
        embedFailure = `the embedding endpoint failed (reference ${logIncident(ctx.log, e, 'chat: passages stored without vectors', { documentId })})`;
      }
    }
    const stored = await repo.insertPassages(ctx.db, { documentId, sha256, language, firstOrdinal: i }, part, vectors);
    if (!stored) return 'The document was replaced while it was indexed; its newer upload is indexed instead';
    const done = Math.min(i + batch, total);
    await report(
      READ_SHARE + ((100 - READ_SHARE) * done) / total,
      `${embed ? 'Embedded and stored' : 'Stored'} ${done} of ${total} passages`,
      done === total,
    );
  }
  const note = embedFailure ? `Indexed without vectors (retried later): ${embedFailure.slice(0, 300)}` : null;
  const finished = await repo.finishIndexing(ctx.db, {
    documentId,
    sha256,
    pageCount: pages.length,
    passageCount: total,
    language,
    embeddingModel: embed ? model : null,
    note,
  });
  if (!finished) return 'The document was replaced while it was indexed; its newer upload is indexed instead';
  await progress(100, 'Indexed');
  if (embedFailure) {
    await scheduleEmbedding(ctx, documentId, sha256, new Date(Date.now() + 60_000));
    return `Indexed ${total} passages of ${pages.length} pages (${language}) without vectors: ${embedFailure}`;
  }
  return `Indexed ${total} passages of ${pages.length} pages (${language})${embed ? ` with vectors of ${model}` : ''}`;
}

/** Enqueues chat.embed for a document (once per file and model; later if `at` is given). */
async function scheduleEmbedding(ctx: AppContext, documentId: string, sha256: string, at?: Date): Promise<void> {
  await ctx.proq.enqueue(ctx.db, {
    commandType: CHAT_EMBED_COMMAND,
    payload: { documentId, sha256 },
    targetEntityId: documentId,
    category: 'chat',
    ...(at ? { scheduledTime: at } : {}),
    uniqueKey: `chat.embed:${documentId}:${sha256}:${ctx.config.EMBEDDING_MODEL}:${Date.now()}`,
  });
}

/**
 * Gives an indexed document's passages vectors of the configured model, batch by batch with progress; the document
 * keeps answering through full-text search meanwhile and through vectors once all are stored. Throws EmbeddingError
 * when the endpoint keeps failing (ProQ tries the command again later).
 */
export async function embedDocument(
  ctx: AppContext,
  documentId: string,
  sha256: string,
  progress: ProgressFn = async () => {},
): Promise<string> {
  if (!embeddingsConfigured(ctx.config)) return 'No embedding endpoint is configured (EMBEDDING_BASE_URL)';
  const model = ctx.config.EMBEDDING_MODEL;
  const doc = await repo.documentById(ctx.db, documentId);
  if (!doc || doc.sha256 !== sha256) return 'The document was deleted or replaced; its newer upload is indexed instead';
  if (doc.status !== 'Indexed') return `The document is ${doc.status}; its indexing embeds it`;
  if (doc.embeddingModel === model) return `Already embedded with ${model}`;
  const report = documentProgress(ctx, documentId, progress);
  const total = doc.passageCount;
  await report(0, `Embedding ${total} passages with ${model}`, true);
  let done = 0;
  for (;;) {
    const part = await repo.passagesFrom(ctx.db, documentId, done, ctx.config.EMBEDDING_BATCH_SIZE);
    if (!part.length) break;
    let vectors: Float32Array[];
    try {
      vectors = await embedTexts(
        ctx.config,
        part.map((p) => p.content),
      );
    } catch (e) {
      // the bar stops; the document keeps answering through full-text search; ProQ tries the command again
      if (e instanceof EmbeddingError) {
        const reference = logIncident(ctx.log, e, 'chat: vectors not computed; retried later', { documentId });
        await repo.setDocumentState(ctx.db, documentId, {
          progress: 100,
          progressNote: `Vectors not computed yet (retried later): the embedding endpoint failed (reference ${reference})`,
        });
      }
      throw e;
    }
    const stored = await repo.setEmbeddings(
      ctx.db,
      { documentId, sha256 },
      part.map((p, j) => ({ id: p.id, embedding: vectorToBytes(vectors[j]!) })),
    );
    if (!stored) return 'The document was replaced or re-indexed meanwhile; its indexing embeds it';
    done = part[part.length - 1]!.ordinal + 1;
    await report((100 * done) / Math.max(1, total), `Embedded ${Math.min(done, total)} of ${total} passages`);
  }
  if (!(await repo.finishEmbedding(ctx.db, { documentId, sha256, model })))
    return 'The document was replaced or re-indexed meanwhile; its indexing embeds it';
  await progress(100, 'Embedded');
  return `Embedded ${total} passages of ${doc.filename} with ${model}`;
}

/** Enqueues chat.embed for every indexed document without vectors of the configured model; returns how many. */
export async function backfillEmbeddings(ctx: AppContext): Promise<number> {
  if (!embeddingsConfigured(ctx.config)) return 0;
  const docs = await repo.documentsToEmbed(ctx.db, ctx.config.EMBEDDING_MODEL);
  for (const d of docs) await scheduleEmbedding(ctx, d.id, d.sha256);
  return docs.length;
}

/** At start: a backfill when an embedding endpoint is configured (nothing to do is a quick no-op). */
export async function scheduleEmbeddingBackfill(ctx: AppContext): Promise<void> {
  if (!embeddingsConfigured(ctx.config)) return;
  await ctx.proq.enqueue(ctx.db, {
    commandType: CHAT_EMBED_BACKFILL_COMMAND,
    payload: { model: ctx.config.EMBEDDING_MODEL },
    category: 'chat',
    uniqueKey: `chat.embed-backfill:${ctx.config.EMBEDDING_MODEL}:${Date.now()}`,
  });
}

/** Enqueues the next daily purge (once per day: the unique key is the day). */
export async function scheduleChatRetention(ctx: AppContext, at: Date = new Date()): Promise<void> {
  await ctx.proq.enqueue(ctx.db, {
    commandType: CHAT_RETENTION_COMMAND,
    payload: {},
    scheduledTime: at,
    category: 'chat',
    uniqueKey: `chat.retention:${at.toISOString().slice(0, 10)}`,
  });
}

const ZDocumentPayload = z.object({ documentId: z.uuid(), sha256: z.string() });
const ZBackfillPayload = z.object({ model: z.string() }).passthrough();
const ZRetentionPayload = z.object({}).passthrough();

declare module '../../proq/types.ts' {
  interface ProqCommands {
    'chat.index': typeof ZDocumentPayload;
    'chat.embed': typeof ZDocumentPayload;
    'chat.embed-backfill': typeof ZBackfillPayload;
    'chat.retention': typeof ZRetentionPayload;
  }
}

export function chatCommandTypes(ctx: AppContext): CommandDefOf[] {
  return [
    defineCommandType({
      name: CHAT_INDEX_COMMAND,
      description: 'Reads a chat document and indexes its passages for the assistant',
      category: 'chat',
      schema: ZDocumentPayload,
      maxAttempts: 3,
      stuckTimeOutInSeconds: 300,
      handler: (p, h) => indexDocument(ctx, p.documentId, p.sha256, (percent, message) => h.progress(percent, message)),
    }),
    defineCommandType({
      name: CHAT_EMBED_COMMAND,
      description: "Embeds an indexed chat document's passages with the configured embedding model",
      category: 'chat',
      schema: ZDocumentPayload,
      maxAttempts: 5,
      stuckTimeOutInSeconds: 600,
      handler: (p, h) => embedDocument(ctx, p.documentId, p.sha256, (percent, message) => h.progress(percent, message)),
    }),
    defineCommandType({
      name: CHAT_EMBED_BACKFILL_COMMAND,
      description: 'Enqueues chat.embed for every indexed chat document without vectors of the configured model',
      category: 'chat',
      schema: ZBackfillPayload,
      handler: async () => {
        const n = await backfillEmbeddings(ctx);
        return embeddingsConfigured(ctx.config)
          ? `${n} documents to embed with ${ctx.config.EMBEDDING_MODEL}`
          : 'No embedding endpoint is configured (EMBEDDING_BASE_URL)';
      },
    }),
    defineCommandType({
      name: CHAT_RETENTION_COMMAND,
      description:
        'Deletes chat exchanges older than the retention (CHAT_LOG_RETENTION_DAYS) and schedules itself daily',
      category: 'chat',
      schema: ZRetentionPayload,
      handler: async () => {
        const deleted = await purgeChatLogs(ctx);
        await scheduleChatRetention(ctx, new Date(Date.now() + DAY_MS));
        return `Deleted ${deleted} chat exchanges older than ${ctx.config.CHAT_LOG_RETENTION_DAYS} days`;
      },
    }),
  ];
}
