/**
 * Analysis admin end to end as sysAdmin: the dashboard's cards with live figures; a scoring ruleset version viewed
 * as rules and JSON, a new version made in the JSON editor (a rule on an unknown field refused with its path), diffed,
 * dry-run on a demo job and activated; a confidence version made in the structured editor; datapoint profiles
 * created, edited and deleted, and a profile in use kept. Screenshots of each page in two themes.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, demoJobWithResults, signIn } from './helpers.ts';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
let api: APIRequestContext;
let jobName = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  api = await apiAs('sysAdmin');
  // A fresh server seeds its demo jobs in the background: wait for a scored one with results.
  jobName = (await demoJobWithResults(api, { name: 'Albion' })).name;
});

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(shots, `analysis-admin-${name}.png`), fullPage: true });
}

test('the dashboard shows a card per area with its live figure', async ({ page }) => {
  await signIn(page, 'sysAdmin');
  await page.goto('/admin/analysis-admin');
  const cards = page.locator('[data-testid^="area-"]:not([data-testid="area-figure"])');
  await expect(cards).toHaveCount(10, { timeout: 30_000 });
  await expect(page.getByTestId('area-scoringRulesets').getByTestId('area-figure')).toHaveText('v1');
  await expect(page.getByTestId('area-confidenceRulesets').getByTestId('area-figure')).toHaveText('v1');
  await expect(page.getByTestId('area-datapointProfiles').getByTestId('area-figure')).toHaveText('3');
  // every area has its live figure (values of the areas other specs change are only checked to be numbers)
  for (const area of [
    'aiPrompts',
    'translations',
    'magicLinks',
    'videoResources',
    'mergeLinkedAccounts',
    'mlPrediction',
    'chatbotDocuments',
  ])
    await expect(page.getByTestId(`area-${area}`).getByTestId('area-figure')).toHaveText(/^\d+$/);
  await shoot(page, 'dashboard');
  await page.getByTestId('area-scoringRulesets').click();
  await expect(page).toHaveURL(/\/admin\/analysis-admin\/scoring-rulesets$/);
});

test('a scoring version: rules and JSON, a new version (errors by path), diff, dry-run and activation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'sysAdmin');
  await page.goto('/admin/analysis-admin/scoring-rulesets');
  // first loads share the machine with the demo jobs' pipeline: allow them longer than the default
  await expect(page.getByTestId('version-1')).toContainText('Default scoring ruleset', { timeout: 30_000 });
  await expect(page.getByTestId('version-1')).toContainText('Active');
  await shoot(page, 'scoring-list');
  await page.getByTestId('version-1').click();
  await expect(page.getByTestId('version-title')).toHaveText('v1 · Default scoring ruleset');
  await expect(page.getByTestId('rules-table')).toContainText('VC-H1');
  await expect(page.getByTestId('rules-table')).toContainText('vcAccepting = "YES" and spend ≥ 25,000');
  await shoot(page, 'scoring-version');
  await page.getByRole('tab', { name: 'JSON' }).click();
  await expect(page.getByTestId('ruleset-json')).toContainText('"format": "sextant.scoring-ruleset"');

  await page.getByRole('button', { name: 'New version from this one' }).click();
  const editor = page.getByTestId('ruleset-editor');
  await editor.getByRole('tab', { name: 'JSON' }).click();
  const box = editor.getByRole('textbox', { name: 'JSON' });
  const original = await box.inputValue();
  const def = JSON.parse(original) as { name: string; scores: { Vcard: { rules: unknown[] } } };
  def.name = 'High VC for every supplier';
  def.scores.Vcard.rules.unshift({
    id: 'VC-ALL',
    description: 'Every supplier',
    when: { field: 'annualSpend', op: 'gt', value: 0 },
    level: 'High',
  });
  await box.fill(JSON.stringify(def, null, 2));
  await editor.getByRole('button', { name: 'Create version' }).click();
  await expect(page.getByTestId('ruleset-errors')).toContainText('scores.Vcard.rules.0.when.field');
  await expect(page.getByTestId('ruleset-errors')).toContainText('unknown field "annualSpend"');
  await shoot(page, 'scoring-editor-errors');
  (def.scores.Vcard.rules[0] as { when: { field: string } }).when.field = 'spend';
  await box.fill(JSON.stringify(def, null, 2));
  await editor.getByRole('button', { name: 'Create version' }).click();
  await expect(page).toHaveURL(/\/scoring-rulesets\/2$/);
  await expect(page.getByTestId('version-title')).toHaveText('v2 · High VC for every supplier');

  await page.getByRole('tab', { name: 'Diff' }).click();
  await expect(page.getByTestId('diff-summary')).toContainText('from v1 to v2');
  await expect(page.locator('[data-kind="added"]').filter({ hasText: '"VC-ALL"' })).toHaveCount(1);
  await shoot(page, 'scoring-diff');

  await page.getByRole('tab', { name: 'Dry run' }).click();
  await page.getByLabel('Job').fill('Albion');
  await page.getByRole('option', { name: jobName }).click();
  await page.getByRole('button', { name: 'Dry run', exact: true }).click();
  await expect(page.getByTestId('dry-run-result')).toContainText(`of ${jobName}`);
  await expect(page.getByTestId('dry-run-Vcard')).toContainText('VC-ALL');
  await expect(page.getByTestId('dry-run-Stp')).toContainText('No change');
  await shoot(page, 'scoring-dry-run');

  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('active-chip')).toBeVisible();
  await page.goto('/admin/analysis-admin');
  await expect(page.getByTestId('area-scoringRulesets').getByTestId('area-figure')).toHaveText('v2');
});

test('a confidence version made in the structured editor; a blank description is named by its path', async ({
  page,
}) => {
  await signIn(page, 'sysAdmin');
  await page.goto('/admin/analysis-admin/confidence-rulesets/1');
  await expect(page.getByTestId('rules-table')).toContainText('CF-MATCH-H', { timeout: 30_000 });
  await page.getByRole('button', { name: 'New version from this one' }).click();
  const editor = page.getByTestId('ruleset-editor');
  const rules = editor.locator('[data-testid^="rule-"]');
  const before = await rules.count();
  await editor.getByRole('button', { name: 'Add rule' }).click();
  await expect(rules).toHaveCount(before + 1);
  const added = rules.nth(before);
  await added.getByLabel('Rule id').fill('CF-BIG');
  await shoot(page, 'confidence-editor');
  await editor.getByRole('button', { name: 'Create version' }).click();
  await expect(page.getByTestId('ruleset-errors')).toContainText(`rules.${before}.description`);
  await added.getByLabel('Description').fill('Large spend is well documented');
  await added.getByLabel('Field').click();
  await page.getByRole('option', { name: /^spendShare/ }).click();
  await added.getByLabel('Value').fill('0.05');
  await editor.getByRole('button', { name: 'Create version' }).click();
  await expect(page).toHaveURL(/\/confidence-rulesets\/2$/);
  await expect(page.getByTestId('rules-table')).toContainText('spendShare > 0.05');
});

test('datapoint profiles: create, reorder, rename and delete; a profile in use keeps its kind and stays', async ({
  page,
}) => {
  await signIn(page, 'sysAdmin');
  await page.goto('/admin/analysis-admin/datapoint-profiles');
  await expect(page.getByTestId('profile-default-analysis-data')).toContainText('Northbridge', { timeout: 30_000 });
  await shoot(page, 'profiles');
  await page.getByRole('link', { name: 'Create profile' }).click();
  await page.getByLabel('Name').fill('Treasury export');
  await page.getByRole('button', { name: 'Add column' }).click();
  await page.getByTestId('column-1').getByLabel('Header').fill('Vendor id');
  await page.getByTestId('column-1').getByRole('button', { name: 'Move up' }).click();
  await expect(page.getByTestId('column-0').getByLabel('Header')).toHaveValue('Vendor id');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/datapoint-profiles\/analysis-data-[0-9a-f]{8}$/);
  await expect(page.getByRole('heading', { name: 'Treasury export' })).toBeVisible();
  // the order was saved: the moved column first
  await expect(page.getByTestId('column-0').getByLabel('Header')).toHaveValue('Vendor id');
  await expect(page.getByTestId('column-1').getByLabel('Header')).toHaveValue('Supplier name');
  await page.getByTestId('column-1').getByLabel('Header').fill('Vendor id');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('column-1').getByLabel('Header')).toHaveAccessibleDescription(
    'the header "Vendor id" is already used by column 1',
  );
  await shoot(page, 'profile-edit');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/datapoint-profiles$/);
  await expect(page.getByText('Treasury export')).toHaveCount(0);

  await page.getByTestId('profile-default-analysis-data').click();
  await expect(page.getByTestId('profile-used-by')).toContainText('Northbridge');
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByLabel('Download')).toBeDisabled();
});

test('screenshots of the analysis admin pages in a second theme', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('sextant.themeOverride', 'hsbc'));
  await signIn(page, 'sysAdmin');
  for (const [p, name] of [
    ['/admin/analysis-admin', 'dashboard'],
    ['/admin/analysis-admin/scoring-rulesets/1', 'scoring-version'],
    ['/admin/analysis-admin/datapoint-profiles/default-analysis-data', 'profile'],
  ] as const) {
    await page.goto(p);
    await expect(page.getByTestId('main-frame')).toHaveAttribute('data-theme', 'hsbc', { timeout: 30_000 });
    await shoot(page, `hsbc-${name}`);
  }
});
