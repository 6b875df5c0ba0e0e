/**
 * Release notes: opened from the user menu ("What's new") by users who may see system updates, in the user's language
 * (issuerPlus belongs to Meridian Trust, German; issuer to Northbridge Bank, English).
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

test('the user menu opens the release notes in the reader’s language', async ({ browser }) => {
  for (const [user, menu, first] of [
    ['issuer', "What's new", 'The best route for every supplier'],
    ['issuerPlus', 'Neuigkeiten', 'Der beste Zahlungsweg für jeden Lieferanten'],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, user);
    await page.goto('/profile');
    await page.getByTestId('user-button').click();
    await page.getByRole('menuitem', { name: menu }).click();
    await expect(page).toHaveURL(/\/release-notes$/);
    const notes = page.getByTestId('release-note');
    await expect(notes.first()).toContainText(first);
    await expect(notes.first()).toHaveAttribute('data-version', '0.6.0');
    expect(await notes.count()).toBeGreaterThanOrEqual(6);
    await context.close();
  }
});
