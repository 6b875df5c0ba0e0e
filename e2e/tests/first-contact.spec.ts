/**
 * First contact: a report export with title lines above the header is read from the header row the
 * detection found; the mapping step shows it, and choosing another row reads the file from there (and back).
 */
import { expect, test } from '@playwright/test';
import { apiAs, signIn } from './helpers.ts';

const REPORT = [
  'Supplier spend report FY2025',
  'Generated 2025-04-02 08:00 by AP team',
  '',
  'Vendor Name,Total Paid,Country',
  'Acme Industrial,"$1,000.00",US',
  'Brightline Freight,$500.00,US',
  'Total,"$1,500.00",',
  '',
].join('\n');

test('the mapping step shows the detected header row below title lines and reads the file from another row', async ({
  page,
}) => {
  const api = await apiAs('ptcoJobManager');
  const options = (await (await api.get('/api/v1/jobs/creation-options')).json()) as {
    issuerId: string;
    buyers: { id: string }[];
  }[];
  const issuer = options.find((o) => o.buyers.length > 0)!;
  const created = await api.post(
    `/api/v1/job-artifacts?${new URLSearchParams({ name: `E2E header row ${Date.now()}`, type: 'base', issuerId: issuer.issuerId, buyerId: issuer.buyers[0]!.id })}`,
    { data: {} },
  );
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };
  await api.dispose();

  await signIn(page, 'ptcoJobManager');
  await page.goto(`/jobs/${id}/workflow/base`);
  await page
    .getByTestId('file-input-job-file')
    .setInputFiles({ name: 'spend-report.csv', mimeType: 'text/csv', buffer: Buffer.from(REPORT) });
  await page.getByTestId('upload-submit').click();

  // Detected: the header on row 4, two suppliers, the Total line left out.
  await expect(page.getByTestId('header-row-info')).toHaveText('Header found on row 4.', { timeout: 30_000 });
  await expect(page.getByTestId('validation-report')).toContainText('2 of 3 rows valid');
  await expect(page.getByTestId('validation-report')).toContainText('1 totals row left out');
  await expect(page.getByTestId('mapping-supplierName')).toContainText('Vendor Name');
  await expect(page.getByTestId('preview-table')).toContainText('Brightline Freight');

  // Choose the title line as the header: the file is read from there, and says what is wrong.
  await page.getByTestId('layout-picker').getByRole('combobox', { name: 'Header row' }).click();
  await expect(page.getByTestId('header-row-4')).toContainText('detected');
  await page.getByTestId('header-row-1').click();
  await expect(page.getByTestId('header-row-info')).toHaveText('Header read from row 1 (detected: row 4).', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('validation-fatal')).toBeVisible();
  await expect(page.getByTestId('preview-table')).toContainText('Supplier spend report FY2025');

  // And back to the detected row.
  await page.getByTestId('layout-picker').getByRole('combobox', { name: 'Header row' }).click();
  await page.getByTestId('header-row-4').click();
  await expect(page.getByTestId('header-row-info')).toHaveText('Header found on row 4.', { timeout: 30_000 });
  await expect(page.getByTestId('validation-report')).toContainText('2 of 3 rows valid');
});
