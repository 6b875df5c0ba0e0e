/** Chat conversations and logs: the caller's own conversation (another's → 404), lists in the caller's scope, deletion, and the retention purge. */
import type { TChatConversation, TChatConversationSummary, TChatListQuery, TChatLogEntry } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { notFound } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import * as repo from './chat.repo.ts';
import { iso } from './documents.service.ts';

export async function ownConversation(ctx: AppContext, auth: AuthContext, id: string) {
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
