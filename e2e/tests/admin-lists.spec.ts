/**
 * Administration of extra permissions, issuer members and supplier lists, end to end: a sysAdmin grants a user
 * extra permissions and the user can then open a page they could not; adds a member to an issuer; uploads a
 * supplier exclude list and sees its entries. Every change is undone at the end so other specs see the demo data.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, signIn } from './helpers.ts';

async function userId(api: APIRequestContext, username: string): Promise<string> {
  const res = await api.get('/api/v1/users');
  const users = (await res.json()) as { id: string; username: string }[];
  return users.find((u) => u.username === username)!.id;
}
async function issuerId(api: APIRequestContext, issuerKey: string): Promise<string> {
  const res = await api.post('/api/v1/issuers/get', { data: { pageSize: 100 } });
  const { collection } = (await res.json()) as { collection: { id: string; issuerKey: string }[] };
  return collection.find((i) => i.issuerKey === issuerKey)!.id;
}

test('granting an extra permission changes what the user can open', async ({ page, browser }) => {
  const admin = await apiAs('sysAdmin');
  const amId = await userId(admin, 'accountManager');
  try {
    // The account manager cannot open the issuer manager yet.
    const amContext = await browser.newContext();
    const am = await amContext.newPage();
    await signIn(am, 'accountManager');
    await am.goto('/admin/issuer-manager');
    await expect(am).toHaveURL(/\/401/);

    // The sysAdmin grants IssuerArea_VIEW and Issuer_View as extra permissions; DevArea_CRUD is not theirs to give.
    await signIn(page, 'sysAdmin');
    await page.goto(`/admin/users/${amId}`);
    const extra = page.getByTestId('extra-permissions');
    await extra.getByRole('combobox').fill('DevArea');
    await expect(page.getByRole('option', { name: /DevArea_CRUD/ })).toHaveAttribute('aria-disabled', 'true');
    await extra.getByRole('combobox').fill('IssuerArea_VIEW');
    await page.getByRole('option', { name: /^IssuerArea_VIEW/ }).click();
    await extra.getByRole('combobox').fill('Issuer_View');
    await page.getByRole('option', { name: /^Issuer_View/ }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('save-extra-permissions').click();
    await expect(page.getByText('Extra permissions saved')).toBeVisible();
    await expect(page.getByTestId('save-extra-permissions')).toBeDisabled();

    // The account manager now opens the issuer manager and sees their issuer.
    await am.goto('/admin/issuer-manager');
    await expect(am.getByText('Pacific Commerce Bank')).toBeVisible();
    await amContext.close();
  } finally {
    await admin.put(`/api/v1/users/${amId}/extra-permissions`, { data: { permissions: [] } });
    await admin.dispose();
  }
});

test('a sysAdmin adds a member to an issuer', async ({ page }) => {
  const admin = await apiAs('sysAdmin');
  const pacific = await issuerId(admin, 'pacific');
  const testerId = await userId(admin, 'tester');
  try {
    await signIn(page, 'sysAdmin');
    await page.goto(`/admin/issuer-manager/${pacific}/users`);
    await page.getByTestId('add-member-user').getByRole('combobox').fill('tester');
    await page.getByRole('option', { name: /\(tester\)/ }).click();
    await page.getByTestId('add-member-role').click();
    await page.getByRole('option', { name: 'Manager' }).click();
    await page.getByTestId('add-member-submit').click();
    await expect(page.getByTestId('member-tester')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Role of tester' })).toHaveText('Manager');
  } finally {
    await admin.delete(`/api/v1/issuers/${pacific}/members/${testerId}`);
    await admin.dispose();
  }
});

test('uploading an exclude list shows its entries; a file without a name column is refused', async ({ page }) => {
  const admin = await apiAs('sysAdmin');
  const meridian = await issuerId(admin, 'meridian');
  try {
    await signIn(page, 'sysAdmin');
    await page.goto(`/admin/issuer-manager/${meridian}`);
    await page.getByTestId('supplier-tab-exclude').click();
    const panel = page.getByTestId('supplier-list-exclude');
    const input = panel.getByTestId('file-input-supplier-list-exclude');
    await input.setInputFiles({
      name: 'wrong.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Country,Amount\nGB,10\n'),
    });
    await page.getByTestId('supplier-upload-submit-exclude').click();
    await expect(panel.getByText(/has no supplier name column/)).toBeVisible();
    await panel.getByRole('button', { name: 'Remove wrong.csv' }).click();
    await input.setInputFiles({
      name: 'exclude.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Supplier Name,Supplier ID\nAcme Widgets Ltd,A-1\nGlobex Corporation,G-7\n'),
    });
    await page.getByTestId('supplier-upload-submit-exclude').click();
    await expect(panel.getByRole('cell', { name: 'Acme Widgets Ltd', exact: true })).toBeVisible();
    await expect(panel.getByRole('cell', { name: 'Globex Corporation', exact: true })).toBeVisible();
    await expect(panel.getByRole('cell', { name: 'acme widgets', exact: true })).toBeVisible();
    await expect(page.getByTestId('supplier-tab-exclude')).toContainText('2');
    await expect(page.getByText('Supplier exclude list', { exact: true }).locator('..')).toContainText('Yes');
  } finally {
    await admin.delete(`/api/v1/issuers/${meridian}/supplier-lists/exclude`);
    await admin.dispose();
  }
});
