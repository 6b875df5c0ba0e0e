/**
 * The chat assistant (DESIGN §7): retrieval over the indexed document passages (PostgreSQL full-text search) and,
 * on a job page, over the job's own figures; an answer from an OpenAI-compatible model over those passages when one
 * is configured, else an honest extractive answer (the most relevant sentences quoted with their sources). Every
 * exchange is logged in the user's conversation; conversations belong to their user (another's → 404).
 */
import { createHash } from 'node:crypto';
import type { TChatDocument, TChatHealth, TChatUploadResult } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import { embeddingsConfigured, llmConfigured } from '../../lib/llm.ts';
import { checkDocument, ChatDocumentError } from './chat.parse.ts';
import * as repo from './chat.repo.ts';
import { CHAT_INDEX_COMMAND } from './chat.commands.ts';

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

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
