/**
 * Branding administration end to end (issue #33): a sysAdmin creates a branding, sees a colour pair below WCAG AA
 * named in the live preview and refused by the server, uploads a logo that then appears in the preview and on the
 * login page of the branding's domain, and has an SVG with a script refused with a message naming it.
 */
import { expect, test } from '@playwright/test';
import { apiAs, BASE, signIn } from './helpers.ts';

const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="40" height="40" rx="8" fill="#0B5FFF"/><text x="48" y="27" font-size="18" font-weight="700" fill="#0F172A">Quay</text></svg>',
);
const EVIL = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');

test('sysAdmin creates a branding with a live preview, uploads a logo; a bad SVG and low contrast are refused', async ({
  page,
}) => {
  test.setTimeout(360_000); // a long flow (create, three uploads, login page) on a loaded machine
  const stamp = Date.now().toString(36);
  const name = `Quay Bank ${stamp}`;
  const domain = `quay-${stamp}.localhost`;
  await signIn(page, 'sysAdmin');
  await page.goto('/admin/brandings');
  await expect(page.getByRole('link', { name: 'Lloyds' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Create branding' }).click();
  await expect(page).toHaveURL(/\/admin\/brandings\/create$/);

  await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Branding key').fill(`quay-${stamp}`);
  await page.getByLabel('Domains it answers on').fill(domain);
  await page.getByLabel('Sender name').fill('Quay Analytics');
  await page.getByLabel('Sender address').fill(`no-reply@${domain}`);
  await page.getByLabel('Email footer').fill('Quay Bank plc · 1 Harbour Row');
  await page.getByLabel('Text in this language').fill('Welcome to Quay spend analytics');

  // The preview follows the form as it is typed, with each colour pair's contrast.
  const preview = page.getByTestId('branding-preview');
  await expect(preview.getByTestId('preview-login-text')).toHaveText('Welcome to Quay spend analytics');
  await page.getByTestId('colour-text').fill('#999999');
  await expect(page.getByTestId('contrast-checks')).toContainText('Below AA');
  await page.getByRole('button', { name: 'Create branding' }).click();
  await expect(
    page.getByText(/Text on background \(#999999 on #[0-9A-F]{6}\) has a contrast of [\d.]+:1/),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/create$/);
  await page.getByTestId('colour-text').fill('#0F172A');
  await expect(page.getByTestId('contrast-checks')).not.toContainText('Below AA');
  await page.getByRole('button', { name: 'Create branding' }).click();
  await expect(page).toHaveURL(/\/admin\/brandings\/[0-9a-f-]{36}$/);
  const brandingUrl = page.url();

  // Without a logo yet, the list shows the product mark and asks for no logo of it (no 404 on the way).
  const missing: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404 && r.url().includes(`/assets/quay-${stamp}/`)) missing.push(r.url());
  });
  await page.goto('/admin/brandings');
  const row = page.getByTestId('brandings-table').getByRole('row').filter({ hasText: name });
  await expect(row.getByTestId('branding-no-logo')).toBeVisible({ timeout: 60_000 });
  expect(missing).toEqual([]);
  await page.goto(brandingUrl);

  // Upload a logo: it appears in the images list and in the preview.
  await page
    .getByTestId('branding-upload-logo')
    .setInputFiles({ name: 'quay.svg', mimeType: 'image/svg+xml', buffer: LOGO });
  await expect(page.getByTestId('branding-image-logo')).toBeVisible();
  await expect(preview.locator('img')).toBeVisible();

  // An SVG with a script is refused with a message naming it; the stored logo stays.
  await page
    .getByTestId('branding-upload-favicon')
    .setInputFiles({ name: 'x.svg', mimeType: 'image/svg+xml', buffer: EVIL });
  await expect(page.getByTestId('branding-upload-error-favicon')).toContainText('onload');
  await expect(page.getByTestId('branding-image-favicon')).toHaveCount(0);
  // A text file is not an image.
  await page
    .getByTestId('branding-upload-favicon')
    .setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('branding-upload-error-favicon')).toContainText('The file is not an image');
  await page.getByTestId('branding-images').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('branding-admin.png'), fullPage: true });

  // The login page of the branding's domain shows its logo and login text (the Host header picks the branding).
  const api = await apiAs('sysAdmin');
  const pub = await api.get('/api/v2/brandings/by-domain', { headers: { Host: `${domain}:${new URL(BASE).port}` } });
  expect(await pub.json()).toMatchObject({
    brandingDisplayName: name,
    loginTexts: { en: 'Welcome to Quay spend analytics' },
  });
  const logo = await api.get(`/api/v2/brandings/assets/quay-${stamp}/logo`);
  expect(logo.headers()['content-type']).toBe('image/svg+xml');
  expect(await logo.text()).toContain('Quay');
});

test('a tenant user cannot open branding administration', async ({ page }) => {
  await signIn(page, 'issuer');
  await page.goto('/admin/brandings');
  await expect(page).toHaveURL(/\/401/);
  const res = await page.request.post('/api/v2/brandings', { data: {}, headers: { Origin: BASE } });
  expect(res.status()).toBe(403);
});
