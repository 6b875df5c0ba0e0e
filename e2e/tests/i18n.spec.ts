/**
 * UI language: the shell follows the signed-in user's issuer language. issuerPlus belongs to
 * Meridian Trust (German); issuer belongs to Northbridge Bank (English).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { apiAs, navLabels, signIn } from './helpers.ts';

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const LOCALES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'src', 'locales');

test('issuerPlus sees the German shell; issuer sees English', async ({ browser }) => {
  const deContext = await browser.newContext();
  const de = await deContext.newPage();
  await signIn(de, 'issuerPlus');
  await de.goto('/profile');
  await expect(de.locator('html')).toHaveAttribute('lang', 'de');
  await expect(de.getByTestId('page-header')).toHaveText('Profil');
  await expect.poll(() => navLabels(de)).toContain('Analyseaufträge');
  const deLabels = await navLabels(de);
  expect(deLabels).toEqual(expect.arrayContaining(['Analyseaufträge', 'Globale Einblicke', 'Lieferantensuche']));
  expect(deLabels).not.toContain('Analysis Jobs');
  await expect(de.getByTestId('profile-system-roles')).toContainText('Systemrollen');
  await de.getByTestId('user-button').click();
  await expect(de.getByRole('menuitem', { name: 'Abmelden' })).toBeVisible();
  await deContext.close();

  const enContext = await browser.newContext();
  const en = await enContext.newPage();
  await signIn(en, 'issuer');
  await en.goto('/profile');
  await expect(en.locator('html')).toHaveAttribute('lang', 'en');
  await expect(en.getByTestId('page-header')).toHaveText('Profile');
  const enLabels = await navLabels(en);
  expect(enLabels).toEqual(expect.arrayContaining(['Analysis Jobs', 'Global Insights', 'Vendor Lookup']));
  expect(enLabels).not.toContain('Analyseaufträge');
  await en.getByTestId('user-button').click();
  await expect(en.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await enContext.close();
});

/**
 * The admin and job pages follow the language too. ptcoJobManager (admin pages, job creation, no issuer) joins
 * Meridian Trust (German) for the test; the job and the membership are removed at the end.
 */
test('a German user sees German admin and job pages', async ({ browser }) => {
  const admin = await apiAs('sysAdmin');
  const users = (await (await admin.get('/api/v1/users')).json()) as { id: string; username: string }[];
  const pmId = users.find((u) => u.username === 'ptcoJobManager')!.id;
  const issuersRes = await admin.post('/api/v1/issuers/get', { data: { pageSize: 100 } });
  const { collection } = (await issuersRes.json()) as { collection: { id: string; issuerKey: string }[] };
  const meridian = collection.find((i) => i.issuerKey === 'meridian')!.id;
  const added = await admin.post(`/api/v1/issuers/${meridian}/members`, {
    data: { userId: pmId, memberRole: 'Member', isDomainUser: false },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  let jobId: string | null = null;
  try {
    const pm = await apiAs('ptcoJobManager');
    const options = (await (await pm.get('/api/v1/jobs/creation-options')).json()) as {
      issuerId: string;
      buyers: { id: string }[];
    }[];
    const issuer = options.find((o) => o.buyers.length > 0)!;
    const created = await pm.post(
      `/api/v1/job-artifacts?${new URLSearchParams({ name: `E2E i18n ${Date.now()}`, type: 'base', issuerId: issuer.issuerId, buyerId: issuer.buyers[0]!.id })}`,
      { data: {} },
    );
    expect(created.ok(), await created.text()).toBeTruthy();
    jobId = ((await created.json()) as { id: string }).id;
    await pm.dispose();

    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, 'ptcoJobManager');

    await page.goto('/admin/buyer-manager');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: 'Käufer anlegen' })).toBeVisible();
    await expect(page.getByTestId('data-table')).toContainText('Erstellt von');
    await expect(page.getByText('Create buyer')).toHaveCount(0);

    await page.goto('/admin/issuer-manager');
    await expect(page.getByTestId('data-table')).toContainText('Emittentenschlüssel');

    await page.goto(`/jobs/${jobId}/workflow/base`);
    await expect(page.getByTestId('uploader')).toContainText('Lieferantendatei hochladen');
    await expect(page.getByTestId('creation-stepper')).toContainText('Dateien hochladen');
    await expect(page.getByTestId('job-status')).toHaveText('Entwurf');
    await expect(page.getByTestId('job-tabs')).toContainText('Zusammenfassungs-Upload');

    await page.goto(`/jobs/${jobId}/details`);
    await expect(page.getByTestId('job-details')).toContainText('Laufhistorie');
    await expect(page.getByTestId('job-details')).not.toContainText('Run history');
    await context.close();
  } finally {
    if (jobId) await admin.delete(`/api/v1/jobs/${jobId}`);
    const removed = await admin.delete(`/api/v1/issuers/${meridian}/members/${pmId}`);
    expect(removed.ok(), await removed.text()).toBeTruthy();
  }

  // Back in English once the membership is gone.
  const enContext = await browser.newContext();
  const en = await enContext.newPage();
  await signIn(en, 'ptcoJobManager');
  await en.goto('/admin/buyer-manager');
  await expect(en.locator('html')).toHaveAttribute('lang', 'en');
  await expect(en.getByRole('button', { name: 'Create buyer' })).toBeVisible();
  await enContext.close();
  await admin.dispose();
});

/**
 * Every issuer language is complete, not only German and French: a user of a new Polish issuer (ptcoJobManager joins
 * it for the test) gets the navbar and the admin pages in Polish. The expected texts come from the locale files, so
 * the test checks that the page uses them rather than repeating them. The issuer is removed at the end.
 */
test('a user of a Polish issuer sees Polish pages', async ({ browser }) => {
  const pl = (ns: string) =>
    JSON.parse(readFileSync(path.join(LOCALES, 'pl', `${ns}.json`), 'utf8')) as Record<string, Record<string, unknown>>;
  const shell = pl('shell') as { nav: { items: Record<string, string> } };
  const admin = await apiAs('sysAdmin');
  const users = (await (await admin.get('/api/v1/users')).json()) as { id: string; username: string }[];
  const pmId = users.find((u) => u.username === 'ptcoJobManager')!.id;
  const issuersRes = await admin.post('/api/v1/issuers/get', { data: { pageSize: 100 } });
  const { collection } = (await issuersRes.json()) as { collection: { id: string; issuerKey: string }[] };
  const template = (await (
    await admin.get(`/api/v1/issuers/${collection.find((i) => i.issuerKey === 'northbridge')!.id}`)
  ).json()) as Record<string, string>;
  const created = await admin.post('/api/v1/issuers', {
    data: {
      name: 'E2E Bank Polski',
      issuerKey: `e2e-pl-${Date.now()}`,
      scheme: 'Visa',
      language: 'pl',
      sendMagicLinks: false,
      brandingId: template.brandingId,
      analysisDataDownloadProfileId: template.analysisDataDownloadProfileId,
      matchedDataOnlyDownloadProfileId: template.matchedDataOnlyDownloadProfileId,
      onboardingDataDownloadProfileId: template.onboardingDataDownloadProfileId,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const issuerId = ((await created.json()) as { id: string }).id;
  try {
    const added = await admin.post(`/api/v1/issuers/${issuerId}/members`, {
      data: { userId: pmId, memberRole: 'Member', isDomainUser: false },
    });
    expect(added.ok(), await added.text()).toBeTruthy();
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, 'ptcoJobManager');
    await page.goto('/admin/buyer-manager');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page.getByRole('button', { name: pl('admin').buyers!.create as string })).toBeVisible();
    await expect(page.getByText('Create buyer')).toHaveCount(0);
    const labels = await navLabels(page);
    expect(labels).toContain(shell.nav.items.analysisJobs);
    expect(labels).not.toContain('Analysis Jobs');
    await page.goto('/analysis');
    await expect(page.getByTestId('page-header')).toHaveText(shell.nav.items.analysisJobs!);
    await page.screenshot({ path: path.join(SHOTS, 'pl-jobs.png'), fullPage: true });
    await context.close();
  } finally {
    await admin.delete(`/api/v1/issuers/${issuerId}/members/${pmId}`);
    const removed = await admin.delete(`/api/v1/issuers/${issuerId}`);
    expect(removed.ok(), await removed.text()).toBeTruthy();
    await admin.dispose();
  }
});

/**
 * Documents follow the issuer's language (issue #33): with Northbridge set to German, its manager's Albion Foods deck and
 * business-case workbook are German (the language is put back at the end; this spec runs alone, in the system project).
 */
test('a German issuer’s deck and business-case workbook are German', async () => {
  test.setTimeout(300_000);
  const admin = await apiAs('sysAdmin');
  const issuer = await apiAs('issuer');
  const issuersRes = await admin.post('/api/v1/issuers/get', { data: { pageSize: 100 } });
  const { collection } = (await issuersRes.json()) as { collection: { id: string; issuerKey: string }[] };
  const northbridge = collection.find((i) => i.issuerKey === 'northbridge')!.id;
  const jobs = (await (await issuer.post('/api/v1/authorization/auth-mapped-job-artifacts', { data: {} })).json()) as {
    collection: { id: string; name: string; type: string }[];
  };
  const albion = jobs.collection.find((j) => j.type !== 'matched-data-only' && j.name.startsWith('Albion'))!;
  // a fresh server completes its demo jobs in the background
  await expect
    .poll(async () => (await issuer.get(`/api/v1/jobs/${albion.id}/results/summary`)).status(), { timeout: 150_000 })
    .toBe(200);
  const unzip = async (res: { ok(): boolean; body(): Promise<Buffer>; status(): number }, pattern: RegExp) => {
    expect(res.ok(), `download: ${res.status()}`).toBeTruthy();
    const zip = await JSZip.loadAsync(await res.body());
    const names = Object.keys(zip.files).filter((f) => pattern.test(f));
    return (await Promise.all(names.map((n) => zip.file(n)!.async('string')))).join('\n');
  };
  const set = await admin.put(`/api/v1/issuers?id=${northbridge}`, { data: { language: 'de' } });
  expect(set.ok(), await set.text()).toBeTruthy();
  try {
    const deck = await unzip(
      await issuer.get(`/api/v1/jobs/${albion.id}/presentation/pptx`, { timeout: 120_000 }),
      /^ppt\/slides\/slide\d+\.xml$/,
    );
    for (const label of ['Kennzahlen', 'Wasserfall der Kartenfähigkeit', 'Lieferanten']) expect(deck).toContain(label);
    expect(deck).not.toContain('Headline figures');
    expect(deck).not.toMatch(/GBP \d/);
    const workbook = await unzip(
      await issuer.get(`/api/v1/jobs/${albion.id}/business-case/download?format=xlsx`, { timeout: 120_000 }),
      /^xl\/(workbook|sharedStrings)\.xml$/,
    );
    expect(workbook).toContain('name="Eingaben"');
    expect(workbook).toContain('name="Ergebnisse"');
  } finally {
    const back = await admin.put(`/api/v1/issuers?id=${northbridge}`, { data: { language: 'en' } });
    expect(back.ok(), await back.text()).toBeTruthy();
    await admin.dispose();
    await issuer.dispose();
  }
});

/**
 * Emails follow the issuer's language and carry its branding (issue #33 item 2): an issuer of a branding of its own
 * (sender and footer) is set to German, and the invitation a new user of it receives is German, from the branding's
 * sender, with its footer, and so is the upload link sent for one of its jobs; set back to English, the next
 * invitation is English. The issuer, its job, its user and the branding are removed at the end.
 */
test('a German issuer’s invitation email is German and carries its branding', async () => {
  const stamp = Date.now().toString(36);
  const admin = await apiAs('sysAdmin');
  const dev = await apiAs('developer');
  const branding = await admin.post('/api/v2/brandings', {
    data: {
      brandingKey: `hafen-${stamp}`,
      brandingDisplayName: `Hafenbank ${stamp}`,
      theme: 'test',
      colours: { primary: '#1D4ED8', primaryText: '#FFFFFF', background: '#FFFFFF', text: '#0F172A' },
      emailSenderAddress: `no-reply@hafen-${stamp}.example`,
      emailSenderName: 'Hafenbank Analytics',
      emailFooter: 'Hafenbank AG, Kaistraße 1, Hamburg',
    },
  });
  expect(branding.ok(), await branding.text()).toBeTruthy();
  const brandingId = ((await branding.json()) as { brandingId: string }).brandingId;
  const issuersRes = await admin.post('/api/v1/issuers/get', { data: { pageSize: 100 } });
  const { collection } = (await issuersRes.json()) as { collection: { id: string; issuerKey: string }[] };
  const template = (await (
    await admin.get(`/api/v1/issuers/${collection.find((i) => i.issuerKey === 'northbridge')!.id}`)
  ).json()) as Record<string, string>;
  const created = await admin.post('/api/v1/issuers', {
    data: {
      name: `E2E Hafenbank ${stamp}`,
      issuerKey: `e2e-de-${stamp}`,
      scheme: 'Visa',
      language: 'en',
      inputDataOptions: ['CsvFileUpload', 'SendUploadLink'],
      sendMagicLinks: false,
      brandingId,
      analysisDataDownloadProfileId: template.analysisDataDownloadProfileId,
      matchedDataOnlyDownloadProfileId: template.matchedDataOnlyDownloadProfileId,
      onboardingDataDownloadProfileId: template.onboardingDataDownloadProfileId,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const issuerId = ((await created.json()) as { id: string }).id;
  const email = `greta.${stamp}@hafen-${stamp}.example`;
  let userId: string | null = null;
  let jobId: string | null = null;
  const invite = async () => {
    const res = await admin.post('/api/v1/users/invite', { form: { id: userId! } });
    expect(res.ok(), await res.text()).toBeTruthy();
    const mails = (await (await dev.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}&limit=50`)).json()) as {
      subject: string;
      text: string;
      html: string | null;
      fromAddress: string;
    }[];
    return mails[0]!;
  };
  try {
    const set = await admin.put(`/api/v1/issuers?id=${issuerId}`, { data: { language: 'de' } });
    expect(set.ok(), await set.text()).toBeTruthy();
    const user = await admin.post('/api/v1/users', {
      data: {
        username: `greta.${stamp}`,
        email,
        givenName: 'Greta',
        surname: 'Hansen',
        issuerId,
        issuerRole: 'Member',
      },
    });
    expect(user.ok(), await user.text()).toBeTruthy();
    userId = ((await user.json()) as { id: string }).id;

    const de = await invite();
    expect(de.subject).toBe(`Ihre Einladung zu Hafenbank ${stamp}`);
    expect(de.text).toContain('Hallo Greta Hansen');
    expect(de.text).toContain(`hat Sie zu Hafenbank ${stamp} eingeladen`);
    expect(de.text).toMatch(/\/login\/magic\?token=/);
    expect(de.text).toContain('Hafenbank AG, Kaistraße 1, Hamburg');
    expect(de.text).toContain(`Sie erhalten diese Nachricht im Auftrag von Hafenbank ${stamp}.`);
    expect(de.text).not.toMatch(/invited you|Hello /);
    expect(de.fromAddress).toContain(`no-reply@hafen-${stamp}.example`);
    expect(de.fromAddress).toContain('Hafenbank Analytics');
    expect(de.html).toContain('Hafenbank AG, Kaistraße 1, Hamburg');
    expect(de.html).toContain('lang="de"');

    // the upload link sent to someone outside the product for a job of the issuer: German too, with the branding
    const buyer = await admin.post('/api/v1/buyers', {
      data: { issuerId, name: `Hafen Werft ${stamp}`, countryIso3: 'DEU' },
    });
    expect(buyer.ok(), await buyer.text()).toBeTruthy();
    const job = await admin.post(
      `/api/v1/job-artifacts?${new URLSearchParams({ name: `Werft ${stamp}`, type: 'base', issuerId, buyerId: ((await buyer.json()) as { id: string }).id })}`,
    );
    expect(job.ok(), await job.text()).toBeTruthy();
    jobId = ((await job.json()) as { id: string }).id;
    const uploader = `lieferant.${stamp}@werft-${stamp}.example`;
    const link = await admin.post('/api/v1/magic-links/upload-links', {
      data: { jobId, email: uploader, sendEmail: true },
    });
    expect(link.ok(), await link.text()).toBeTruthy();
    const [upload] = (await (
      await dev.get(`/api/v1/dev/outbox?to=${encodeURIComponent(uploader)}&limit=5`)
    ).json()) as { subject: string; text: string; fromAddress: string }[];
    expect(upload!.subject).toBe(`Laden Sie Ihre Dateien für Werft ${stamp} hoch`);
    expect(upload!.text).toContain(`bittet Sie, Ihre Dateien für „Werft ${stamp}“ bei Hafenbank ${stamp} hochzuladen`);
    expect(upload!.text).toContain('Hafenbank AG, Kaistraße 1, Hamburg');
    expect(upload!.fromAddress).toContain(`no-reply@hafen-${stamp}.example`);

    // the language put back: the next invitation is English, with the same branding
    const back = await admin.put(`/api/v1/issuers?id=${issuerId}`, { data: { language: 'en' } });
    expect(back.ok(), await back.text()).toBeTruthy();
    const en = await invite();
    expect(en.subject).toBe(`You are invited to Hafenbank ${stamp}`);
    expect(en.text).toContain('Hafenbank AG, Kaistraße 1, Hamburg');
  } finally {
    if (jobId) await admin.delete(`/api/v1/jobs/${jobId}`);
    if (userId) await admin.delete(`/api/v1/users/${userId}`);
    const removed = await admin.delete(`/api/v1/issuers/${issuerId}`);
    expect(removed.ok(), await removed.text()).toBeTruthy();
    await admin.delete(`/api/v2/brandings/${brandingId}`);
    await admin.dispose();
    await dev.dispose();
  }
});
