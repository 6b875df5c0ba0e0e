import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

const PAGES = [
  ['/401', 'Access Error'],
  ['/404', 'Error'],
  ['/500', 'Server Error'],
  ['/503', 'Service Unavailable'],
] as const;

test.describe('error pages', () => {
  for (const [path, title] of PAGES) {
    test(`${path} shows ${title} signed out (minimal frame)`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      await expect(page.getByTestId('navbar')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
    });
  }

  test('signed-in error pages render inside the main frame', async ({ page }) => {
    await signIn(page, 'sysAdmin');
    await page.goto('/503');
    await expect(page.getByTestId('navbar')).toBeVisible();
    await expect(page.getByTestId('error-page-503')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to home page' })).toBeVisible();
  });

  test('unknown paths show the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('error-page-404')).toBeVisible();
  });

  test('lobby explains the eligibility reason', async ({ page }) => {
    await page.goto('/lobby?reason=UserEligibility');
    await expect(page.getByTestId('lobby')).toHaveAttribute('data-reason', 'UserEligibility');
    // the tab is titled from the page's own (auth) texts, which exist in every issuer language
    await expect(page).toHaveTitle(/^Your access is being set up/);
  });
});
