/** Fetch wrapper for the Sextant API: JSON in/out, every failure thrown as ApiError (SPEC §8, TApiError). */
import type { TApiError } from '@sextant/shared/values';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: TApiError['errors'];
  readonly url: string;
  readonly method: string;
  constructor(status: number, body: Partial<TApiError> | null, url: string, method: string) {
    super(body?.message || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? (status >= 500 ? 'InternalError' : 'Error');
    this.errors = body?.errors;
    this.url = url;
    this.method = method;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TRequestOptions {
  method?: TMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

type TBoot = Record<string, Promise<Response | null> | undefined>;
/**
 * A response public/boot.js started before the app loaded, for this GET (each is used once). Any write first
 * discards them all, so nothing fetched before a sign-in or a change is ever served after it.
 */
function takeBooted(url: string, method: string): Promise<Response | null> | null {
  const w = globalThis as { __sextantBoot?: TBoot };
  const boot = w.__sextantBoot;
  if (!boot) return null;
  if (method !== 'GET') {
    w.__sextantBoot = undefined;
    return null;
  }
  const p = boot[url];
  boot[url] = undefined;
  return p ?? null;
}

export async function api<T>(path: string, opts: TRequestOptions = {}): Promise<T> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  let url = path;
  if (opts.query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query)) if (v !== undefined && v !== null) qs.set(k, String(v));
    const s = qs.toString();
    if (s) url += (url.includes('?') ? '&' : '?') + s;
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res =
      (await takeBooted(url, method)) ??
      (await fetch(url, { method, headers, body, credentials: 'same-origin', signal: opts.signal }));
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(
      0,
      { code: 'NetworkError', message: 'The server could not be reached. Check your connection.' },
      url,
      method,
    );
  }
  const text = await res.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!res.ok) throw new ApiError(res.status, (json as Partial<TApiError>) ?? null, url, method);
  return json as T;
}
