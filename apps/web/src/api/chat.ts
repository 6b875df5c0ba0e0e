/** Chat service calls (SPEC §7 Chat service, no /api/v1 prefix): ask (streamed), conversations, documents, logs. */
import { queryOptions } from '@tanstack/react-query';
import type { TApiError, TChatMessageRequest, TChatMessageResponse } from '@sextant/shared/values';
import { ZChatMessageResponse } from '@sextant/shared/chat';
import { ApiError, http, ok, withForm } from './client.ts';

export const chatKeys = {
  all: ['chat'] as const,
  health: () => [...chatKeys.all, 'health'] as const,
  conversation: (id: string) => [...chatKeys.all, 'conversation', id] as const,
  documents: () => [...chatKeys.all, 'documents'] as const,
  logs: (limit: number, offset: number) => [...chatKeys.all, 'logs', limit, offset] as const,
  conversations: (limit: number, offset: number) => [...chatKeys.all, 'log-conversations', limit, offset] as const,
};

export const fetchChatHealth = () => ok(http.GET('/chat/health-check'));

export const chatConversationQuery = (id: string) =>
  queryOptions({
    queryKey: chatKeys.conversation(id),
    queryFn: () => ok(http.GET('/chat/conversation/{id}', { params: { path: { id } } })),
  });

/**
 * Asks a question; the answer streams (server-sent events) into onDelta, and the call resolves with the whole
 * response. A failure before the stream starts throws ApiError with the server's message.
 */
export async function askChat(
  req: TChatMessageRequest,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<TChatMessageResponse> {
  let res: Response;
  try {
    res = await fetch('/chat/message', {
      method: 'POST',
      headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      body: JSON.stringify(req),
      credentials: 'same-origin',
      signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(
      0,
      { code: 'NetworkError', message: 'The server could not be reached.' },
      '/chat/message',
      'POST',
    );
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as Partial<TApiError> | null;
    throw new ApiError(res.status, body, '/chat/message', 'POST');
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || data === undefined) continue;
      const payload = JSON.parse(data) as { text?: string; message?: string };
      if (event === 'delta') onDelta(payload.text ?? '');
      else if (event === 'done') return ZChatMessageResponse.parse(payload);
      else if (event === 'error')
        throw new ApiError(500, { message: payload.message ?? 'The answer failed' }, '/chat/message', 'POST');
    }
  }
  throw new ApiError(500, { message: 'The answer ended early' }, '/chat/message', 'POST');
}

export const chatDocumentsQuery = () =>
  queryOptions({ queryKey: chatKeys.documents(), queryFn: () => ok(http.GET('/chat/documents')) });

export const uploadChatDocuments = (files: File[]) => {
  const body = new FormData();
  for (const f of files) body.append('files', f, f.name);
  return ok(http.POST('/chat/documents/upload', { middleware: [withForm(body)] }));
};

/** The documents named by repeated document_id parameters. */
const selection = (ids: string[]) => ({ params: { query: { document_id: ids } } });
export const deleteChatDocuments = (ids: string[]) => ok(http.DELETE('/chat/documents', selection(ids)));
export const reindexChatDocuments = (ids: string[]) => ok(http.POST('/chat/documents/reindex', selection(ids)));

export const chatLogConversationsQuery = (limit: number, offset: number) =>
  queryOptions({
    queryKey: chatKeys.conversations(limit, offset),
    queryFn: () => ok(http.GET('/chat/logs/conversations', { params: { query: { limit, offset } } })),
  });
export const chatConversationLogQuery = (conversationId: string) =>
  queryOptions({
    queryKey: [...chatKeys.all, 'log-conversation', conversationId],
    queryFn: () => ok(http.GET('/chat/logs', { params: { query: { conversation_id: conversationId, limit: 1000 } } })),
  });
