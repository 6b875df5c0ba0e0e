/**
 * Administration end to end: a sysAdmin creates an issuer and invites a user; the invitation lands in the outbox;
 * the user signs in through the link, is given a role and sees its pages; once deactivated the user loses access
 * at once.
 */
import { expect, test } from '@playwright/test';
import { apiAs, BASE, signIn } from './helpers.ts';

test('sysAdmin creates an issuer, invites a user who signs in, gets roles and is deactivated', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const issuerName = `Harbour Bank ${stamp}`;
  const email = `ada.${stamp}@harbour-${stamp}.example`;
  await signIn(page, 'sysAdmin');

  // 1. Create an issuer; a missing field is named beside the field.
  await page.goto('/admin/issuer-manager/create');
  await page.getByTestId('issuer-name').fill(issuerName);
  await page.getByTestId('issuer-submit').click();
  await expect(page.getByText('Issuer key is required')).toBeVisible();
  await page.getByTestId('issuer-issuerKey').fill(`harbour-${stamp}`);
  await page.getByLabel('Scheme').click();
  await page.getByRole('option', { name: 'Visa' }).click();
  await page.getByLabel('Branding').click();
  await page.getByRole('option', { name: 'Test' }).click();
  await page.getByTestId('issuer-currency').fill('eur');
  await page.getByTestId('issuer-submit').click();
  await expect(page).toHaveURL(/\/admin\/issuer-manager\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('issuer-detail')).toContainText('Non-email-domain users');
  await expect(page.getByTestId('issuer-currency')).toHaveValue('EUR');

  // 2. Invite a user of that issuer.
  await page.goto('/admin/users/create');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Given name').fill('Ada');
  await page.getByLabel('Surname').fill('Lovelace');
  await page.getByLabel('Issuer (optional)').fill(issuerName);
  await page.getByRole('option', { name: issuerName }).click();
  await page.getByTestId('invite-submit').click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  const userUrl = page.url();
  await expect(page.getByTestId('user-issuers')).toContainText(issuerName);

  // 3. The invitation is in the outbox; the user signs in through its link.
  const dev = await apiAs('developer');
  const outbox = await dev.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
  expect(outbox.ok()).toBeTruthy();
  const mails = (await outbox.json()) as { subject: string; text: string }[];
  expect(mails[0]?.subject).toMatch(/invited/i);
  const link = /https?:\/\/\S+\/login\/magic\?token=[\w-]+/.exec(mails[0]!.text)?.[0];
  expect(link, mails[0]?.text).toBeTruthy();
  const userContext = await browser.newContext({ baseURL: BASE });
  const userPage = await userContext.newPage();
  await userPage.goto(new URL(link!).pathname + new URL(link!).search);
  await userPage.getByTestId('magic-confirm').click();
  // the signed-in frame and its texts load with the first page after sign-in (a loaded machine: up to 30 s)
  await expect(userPage).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await userPage.goto('/admin/issuer-manager');
  await expect(userPage).toHaveURL(/\/401$/);

  // 4. The admin gives the user the Job Manager role: it carries platform-only permissions, so it is refused to a
  // user of an issuer, with the reason on the page; once the user is internal staff it is granted, and the issuer list
  // opens for them.
  await page.goto(userUrl);
  await page.getByTestId('roles-standard').getByRole('combobox').click();
  await page.getByRole('option', { name: /^Job Manager/ }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('save-roles').click();
  await expect(
    page.getByText(/^You cannot grant the role ptcoJobManager to this user: .*only internal staff may hold/).first(),
  ).toBeVisible();
  await expect(page).toHaveURL(userUrl);
  const internal = page.getByTestId('user-internal').getByRole('switch', { name: 'Internal staff' });
  await internal.click();
  await expect(internal).toBeChecked();
  // the user's page shows the saved user again: choose the role once more
  await page.getByTestId('roles-standard').getByRole('combobox').click();
  await page.getByRole('option', { name: /^Job Manager/ }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('save-roles').click();
  await expect(page.getByText('Roles saved')).toBeVisible();
  await userPage.goto('/admin/issuer-manager');
  await expect(userPage).toHaveURL(/\/admin\/issuer-manager$/);
  await expect(userPage.getByTestId('data-table')).toContainText(issuerName);

  // 5. Deactivated: the user's next request ends at the sign-in page.
  await page.getByTestId('deactivate-user').click();
  await expect(page.getByTestId('user-status')).toContainText('Deactivated');
  await userPage.goto('/admin/buyer-manager');
  await expect(userPage).toHaveURL(/\/login/);
  const me = await userContext.request.get('/api/v1/auth/me');
  expect(me.status()).toBe(401);

  // The whole story is in the audit log.
  await page.goto('/admin/system-logs');
  await page.getByLabel('User contains').fill('sysAdmin');
  await expect(page.getByTestId('data-table')).toContainText('user.deactivate');
  await userContext.close();
  await dev.dispose();
});
