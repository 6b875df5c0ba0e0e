/**
 * Trust model in the browser (DESIGN §6): the role switcher offers only roles within the user's own (a switch
 * narrows), and the user page shows whether a user is internal staff — a switch for an internal administrator,
 * plain text on their own account.
 */
import { expect, test } from '@playwright/test';
import { apiAs, signIn } from './helpers.ts';

test('a sysAdmin can switch only to narrower roles, and back', async ({ page }) => {
  await signIn(page, 'sysAdmin');
  await page.goto('/');
  await page.getByTestId('role-switcher').click();
  const dialog = page.getByRole('dialog', { name: 'Switch roles' });
  await dialog.getByRole('button', { name: 'Open' }).click();
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option', { name: 'Issuer', exact: true })).toBeVisible();
  await expect(listbox.getByRole('option', { name: 'Job Manager' })).toBeVisible();
  await expect(listbox.getByRole('option', { name: 'Developer' })).toHaveCount(0);
  await expect(listbox.getByRole('option', { name: 'Tester' })).toHaveCount(0);
  // Choose Issuer alone.
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await dialog.getByRole('combobox').fill('Issuer');
  await page.getByRole('option', { name: 'Issuer', exact: true }).click();
  await dialog.getByRole('heading', { name: 'Switch roles' }).click();
  await expect(dialog.getByRole('button', { name: 'Issuer', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Switch roles' }).click();
  await expect(page.getByTestId('role-switcher')).toHaveText(/Switched roles/);
  const me = await (await page.request.get('/api/v1/auth/me')).json();
  expect(me.permissions).not.toContain('User_CRUD');
  expect(me.permissions).not.toContain('DevArea_CRUD');
  await page.getByTestId('role-switcher').click();
  await page.getByRole('button', { name: 'Restore my roles' }).click();
  await expect(page.getByTestId('role-switcher')).toHaveText(/^Roles$/);
});

test('the user page shows internal staff; an internal administrator can change it, not on themselves', async ({
  page,
}) => {
  const { user } = await signIn(page, 'sysAdmin');
  const api = await apiAs('sysAdmin');
  const users = (await (await api.get('/api/v1/users')).json()) as { id: string; username: string }[];
  const client = users.find((u) => u.username === 'client')!;

  await page.goto(`/admin/users/${client.id}`);
  const field = page.getByTestId('user-internal');
  const toggle = field.getByRole('switch', { name: 'Internal staff' });
  await expect(toggle).not.toBeChecked();
  await expect(field).toContainText('No — sees only their issuers');
  // The switch shows the saved state: it flips once the server has changed it.
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(field).toContainText('Yes — sees every issuer');
  expect(((await (await api.get(`/api/v1/users/${client.id}`)).json()) as { isInternal: boolean }).isInternal).toBe(
    true,
  );
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(field).toContainText('No — sees only their issuers');

  await page.goto(`/admin/users/${user.id}`);
  await expect(page.getByTestId('user-internal')).toContainText('Yes — sees every issuer');
  await expect(page.getByTestId('user-internal').getByRole('switch')).toHaveCount(0);
});
