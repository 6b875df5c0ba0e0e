/** SQL of the chat assistant: documents and passages (full-text search), conversations and the exchange log. */
import { and, asc, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { chatConversations, chatDocuments, chatMessages, chatPassages, users, type Db, type DbOrTx } from '@sextant/db';
import type { TChatAnswerMode, TChatDocumentKind, TChatSource } from '@sextant/shared/values';
import type { Passage } from './chat.parse.ts';

export type ChatDocumentRow = Omit<typeof chatDocuments.$inferSelect, 'content'>;

/** Every column except the file's bytes. */
const documentColumns = {
  id: chatDocuments.id,
  filename: chatDocuments.filename,
  kind: chatDocuments.kind,
  sizeBytes: chatDocuments.sizeBytes,
  sha256: chatDocuments.sha256,
  status: chatDocuments.status,
  error: chatDocuments.error,
  language: chatDocuments.language,
  pageCount: chatDocuments.pageCount,
  passageCount: chatDocuments.passageCount,
  progress: chatDocuments.progress,
  progressNote: chatDocuments.progressNote,
  embeddingModel: chatDocuments.embeddingModel,
  builtin: chatDocuments.builtin,
  uploadedBy: chatDocuments.uploadedBy,
  uploadedByName: chatDocuments.uploadedByName,
  uploadedAt: chatDocuments.uploadedAt,
  indexedAt: chatDocuments.indexedAt,
};

export function listDocuments(db: DbOrTx): Promise<ChatDocumentRow[]> {
  return db.select(documentColumns).from(chatDocuments).orderBy(asc(chatDocuments.filename));
}

export async function documentById(db: DbOrTx, id: string): Promise<ChatDocumentRow | undefined> {
  const [row] = await db.select(documentColumns).from(chatDocuments).where(eq(chatDocuments.id, id));
  return row;
}

export async function documentContent(
  db: DbOrTx,
  id: string,
): Promise<{ row: ChatDocumentRow; content: Buffer } | undefined> {
  const [row] = await db
    .select({ ...documentColumns, content: chatDocuments.content })
    .from(chatDocuments)
    .where(eq(chatDocuments.id, id));
  if (!row) return undefined;
  const { content, ...rest } = row;
  return { row: rest, content };
}

export function selectDocuments(db: DbOrTx, ids: string[], filenames: string[]): Promise<ChatDocumentRow[]> {
  const conds = [];
  if (ids.length) conds.push(inArray(chatDocuments.id, ids));
  if (filenames.length) conds.push(inArray(chatDocuments.filename, filenames));
  return db
    .select(documentColumns)
    .from(chatDocuments)
    .where(or(...conds));
}

/**
 * Stores an uploaded file under its name: a new document, or the same name's document replaced (its passages are
 * dropped; the index command writes new ones). Returns the id and whether it replaced one.
 */
export async function upsertDocument(
  tx: DbOrTx,
  d: {
    filename: string;
    kind: TChatDocumentKind;
    content: Buffer;
    sha256: string;
    builtin?: boolean;
    uploadedBy: string | null;
    uploadedByName: string | null;
  },
): Promise<{ id: string; replaced: boolean }> {
  const [existing] = await tx
    .select({ id: chatDocuments.id })
    .from(chatDocuments)
    .where(eq(chatDocuments.filename, d.filename));
  const values = {
    kind: d.kind,
    sizeBytes: d.content.length,
    sha256: d.sha256,
    content: d.content,
    status: 'Pending' as const,
    error: null,
    pageCount: null,
    passageCount: 0,
    progress: 0,
    progressNote: null,
    embeddingModel: null,
    builtin: d.builtin ?? false,
    uploadedBy: d.uploadedBy,
    uploadedByName: d.uploadedByName,
    uploadedAt: new Date(),
    indexedAt: null,
  };
  if (existing) {
    // the row first: an index command storing passages of the old file holds it and stops on the new sha256
    await tx.update(chatDocuments).set(values).where(eq(chatDocuments.id, existing.id));
    await tx.delete(chatPassages).where(eq(chatPassages.documentId, existing.id));
    return { id: existing.id, replaced: true };
  }
  const [created] = await tx
    .insert(chatDocuments)
    .values({ filename: d.filename, ...values })
    .returning({ id: chatDocuments.id });
  return { id: created!.id, replaced: false };
}

export async function deleteDocuments(tx: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length) await tx.delete(chatDocuments).where(inArray(chatDocuments.id, ids));
}

export async function setDocumentState(
  db: DbOrTx,
  id: string,
  patch: Partial<
    Pick<
      typeof chatDocuments.$inferInsert,
      'status' | 'error' | 'progress' | 'progressNote' | 'pageCount' | 'language' | 'embeddingModel'
    >
  >,
): Promise<void> {
  await db.update(chatDocuments).set(patch).where(eq(chatDocuments.id, id));
}

/**
 * Locks the document's row and tells whether it still holds the file `sha256` (and, when given, has `status`):
 * writers of its passages call this first in their transaction, so a replaced or re-indexed file stops them.
 */
async function stillCurrent(tx: DbOrTx, id: string, sha256: string, status?: string): Promise<boolean> {
  const res = await tx.execute<{ sha256: string; status: string }>(
    sql`select ${chatDocuments.sha256} as sha256, ${chatDocuments.status} as status from ${chatDocuments} where ${chatDocuments.id} = ${id} for update`,
  );
  const row = res.rows[0];
  return Boolean(row && row.sha256 === sha256 && (status === undefined || row.status === status));
}

/** Drops a document's passages (before indexing writes them again). */
export async function clearPassages(db: DbOrTx, documentId: string): Promise<void> {
  await db.delete(chatPassages).where(eq(chatPassages.documentId, documentId));
}

/**
 * Stores a batch of a document's passages (tsvector computed in the database with the document's language; the
 * vectors as float32 bytes when given), unless the file was replaced meanwhile: then nothing is written → false.
 */
export async function insertPassages(
  db: Db,
  d: { documentId: string; sha256: string; language: string; firstOrdinal: number },
  passages: Passage[],
  embeddings: Buffer[] | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await stillCurrent(tx, d.documentId, d.sha256))) return false;
    await tx.insert(chatPassages).values(
      passages.map((p, j) => ({
        documentId: d.documentId,
        ordinal: d.firstOrdinal + j,
        page: p.page,
        content: p.content,
        language: d.language,
        tsv: sql`to_tsvector(${d.language}::regconfig, ${p.content})`,
        embedding: embeddings?.[j] ?? null,
      })),
    );
    return true;
  });
}

/** Marks a document indexed with its passages (unless replaced meanwhile → false). */
export async function finishIndexing(
  db: Db,
  d: {
    documentId: string;
    sha256: string;
    pageCount: number;
    passageCount: number;
    language: string;
    embeddingModel: string | null;
    note: string | null;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await stillCurrent(tx, d.documentId, d.sha256))) return false;
    await tx
      .update(chatDocuments)
      .set({
        status: 'Indexed',
        error: null,
        progress: 100,
        progressNote: d.note,
        pageCount: d.pageCount,
        passageCount: d.passageCount,
        language: d.language,
        embeddingModel: d.embeddingModel,
        indexedAt: new Date(),
      })
      .where(eq(chatDocuments.id, d.documentId));
    return true;
  });
}

/** Indexed documents whose passages have no vectors of `model` (none yet, or another model's). */
export function documentsToEmbed(db: DbOrTx, model: string): Promise<ChatDocumentRow[]> {
  return db
    .select(documentColumns)
    .from(chatDocuments)
    .where(and(eq(chatDocuments.status, 'Indexed'), sql`${chatDocuments.embeddingModel} is distinct from ${model}`))
    .orderBy(asc(chatDocuments.uploadedAt));
}

/** A document's passages from ordinal `from` on, in order (for embedding them). */
export function passagesFrom(
  db: DbOrTx,
  documentId: string,
  from: number,
  limit: number,
): Promise<{ id: string; ordinal: number; content: string }[]> {
  return db
    .select({ id: chatPassages.id, ordinal: chatPassages.ordinal, content: chatPassages.content })
    .from(chatPassages)
    .where(and(eq(chatPassages.documentId, documentId), sql`${chatPassages.ordinal} >= ${from}`))
    .orderBy(asc(chatPassages.ordinal))
    .limit(limit);
}

/** Sets passages' vectors, unless the document was replaced or is being re-indexed meanwhile → false. */
export async function setEmbeddings(
  db: Db,
  d: { documentId: string; sha256: string },
  rows: { id: string; embedding: Buffer }[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await stillCurrent(tx, d.documentId, d.sha256, 'Indexed'))) return false;
    for (const r of rows)
      await tx.update(chatPassages).set({ embedding: r.embedding }).where(eq(chatPassages.id, r.id));
    return true;
  });
}

/** Records that every passage of the document has a vector of `model` (unless replaced or re-indexed → false). */
export async function finishEmbedding(db: Db, d: { documentId: string; sha256: string; model: string }) {
  return db.transaction(async (tx) => {
    if (!(await stillCurrent(tx, d.documentId, d.sha256, 'Indexed'))) return false;
    await tx
      .update(chatDocuments)
      .set({ embeddingModel: d.model, progress: 100, progressNote: null })
      .where(eq(chatDocuments.id, d.documentId));
    return true;
  });
}

/**
 * What the passage vectors of `model` look like now: changes whenever a document with them is indexed, replaced,
 * deleted or embedded (a cache of the vectors is valid while this stays the same).
 */
export async function vectorGeneration(db: DbOrTx, model: string): Promise<string> {
  const res = await db.execute(sql`
    select count(*)::int as n, coalesce(sum(${chatDocuments.passageCount}), 0)::int as p,
      max(${chatDocuments.indexedAt})::text as at, max(${chatDocuments.sha256}) as sha
    from ${chatDocuments}
    where ${chatDocuments.status} = 'Indexed' and ${chatDocuments.embeddingModel} = ${model}`);
  const r = res.rows[0] ?? {};
  return `${String(r.n)}:${String(r.p)}:${String(r.at)}:${String(r.sha)}`;
}

/** Passage vectors of `model`, the most recently indexed documents' first, at most `limit`. */
export async function loadVectors(
  db: DbOrTx,
  model: string,
  limit: number,
): Promise<{ id: string; embedding: Uint8Array }[]> {
  const res = await db.execute<{ id: string; embedding: Uint8Array }>(sql`
    select p.id, p.embedding
    from ${chatPassages} p join ${chatDocuments} d on d.id = p.document_id
    where d.status = 'Indexed' and d.embedding_model = ${model} and p.embedding is not null
    order by d.indexed_at desc, p.document_id, p.ordinal
    limit ${limit}`);
  return res.rows;
}

/** Passages by id, with their file names (indexed documents only). */
export async function passagesByIds(db: DbOrTx, ids: string[]): Promise<Omit<PassageHit, 'rank'>[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: chatPassages.id,
      documentId: chatPassages.documentId,
      filename: chatDocuments.filename,
      page: chatPassages.page,
      content: chatPassages.content,
      language: chatPassages.language,
    })
    .from(chatPassages)
    .innerJoin(chatDocuments, eq(chatDocuments.id, chatPassages.documentId))
    .where(and(inArray(chatPassages.id, ids), eq(chatDocuments.status, 'Indexed')));
  return rows;
}

export interface PassageHit {
  id: string;
  documentId: string;
  filename: string;
  page: number | null;
  content: string;
  language: string;
  rank: number;
}

/** Text-search configurations passages may be stored with. */
export const SEARCH_LANGUAGES = ['english', 'german', 'french', 'simple'] as const;

/**
 * Matches ranked per stage and language at most: a loose stage of common words can match most passages, and ranking
 * them all would cost time in proportion to the library; the stricter stages (ranked first) are selective.
 */
export const RANK_CANDIDATES = 300;

/** A lexeme as a tsquery operand (quoted; the lexeme is already normalised, so it is not stemmed again). */
const operand = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * tsqueries from strict to loose for a question's lexemes: every word, any two words, any word. Stricter matches
 * are selective (the GIN index intersects them) and rank first; looser ones only fill up what is missing, so a
 * question of common words does not rank every passage.
 */
export function queryStages(lexemes: string[]): string[] {
  const terms = [...new Set(lexemes)].slice(0, 10).map(operand);
  if (!terms.length) return [];
  const stages: string[] = [];
  if (terms.length >= 2) stages.push(terms.join(' & '));
  if (terms.length >= 3) {
    const pairs: string[] = [];
    for (let i = 0; i < terms.length; i++)
      for (let j = i + 1; j < terms.length; j++) pairs.push(`(${terms[i]} & ${terms[j]})`);
    stages.push(pairs.join(' | '));
  }
  stages.push(terms.join(' | '));
  return stages;
}

/**
 * The best passages for a question: the question's words, stemmed with each stored language's configuration, in
 * stages from strict (every word) to loose (any word), ranked by cover density within a stage. Only indexed
 * documents answer.
 */
export async function searchPassages(db: Db, question: string, limit: number): Promise<PassageHit[]> {
  const langRes = await db.execute<{ language: string; lexemes: string[] }>(sql`
    select l.language, array(select unnest(tsvector_to_array(to_tsvector(l.language::regconfig, ${question})))) as lexemes
    from (select distinct ${chatDocuments.language} as language from ${chatDocuments} where ${chatDocuments.status} = 'Indexed') l`);
  const langs = langRes.rows.filter(
    (r) => (SEARCH_LANGUAGES as readonly string[]).includes(r.language) && r.lexemes.length,
  );
  const stagesByLang = langs.map((l) => ({ language: l.language, stages: queryStages(l.lexemes) }));
  const depth = Math.max(0, ...stagesByLang.map((l) => l.stages.length));
  const out: PassageHit[] = [];
  const seen = new Set<string>();
  for (let stage = 0; stage < depth && out.length < limit; stage++) {
    const parts = stagesByLang
      .map((l) => ({ language: l.language, query: l.stages[Math.min(stage, l.stages.length - 1)]! }))
      // a language whose loosest stage was already run adds nothing new
      .filter((l, i) => stage < stagesByLang[i]!.stages.length);
    if (!parts.length) continue;
    // one branch per language with its query as a constant, so the planner can use the GIN index
    const branches = parts.map(
      (p) => sql`(select p.id, p.document_id, p.page, p.content, p.language,
          ts_rank_cd(p.tsv, ${p.query}::tsquery, 1) as rank
        from (select * from ${chatPassages} c
              where c.language = ${p.language} and c.tsv @@ ${p.query}::tsquery
              limit ${RANK_CANDIDATES}) p
        order by rank desc
        limit ${limit * 4})`,
    );
    const res = await db.execute(sql`
      select h.id, h.document_id, d.filename, h.page, h.content, h.language, h.rank
      from (${sql.join(branches, sql` union all `)}) h
      join ${chatDocuments} d on d.id = h.document_id and d.status = 'Indexed'
      order by h.rank desc, d.filename, h.page
      limit ${limit * 2}`);
    const rows = res.rows;
    for (const r of rows) {
      const id = String(r.id);
      if (seen.has(id) || out.length >= limit) continue;
      seen.add(id);
      out.push({
        id,
        documentId: String(r.document_id),
        filename: String(r.filename),
        page: r.page === null ? null : Number(r.page),
        content: String(r.content),
        language: String(r.language),
        // stricter stages first: the stage is the rank's integer part
        rank: depth - stage + Math.min(Number(r.rank), 0.999),
      });
    }
  }
  return out;
}

export async function passageStats(db: DbOrTx): Promise<{ documents: number; passages: number }> {
  const [d] = await db.select({ n: count() }).from(chatDocuments).where(eq(chatDocuments.status, 'Indexed'));
  const [p] = await db.select({ n: count() }).from(chatPassages);
  return { documents: Number(d?.n ?? 0), passages: Number(p?.n ?? 0) };
}

// --- conversations and the log ---

export type ConversationRow = typeof chatConversations.$inferSelect;

export async function conversationById(db: DbOrTx, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
  return row;
}

export async function createConversation(db: DbOrTx, userId: string, jobId: string | null): Promise<ConversationRow> {
  const [row] = await db.insert(chatConversations).values({ userId, jobId }).returning();
  return row!;
}

export async function addMessage(
  tx: DbOrTx,
  m: {
    conversationId: string;
    question: string;
    answer: string;
    sources: TChatSource[];
    mode: TChatAnswerMode;
    processingTime: number;
    tokenCount: number | null;
  },
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await tx
    .insert(chatMessages)
    .values(m)
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  await tx
    .update(chatConversations)
    .set({ lastMessageAt: row!.createdAt })
    .where(eq(chatConversations.id, m.conversationId));
  return row!;
}

export async function deleteConversation(db: DbOrTx, id: string): Promise<void> {
  await db.delete(chatConversations).where(eq(chatConversations.id, id));
}

export type MessageRow = typeof chatMessages.$inferSelect & { username: string | null };

export async function messagesOf(db: DbOrTx, conversationId: string): Promise<MessageRow[]> {
  const rows = await db
    .select({ m: chatMessages, username: users.username })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .leftJoin(users, eq(users.id, chatConversations.userId))
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.createdAt));
  return rows.map((r) => ({ ...r.m, username: r.username }));
}

/** Who may be listed: null = everyone (internal staff), else only these users' conversations. */
const ownerCondition = (userIds: string[] | null) =>
  userIds === null
    ? undefined
    : inArray(chatConversations.userId, userIds.length ? userIds : ['00000000-0000-0000-0000-000000000000']);

export async function pageMessages(
  db: DbOrTx,
  o: { userIds: string[] | null; conversationId?: string; limit: number; offset: number },
): Promise<{ items: MessageRow[]; total: number }> {
  const where = and(
    ownerCondition(o.userIds),
    o.conversationId ? eq(chatMessages.conversationId, o.conversationId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ m: chatMessages, username: users.username })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .leftJoin(users, eq(users.id, chatConversations.userId))
      .where(where)
      .orderBy(desc(chatMessages.createdAt))
      .limit(o.limit)
      .offset(o.offset),
    db
      .select({ n: count() })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(where),
  ]);
  return { items: rows.map((r) => ({ ...r.m, username: r.username })), total: Number(total?.n ?? 0) };
}

export interface ConversationSummaryRow {
  id: string;
  startedAt: Date;
  lastMessageAt: Date | null;
  messageCount: number;
  username: string | null;
}

const messageCount = sql<number>`(select count(*)::int from ${chatMessages} where ${chatMessages.conversationId} = ${chatConversations.id})`;

export async function pageConversations(
  db: DbOrTx,
  o: { userIds: string[] | null; limit: number; offset: number },
): Promise<{ items: ConversationSummaryRow[]; total: number }> {
  const where = ownerCondition(o.userIds);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: chatConversations.id,
        startedAt: chatConversations.startedAt,
        lastMessageAt: chatConversations.lastMessageAt,
        messageCount,
        username: users.username,
      })
      .from(chatConversations)
      .leftJoin(users, eq(users.id, chatConversations.userId))
      .where(where)
      .orderBy(desc(sql`coalesce(${chatConversations.lastMessageAt}, ${chatConversations.startedAt})`))
      .limit(o.limit)
      .offset(o.offset),
    db.select({ n: count() }).from(chatConversations).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, messageCount: Number(r.messageCount) })), total: Number(total?.n ?? 0) };
}

export async function conversationSummary(db: DbOrTx, id: string): Promise<ConversationSummaryRow | undefined> {
  const [row] = await db
    .select({
      id: chatConversations.id,
      startedAt: chatConversations.startedAt,
      lastMessageAt: chatConversations.lastMessageAt,
      messageCount,
      username: users.username,
    })
    .from(chatConversations)
    .leftJoin(users, eq(users.id, chatConversations.userId))
    .where(eq(chatConversations.id, id));
  return row ? { ...row, messageCount: Number(row.messageCount) } : undefined;
}

/** Deletes exchanges older than `before`, then conversations left without any. Returns the messages deleted. */
export async function purgeMessagesBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(chatMessages)
    .where(lt(chatMessages.createdAt, before))
    .returning({ id: chatMessages.id });
  await db
    .delete(chatConversations)
    .where(
      and(
        lt(chatConversations.startedAt, before),
        sql`not exists (select 1 from ${chatMessages} where ${chatMessages.conversationId} = ${chatConversations.id})`,
      ),
    );
  return gone.length;
}

/** Ranks texts against the question with the database's text search (same stemming as the passages); 1-based `i`. */
export async function rankTexts(db: DbOrTx, question: string, texts: { text: string; language: string }[]) {
  const langs = SEARCH_LANGUAGES as readonly string[];
  const res = await db.execute<{ i: number; rank: number }>(sql`
    select x.i::int as i,
      coalesce(ts_rank_cd(to_tsvector(x.lang::regconfig, x.t),
        nullif(replace(plainto_tsquery(x.lang::regconfig, ${question})::text, '&', '|'), '')::tsquery, 1), 0) as rank
    from unnest(${sql.param(texts.map((t) => t.text))}::text[], ${sql.param(
      texts.map((t) => (langs.includes(t.language) ? t.language : 'simple')),
    )}::text[]) with ordinality as x(t, lang, i)`);
  return res.rows;
}
