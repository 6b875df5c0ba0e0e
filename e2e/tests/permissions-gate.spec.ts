/**
 * Issue #33 item 3: permissions that gate. A reader (readOnly role) opens translations read-only; a tester runs the
 * end-to-end test run from DevOps; an administrator deletes a user after a confirmation naming what goes; the job
 * type switcher on job creation needs JobTypeTabSwitcherAccessor.
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

test('the job type switcher on job creation needs JobTypeTabSwitcherAccessor', async ({ page, browser }) => {
  // with it (the job manager's accessor roles): the creatable types as tabs
  await signIn(page, 'ptcoJobManager');
  await page.goto('/jobs/create/base');
  await expect(page.getByTestId('job-type-switcher')).toBeVisible();
  // a new job manager with the role and the three upload accessor roles, not the switcher's: the same page without it
  const stamp = Date.now().toString(36);
  const email = `switcher.${stamp}@staff.example`;
  const admin = await apiAs('sysAdmin');
  const dev = await apiAs('developer');
  const created = await admin.post('/api/v1/users', {
    data: { username: `switcher-${stamp}`, email, givenName: 'Sam', surname: 'Switcher' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = ((await created.json()) as { id: string }).id;
  try {
    expect((await dev.put(`/api/v1/users/${id}/internal`, { data: { isInternal: true } })).ok()).toBeTruthy();
    const roles = await dev.post(`/api/v1/authorization/${id}/user-roles`, {
      data: {
        roles: [
          'ptcoJobManager',
          'JobSummaryUploadAccessor',
          'JobMatchedDataOnlyUploadAccessor',
          'JobConsultantUploadAccessor',
        ],
      },
    });
    expect(roles.ok(), await roles.text()).toBeTruthy();
    expect((await admin.post('/api/v1/users/invite', { form: { id } })).ok()).toBeTruthy();
    const [mail] = (await (await dev.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}&limit=50`)).json()) as {
      text: string;
    }[];
    const token = /\/login\/magic\?token=([\w%-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token, mail?.text).toBeTruthy();
    const context = await browser.newContext({ baseURL: BASE });
    const other = await context.newPage();
    const signedIn = await other.request.post('/api/v1/auth/magic-link/verify', {
      data: { token: decodeURIComponent(token!) },
      headers: { Origin: BASE },
    });
    expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
    await other.goto('/jobs/create/base');
    await expect(other.getByTestId('create-name')).toBeVisible();
    await expect(other.getByTestId('job-type-switcher')).toHaveCount(0);
    await context.close();
  } finally {
    await dev.delete(`/api/v1/users/${id}`);
    await admin.dispose();
    await dev.dispose();
  }
});
