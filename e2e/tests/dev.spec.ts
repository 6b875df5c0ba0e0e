/**
 * Dev area as a developer: the landing page with the email outbox, debug logging raised and ended, a CSV anonymised
 * and downloaded with consistent pseudonyms, the typed confirmation of the development-only pages (not run here:
 * they would change the data other specs use; the API tests run them). A sysAdmin is refused the area.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

test.describe('dev area as developer', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'developer');
  });

  test('the landing page links to each page and shows the outbox', async ({ page }) => {
    await page.goto('/dev');
    for (const id of ['examples', 'debugLogging', 'layouts', 'anonymizeCsv', 'resetAllJobs', 'databaseAnonymizer'])
      await expect(page.getByTestId(`dev-card-${id}`)).toBeVisible();
    await expect(page.getByText('Email outbox')).toBeVisible();
    await page.getByTestId('dev-card-layouts').click();
    await expect(page.getByTestId('dev-layouts')).toBeVisible();
  });

  test('raises the log level for a while and ends it', async ({ page }) => {
    await page.goto('/dev/exercise/debug-logging');
    await page.getByTestId('debug-minutes').fill('5');
    await page.getByTestId('debug-start').click();
    await expect(page.getByTestId('debug-state')).toContainText('The server logs at debug until');
    await page.getByTestId('debug-end').click();
    await expect(page.getByTestId('debug-state')).toContainText('The server logs at warn.');
  });

  test('anonymises a CSV with consistent pseudonyms', async ({ page }) => {
    await page.goto('/dev/tools/anonymize-csv');
    const csv = 'Supplier Name,City,Amount\nAcme Ltd,Leeds,10\nAcme Ltd,York,20\n';
    await page
      .getByTestId('file-input-anonymize')
      .setInputFiles({ name: 'spend.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByTestId('anonymize-columns')).toContainText('Supplier Name');
    const download = page.waitForEvent('download');
    await page.getByTestId('anonymize-run').click();
    const file = readFileSync((await (await download).path())!, 'utf8')
      .trim()
      .split('\n');
    expect(file[0]).toBe('Supplier Name,City,Amount');
    expect(file[1]).toBe('Company 0001,City 1,10');
    expect(file[2]).toBe('Company 0001,City 2,20');
  });

  test('the development-only pages need the typed confirmation', async ({ page }) => {
    await page.goto('/dev/tools/reset-all-jobs');
    await expect(page.getByTestId('danger-run')).toBeDisabled();
    await page.getByTestId('danger-confirm').fill('RESET');
    await expect(page.getByTestId('danger-run')).toBeEnabled();
    await page.goto('/dev/tools/database-anonymizer');
    await page.getByTestId('danger-confirm').fill('RESET');
    await expect(page.getByTestId('danger-run')).toBeDisabled();
  });
});

test('a sysAdmin is refused the Dev area', async ({ page }) => {
  await signIn(page, 'sysAdmin');
  await page.goto('/dev/exercise/debug-logging');
  await expect(page).toHaveURL(/\/401$/);
  expect((await page.request.get('/api/v1/dev/debug-logging')).status()).toBe(403);
});
