import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TChatAnswerMode, TChatDocumentKind, TChatDocumentStatus, TChatSource } from '@sextant/shared/values';
import { users } from './users.ts';
import { jobArtifacts } from './jobs.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A document the chat assistant answers from (uploaded by an admin, or the built-in user guide). */
export const chatDocuments = pgTable('chat_documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Unique: uploading the same name again replaces the document. */
  filename: text('filename').notNull().unique(),
  kind: text('kind').$type<TChatDocumentKind>().notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  content: bytea('content').notNull(),
  status: text('status').$type<TChatDocumentStatus>().notNull().default('Pending'),
  error: text('error'),
  /** Text-search configuration of the passages (english, german, french, simple). */
  language: text('language').notNull().default('simple'),
  pageCount: integer('page_count'),
  passageCount: integer('passage_count').notNull().default(0),
  progress: doublePrecision('progress'),
  /** What indexing is doing now (page read, passages embedded), shown beside the progress bar. */
  progressNote: text('progress_note'),
  /** Embedding model of the passages' vectors; null when they have none (no endpoint configured, or not yet). */
  embeddingModel: text('embedding_model'),
  builtin: boolean('builtin').notNull().default(false),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  uploadedByName: text('uploaded_by_name'),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  indexedAt: timestamp('indexed_at', { withTimezone: true }),
});

/** A passage of a document with its page, searchable through its tsvector (GIN index). */
export const chatPassages = pgTable(
  'chat_passages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => chatDocuments.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    page: integer('page'),
    content: text('content').notNull(),
    language: text('language').notNull(),
    tsv: tsvector('tsv').notNull(),
    /** The passage's embedding as little-endian float32 (the document's embedding_model), null without vectors. */
    embedding: bytea('embedding'),
  },
  (t) => [
    index('chat_passages_document_idx').on(t.documentId, t.ordinal),
    index('chat_passages_tsv_idx').using('gin', t.tsv),
  ],
);

/** A conversation belongs to its user. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => jobArtifacts.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [index('chat_conversations_user_idx').on(t.userId, t.startedAt)],
);

/** The log of every exchange (kept CHAT_LOG_RETENTION_DAYS). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sources: jsonb('sources')
      .$type<TChatSource[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    mode: text('mode').$type<TChatAnswerMode>().notNull(),
    processingTime: doublePrecision('processing_time').notNull(),
    tokenCount: integer('token_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('chat_messages_created_idx').on(t.createdAt),
  ],
);
