/**
 * Client of an OpenAI-compatible chat completions endpoint (DESIGN §4 "AI"): LLM_BASE_URL (+ LLM_API_KEY,
 * LLM_MODEL). Callers check llmConfigured() first and fall back to their model-free behaviour; nothing here ever
 * invents an answer — a failed call throws LlmError.
 */
import type { AppConfig } from '../config.ts';

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmRequest {
  messages: LlmMessage[];
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
}

export interface LlmResult {
  content: string;
  /** Total tokens as reported by the endpoint (null when it does not report usage). */
  tokenCount: number | null;
}

/** A model call that failed: unreachable endpoint, non-2xx answer, time-out or a malformed reply. */
export class LlmError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export function llmConfigured(config: AppConfig): boolean {
  return Boolean(config.LLM_BASE_URL);
}

function endpoint(config: AppConfig): string {
  if (!config.LLM_BASE_URL) throw new LlmError('No language model is configured (LLM_BASE_URL)');
  return `${config.LLM_BASE_URL.replace(/\/+$/, '')}/chat/completions`;
}

function requestInit(config: AppConfig, req: LlmRequest, stream: boolean): RequestInit {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (config.LLM_API_KEY) headers.authorization = `Bearer ${config.LLM_API_KEY}`;
  const timeout = AbortSignal.timeout(config.LLM_TIMEOUT_MS);
  return {
    method: 'POST',
    headers,
    signal: req.signal ? AbortSignal.any([req.signal, timeout]) : timeout,
    body: JSON.stringify({
      model: config.LLM_MODEL,
      messages: req.messages,
      ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
      ...(req.maxTokens !== undefined ? { max_tokens: req.maxTokens } : {}),
      ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
    }),
  };
}

async function post(config: AppConfig, req: LlmRequest, stream: boolean): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(endpoint(config), requestInit(config, req, stream));
  } catch (e) {
    const err = e as Error;
    const why = err.name === 'TimeoutError' ? `no answer within ${config.LLM_TIMEOUT_MS} ms` : err.message;
    throw new LlmError(`The language model could not be reached: ${why}`);
  }
  if (!res.ok) {
    const body = (await res.text().catch(() => '')).slice(0, 300);
    throw new LlmError(`The language model answered ${res.status}${body ? `: ${body}` : ''}`, res.status);
  }
  return res;
}

interface CompletionBody {
  choices?: { message?: { content?: string | null }; delta?: { content?: string | null } }[];
  usage?: { total_tokens?: number } | null;
}

/** One chat completion (not streamed). */
export async function chatCompletion(config: AppConfig, req: LlmRequest): Promise<LlmResult> {
  const res = await post(config, req, false);
  let body: CompletionBody;
  try {
    body = (await res.json()) as CompletionBody;
  } catch {
    throw new LlmError('The language model answered with something that is not JSON');
  }
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new LlmError('The language model answer has no choices[0].message.content');
  return { content, tokenCount: body.usage?.total_tokens ?? null };
}

/**
 * A streamed chat completion (server-sent events, `stream: true`): onDelta receives each piece of text as it
 * arrives; resolves with the whole text and the usage when the endpoint reports it.
 */
export async function streamChatCompletion(
  config: AppConfig,
  req: LlmRequest,
  onDelta: (text: string) => void,
): Promise<LlmResult> {
  const res = await post(config, req, true);
  if (!res.body) throw new LlmError('The language model answered without a body');
  const decoder = new TextDecoder();
  let buffer = '';
  let content = '';
  let tokenCount: number | null = null;
  let done = false;
  const handleLine = (line: string) => {
    const trimmed = line.trim();
    if (!trimmed.startsWith('data:')) return;
    const data = trimmed.slice(5).trim();
    if (data === '[DONE]') {
      done = true;
      return;
    }
    let chunk: CompletionBody;
    try {
      chunk = JSON.parse(data) as CompletionBody;
    } catch {
      throw new LlmError('The language model stream carried an event that is not JSON');
    }
    const delta = chunk.choices?.[0]?.delta?.content ?? chunk.choices?.[0]?.message?.content;
    if (delta) {
      content += delta;
      onDelta(delta);
    }
    if (chunk.usage?.total_tokens !== undefined) tokenCount = chunk.usage.total_tokens;
  };
  for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(part, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      handleLine(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
      if (done) break;
    }
    if (done) break;
  }
  if (!done && buffer) handleLine(buffer);
  return { content, tokenCount };
}
