/**
 * Clients of OpenAI-compatible endpoints (DESIGN §4 "AI"): chat completions at LLM_BASE_URL (+ LLM_API_KEY,
 * LLM_MODEL). Callers check llmConfigured() first and fall back to their model-free behaviour; nothing here ever
 * invents an answer — a failed call throws LlmError. Embeddings at EMBEDDING_BASE_URL (+ EMBEDDING_API_KEY,
 * EMBEDDING_MODEL), batched, with a time limit and retries; a failed call throws EmbeddingError.
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

// --- embeddings (OpenAI-compatible POST …/embeddings) ---

/** An embeddings call that failed after its attempts: unreachable, non-2xx, time-out or a malformed reply. */
export class EmbeddingError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'EmbeddingError';
  }
}

export function embeddingsConfigured(config: AppConfig): boolean {
  return Boolean(config.EMBEDDING_BASE_URL);
}

/** The embeddings key: its own, else the model's key when both use the same server. */
function embeddingKey(config: AppConfig): string | undefined {
  if (config.EMBEDDING_API_KEY) return config.EMBEDDING_API_KEY;
  const same = (a?: string, b?: string) => Boolean(a && b && a.replace(/\/+$/, '') === b.replace(/\/+$/, ''));
  return same(config.EMBEDDING_BASE_URL, config.LLM_BASE_URL) ? config.LLM_API_KEY : undefined;
}

/** Characters of one text sent to the endpoint (longer texts are cut: models refuse inputs over their window). */
export const EMBEDDING_MAX_CHARS = 8_000;

interface EmbeddingBody {
  data?: { index?: number; embedding?: unknown }[];
}

const retryable = (status: number | null) => status === null || status === 408 || status === 429 || status >= 500;

/** One request for one batch; throws EmbeddingError (status null for network errors and time-outs). */
async function embedBatch(config: AppConfig, input: string[], signal?: AbortSignal): Promise<Float32Array[]> {
  const url = `${config.EMBEDDING_BASE_URL!.replace(/\/+$/, '')}/embeddings`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const key = embeddingKey(config);
  if (key) headers.authorization = `Bearer ${key}`;
  const timeout = AbortSignal.timeout(config.EMBEDDING_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      body: JSON.stringify({ model: config.EMBEDDING_MODEL, input, encoding_format: 'float' }),
    });
  } catch (e) {
    const err = e as Error;
    const why = err.name === 'TimeoutError' ? `no answer within ${config.EMBEDDING_TIMEOUT_MS} ms` : err.message;
    throw new EmbeddingError(`The embedding endpoint could not be reached: ${why}`);
  }
  if (!res.ok) {
    const body = (await res.text().catch(() => '')).slice(0, 300);
    throw new EmbeddingError(`The embedding endpoint answered ${res.status}${body ? `: ${body}` : ''}`, res.status);
  }
  let body: EmbeddingBody;
  try {
    body = (await res.json()) as EmbeddingBody;
  } catch {
    throw new EmbeddingError('The embedding endpoint answered with something that is not JSON', res.status);
  }
  const data = body.data;
  if (!Array.isArray(data) || data.length !== input.length)
    throw new EmbeddingError(
      `The embedding endpoint returned ${Array.isArray(data) ? data.length : 'no'} vectors for ${input.length} texts`,
      res.status,
    );
  const out = new Array<Float32Array | undefined>(input.length);
  data.forEach((d, i) => {
    const at = typeof d.index === 'number' ? d.index : i;
    const v = d.embedding;
    if (
      at < 0 ||
      at >= input.length ||
      out[at] ||
      !Array.isArray(v) ||
      !v.length ||
      v.some((x) => typeof x !== 'number')
    )
      throw new EmbeddingError(`The embedding endpoint returned a malformed vector (data[${i}])`, res.status);
    out[at] = Float32Array.from(v as number[]);
  });
  const dims = out[0]!.length;
  if (out.some((v) => v!.length !== dims))
    throw new EmbeddingError('The embedding endpoint returned vectors of different lengths', res.status);
  return out as Float32Array[];
}

export interface EmbedOptions {
  signal?: AbortSignal;
  /** Tries per batch (default 3); network errors, time-outs, 408, 429 and 5xx are tried again with a back-off. */
  attempts?: number;
  /** Called after each batch with the texts embedded so far. */
  onBatch?: (done: number, total: number) => Promise<void> | void;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Embeddings of texts in EMBEDDING_BATCH_SIZE batches, in order, each vector scaled to unit length (so that a dot
 * product is the cosine similarity). Throws EmbeddingError when a batch fails all its attempts.
 */
export async function embedTexts(config: AppConfig, texts: string[], o: EmbedOptions = {}): Promise<Float32Array[]> {
  if (!embeddingsConfigured(config))
    throw new EmbeddingError('No embedding endpoint is configured (EMBEDDING_BASE_URL)');
  const attempts = o.attempts ?? 3;
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += config.EMBEDDING_BATCH_SIZE) {
    const batch = texts.slice(i, i + config.EMBEDDING_BATCH_SIZE).map((t) => t.slice(0, EMBEDDING_MAX_CHARS) || ' ');
    for (let attempt = 1; ; attempt++) {
      try {
        out.push(...(await embedBatch(config, batch, o.signal)).map(normalize));
        break;
      } catch (e) {
        if (!(e instanceof EmbeddingError) || attempt >= attempts || !retryable(e.status) || o.signal?.aborted) throw e;
        await pause(250 * 4 ** (attempt - 1));
      }
    }
    await o.onBatch?.(out.length, texts.length);
  }
  return out;
}

/** The vector scaled to unit length (a zero vector stays zero). */
export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum);
  if (norm > 0 && Math.abs(norm - 1) > 1e-6) for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
  return v;
}

/** Little-endian float32 bytes of a vector (how passages store theirs) and back. */
export function vectorToBytes(v: Float32Array): Buffer {
  const b = Buffer.alloc(v.length * 4);
  for (let i = 0; i < v.length; i++) b.writeFloatLE(v[i]!, i * 4);
  return b;
}

export function bytesToVector(b: Uint8Array): Float32Array {
  const v = new Float32Array(b.length >> 2);
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < v.length; i++) v[i] = view.getFloat32(i * 4, true);
  return v;
}
