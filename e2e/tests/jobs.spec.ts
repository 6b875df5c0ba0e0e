/**
 * Jobs: a job manager creates a base job from a generated supplier file, checks the mapping and
 * preview, runs it to Ready, opens Details and Logs and shares it with a client, who then sees it in
 * Analysis Jobs; a user of another issuer gets /no-access; bad files show the server's message; a French file's
 * unreadable amount is named in the preview with the file's row count and spend, and a workbook's table is found
 * behind its cover page, another worksheet chosen in the preview.
 */
import { expect, test, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { apiAs, signIn } from './helpers.ts';

const SUPPLIERS = [
  'Acme Office Supplies Ltd',
  'Northwind Logistics',
  'Globex Industrial',
  'Initech Software',
  'Umbrella Facilities',
  'Stark Engineering',
  'Wayne Catering',
  'Hooli Cloud Services',
  'Vandelay Imports',
  'Soylent Foods',
  'Cyberdyne Systems',
  'Tyrell Components',
  'Wonka Confectionery',
  'Gringotts Finance',
  'Oceanic Freight',
  'Monarch Printing',
  'Pied Piper Data',
  'Dunder Mifflin Paper',
  'Sterling Cooper Media',
  'Bluth Construction',
  'Prestige Worldwide',
  'Massive Dynamic',
  'Aperture Labs',
  'Black Mesa Research',
  'Nakatomi Trading',
  'Duff Beverages',
  'Krusty Foods',
  'Planet Express',
  'Spacely Sprockets',
  'Cogswell Cogs',
];
const CITIES = [
  ['London', 'EC1A 1BB', 'GBR'],
  ['Manchester', 'M1 1AE', 'GBR'],
  ['Leeds', 'LS1 4AP', 'GBR'],
  ['New York', '10001', 'USA'],
  ['Chicago', '60601', 'USA'],
] as const;

/** 30 suppliers with names, addresses, countries and spend. */
function supplierCsv(): Buffer {
  const rows = SUPPLIERS.map((name, i) => {
    const [city, postcode, country] = CITIES[i % CITIES.length]!;
    return [
      name,
      `${10 + i} High Street`,
      city,
      postcode,
      country,
      (12_500 + i * 7_919.37).toFixed(2),
      String(5 + ((i * 13) % 200)),
    ].join(',');
  });
  return Buffer.from(
    ['Supplier Name,Address Line 1,City,Postcode,Country,Annual Spend,Invoice Count', ...rows].join('\n') + '\n',
  );
}

/** Types into the Autocomplete with this test id and picks the first option matching `text` (or the first one). */
async function pickOption(page: Page, testId: string, text?: string) {
  const input = page.getByTestId(testId).getByRole('combobox');
  await input.click();
  if (text) await input.fill(text);
  await page
    .getByRole('option', text ? { name: new RegExp(text, 'i') } : {})
    .first()
    .click();
}

test.describe.serial('jobs: create, run, share, isolate', () => {
  const jobName = `E2E suppliers ${Date.now()}`;
  let jobId = '';

  test('a job manager creates a base job, checks the mapping and runs it to Ready', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, 'ptcoJobManager');
    await page.goto('/jobs/loading');
    await expect(page.getByTestId('job-type-chooser')).toBeVisible();
    await page.getByTestId('job-type-base').getByRole('link').click();
    await expect(page).toHaveURL(/\/jobs\/create\/base$/);

    await pickOption(page, 'create-issuer', 'Northbridge');
    await pickOption(page, 'create-buyer');
    await page.getByTestId('create-name').fill(jobName);
    await page.getByTestId('create-submit').click();
    await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}\/workflow\/base$/);
    jobId = page.url().split('/jobs/')[1]!.split('/')[0]!;
    await expect(page.getByTestId('job-name')).toHaveText(jobName);

    // Upload the generated file and check the detected mapping, the preview and the validation report.
    await page
      .getByTestId('file-input-job-file')
      .setInputFiles({ name: 'suppliers.csv', mimeType: 'text/csv', buffer: supplierCsv() });
    await page.getByTestId('upload-submit').click();
    await expect(page.getByTestId('validation-report')).toContainText('30 of 30 rows valid', { timeout: 30_000 });
    await expect(page.getByTestId('mapping-supplierName')).toContainText('Supplier Name');
    await expect(page.getByTestId('mapping-supplierName')).toContainText('Required');
    await expect(page.getByTestId('mapping-country')).toContainText('Country');
    await expect(page.getByTestId('preview-table')).toContainText('Acme Office Supplies Ltd');

    await page.getByTestId('run-analysis').click();
    await expect(page).toHaveURL(new RegExp(`/jobs/loading/${jobId}$`));
    await expect(page.getByTestId('step-ingest')).toBeVisible();
    await expect(page.getByTestId('run-panel')).toHaveAttribute('data-status', 'Completed', { timeout: 90_000 });
    await expect(page.getByTestId('job-ready')).toBeVisible();
    for (const step of ['ingest', 'normalise', 'match', 'enrich', 'score', 'aggregate'])
      await expect(page.getByTestId(`step-${step}`)).toHaveAttribute('data-phase', 'done');
    await expect(page.getByTestId('open-results')).toBeVisible();
  });

  test('Details and Logs show the run; the job is shared with a client', async ({ page }) => {
    expect(jobId).not.toBe('');
    await signIn(page, 'ptcoJobManager');
    await page.goto(`/jobs/${jobId}/details`);
    await expect(page.getByTestId('job-details')).toBeVisible();
    await expect(page.getByTestId('run-1')).toContainText('Completed');
    await expect(page.getByTestId('details-owner')).toContainText('Jonas Meyer');
    // Tabs follow SPEC §2 labels; result tabs are the next issue's and say so.
    await expect(page.getByTestId('job-tab-details')).toHaveText('Details');
    await expect(page.getByTestId('job-tab-workflow/base')).toHaveText('Summary Upload');
    await expect(page.getByTestId('job-tab-workflow/advanced')).toHaveCount(0);

    await page.getByTestId('job-tab-logs').click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/logs$`));
    await expect(page.getByTestId('log-row').first()).toBeVisible();
    await expect(page.getByTestId('job-logs')).toContainText('suppliers.csv');

    // Analysis data: CSV with a header row and one row per supplier.
    await page.getByTestId('job-section-Output').click();
    await page.getByTestId('job-tab-analysis-data-download').click();
    const downloaded = async (kind: string) => {
      const section = page.getByTestId(`downloads-${kind}`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        section.getByTestId('download-csv').click(),
      ]);
      return new Promise<string>((resolve, reject) => {
        void download.createReadStream().then((s) => {
          const parts: Buffer[] = [];
          s.on('data', (c: Buffer) => parts.push(c));
          s.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
          s.on('error', reject);
        });
      });
    };
    const csv = await downloaded('analysis-data');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(31);
    expect(csv).toContain('Acme Office Supplies Ltd');
    // beside it, the onboarding data: the columns of the issuer's onboarding profile, the same suppliers
    const onboarding = (await downloaded('onboarding')).trim().split(/\r?\n/);
    expect(onboarding[0]).toBe('Supplier name,Country,Merchant ID,Card capability');
    expect(onboarding).toHaveLength(31);

    await page.goto(`/jobs/${jobId}/users`);
    await pickOption(page, 'assign-user', 'client');
    await page.getByTestId('assign-submit').click();
    await expect(page.getByTestId('job-user-client')).toContainText('Assigned');
    await page.goto(`/jobs/${jobId}/users/assigned`);
    await expect(page.getByTestId('job-user-client')).toBeVisible();
  });

  test('the assigned client sees the job in Analysis Jobs', async ({ page }) => {
    await signIn(page, 'client');
    await page.goto('/analysis');
    await expect(page.getByTestId('data-table')).toContainText(jobName);
    // The row's name is a real link (open in a new tab, copy the address): the job's address opens its first tab.
    const link = page.getByTestId('row-link').filter({ hasText: jobName });
    await expect(link).toHaveAttribute('href', `/jobs/${jobId}`);
    const tab = await page.context().newPage();
    await tab.goto(`/jobs/${jobId}`);
    await expect(tab).toHaveURL(new RegExp(`/jobs/${jobId}/summary$`));
    await tab.close();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/summary$`));
    // The client holds result accessors only: the admin tabs answer /no-access.
    await page.goto(`/jobs/${jobId}/details`);
    await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/no-access$`));
  });

  test('a user of another issuer never sees the job: its URLs answer /no-access', async ({ page }) => {
    await signIn(page, 'issuerPlus');
    await page.goto('/analysis');
    await expect(page.getByTestId('data-table')).not.toContainText(jobName);
    for (const tab of ['details', 'summary', 'logs']) {
      await page.goto(`/jobs/${jobId}/${tab}`);
      await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/no-access$`));
      // issuerPlus belongs to Meridian Trust, whose language is German.
      await expect(page.getByTestId('job-no-access')).toContainText('Sie haben keinen Zugriff auf diesen Auftrag');
    }
    await page.goto(`/jobs/loading/${jobId}`);
    await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/no-access$`));
  });
});

test('bad input: an empty file and a binary file show the server’s message', async ({ page }) => {
  const api = await apiAs('ptcoJobManager');
  const options = (await (await api.get('/api/v1/jobs/creation-options')).json()) as {
    issuerId: string;
    buyers: { id: string }[];
  }[];
  const issuer = options.find((o) => o.buyers.length > 0)!;
  const created = await api.post(
    `/api/v1/job-artifacts?${new URLSearchParams({ name: `E2E bad input ${Date.now()}`, type: 'base', issuerId: issuer.issuerId, buyerId: issuer.buyers[0]!.id })}`,
    { data: {} },
  );
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };

  await signIn(page, 'ptcoJobManager');
  await page.goto(`/jobs/${id}/workflow/base`);
  await page
    .getByTestId('file-input-job-file')
    .setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
  await page.getByTestId('upload-submit').click();
  await expect(page.getByTestId('upload-error')).toContainText('empty');

  await page.getByRole('button', { name: 'Remove empty.csv' }).click();
  await page.getByTestId('file-input-job-file').setInputFiles({
    name: 'suppliers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([0, 1, 2, 3, 255, 254, 0, 0, 9, 0, 0, 7]),
  });
  await page.getByTestId('upload-submit').click();
  await expect(page.getByTestId('upload-error')).toContainText('not a CSV or XLSX file');
  // Nothing was kept: the job still has no file and cannot run.
  await expect(page.getByTestId('run-analysis')).toHaveCount(0);
  await api.dispose();
});

/** A minimal XLSX (inline strings) with these worksheets, in tab order. */
async function workbook(sheets: { name: string; rows: (string | number)[][] }[]): Promise<Buffer> {
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const col = (i: number) => String.fromCharCode(65 + i);
  const zip = new JSZip();
  const ns = 'http://schemas.openxmlformats.org';
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  zip.file(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets>${sheets.map((s, i) => `<sheet name="${esc(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}</Relationships>`,
  );
  sheets.forEach((s, i) =>
    zip.file(
      `xl/worksheets/sheet${i + 1}.xml`,
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${s.rows
        .map(
          (r, ri) =>
            `<row r="${ri + 1}">${r
              .map((v, ci) =>
                typeof v === 'number'
                  ? `<c r="${col(ci)}${ri + 1}"><v>${v}</v></c>`
                  : `<c r="${col(ci)}${ri + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`,
              )
              .join('')}</row>`,
        )
        .join('')}</sheetData></worksheet>`,
    ),
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

test('amounts: the preview names an unreadable amount, shows the row count and spend, and reads the chosen worksheet', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const api = await apiAs('ptcoJobManager');
  const options = (await (await api.get('/api/v1/jobs/creation-options')).json()) as {
    issuerId: string;
    buyers: { id: string }[];
  }[];
  const issuer = options.find((o) => o.buyers.length > 0)!;
  const created = await api.post(
    `/api/v1/job-artifacts?${new URLSearchParams({ name: `E2E amounts ${Date.now()}`, type: 'base', issuerId: issuer.issuerId, buyerId: issuer.buyers[0]!.id })}`,
    { data: {} },
  );
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };
  await api.dispose();

  await signIn(page, 'ptcoJobManager');
  await page.goto(`/jobs/${id}/workflow/base`);
  // A French file: thousands grouped with (narrow) no-break spaces, decimal commas, one amount that is no number.
  const french = [
    'Nom du fournisseur;Ville;Pays;Montant',
    'Boulangerie Martin SARL;Lyon;FR;1\u202f234,56',
    'Transports Dubois SA;Lille;FR;980,00',
    'Cabinet Moreau;Paris;FR;N/A',
  ].join('\n');
  await page
    .getByTestId('file-input-job-file')
    .setInputFiles({ name: 'fournisseurs.csv', mimeType: 'text/csv', buffer: Buffer.from(french) });
  await page.getByTestId('upload-submit').click();
  const report = page.getByTestId('validation-report');
  await expect(report).toContainText('2 of 3 rows valid', { timeout: 30_000 });
  await expect(report).toContainText('1 row will not be used');
  const issues = report.getByRole('table', { name: 'Validation issues' });
  await expect(issues).toContainText('4');
  await expect(issues).toContainText('Montant');
  await expect(issues).toContainText('“N/A”');
  await expect(issues).toContainText('not an amount (no digits); row not used');
  await expect(page.getByTestId('file-totals')).toContainText('3 rows in the file');
  await expect(page.getByTestId('file-totals')).toContainText('total spend 2,214.56 without a currency');
  await page.getByTestId('file-fournisseurs.csv').getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(report).toHaveCount(0);

  // A workbook whose first sheet is a cover page: the table's sheet is read; the user can choose another.
  const xlsx = await workbook([
    { name: 'Cover', rows: [['Supplier spend 2024'], ['Prepared by', 'Group finance']] },
    {
      name: 'Suppliers',
      rows: [
        ['Vendor Name', 'City', 'Country', 'Annual Spend'],
        ['Harbour Logistics Ltd', 'Leeds', 'GB', 2500.25],
        ['Kestrel Print Ltd', 'York', 'GB', '1,234.50'],
      ],
    },
  ]);
  await page.getByTestId('file-input-job-file').setInputFiles({
    name: 'suppliers.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx,
  });
  await page.getByTestId('upload-submit').click();
  await expect(report).toContainText('2 of 2 rows valid', { timeout: 90_000 });
  await expect(page.getByTestId('file-totals')).toContainText('total spend 3,734.75');
  const sheet = page.getByTestId('layout-picker').getByRole('combobox').filter({ hasText: 'Worksheet:' });
  await expect(sheet).toContainText('Worksheet: Suppliers');
  await sheet.click();
  await page.getByRole('option', { name: 'Cover' }).click();
  await expect(page.getByTestId('validation-fatal')).toContainText('Supplier name', { timeout: 90_000 });
  await expect(sheet).toContainText('Worksheet: Cover');
  await sheet.click();
  await page.getByRole('option', { name: 'Suppliers' }).click();
  await expect(report).toContainText('2 of 2 rows valid', { timeout: 90_000 });
  await expect(page.getByTestId('run-analysis')).toBeVisible();
});
