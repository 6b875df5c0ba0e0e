import { expect, request as pwRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
export const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo';

/** Signs the browser context in through the API, as the role under test. */
export async function signIn(context: BrowserContext | Page, username: string) {
  const req = 'request' in context ? context.request : (context as Page).request;
  const res = await req.post('/api/v1/auth/login', {
    data: { username, password: PASSWORD },
    headers: { Origin: BASE },
  });
  expect(res.ok(), `sign in as ${username}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as { user: { id: string; email: { email: string | null }; permissions: string[] } };
}

/** A separate API session (its own cookies) for setup calls. */
export async function apiAs(username: string): Promise<APIRequestContext> {
  const ctx = await pwRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
  const res = await ctx.post('/api/v1/auth/login', { data: { username, password: PASSWORD } });
  expect(res.ok(), `api sign in as ${username}`).toBeTruthy();
  return ctx;
}

export async function setSystemMode(api: APIRequestContext, mode: 'Live' | 'ReadOnly' | 'Maintenance') {
  const res = await api.post(`/api/v1/system-mode?mode=${mode}`);
  expect(res.ok(), `set system mode ${mode}: ${res.status()} ${await res.text()}`).toBeTruthy();
}

export async function navLabels(page: Page): Promise<string[]> {
  const nav = page.getByTestId('navbar');
  await expect(nav).toBeVisible();
  return (await nav.locator('[data-testid^="nav-"][href]:not([data-testid="nav-newJob"])').allInnerTexts())
    .map((t) => t.replace(/\s*BETA$/, '').trim())
    .filter(Boolean);
}

/**
 * Polls the API once a second until `find` gives a value (a fresh server runs its demo jobs in the background while
 * the first specs start); fails naming `what` when none came within `timeoutMs`.
 */
export async function pollFor<T>(what: string, find: () => Promise<T | null | undefined>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== null && found !== undefined) return found;
    expect(Date.now() < deadline, `${what} within ${timeoutMs / 1000} s`).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

export interface DemoJob {
  id: string;
  name: string;
  type: string;
}

/**
 * A demo job that the user of `api` sees, once its results exist: the first whose name starts with `name` (any name
 * when left out), of a scored type (not matched-data-only) unless `anyType`.
 */
export async function demoJobWithResults(
  api: APIRequestContext,
  { name = '', anyType = false, timeoutMs = 220_000 }: { name?: string; anyType?: boolean; timeoutMs?: number } = {},
): Promise<DemoJob> {
  return pollFor(
    `the ${name || 'a'} demo job with results`,
    async () => {
      const res = await api.post('/api/v1/authorization/auth-mapped-job-artifacts', { data: {} });
      expect(res.ok(), `job list: ${res.status()}`).toBeTruthy();
      const list = (await res.json()) as { collection: DemoJob[] };
      for (const j of list.collection)
        if ((anyType || j.type !== 'matched-data-only') && j.name.startsWith(name))
          if ((await api.get(`/api/v1/jobs/${j.id}/results/summary`)).ok()) return j;
      return null;
    },
    timeoutMs,
  );
}

/** The demo campaign workflow ("Card enablement — demo"), made once the demo job's run has completed. */
export async function demoCampaignWorkflow(
  api: APIRequestContext,
  timeoutMs = 280_000,
): Promise<{ id: string; jobId: string; name: string }> {
  return pollFor(
    'the demo campaign workflow',
    async () => {
      const res = await api.get('/api/v1/campaign-workflows');
      expect(res.ok(), `workflow list: ${res.status()}`).toBeTruthy();
      const page = (await res.json()) as { collection: { id: string; jobId: string; name: string }[] };
      return page.collection.find((w) => w.name.startsWith('Card enablement'));
    },
    timeoutMs,
  );
}
