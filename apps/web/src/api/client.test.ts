/**
 * The typed client's behaviours the pages rely on: the response body, the error envelope as an ApiError, an
 * unreachable server as ApiError 0, the boot-time responses taken over once (and dropped by a write), forms attached
 * to multipart routes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http, ok, withForm } from './client.ts';

const JOB = '0b5a4c84-1f47-4c0b-9d7e-2f3a1b6c8d90';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers every request with `answer` and records what was sent. */
function stubFetch(answer: () => Response | Promise<Response>) {
  const sent: Request[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    sent.push(input);
    return answer();
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  (globalThis as { __sextantBoot?: unknown }).__sextantBoot = undefined;
});

describe('api client', () => {
  it('returns the body and sends the path, query and JSON body the route documents', async () => {
    const sent = stubFetch(() => json({ success: true, statusCode: 200, message: 'Job renamed' }));
    const r = await ok(http.PATCH('/api/v1/jobs/{jobId}', { params: { path: { jobId: JOB } }, body: { name: 'Q3' } }));
    expect(r.message).toBe('Job renamed');
    const req = sent[0]!;
    expect(req.method).toBe('PATCH');
    expect(new URL(req.url).pathname).toBe(`/api/v1/jobs/${JOB}`);
    expect(req.headers.get('content-type')).toBe('application/json');
    expect(req.headers.get('accept')).toBe('application/json');
    expect(req.credentials).toBe('same-origin');
    expect(await req.json()).toEqual({ name: 'Q3' });
  });

  it('throws the error envelope as an ApiError with the request it answered', async () => {
    stubFetch(() =>
      json(
        {
          success: false,
          statusCode: 400,
          code: 'ValidationError',
          message: 'name: Name is required',
          errors: [{ path: 'name', message: 'Name is required' }],
        },
        400,
      ),
    );
    const e = await ok(
      http.PATCH('/api/v1/jobs/{jobId}', { params: { path: { jobId: JOB } }, body: { name: '' } }),
    ).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    const err = e as ApiError;
    expect([err.status, err.code, err.message]).toEqual([400, 'ValidationError', 'name: Name is required']);
    expect(err.errors).toEqual([{ path: 'name', message: 'Name is required' }]);
    expect([err.method, err.url]).toEqual(['PATCH', `/api/v1/jobs/${JOB}`]);
  });

  it('reports an unreachable server as ApiError 0', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const e = (await ok(http.GET('/api/v1/auth/me')).catch((x: unknown) => x)) as ApiError;
    expect([e.status, e.code]).toEqual([0, 'NetworkError']);
  });

  it('takes a boot-time response over once, and a write drops the rest', async () => {
    const sent = stubFetch(() => json({ from: 'network' }));
    const boot: Record<string, Promise<Response | null> | undefined> = {
      '/api/v1/auth/me': Promise.resolve(json({ from: 'boot' })),
      [`/api/v1/jobs/${JOB}`]: Promise.resolve(json({ from: 'boot' })),
    };
    (globalThis as { __sextantBoot?: unknown }).__sextantBoot = boot;
    const first = (await ok(http.GET('/api/v1/auth/me'))) as unknown;
    const second = (await ok(http.GET('/api/v1/auth/me'))) as unknown;
    expect([first, second]).toEqual([{ from: 'boot' }, { from: 'network' }]);
    await ok(http.POST('/api/v1/auth/logout'));
    const job = (await ok(http.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId: JOB } } }))) as unknown;
    expect(job).toEqual({ from: 'network' });
    expect(sent.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
  });

  it('attaches a form to a route that reads a multipart stream', async () => {
    const sent = stubFetch(() => json({ success: true, statusCode: 200, message: 'Invited' }));
    const form = new FormData();
    form.set('id', JOB);
    await ok(http.POST('/api/v1/users/invite', { middleware: [withForm(form)] }));
    const req = sent[0]!;
    expect(req.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect((await req.formData()).get('id')).toBe(JOB);
  });
});
