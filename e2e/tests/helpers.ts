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
