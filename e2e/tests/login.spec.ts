import { expect, test } from '@playwright/test';
import { apiAs, BASE, PASSWORD } from './helpers.ts';

test.describe('sign-in page', () => {
  test('password sign-in honours the callbackUrl', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fprofile/);
    await page.getByLabel('Username').fill('issuer');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('page-header')).toHaveText('Profile');
  });

  test('wrong password shows a clear error and stays signed out', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('client');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('Incorrect username or password.');
    await expect(page).toHaveURL(/\/login/);
    const me = await page.request.get('/api/v1/auth/me');
    expect(me.status()).toBe(401);
  });

  test('empty fields are explained before any request', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your username')).toBeVisible();
    await expect(page.getByText('Enter your password')).toBeVisible();
  });

  test('login error codes from ?error= are shown', async ({ page }) => {
    await page.goto('/login?error=SessionExpired');
    await expect(page.getByTestId('login-error-code')).toContainText('Your session has expired');
    await page.goto('/login?error=DomainRedirect');
    await expect(page.getByTestId('login-error-code')).toContainText('redirected');
    await page.goto('/login?error=PublicBrandingError');
    await expect(page.getByTestId('login-error-code')).toContainText('branding');
  });

  test('branding by domain: Paytech trust note, Mastercard title', async ({ page }) => {
    const port = new URL(BASE).port;
    await page.goto(`http://paytech.localhost:${port}/login`);
    await expect(page.getByTestId('trust-centre-note')).toContainText('ISO 27001');
    await expect(page.getByTestId('trust-centre-note')).toContainText('SOC 2');
    await page.goto(`http://mastercard.localhost:${port}/login`);
    await expect(page).toHaveTitle('Mastercard B2B Analytics');
    await expect(page.getByTestId('trust-centre-note')).toHaveCount(0);
    await page.goto(`http://mcpaytech.localhost:${port}/login`);
    await expect(page.getByTestId('trust-centre-note')).toBeVisible();
  });

  test('magic link: request, confirm page, single use', async ({ page, browser }) => {
    const issuer = await apiAs('issuer');
    const email = ((await (await issuer.get('/api/v1/auth/me')).json()) as { email: { email: string } }).email.email;
    const dev = await apiAs('developer');
    const outboxProbe = await dev.get('/api/v1/dev/outbox?limit=1');
    test.skip(outboxProbe.status() === 404, 'the server has no /api/v1/dev/outbox in this environment');

    await page.goto('/login?callbackUrl=%2Fprofile');
    await page.getByRole('tab', { name: 'Email link' }).click();
    await page.getByLabel('Work email').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByTestId('magic-link-sent')).toBeVisible();

    let link: string | undefined;
    await expect(async () => {
      const mails = (await (
        await dev.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}&limit=5`)
      ).json()) as Record<string, unknown>[];
      const text = JSON.stringify(mails[0] ?? {});
      link = /https?:\/\/[^"\s\\]+\/login\/magic\?token=[A-Za-z0-9_\-.%]+/.exec(text)?.[0];
      expect(link).toBeTruthy();
    }).toPass({ timeout: 10_000 });
    const url = new URL(link!);
    const path = `${url.pathname}${url.search}`;

    // Opening the link signs nobody in: only the confirming POST does.
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Confirm sign-in' })).toBeVisible();
    expect((await page.request.get('/api/v1/auth/me')).status()).toBe(401);
    await page.getByTestId('magic-confirm').click();
    await expect(page).toHaveURL(/\/profile$/);

    // The same link again, in a fresh browser: refused with a clear message.
    const other = await browser.newContext();
    const p2 = await other.newPage();
    await p2.goto(`${BASE}${path}`);
    await p2.getByTestId('magic-confirm').click();
    await expect(p2.getByTestId('magic-error')).toContainText('expired or has already been used');
    await expect(p2.getByRole('link', { name: 'Request a new link' })).toBeVisible();
    await other.close();
  });

  test('magic link page without a token explains the problem', async ({ page }) => {
    await page.goto('/login/magic');
    await expect(page.getByTestId('magic-error')).toContainText('incomplete');
  });
});
