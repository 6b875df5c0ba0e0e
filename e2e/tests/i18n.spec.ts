/**
 * UI language (issue #3 point 9): the shell follows the signed-in user's issuer language. issuerPlus belongs to
 * Meridian Trust (German); issuer belongs to Northbridge Bank (English).
 */
import { expect, test } from '@playwright/test';
import { navLabels, signIn } from './helpers.ts';

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
