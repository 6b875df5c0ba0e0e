/** Chat assistant contracts (SPEC §3 Chat, §7 Chat service): snake_case fields as the chat service names them. */
import { z } from 'zod';
import {
  CHAT_ANSWER_MODES,
  CHAT_DOCUMENT_KINDS,
  CHAT_DOCUMENT_STATUSES,
  CHAT_LOG_DEFAULT_LIMIT,
  CHAT_QUESTION_MAX,
} from './values/chat.ts';

export * from './values/chat.ts';

export const ZChatQuestion = z
  .string({ error: 'Question is required' })
  .max(CHAT_QUESTION_MAX, `Question must be at most ${CHAT_QUESTION_MAX} characters`)
  .refine((s) => s.trim().length > 0, 'Question must not be empty');

export const ZChatMessageRequest = z.object({
  question: ZChatQuestion,
  conversation_id: z.uuid('conversation_id must be an id').nullish(),
  /** The job page the chat was opened on: its figures become retrievable. */
  job_id: z.uuid('job_id must be an id').nullish(),
});
export type TChatMessageRequest = z.infer<typeof ZChatMessageRequest>;

export const ZChatSource = z.object({
  source: z.string(),
  page: z.number().int().nullable(),
  content: z.string(),
  /** Where the source can be opened: a document's file (at its page) or a job page. */
  url: z.string().nullable(),
});
export type TChatSource = z.infer<typeof ZChatSource>;

export const ZChatMessageResponse = z.object({
  answer: z.string(),
  sources: z.array(ZChatSource),
  conversation_id: z.uuid(),
  /** Seconds. */
  processing_time: z.number(),
  token_count: z.number().int().nullable(),
  mode: z.enum(CHAT_ANSWER_MODES),
  message_id: z.uuid(),
});
export type TChatMessageResponse = z.infer<typeof ZChatMessageResponse>;

export const ZChatLogEntry = z.object({
  id: z.uuid(),
  question: z.string(),
  answer: z.string(),
  conversation_id: z.uuid(),
  processing_time: z.number(),
  timestamp: z.string(),
  sources: z.array(ZChatSource),
  token_count: z.number().int().nullable(),
  mode: z.enum(CHAT_ANSWER_MODES),
  username: z.string().nullable(),
});
export type TChatLogEntry = z.infer<typeof ZChatLogEntry>;

export const ZChatConversationSummary = z.object({
  conversation_id: z.uuid(),
  message_count: z.number().int(),
  started_at: z.string(),
  last_message_at: z.string().nullable(),
  username: z.string().nullable(),
});
export type TChatConversationSummary = z.infer<typeof ZChatConversationSummary>;

export const ZChatConversation = ZChatConversationSummary.extend({ messages: z.array(ZChatLogEntry) });
export type TChatConversation = z.infer<typeof ZChatConversation>;

export const ZChatConversationParams = z.object({ id: z.uuid('Conversation id must be an id') });
export const ZChatDocumentParams = z.object({ id: z.uuid('Document id must be an id') });
export const ZChatConversationDeleted = z.object({ success: z.literal(true), conversation_id: z.uuid() });

export const ZChatListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(CHAT_LOG_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
  conversation_id: z.uuid('conversation_id must be an id').optional(),
});
export type TChatListQuery = z.infer<typeof ZChatListQuery>;

export const zChatList = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });

export const ZChatDocument = z.object({
  id: z.uuid(),
  filename: z.string(),
  kind: z.enum(CHAT_DOCUMENT_KINDS),
  size_bytes: z.number().int(),
  status: z.enum(CHAT_DOCUMENT_STATUSES),
  error: z.string().nullable(),
  language: z.string(),
  page_count: z.number().int().nullable(),
  passage_count: z.number().int(),
  progress: z.number().nullable(),
  /** What indexing or embedding is doing now ("Read page 3 of 40", "Embedded 128 of 512 passages"). */
  progress_note: z.string().nullable(),
  /** Model of the passages' vectors; null without vectors (full-text search only). */
  embedding_model: z.string().nullable(),
  builtin: z.boolean(),
  uploaded_by: z.string().nullable(),
  uploaded_at: z.string(),
  indexed_at: z.string().nullable(),
});
export type TChatDocument = z.infer<typeof ZChatDocument>;

const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.uuid('document_id must be an id')));

/** DELETE /chat/documents and POST /chat/documents/reindex: by ids and/or file names. */
export const ZChatDocumentSelection = z
  .object({
    document_id: idList.optional(),
    filename: z
      .union([z.string(), z.array(z.string())])
      .transform((v) => (Array.isArray(v) ? v : [v]).filter(Boolean))
      .optional(),
  })
  .refine((q) => (q.document_id?.length ?? 0) + (q.filename?.length ?? 0) > 0, {
    message: 'Name the documents: document_id or filename',
    path: ['document_id'],
  });
export type TChatDocumentSelection = z.infer<typeof ZChatDocumentSelection>;

export const ZChatDocumentsChanged = z.object({ affected: z.number().int(), document_ids: z.array(z.uuid()) });

export const ZChatUploadResult = z.object({
  uploaded: z.array(z.object({ filename: z.string(), document_id: z.uuid(), replaced: z.boolean() })),
  failed: z.array(z.object({ filename: z.string(), error: z.string() })),
});
export type TChatUploadResult = z.infer<typeof ZChatUploadResult>;

export const ZChatHealth = z.object({
  status: z.literal('ok'),
  model_configured: z.boolean(),
  /** An embedding endpoint is configured: retrieval fuses full-text search with passage vectors. */
  embeddings_configured: z.boolean(),
  documents: z.number().int(),
  passages: z.number().int(),
  upload_max_mb: z.number().int(),
  retention_days: z.number().int(),
});
export type TChatHealth = z.infer<typeof ZChatHealth>;
