/**
 * The system-wide states every signed-in page shows: maintenance (and the developers' bypass), read-only mode and the
 * version refresh notice. They change what every other spec sees, so this file runs in the `system` project.
 */
import { expect, test } from '@playwright/test';
import { apiAs, setSystemMode, signIn } from './helpers.ts';

const MAINTENANCE =
  'The system is currently offline for essential maintenance. Please check back again later. We apologize for any inconvenience';

test.describe('system states', () => {
  test('maintenance screen appears within 10 s and disappears after', async ({ page }) => {
    const admin = await apiAs('developer');
    try {
      await signIn(page, 'sysAdmin');
      await page.goto('/profile');
      await expect(page.getByTestId('main-frame')).toBeVisible();
      await setSystemMode(admin, 'Maintenance');
      await expect(page.getByTestId('maintenance-message')).toHaveText(MAINTENANCE, { timeout: 12_000 });
      await expect(page.getByTestId('maintenance-screen').getByRole('progressbar')).toHaveCount(0);
      await setSystemMode(admin, 'Live');
      await expect(page.getByTestId('main-frame')).toBeVisible({ timeout: 12_000 });
    } finally {
      await setSystemMode(admin, 'Live');
    }
  });

  test('developers bypass maintenance (SystemMaintenanceMode_IGNORE)', async ({ page }) => {
    const admin = await apiAs('developer');
    try {
      await setSystemMode(admin, 'Maintenance');
      await signIn(page, 'developer');
      await page.goto('/profile');
      await expect(page.getByTestId('main-frame')).toBeVisible();
      await expect(page.getByTestId('maintenance-bypass-banner')).toBeVisible();
    } finally {
      await setSystemMode(admin, 'Live');
    }
  });

  test('read-only mode shows a banner', async ({ page }) => {
    const admin = await apiAs('developer');
    try {
      await signIn(page, 'issuer');
      await page.goto('/profile');
      await setSystemMode(admin, 'ReadOnly');
      await expect(page.getByTestId('read-only-banner')).toBeVisible({ timeout: 12_000 });
    } finally {
      await setSystemMode(admin, 'Live');
    }
  });

  test("version refresh notice with countdown, Don't Refresh", async ({ page }) => {
    const admin = await apiAs('developer');
    await signIn(page, 'sysAdmin');
    // the page must know the current timestamp before it changes
    const known = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/system-data/app-timestamp') && r.request().method() === 'GET' && r.ok(),
    );
    await page.goto('/dashboard');
    await expect(page.getByTestId('main-frame')).toBeVisible();
    await known;
    const res = await admin.post('/api/v1/system-data/app-timestamp', { data: {} });
    expect(res.ok()).toBeTruthy();
    await page.getByTestId('navbar').getByTestId('nav-tools').click();
    const notice = page.getByTestId('notification').filter({ hasText: 'refresh automatically' });
    await expect(notice).toContainText('The app will refresh automatically in 1 minute.');
    await expect(notice).toContainText(/in 5\d seconds/, { timeout: 5_000 });
    await notice.getByRole('button', { name: "Don't Refresh" }).click();
    await expect(notice).toHaveCount(0);
    await expect(page).toHaveURL(/\/tools$/);
  });
});
