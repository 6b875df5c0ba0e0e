/** Answering a question: retrieval, then the configured model over the passages (streamed or not) or the extractive answer, logged in the caller's conversation. */
import {
  CHAT_NO_MODEL_NOTE,
  type TChatAnswerMode,
  type TChatMessageRequest,
  type TChatMessageResponse,
} from '@sextant/shared';
import { logIncident } from '../../lib/incident.ts';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { rateLimited } from '../../lib/errors.ts';
import { hit } from '../../lib/rate-limit.ts';
import { LlmError, llmConfigured, streamChatCompletion, type LlmMessage } from '../../lib/llm.ts';
import { activePromptText, renderPrompt } from '../ai-prompts/index.ts';
import * as repo from './chat.repo.ts';
import { type Candidate, retrieve, extractiveAnswer, toSource } from './retrieval.service.ts';
import { ownConversation } from './conversations.service.ts';

function passagesForPrompt(cands: Candidate[]): string {
  return cands
    .map((c, i) => `[${i + 1}] ${c.page ? `${c.source}, page ${c.page}` : c.source}\n${c.content}`)
    .join('\n\n');
}

/** An answer and how it was produced. */
interface Answered {
  answer: string;
  used: Candidate[];
  mode: TChatAnswerMode;
  tokenCount: number | null;
}

/** At most CHAT_RATE_PER_MINUTE questions per user and minute. */
async function checkRate(ctx: AppContext, auth: AuthContext): Promise<void> {
  const count = await hit(ctx.db, `chat:${auth.user.id}`, 60);
  if (count > ctx.config.CHAT_RATE_PER_MINUTE)
    throw rateLimited(
      `You have asked ${ctx.config.CHAT_RATE_PER_MINUTE} questions in the last minute; please wait a moment before asking again`,
    );
}

/** The configured model's answer over the passages, with the conversation's last three exchanges as history. */
async function modelAnswer(
  ctx: AppContext,
  question: string,
  candidates: Candidate[],
  conversationId: string | null,
  onDelta: ((text: string) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<Answered> {
  const template = await activePromptText(ctx, 'chatAnswer');
  const system = renderPrompt(template, {
    question,
    passages: passagesForPrompt(candidates),
    language: 'the language of the question',
  });
  const history: LlmMessage[] = conversationId
    ? (await repo.messagesOf(ctx.db, conversationId)).slice(-3).flatMap((m) => [
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
  return { answer: result.content, used: candidates, mode: 'llm', tokenCount: result.tokenCount };
}

/** The extractive answer with a note saying why the model did not answer; sent to onDelta at once. */
async function quotedAnswer(
  ctx: AppContext,
  question: string,
  candidates: Candidate[],
  note: string,
  questionVector: Float32Array | null,
  onDelta: ((text: string) => void) | undefined,
): Promise<Answered> {
  const ex = await extractiveAnswer(ctx, question, candidates, note, questionVector);
  onDelta?.(ex.answer);
  return { answer: ex.answer, used: ex.used, mode: ex.used.length ? 'extractive' : 'none', tokenCount: null };
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
  await checkRate(ctx, auth);
  const question = req.question.trim();
  const existing = req.conversation_id ? await ownConversation(ctx, auth, req.conversation_id) : null;
  const jobId = req.job_id ?? existing?.jobId ?? null;
  const { candidates, questionVector } = await retrieve(ctx, auth, question, jobId);

  let answered: Answered;
  if (llmConfigured(ctx.config) && candidates.length) {
    try {
      answered = await modelAnswer(ctx, question, candidates, existing?.id ?? null, onDelta, signal);
    } catch (e) {
      if (!(e instanceof LlmError)) throw e;
      // The model's own error text stays in the log (issue 31): the user sees the summary and its reference.
      const reference = logIncident(ctx.log, e, 'chat: the language model failed; answering extractively', {
        status: e.status,
      });
      const note = `The language model did not answer (reference ${reference}), so this answer quotes the most relevant passages of the documents as they are.`;
      // after a model failure the mode is 'extractive' even when nothing was quoted
      answered = {
        ...(await quotedAnswer(ctx, question, candidates, note, questionVector, onDelta)),
        mode: 'extractive',
      };
    }
  } else {
    const note = llmConfigured(ctx.config)
      ? 'Nothing in the documents matched the question, so the language model was not asked.'
      : CHAT_NO_MODEL_NOTE;
    answered = await quotedAnswer(ctx, question, candidates, note, questionVector, onDelta);
  }

  const { answer, used, mode, tokenCount } = answered;
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
