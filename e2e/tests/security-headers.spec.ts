/**
 * The app works under its Content-Security-Policy: signing in through the form, the job pages
 * with their charts, the printable frame and the API docs report no CSP violation, and an injected inline script
 * is refused.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiAs, demoJobWithResults, PASSWORD } from './helpers.ts';

/** Records every CSP violation the page reports (event and console), from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) fromConsole.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective}: ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return async () => [
    ...fromConsole,
    ...((await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])) as string[]),
  ];
}

test('the app runs under its CSP: sign-in form, job pages, printable frame, API docs', async ({ page }) => {
  test.setTimeout(240_000);
  const violations = await watchViolations(page);
  const doc = await page.goto('/login');
  const csp = doc!.headers()['content-security-policy']!;
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(doc!.headers()['x-content-type-options']).toBe('nosniff');
  expect(doc!.headers()['referrer-policy']).toBe('same-origin');

  // The form's POST carries an Origin the CSRF check accepts under this Referrer-Policy.
  await page.getByLabel('Username').fill('issuer');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('navbar')).toBeVisible();

  // A demo job with results: summary and insights draw their charts (ECharts, MUI inline styles).
  const api = await apiAs('issuer');
  const jobId = (await demoJobWithResults(api, { timeoutMs: 200_000 })).id;
  await page.goto(`/jobs/${jobId}/summary`);
  await expect(page.locator('canvas, svg[data-zr-dom-id]').first()).toBeVisible({ timeout: 30_000 });
  await page.goto(`/jobs/${jobId}/insights`);
  await expect(page.locator('canvas, svg[data-zr-dom-id]').first()).toBeVisible({ timeout: 30_000 });
  await page.goto(`/jobs/${jobId}/printable/insights`);
  await expect(page.locator('[data-print-ready="true"], [data-print-error]')).toBeAttached({ timeout: 45_000 });
  await expect(page.locator('[data-print-error]')).toHaveCount(0);
  expect(await violations()).toEqual([]);

  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toBeVisible({ timeout: 30_000 });
  expect(await violations()).toEqual([]);
  await api.dispose();
});

test('an injected inline script does not run', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/login');
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    // An inline script runs synchronously when inserted, unless the policy blocks it.
    document.head.appendChild(s);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  // the violation report is an event dispatched after the insertion
  await expect.poll(async () => (await violations()).some((v) => /script-src/.test(v))).toBe(true);
});
