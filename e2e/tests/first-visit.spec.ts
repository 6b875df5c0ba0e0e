/**
 * Issue #33 item 5, the first visit: every navbar page as each demo role, on the demo seed. A page fails the sweep
 * when it shows an error notification, logs a console error, or gets an API answer of 400 or more that is not one
 * of the expected ones (a 409 from global insights while they are computed leads to the loading page). One test
 * per role, every page of its navbar in turn.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

const ROLES = [
  'issuer',
  'client',
  'issuerPlus',
  'accountManager',
  'ptcoJobManager',
  'sysAdmin',
  'tester',
  'developer',
  'campaignManager',
] as const;

/** API answers that are part of a page's normal flow, not errors. */
const EXPECTED = [{ status: 409, url: /\/api\/v1\/global-insights\// }];

async function navHrefs(page: Page): Promise<string[]> {
  const nav = page.getByTestId('navbar');
  await expect(nav).toBeVisible();
  const hrefs = await nav
    .locator('[data-testid^="nav-"][href]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/')))];
}

for (const role of ROLES) {
  test(`first visit as ${role}: every navbar page opens without an error`, async ({ page }) => {
    test.setTimeout(240_000);
    const problems: string[] = [];
    let current = '';
    page.on('console', (m) => {
      // the browser logs every answer of 400 or more as "Failed to load resource" without its address: the response
      // handler below reports those, with the address, and lets the expected ones through
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
        problems.push(`${current}: console error: ${m.text().slice(0, 200)}`);
    });
    page.on('response', (r) => {
      const url = r.url();
      if (r.status() < 400) return;
      if (EXPECTED.some((e) => e.status === r.status() && e.url.test(url))) return;
      problems.push(`${current}: ${r.request().method()} ${new URL(url).pathname} answered ${r.status()}`);
    });
    await signIn(page, role);
    await page.goto('/');
    const hrefs = await navHrefs(page);
    expect(hrefs.length, `${role} has navbar pages`).toBeGreaterThan(0);
    for (const href of hrefs) {
      current = href;
      await page.goto(href);
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      await expect(page.getByTestId('navbar')).toBeVisible();
      const errors = page.locator('[data-testid="notification"][data-severity="error"]');
      if (await errors.count())
        problems.push(`${href}: error notification: ${(await errors.first().innerText()).slice(0, 200)}`);
    }
    expect(problems, `${role}: ${hrefs.join(', ')}`).toEqual([]);
  });
}
