/**
 * Analysis admin — magic links — as sysAdmin, and the external upload-link flow: an administrator issues a link for
 * a job of its own, a person without an account opens it, uploads a file into the job and finishes; revoked links
 * are refused with their reason. Nothing here changes what another spec sees, so it runs in the `parallel` project.
 */
import { expect, test } from '@playwright/test';
import { apiAs, BASE, signIn } from './helpers.ts';

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
  expect(created.status(), await created.text()).toBe(200);
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
