/**
 * Analysis admin — translations and merge linked accounts — as sysAdmin. Both change what every other spec sees
 * (the login page's texts, the demo tester's accounts), so this file runs in the `system` project; the magic links
 * page and the external upload-link flow, which only touch a job of their own, are in magic-links.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { apiAs, BASE, signIn } from './helpers.ts';

test('translations: an override is validated, saved and live on the login page without a rebuild; CSV import reports rows', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'sysAdmin');
  await page.goto('/admin/analysis-admin/translations');
  await page.getByTestId('translations-search').fill('auth:login.sso');
  const row = page.getByTestId('translation-row-auth:login.sso');
  await expect(row).toContainText('Sign in with {{name}}');
  await row.click();
  const input = page.getByTestId('translation-override-input');
  await input.fill('Weiter mit {{nom}}');
  await page.getByTestId('translation-save').click();
  await expect(page.getByText(/uses the placeholder \{\{nom\}\}/)).toBeVisible();
  // markup is refused while typing, by the same check as the server's 400 (issue 31)
  await input.fill('<img src=x onerror=alert(1)> {{name}}');
  await expect(
    page.getByText('The override contains markup (<img src=x onerror=alert(1)>)', { exact: false }),
  ).toBeVisible();
  await expect(page.getByTestId('translation-save')).toBeDisabled();
  await input.fill('Weiter mit {{name}} (SSO)');
  await page.getByTestId('translation-save').click();
  await expect(row).toContainText('Weiter mit {{name}} (SSO)');

  // the German bundle's "Sign in" button text, overridden: a German browser sees it at once
  await page.getByTestId('translations-search').fill('auth:login.submit');
  await page.getByTestId('translation-row-auth:login.submit').click();
  await page.getByTestId('translation-override-input').fill('Jetzt anmelden');
  await page.getByTestId('translation-save').click();
  await expect(page.getByTestId('translation-row-auth:login.submit')).toContainText('Jetzt anmelden');
  const german = await browser.newContext({ locale: 'de-DE', baseURL: BASE });
  const visitor = await german.newPage();
  await visitor.goto('/login');
  await expect(visitor.getByRole('button', { name: 'Jetzt anmelden' })).toBeVisible({ timeout: 30_000 });
  await german.close();

  // missing only: every issuer language is bundled complete, so nothing is missing in Spanish
  await page.getByTestId('translations-language').locator('..').click();
  await page.getByRole('option', { name: /Spanish/ }).click();
  await page.getByTestId('translations-search').fill('');
  await page.getByTestId('translations-missing-only').click();
  await expect(page.getByTestId('translations-table')).toContainText('No strings match.');
  await page.getByTestId('translations-missing-only').click();
  // Polish has plural forms English lacks: each is a row of its own, with its bundled text
  await page.getByTestId('translations-language').locator('..').click();
  await page.getByRole('option', { name: /Polish/ }).click();
  await page.getByTestId('translations-search').fill('jobs:workflow.uploadFiles');
  await expect(page.getByTestId('translation-row-jobs:workflow.uploadFiles_few')).toContainText('{{count}}');
  await expect(page.getByTestId('translation-row-jobs:workflow.uploadFiles_many')).toBeVisible();

  // an invalid import names each row and changes nothing
  await page.getByTestId('translations-import-file').setInputFiles({
    name: 'translations.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('language,namespace,key,override\nde,auth,login.nope,X\nxx,auth,login.sso,Y\n'),
  });
  const errors = page.getByTestId('translations-import-errors');
  await expect(errors).toContainText('row 2');
  await expect(errors).toContainText('Unknown key "login.nope"');
  await expect(errors).toContainText('row 3');
  await page.getByTestId('translations-import-file').setInputFiles({
    name: 'translations.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('language,namespace,key,override\nde,auth,login.submit,\nde,auth,login.sso,\n'),
  });
  await expect(page.getByTestId('translations-import-result')).toContainText('2 removed');
});

test('merge linked accounts: the SSO twin of the demo tester is previewed and merged', async ({ page }) => {
  await signIn(page, 'sysAdmin');
  await page.goto('/admin/analysis-admin/merge-linked-accounts');
  const group = page.getByTestId('linked-group-tester@sextant.example');
  await expect(group).toContainText('tomas.berg@sso');
  await expect(group).toContainText('Sextant SSO');
  await group.getByRole('radio', { name: 'Keep tester' }).check();
  await group.getByRole('radio', { name: 'Merge tomas.berg@sso away' }).check();
  await group.getByTestId('merge-preview').click();
  const panel = page.getByTestId('merge-preview-panel');
  await expect(panel).toContainText('tomas.berg@sso will be merged into tester');
  await expect(panel).toContainText('readOnly');
  await page.getByTestId('merge-confirm').click();
  await expect(page.getByText('Accounts merged')).toBeVisible();
  await expect(group.getByTestId('linked-account-tomas.berg@sso')).toContainText('deactivated');
  const admin = await apiAs('sysAdmin');
  const audit = await admin.post('/api/v1/system-audit-logs/get', {
    data: {
      pageSize: 5,
      filters: { filterItems: [{ propertyName: 'action', itemComparisonOperator: 'Equal', itemValue: 'user.merge' }] },
    },
  });
  expect(audit.ok()).toBeTruthy();
  expect(JSON.stringify(await audit.json())).toContain('tomas.berg@sso');
});
