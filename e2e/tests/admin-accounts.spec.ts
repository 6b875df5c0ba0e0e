/**
 * Analysis admin — translations, magic links, merge linked accounts — as sysAdmin, and the external upload-link
 * flow: an administrator issues a link for a job, a person without an account opens it, uploads a file into the
 * job and finishes; revoked links are refused with their reason.
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

  // missing only: Spanish has no bundle
  await page.getByTestId('translations-language').locator('..').click();
  await page.getByRole('option', { name: /Spanish/ }).click();
  await page.getByTestId('translations-search').fill('');
  await page.getByTestId('translations-missing-only').click();
  await expect(page.getByTestId('translations-table')).toContainText('Not translated (English shown)');

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

test('magic links: issue an upload link, the external person uploads into the job, revoke refuses', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // uploads are inspected in DuckDB, which the demo jobs keep busy after start-up
  const stamp = Date.now().toString(36);
  const admin = await apiAs('sysAdmin');
  const options = (await (await admin.get('/api/v1/jobs/creation-options')).json()) as {
    issuerId: string;
    issuerName: string;
    buyers: { id: string }[];
  }[];
  const nb = options.find((o) => o.issuerName === 'Northbridge Bank')!;
  const jobName = `Upload link ${stamp}`;
  const created = await admin.post(
    `/api/v1/job-artifacts?name=${encodeURIComponent(jobName)}&type=base&issuerId=${nb.issuerId}&buyerId=${nb.buyers[0]!.id}`,
  );
  expect(created.ok()).toBeTruthy();
  const jobId = ((await created.json()) as { id: string }).id;

  await signIn(page, 'sysAdmin');
  await page.goto('/admin/analysis-admin/magic-links');
  await page.getByTestId('issue-upload-link').click();
  await page.getByTestId('upload-link-job').fill(jobName);
  await page.getByRole('option', { name: new RegExp(jobName) }).click();
  const email = `ap.${stamp}@acme.example`;
  await page.getByTestId('upload-link-email').fill(email);
  await page.getByTestId('upload-link-submit').click();
  const url = await page.getByTestId('created-link-url').inputValue();
  expect(url).toMatch(/\/upload#token=/);
  await page.getByTestId('created-link-close').click();
  const row = page.getByTestId(`magic-link-${email}`);
  await expect(row).toContainText(jobName);
  await expect(row).toContainText('Pending');
  await expect(page.getByTestId('magic-links-table')).not.toContainText(url.split('#token=')[1]!);

  // the external person: no account, no session
  const outside = await browser.newContext({ baseURL: BASE });
  const buyer = await outside.newPage();
  await buyer.goto(url.replace(/^https?:\/\/[^/]+/, BASE));
  await expect(buyer.getByTestId('upload-link-job')).toContainText(jobName);
  await buyer.getByTestId('file-input-upload-link').setInputFiles({
    name: 'suppliers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Vendor No;Vendor Name;City;Country;Annual Spend\nV1;Acme Ltd;London;GB;100\nV2;Beta GmbH;Berlin;DE;200\n',
    ),
  });
  await buyer.getByTestId('upload-link-send').click();
  // the file is checked and validated on upload (the demo jobs keep the machine busy meanwhile)
  await expect(buyer.getByTestId('upload-link-files')).toContainText('suppliers.csv', { timeout: 45_000 });
  await expect(buyer.getByTestId('upload-link-files')).toContainText('2 of 2 rows valid');
  // the link opens nothing else
  expect((await buyer.request.get(`/api/v1/jobs/${jobId}`)).status()).toBe(401);
  await buyer.getByTestId('upload-link-finish').click();
  await expect(buyer.getByTestId('upload-link-finished')).toBeVisible();
  await buyer.reload();
  await expect(buyer.getByTestId('upload-link-error')).toContainText('already been used');

  // the file is in the job; the holder is among the job's users as MagicLinkUser
  const job = (await (await admin.get(`/api/v1/jobs/${jobId}`)).json()) as { files: { originalName: string }[] };
  expect(job.files.map((f) => f.originalName)).toContain('suppliers.csv');
  const jobAdmin = (await (await admin.get(`/api/v1/job-artifacts/${jobId}/admin`)).json()) as {
    authorizedEndUsers: { username: string; connectionType: string }[];
  };
  expect(jobAdmin.authorizedEndUsers).toContainEqual({
    userId: expect.any(String),
    username: `upload-link:${email}`,
    connectionType: 'MagicLinkUser',
  });

  // a second link, revoked from the page: its holder is told so
  const second = await admin.post('/api/v1/magic-links/upload-links', { data: { jobId, email: `late.${email}` } });
  const secondUrl = ((await second.json()) as { url: string }).url;
  await page.reload();
  await page.getByTestId(`magic-link-late.${email}`).getByTestId('revoke-link').click();
  await page.getByTestId('confirm-revoke').click();
  await expect(page.getByTestId(`magic-link-late.${email}`)).toContainText('Revoked');
  const later = await outside.newPage();
  await later.goto(secondUrl.replace(/^https?:\/\/[^/]+/, BASE));
  await expect(later.getByTestId('upload-link-error')).toContainText('revoked');
  await outside.close();
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
