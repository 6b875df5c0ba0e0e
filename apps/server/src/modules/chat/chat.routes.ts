/**
 * The chat service (SPEC §7 "Chat service", no /api/v1 prefix): ask (JSON, or streamed as server-sent events when
 * the client accepts text/event-stream), conversations (own only; another user's → 404), documents (list, upload
 * several with per-file failures, delete and re-index by query parameters, open a source file), the exchange logs
 * and the health check. Chatbot_VIEW to ask, ChatbotDocumentManagement_CRUD to manage documents and read logs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZChatConversation,
  ZChatConversationDeleted,
  ZChatConversationParams,
  ZChatConversationSummary,
  ZChatDocument,
  ZChatDocumentParams,
  ZChatDocumentSelection,
  ZChatDocumentsChanged,
  ZChatHealth,
  ZChatListQuery,
  ZChatLogEntry,
  ZChatMessageRequest,
  ZChatMessageResponse,
  ZChatUploadResult,
  zChatList,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { logIncident, withReference } from '../../lib/incident.ts';
import { AppError } from '../../lib/errors.ts';
import { ChatDocumentError } from './chat.parse.ts';
import {
  chatHealth,
  deleteChatDocuments,
  documentFile,
  listChatDocuments,
  reindexChatDocuments,
  uploadDocuments,
} from './documents.service.ts';
import { deleteConversation, getConversation, listConversations, listLogs } from './conversations.service.ts';
import { askQuestion } from './answers.service.ts';

const tags = ['Chat'];
const ASK = ['Chatbot_VIEW'] as const;
const MANAGE = ['ChatbotDocumentManagement_CRUD'] as const;

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
} as const;

/** The files of a multipart request, each read whole (a file over the limit is reported, not stored). */
async function* multipartFiles(req: FastifyRequest, maxBytes: number, maxMb: number) {
  // throwFileSizeLimit (a per-request option @fastify/multipart reads but does not type): a file over the limit is
  // cut and flagged, and the next files are still read
  const options = { limits: { fileSize: maxBytes, files: 20 }, throwFileSizeLimit: false };
  for await (const part of req.parts(options as Parameters<FastifyRequest['parts']>[0])) {
    if (part.type !== 'file') continue;
    const chunks: Buffer[] = [];
    for await (const c of part.file) chunks.push(c as Buffer);
    const truncated = part.file.truncated;
    yield {
      filename: part.filename,
      read: async () => {
        if (truncated) throw new ChatDocumentError(`the file is larger than ${maxMb} MB`);
        return Buffer.concat(chunks);
      },
    };
  }
}

export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/chat/health-check', {
    config: { access: { permissions: ASK } },
    schema: {
      tags,
      summary: 'Whether the chat service answers (and whether a language model is configured)',
      response: { 200: ZChatHealth },
    },
    handler: async () => chatHealth(ctx),
  });

  r.post('/chat/message', {
    config: { access: { permissions: ASK } },
    schema: {
      tags,
      summary:
        'Ask a question (1–1000 characters) in a new or own conversation; with Accept: text/event-stream the answer streams as "delta" events and ends with a "done" event carrying the response',
      body: ZChatMessageRequest,
      response: { 200: ZChatMessageResponse },
    },
    handler: async (req, reply) => {
      const auth = authOf(req);
      if (!String(req.headers.accept ?? '').includes('text/event-stream')) return askQuestion(ctx, auth, req.body);
      const abort = new AbortController();
      req.raw.on('close', () => abort.abort());
      let open = false;
      const send = (event: string, data: unknown) => {
        if (!open) {
          reply.hijack();
          reply.raw.writeHead(200, {
            ...(reply.getHeaders() as Record<string, string>),
            'content-type': 'text/event-stream; charset=utf-8',
            'cache-control': 'no-cache, no-transform',
            'x-accel-buffering': 'no',
          });
          open = true;
        }
        reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      try {
        const result = await askQuestion(ctx, auth, req.body, (text) => send('delta', { text }), abort.signal);
        send('done', result);
        reply.raw.end();
        return reply;
      } catch (e) {
        // before the first event the error answers as usual (404, 429 …); after it, as an error event
        if (!open) throw e;
        const message =
          e instanceof AppError
            ? e.message
            : withReference('The answer could not be completed', logIncident(req.log, e, 'chat stream failed'));
        send('error', { message });
        reply.raw.end();
        return reply;
      }
    },
  });

  r.get('/chat/conversations', {
    config: { access: { permissions: ASK } },
    schema: {
      tags,
      summary: 'The caller’s conversations (limit 100, offset 0 by default), latest first',
      querystring: ZChatListQuery,
      response: { 200: zChatList(ZChatConversationSummary) },
    },
    handler: async (req) => listConversations(ctx, authOf(req), req.query, true),
  });

  r.get('/chat/conversation/:id', {
    config: { access: { permissions: ASK } },
    schema: {
      tags,
      summary: 'One of the caller’s conversations with its exchanges (another user’s → 404)',
      params: ZChatConversationParams,
      response: { 200: ZChatConversation },
    },
    handler: async (req) => getConversation(ctx, authOf(req), req.params.id),
  });

  r.delete('/chat/conversation/:id', {
    config: { access: { permissions: ASK } },
    schema: {
      tags,
      summary: 'Delete one of the caller’s conversations (another user’s → 404)',
      params: ZChatConversationParams,
      response: { 200: ZChatConversationDeleted },
    },
    handler: async (req) => {
      await deleteConversation(ctx, authOf(req), req.params.id);
      return { success: true as const, conversation_id: req.params.id };
    },
  });

  r.get('/chat/documents', {
    config: { access: { permissions: MANAGE } },
    schema: {
      tags,
      summary: 'Documents the assistant answers from, with their indexing state',
      response: { 200: z.array(ZChatDocument) },
    },
    handler: async () => listChatDocuments(ctx),
  });

  r.delete('/chat/documents', {
    config: { access: { permissions: MANAGE } },
    schema: {
      tags,
      summary: 'Delete documents named by query parameters document_id (repeated or comma-separated) and/or filename',
      querystring: ZChatDocumentSelection,
      response: { 200: ZChatDocumentsChanged },
    },
    handler: async (req) =>
      deleteChatDocuments(ctx, authOf(req), req.query.document_id ?? [], req.query.filename ?? []),
  });

  r.post('/chat/documents/reindex', {
    config: { access: { permissions: MANAGE } },
    schema: {
      tags,
      summary: 'Index documents again (query parameters document_id and/or filename)',
      querystring: ZChatDocumentSelection,
      response: { 200: ZChatDocumentsChanged },
    },
    handler: async (req) =>
      reindexChatDocuments(ctx, authOf(req), req.query.document_id ?? [], req.query.filename ?? []),
  });

  r.post('/chat/documents/upload', {
    config: { access: { permissions: MANAGE } },
    schema: {
      tags,
      summary:
        'Upload documents (multipart, several files: PDF, DOCX, TXT, MD, CSV); a file with a name already present replaces it. Files that cannot be taken are listed with filename and error.',
      response: { 200: ZChatUploadResult },
    },
    handler: async (req) => {
      if (!req.isMultipart())
        throw new AppError(400, 'ValidationError', 'files: send the documents as multipart/form-data', [
          { path: 'files', message: 'multipart/form-data expected' },
        ]);
      const maxMb = ctx.config.CHAT_UPLOAD_MAX_MB;
      return uploadDocuments(ctx, authOf(req), multipartFiles(req, maxMb * 1024 * 1024, maxMb));
    },
  });

  r.get('/chat/documents/:id/file', {
    config: { access: { permissions: ASK } },
    schema: {
      tags,
      summary: 'The document file a source points to (opened in the browser)',
      params: ZChatDocumentParams,
    },
    handler: async (req, reply) => {
      const { row, content } = await documentFile(ctx, req.params.id);
      return reply
        .header('content-type', CONTENT_TYPES[row.kind])
        .header(
          'content-disposition',
          `${row.kind === 'docx' ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(row.filename)}`,
        )
        .header('cache-control', 'private, max-age=300')
        .send(content);
    },
  });

  r.get('/chat/logs', {
    config: { access: { permissions: MANAGE } },
    schema: {
      tags,
      summary:
        'Logged exchanges (id, question, answer, conversation_id, processing_time, timestamp), latest first; limit 100 and offset 0 by default; internal staff see every user’s',
      querystring: ZChatListQuery,
      response: { 200: zChatList(ZChatLogEntry) },
    },
    handler: async (req) => listLogs(ctx, authOf(req), req.query),
  });

  r.get('/chat/logs/conversations', {
    config: { access: { permissions: MANAGE } },
    schema: {
      tags,
      summary: 'Conversations (conversation_id, message_count, started_at, last_message_at); limit 100, offset 0',
      querystring: ZChatListQuery,
      response: { 200: zChatList(ZChatConversationSummary) },
    },
    handler: async (req) => listConversations(ctx, authOf(req), req.query, false),
  });
}
