/**
 * The Sextant API client: `http`, typed by the routes' OpenAPI document (generated/schema.d.ts, `npm run
 * api:generate`), and `ok()`, which turns its answer into the response body or a thrown ApiError (SPEC §8,
 * TApiError): JSON in and out, same-origin credentials, and the responses public/boot.js started taken over once.
 *   const job = await ok(http.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId } } }));
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { TApiError } from '@sextant/shared/values';
import type { paths } from './generated/schema';

export type { paths };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: TApiError['errors'];
  /** Values for the UI's own translated text of the code (e.g. the reason and language of a refused link). */
  readonly params: TApiError['params'];
  readonly url: string;
  readonly method: string;
  constructor(status: number, body: Partial<TApiError> | null, url: string, method: string) {
    super(body?.message || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? (status >= 500 ? 'InternalError' : 'Error');
    this.errors = body?.errors;
    this.params = body?.params;
    this.url = url;
    this.method = method;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

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

/** The path and query of a request's URL: what boot.js keys its responses by and what an ApiError reports. */
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

const networkError = (url: string, method: string) =>
  new ApiError(
    0,
    { code: 'NetworkError', message: 'The server could not be reached. Check your connection.' },
    url,
    method,
  );

/** The request each response of `http` answered, for the ApiError it may become. */
const requests = new WeakMap<Response, { url: string; method: string }>();

/** Every request of `http`: a booted response when there is one, else the network; unreachable → ApiError 0. */
async function transport(request: Request): Promise<Response> {
  const url = pathOf(request.url);
  try {
    const res = (await takeBooted(url, request.method)) ?? (await fetch(request));
    requests.set(res, { url, method: request.method });
    return res;
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw networkError(url, request.method);
  }
}

export const http = createClient<paths>({
  // Absolute, so requests can be built outside a page too (tests); the app is always served from its own origin.
  baseUrl: globalThis.location?.origin ?? 'http://localhost',
  fetch: transport,
  credentials: 'same-origin',
  headers: { Accept: 'application/json' },
});

/** The JSON body a route answers with on success (200 or 201), from the generated document. */
export type TResponse<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses:
    { 200: { content: { 'application/json': infer B } } } | { 201: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

type TAnswer<D> = Promise<{ data?: D; error?: unknown; response: Response }>;

async function checked<D>(call: TAnswer<D>): Promise<{ data: D; response: Response }> {
  const r = await call;
  if (r.error !== undefined || !r.response.ok) {
    const body = typeof r.error === 'object' && r.error !== null ? (r.error as Partial<TApiError>) : null;
    const req = requests.get(r.response);
    throw new ApiError(r.response.status, body, req?.url ?? '', req?.method ?? '');
  }
  return { data: r.data as D, response: r.response };
}

/** The JSON body a route takes, from the generated document. */
export type TRequest<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The query-string fields a route takes, from the generated document. */
export type TQuery<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  parameters: { query?: infer Q };
}
  ? NonNullable<Q>
  : never;

/** The response body of a call of `http`, or the API's error envelope thrown as an ApiError. */
export const ok = async <D>(call: TAnswer<D>): Promise<D> => (await checked(call)).data;

/**
 * Saves the file a call of `http` with `parseAs: 'blob'` answers (named by its Content-Disposition, else
 * `fallbackName`) and returns the response headers; a failure is thrown as an ApiError.
 */
export async function download(call: TAnswer<Blob>, fallbackName: string): Promise<Headers> {
  const { data, response } = await checked(call);
  const cd = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd)?.[1];
  const plain = /filename="([^"]+)"/i.exec(cd)?.[1];
  const href = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = href;
  a.download = star ? decodeURIComponent(star) : (plain ?? fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return response.headers;
}

/**
 * The routes that take files read the multipart stream themselves (their documents declare no body), so a form is
 * attached to the request here: `http.POST(path, { params, middleware: [withForm(form)] })`.
 */
export const withForm = (form: FormData): Middleware => ({
  onRequest: ({ request }) => new Request(request, { body: form }),
});
