/**
 * Chat background work as ProQ commands: `chat.index` reads one document (off the thread, with limits), splits it
 * into passages and replaces the document's passages in one transaction, with progress; `chat.retention` purges
 * the exchange log daily and schedules its next run. Both are idempotent: an index of a file that has since been
 * replaced again does nothing (the newer upload has its own command), and a purge deletes what is due.
 */
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineCommandType, type CommandTypeDef } from '../../proq/index.ts';
import { ChatDocumentError, extractPages, guessLanguage, splitPassages } from './chat.parse.ts';
import * as repo from './chat.repo.ts';
import { purgeChatLogs } from './chat.service.ts';

export const CHAT_INDEX_COMMAND = 'chat.index';
export const CHAT_RETENTION_COMMAND = 'chat.retention';
const DAY_MS = 86_400_000;

export async function indexDocument(
  ctx: AppContext,
  documentId: string,
  sha256: string,
  progress: (percent: number, message?: string) => Promise<void> = async () => {},
): Promise<string> {
  const doc = await repo.documentContent(ctx.db, documentId);
  if (!doc) return 'The document was deleted before it was indexed';
  if (doc.row.sha256 !== sha256) return 'The document was replaced; its newer upload is indexed instead';
  await repo.setDocumentState(ctx.db, documentId, { status: 'Indexing', error: null, progress: 0 });
  await progress(5, `Reading ${doc.row.filename}`);
  let pages;
  try {
    pages = await extractPages(doc.row.kind, doc.content);
  } catch (e) {
    if (!(e instanceof ChatDocumentError)) throw e;
    await repo.setDocumentState(ctx.db, documentId, { status: 'Error', error: e.message, progress: null });
    return `Not indexed: ${e.message}`;
  }
  const passages = splitPassages(pages);
  if (!passages.length) {
    const error = 'no text was found in the document (a scanned PDF needs text recognition first)';
    await repo.setDocumentState(ctx.db, documentId, {
      status: 'Error',
      error,
      progress: null,
      pageCount: pages.length,
    });
    return `Not indexed: ${error}`;
  }
  const language = guessLanguage(passages.map((p) => p.content).join(' '));
  await progress(40, `Indexing ${passages.length} passages of ${pages.length} pages`);
  await ctx.db.transaction(async (tx) => {
    // the file may have been replaced while it was read: then leave it to the newer command
    const current = await repo.documentById(tx, documentId);
    if (!current || current.sha256 !== sha256) return;
    await repo.setDocumentState(tx, documentId, { pageCount: pages.length, language });
    // (no progress report inside: it writes through another connection, which the embedded database would wait on)
    await repo.replacePassages(tx, documentId, language, passages);
  });
  await progress(100, 'Indexed');
  return `Indexed ${passages.length} passages of ${pages.length} pages (${language})`;
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

export function chatCommandTypes(ctx: AppContext): CommandTypeDef[] {
  return [
    defineCommandType({
      name: CHAT_INDEX_COMMAND,
      description: 'Reads a chat document and indexes its passages for the assistant',
      category: 'chat',
      schema: z.object({ documentId: z.uuid(), sha256: z.string() }),
      maxAttempts: 3,
      stuckTimeOutInSeconds: 300,
      handler: (p, h) => indexDocument(ctx, p.documentId, p.sha256, (percent, message) => h.progress(percent, message)),
    }) as CommandTypeDef,
    defineCommandType({
      name: CHAT_RETENTION_COMMAND,
      description:
        'Deletes chat exchanges older than the retention (CHAT_LOG_RETENTION_DAYS) and schedules itself daily',
      category: 'chat',
      schema: z.object({}).passthrough(),
      handler: async () => {
        const deleted = await purgeChatLogs(ctx);
        await scheduleChatRetention(ctx, new Date(Date.now() + DAY_MS));
        return `Deleted ${deleted} chat exchanges older than ${ctx.config.CHAT_LOG_RETENTION_DAYS} days`;
      },
    }) as CommandTypeDef,
  ];
}
