/**
 * The figure providers of the analysis admin areas, one registration per area (each area's module owns its query).
 * Areas without a line here show their card with a link and no figure.
 */
import { registerOverviewFigure } from './overview.ts';
import { activeVersionNumbers } from '../rulesets/rulesets.repo.ts';
import { allProfiles } from '../datapoint-profiles/datapoint-profiles.repo.ts';

registerOverviewFigure('scoringRulesets', 'Scoring_VIEW', async (ctx) => {
  const v = (await activeVersionNumbers(ctx.db)).scoring;
  return { label: 'active version', value: v === undefined ? '—' : `v${v}` };
});
registerOverviewFigure('confidenceRulesets', 'Confidence_VIEW', async (ctx) => {
  const v = (await activeVersionNumbers(ctx.db)).confidence;
  return { label: 'active version', value: v === undefined ? '—' : `v${v}` };
});
registerOverviewFigure('datapointProfiles', 'DatapointProfiles_CRUD', async (ctx) => ({
  label: 'profiles',
  value: (await allProfiles(ctx.db)).length,
}));
