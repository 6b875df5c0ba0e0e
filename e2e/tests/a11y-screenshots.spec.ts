import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE, signIn } from './helpers.ts';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const THEMES = ['paytech', 'mastercard', 'lloyds', 'test', 'hsbc'] as const;
const SIZES = [
  ['desktop', 1440, 900],
  ['phone', 390, 844],
] as const;

async function seriousViolations(page: Page) {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('accessibility (axe)', () => {
  test('login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
  // The profile and the dashboard of each theme are checked by the desktop screenshot test below (same sign-in).
});

/**
 * Each theme at desktop and phone size, compared with the committed baselines (e2e/tests/__screenshots__, made in
 * this environment with Debian's Chromium; `npx playwright test --config e2e/playwright.config.ts
 * a11y-screenshots --update-snapshots` after an intended change). The sign-in page and the 404 page inside the
 * signed-in frame are compared; the navigation (the user's name, counts) is masked. The dashboard and profile,
 * whose content follows the data, are saved to e2e/screenshots for a person to look at, not compared; at desktop
 * size they are also checked with axe (one sign-in per theme serves both).
 */
test.describe('screenshots of each theme', () => {
  for (const theme of THEMES) {
    for (const [size, width, height] of SIZES) {
      test(`${theme} ${size}`, async ({ page }) => {
        await page.setViewportSize({ width, height });
        const port = new URL(BASE).port;
        await page.goto(`http://${theme}.localhost:${port}/login`);
        await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
        // the branding (its login text, image and trust note) arrives after the form: compare the settled page
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        await expect(page).toHaveScreenshot(`${theme}-${size}-login.png`, { maxDiffPixelRatio: 0.01 });
        await page.addInitScript((t) => localStorage.setItem('sextant.themeOverride', t), theme);
        await signIn(page, 'sysAdmin');
        for (const p of ['/dashboard', '/profile']) {
          await page.goto(p);
          await expect(page.getByTestId('main-frame')).toHaveAttribute('data-theme', theme);
          if (p === '/dashboard') await expect(page.getByText('Welcome back')).toBeVisible();
          await page.waitForLoadState('networkidle');
          await page.screenshot({ path: path.join(shots, `${theme}-${size}${p.replace(/\//g, '-')}.png`) });
          // accessibility (axe) of the theme's profile and dashboard, at the desktop size the other specs use
          if (size === 'desktop') expect(await seriousViolations(page), `${theme} ${p}`).toEqual([]);
        }
        await page.goto('/404');
        await expect(page.getByTestId('main-frame')).toHaveAttribute('data-theme', theme);
        await page.waitForLoadState('networkidle');
        await expect(page).toHaveScreenshot(`${theme}-${size}-404.png`, {
          maxDiffPixelRatio: 0.01,
          mask: [page.getByTestId('navbar'), page.getByRole('banner')],
        });
      });
    }
  }
});
