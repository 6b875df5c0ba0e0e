/**
 * The app shell as each role sees it: the navbar per role and its states, the toolbar, idle sign-out and
 * notifications. Nothing here changes system-wide state (the system modes are in system-states.spec.ts), so it runs
 * in the `parallel` project.
 */
import { expect, test } from '@playwright/test';
import { hasAll, NAV_GROUPS, navItemPermissions } from '@sextant/shared';
import { navLabels, signIn } from './helpers.ts';

const visibleNavGroups = (permissions: string[]) =>
  NAV_GROUPS.map((g) => ({
    ...g,
    items: g.items.filter((i) => hasAll(new Set(permissions), navItemPermissions(i))),
  })).filter((g) => g.items.length > 0);

test.describe('navbar per role (SPEC §2, §6)', () => {
  const ADMIN_AND_SYSTEM = [
    'Admin',
    'User Management',
    'System Audit Logs',
    'Issuer Management',
    'Buyer Management',
    'Analytics Queries',
    'DevOps',
    'Tools',
  ];
  const must: Record<string, { shown: string[]; hidden: string[] }> = {
    client: { shown: ['Analysis Jobs'], hidden: ['Home', ...ADMIN_AND_SYSTEM] },
    issuer: { shown: ['Analysis Jobs'], hidden: ['Home', ...ADMIN_AND_SYSTEM] },
    ptcoJobManager: {
      shown: ['Analysis Jobs', 'Issuer Management', 'Buyer Management', 'Analytics Queries'],
      hidden: ['Home', 'User Management', 'DevOps', 'Tools'],
    },
    sysAdmin: { shown: ['Home', 'Analysis Jobs', ...ADMIN_AND_SYSTEM], hidden: [] },
    campaignManager: { shown: ['Campaign Workflows'], hidden: [] },
  };
  for (const [role, { shown, hidden }] of Object.entries(must)) {
    test(`${role} sees exactly the items their permissions allow`, async ({ page }) => {
      const { user } = await signIn(page, role);
      await page.goto('/profile');
      const labels = await navLabels(page);
      // Exactly what the server-provided permissions allow, in SPEC order…
      expect(labels).toEqual(visibleNavGroups(user.permissions).flatMap((g) => g.items.map((i) => i.label)));
      // …and the SPEC §6 tiers hold.
      for (const s of shown) expect(labels).toContain(s);
      for (const h of hidden) expect(labels).not.toContain(h);
      const newJob = page.getByTestId('navbar').getByTestId('nav-newJob');
      await expect(newJob).toHaveCount(user.permissions.includes('JobCreate') ? 1 : 0);
    });
  }

  test('base-tier users are refused admin pages with /401', async ({ page }) => {
    await signIn(page, 'client');
    for (const path of ['/admin/users', '/dashboard', '/devops', '/admin/analysis-admin/ai-prompts', '/dev/examples']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/401$/);
      await expect(page.getByTestId('error-page-401')).toContainText('Access Error');
    }
  });

  test('the inaccessible area is refused even to the developer (no role holds InaccessibleArea_ALL)', async ({
    page,
  }) => {
    await signIn(page, 'developer');
    await page.goto('/dev/inaccessible');
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByTestId('error-page-401')).toContainText('Access Error');
  });

  test('signed-out users are sent to sign in with a callback', async ({ page }) => {
    await page.goto('/admin/users?tab=active');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin%2Fusers%3Ftab%3Dactive/);
  });
});

test.describe('navbar states', () => {
  test('pin and collapse on desktop (240 / 64 px), remembered', async ({ page }) => {
    await signIn(page, 'sysAdmin');
    await page.goto('/dashboard');
    const nav = page.getByTestId('navbar');
    await expect(nav).toHaveAttribute('data-state', 'pinned');
    const paper = nav.locator('xpath=..');
    expect(Math.round((await paper.boundingBox())!.width)).toBe(240);
    await page.getByTestId('navbar-collapse').click();
    await expect(nav).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(async () => Math.round((await paper.boundingBox())!.width)).toBe(64);
    await page.reload();
    await expect(page.getByTestId('navbar')).toHaveAttribute('data-state', 'collapsed');
    await page.getByTestId('navbar-pin').click();
    await expect(page.getByTestId('navbar')).toHaveAttribute('data-state', 'pinned');
    await expect
      .poll(async () => Math.round((await page.getByTestId('navbar').locator('xpath=..').boundingBox())!.width))
      .toBe(240);
  });

  test('mobile drawer at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'sysAdmin');
    await page.goto('/dashboard');
    await expect(page.getByTestId('navbar')).toBeHidden();
    await page.getByTestId('navbar-open').click();
    const nav = page.getByTestId('navbar');
    await expect(nav).toBeVisible();
    await expect(nav).toHaveAttribute('data-state', 'mobile');
    await nav.getByTestId('nav-tools').click();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(page.getByTestId('navbar')).toBeHidden();
  });
});

test.describe('toolbar', () => {
  test('avatar initials, roles on hover, profile and logout', async ({ page }) => {
    await signIn(page, 'sysAdmin');
    await page.goto('/dashboard');
    await expect(page.getByTestId('avatar')).toHaveText(/^[A-Z]{2}$/);
    await page.getByTestId('user-button').hover();
    await expect(page.getByTestId('roles-summary')).toContainText('System Roles');
    await expect(page.getByTestId('roles-summary')).toContainText('Analysis Roles');
    await page.getByTestId('user-button').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByTestId('user-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect((await page.request.get('/api/v1/auth/me')).status()).toBe(401);
  });

  test('theme switch changes the whole app', async ({ page }) => {
    await signIn(page, 'sysAdmin');
    await page.goto('/dashboard');
    const frame = page.getByTestId('main-frame');
    const before = await frame.getAttribute('data-theme');
    await page.getByTestId('theme-switcher').click();
    await page.getByTestId('theme-option-lloyds').click();
    await expect(frame).toHaveAttribute('data-theme', 'lloyds');
    const navBg = await page.getByTestId('navbar').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(navBg).toBe('rgb(0, 68, 47)');
    await page.getByTestId('theme-switcher').click();
    await page.getByTestId('theme-option-reset').click();
    await expect(frame).toHaveAttribute('data-theme', before!);
  });

  test('users without the permission have no theme switcher', async ({ page }) => {
    await signIn(page, 'client');
    await page.goto('/profile');
    await expect(page.getByTestId('user-button')).toBeVisible();
    await expect(page.getByTestId('theme-switcher')).toHaveCount(0);
  });

  test('profile shows identity, roles and the idle setting', async ({ page }) => {
    await signIn(page, 'issuer');
    await page.goto('/profile');
    await expect(page.getByTestId('profile-system-roles')).toContainText('Issuer');
    const toggle = page.getByTestId('idle-toggle').locator('input');
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(
      page.getByTestId('notification').filter({ hasText: 'Auto Logout On Idle session setting changed to: false' }),
    ).toBeVisible();
  });
});

test.describe('idle sign-out', () => {
  test('idle logout warns, Stay Logged In works across tabs, then signs out everywhere', async ({ context }) => {
    test.setTimeout(90_000);
    await context.addInitScript(() => localStorage.setItem('sextant.idleTimeoutSeconds', '16'));
    await signIn(context, 'issuer');
    const a = await context.newPage();
    const b = await context.newPage();
    await a.goto('/profile');
    await b.goto('/profile');
    const warnA = a.getByTestId('notification').filter({ hasText: 'logged out in' });
    const warnB = b.getByTestId('notification').filter({ hasText: 'logged out in' });
    await expect(warnA).toBeVisible({ timeout: 15_000 });
    await expect(warnB).toBeVisible();
    await warnB.getByRole('button', { name: 'Stay Logged In' }).click();
    await expect(warnA).toHaveCount(0);
    await expect(warnB).toHaveCount(0);
    // Ignored this time: both tabs end on the sign-in page with the session-expired message.
    await expect(warnA).toBeVisible({ timeout: 15_000 });
    await expect(a).toHaveURL(/\/login\?error=SessionExpired/, { timeout: 20_000 });
    await expect(b).toHaveURL(/\/login\?error=SessionExpired/, { timeout: 5_000 });
    expect((await context.request.get('/api/v1/auth/me')).status()).toBe(401);
  });
});

test.describe('notifications', () => {
  test('detailed error notification with details and Copy to Clipboard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'developer');
    await page.goto('/dev/examples');
    await page.getByTestId('example-error').click();
    const n = page.getByTestId('notification').filter({ hasText: 'Loading the example resource' });
    await expect(n).toBeVisible();
    await n.getByRole('button', { name: 'Show details' }).click();
    const details = n.getByTestId('error-details');
    await expect(details).toContainText('/dev/examples');
    await expect(details).toContainText('User id');
    await n.getByTestId('copy-error').click();
    await expect(n.getByTestId('copy-error')).toHaveText('Copied!');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('Operation: Loading the example resource');
    await expect(n.getByTestId('copy-error')).toHaveText('Copy to Clipboard', { timeout: 4_000 });
  });

  test('at most 3 notifications; long text truncated at 1000 characters', async ({ page }) => {
    await signIn(page, 'developer');
    await page.goto('/dev/examples');
    for (let i = 0; i < 4; i++) await page.getByTestId('example-long-error').click();
    await expect(page.getByTestId('notification')).toHaveCount(3);
    const text = await page.getByTestId('notification-message').first().innerText();
    expect(text.length).toBe(1001);
    expect(text.endsWith('…')).toBeTruthy();
  });

  test('pending buttons are disabled with a spinner', async ({ page }) => {
    await signIn(page, 'developer');
    await page.goto('/dev/examples');
    const b = page.getByTestId('example-pending');
    await b.click();
    await expect(b).toBeDisabled();
    await expect(b.getByRole('progressbar')).toBeVisible();
    await expect(b).toBeEnabled({ timeout: 5_000 });
  });

  test('form dialog with No / Yes and the table pagination label', async ({ page }) => {
    await signIn(page, 'developer');
    await page.goto('/dev/examples');
    await expect(page.getByTestId('data-table')).toContainText('Rows:');
    await page.getByTestId('example-open-dialog').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'No' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog).toContainText('Scheme is required');
    await dialog.getByLabel('Scheme').click();
    await page.getByRole('option', { name: 'Visa' }).click();
    await dialog.getByLabel('Email').fill('a@b.example');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByTestId('example-dialog-result')).toContainText('"scheme": "Visa"');
  });
});
