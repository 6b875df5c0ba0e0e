/**
 * Issue #33 item 3: permissions that gate. A reader (readOnly role) opens translations read-only; a tester runs the
 * end-to-end test run from DevOps; an administrator deletes a user after a confirmation naming what goes.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiAs, BASE, signIn } from './helpers.ts';

const shots = path.join(import.meta.dirname, '..', 'screenshots'); // for a person to look at, not compared

test('the readOnly role opens translations read-only: list and export, no import, no editing', async ({ page }) => {
  await signIn(page, 'sysAdmin');
  const switched = await page.request.post('/api/v1/auth/switch-roles', {
    data: { roles: ['readOnly'] },
    headers: { Origin: BASE },
  });
  expect(switched.ok(), await switched.text()).toBeTruthy();
  await page.goto('/admin/analysis-admin/translations');
  await expect(page.getByTestId('translations-read-only')).toBeVisible();
  await expect(page.getByTestId('translations-export')).toBeVisible();
  await expect(page.getByTestId('translations-import')).toHaveCount(0);
  await expect(page.getByTestId('translations-table').locator('tbody tr').first()).toBeVisible();
  await page.getByTestId('translations-table').locator('tbody tr').first().click();
  await expect(page.getByTestId('translation-override-input')).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'translations-read-only.png') });
  const back = await page.request.post('/api/v1/auth/switch-roles', {
    data: { roles: ['sysAdmin'] },
    headers: { Origin: BASE },
  });
  expect(back.ok()).toBeTruthy();
});

test('a tester runs the end-to-end test run; a system administrator is not offered it', async ({ browser }) => {
  const tester = await browser.newPage();
  await signIn(tester, 'tester');
  await tester.goto('/devops');
  await tester.getByTestId('e2e-run').click();
  await expect(tester.getByTestId('e2e-run-result')).toBeVisible({ timeout: 60_000 });
  await tester.close();
  const admin = await browser.newPage();
  await signIn(admin, 'sysAdmin');
  await admin.goto('/devops');
  await expect(admin.getByTestId('devops-landing')).toBeVisible();
  await expect(admin.getByTestId('e2e-run')).toHaveCount(0);
  await admin.close();
});

test('an administrator deletes a user after a confirmation naming what goes', async ({ page }) => {
  const api = await apiAs('sysAdmin');
  const stamp = Date.now();
  const created = await api.post('/api/v1/users', {
    data: { username: `e2e-delete-${stamp}`, email: `e2e-delete-${stamp}@pacific.example`, displayName: 'Dora Delete' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };
  await api.dispose();

  await signIn(page, 'sysAdmin');
  await page.goto(`/admin/users/${id}`);
  await page.getByTestId('delete-user').click();
  const dialog = page.getByTestId('delete-user-dialog');
  await expect(dialog).toContainText('Delete Dora Delete?');
  await expect(page.getByTestId('delete-user-items')).toContainText(`e2e-delete-${stamp}@pacific.example`);
  await expect(dialog).toContainText('deleted user #');
  await page.screenshot({ path: path.join(shots, 'user-delete-dialog.png') });
  await page.getByTestId('delete-user-confirm').click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  const after = await page.request.get(`/api/v1/users/${id}`);
  expect(((await after.json()) as { email: { email: string | null } }).email.email).toBeNull();
});
