/**
 * Tools area: a sysAdmin opens each tool from /tools — parses addresses, checks an address against the postcode
 * reference, imports a company register and finds a company with its officers, previews and sends a branded email
 * that then shows in the log. A ptcoJobManager (no Tools_Area_VIEW) is refused the area.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

test.describe('tools as sysAdmin', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'sysAdmin');
  });

  test('the landing page links to every tool', async ({ page }) => {
    await page.goto('/tools');
    for (const id of ['companiesHouse', 'sendEmail', 'aiAddressParser', 'addressValidator'])
      await expect(page.getByTestId(`tools-card-${id}`)).toBeVisible();
    await page.getByTestId('tools-card-aiAddressParser').click();
    await expect(page).toHaveURL(/\/tools\/ai-address-parser$/);
  });

  test('parses addresses into fields', async ({ page }) => {
    await page.goto('/tools/ai-address-parser');
    await page
      .getByTestId('parser-input')
      .fill('7500 S Martin Luther King Dr, Chicago, IL 60619\nHauptstraße 5a, 69117 Heidelberg');
    await page.getByTestId('parser-run').click();
    const table = page.getByTestId('parser-results');
    await expect(table.locator('tbody tr')).toHaveCount(2);
    const first = table.locator('tbody tr').first();
    await expect(first.locator('[data-field="street"]')).toHaveText('S Martin Luther King Dr');
    await expect(first.locator('[data-field="postcode"]')).toHaveText('60619');
    await expect(table.locator('tbody tr').nth(1).locator('[data-field="houseNumber"]')).toHaveText('5a');
    await expect(page.getByTestId('parser-engine')).toHaveText('Rule-based parser');
  });

  test('checks an address against the city ↔ postcode reference', async ({ page }) => {
    await page.goto('/tools/address-validator');
    await page.getByTestId('validator-city').fill('Los Angeles');
    await page.getByTestId('validator-postcode').fill('60606');
    await page.getByTestId('validator-country').getByRole('combobox').fill('United States');
    await page.getByRole('option', { name: 'United States (US)' }).click();
    await page.getByTestId('validator-check').click();
    await expect(page.getByTestId('validator-result')).toContainText('Postcode 60606 is in Chicago, not Los Angeles');
  });

  test('imports a register file and finds a company with its officers', async ({ page }) => {
    await page.goto('/tools/companies-house');
    const csv = [
      'number,name,status,address,incorporationDate,sic,officers',
      'E2E00001,Quayside Lantern Works Ltd,Active,"3 Quay St, Bristol BS1 4DB",2014-03-02,27400,"Ada Byrne (Director, appointed 2014-03-02)"',
    ].join('\n');
    await page
      .getByTestId('file-input-register')
      .setInputFiles({ name: 'register.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('register-import').click();
    await expect(page.getByTestId('notification').filter({ hasText: 'imported from register.csv' })).toBeVisible();
    await page.getByTestId('companies-search').fill('quayside lantern');
    const row = page.getByTestId('company-row').filter({ hasText: 'E2E00001' });
    await expect(row).toContainText('Quayside Lantern Works Ltd');
    await row.getByRole('button', { name: 'Officers' }).click();
    await expect(page.getByTestId('company-officers')).toContainText('Ada Byrne — Director (appointed 2014-03-02)');
  });

  test('previews and sends a branded email, then sees it in the log', async ({ page }) => {
    await page.goto('/tools/send-email');
    const to = `tools-e2e-${Date.now()}@example.com`;
    await page.getByTestId('email-users').getByRole('combobox').fill('Carl');
    await page.getByRole('option', { name: /Carl Bennett/ }).click();
    await page.getByTestId('email-addresses').fill(to);
    await page.getByTestId('email-subject').fill('Quarterly review');
    await page.getByTestId('email-body').fill('Hello {{name}},\n\nThe review is ready.');
    await page.getByTestId('email-preview').click();
    await expect(page.getByTestId('email-preview-subject')).toContainText('Quarterly review');
    await expect(page.frameLocator('[data-testid="email-preview-frame"]').locator('body')).toContainText(
      'Hello Carl Bennett',
    );
    await page.getByTestId('email-send').click();
    await expect(page.getByTestId('notification').filter({ hasText: '2 messages sent' })).toBeVisible();
    await expect(page.getByTestId('email-log')).toContainText(to);
  });
});

test('a ptcoJobManager has no Tools area', async ({ page }) => {
  await signIn(page, 'ptcoJobManager');
  await page.goto('/tools/ai-address-parser');
  await expect(page).toHaveURL(/\/401$/);
  const api = await page.request.post('/api/v1/tools/address-parser', { data: { addresses: ['1 Main St'] } });
  expect(api.status()).toBe(403);
});
