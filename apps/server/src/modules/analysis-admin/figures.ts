/**
 * The figure providers of the analysis admin areas, one registration per area. Each figure comes from the area's
 * own service or repository, with the caller's tenant scope where the area has one, so a card never counts what its
 * page would not list.
 */
import { registerOverviewFigure } from './overview.ts';
import { activeVersionNumbers } from '../rulesets/index.ts';
import { allProfiles } from '../datapoint-profiles/index.ts';
import { listPromptUses } from '../ai-prompts/index.ts';
import { overridesOf } from '../translations/index.ts';
import { listLinks } from '../magic-links/index.ts';
import { manageList } from '../resource-hub/index.ts';
import { linkedAccountGroups } from '../linked-accounts/index.ts';
import { overview as mlOverview } from '../ml-prediction/index.ts';
import { passageStats } from '../chat/index.ts';

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
registerOverviewFigure('aiPrompts', 'AiPrompts_CRUD', async (ctx) => {
  const uses = await listPromptUses(ctx);
  return { label: 'uses with an edited version active', value: uses.filter((u) => u.activeVersion !== null).length };
});
registerOverviewFigure('translations', 'Translations_VIEW', async (ctx) => ({
  label: 'overrides',
  value: (await overridesOf(ctx.db)).length,
}));
registerOverviewFigure('magicLinks', 'MagicLinks_CRUD', async (ctx, auth) => ({
  label: 'pending links',
  value: (await listLinks(ctx, auth, { page: 1, pageSize: 1 })).pendingCount,
}));
registerOverviewFigure('videoResources', 'VideoResources_CRUD', async (ctx, auth) => ({
  label: 'resources',
  value: (await manageList(ctx, auth, {})).collection.length,
}));
registerOverviewFigure('mergeLinkedAccounts', 'MergeLinkedAccounts_VIEW', async (ctx, auth) => ({
  label: 'possible duplicates',
  value: (await linkedAccountGroups(ctx, auth)).length,
}));
registerOverviewFigure('mlPrediction', 'MlPrediction_VIEW', async (ctx, auth) => {
  const o = await mlOverview(ctx, auth);
  return { label: o.alertCount === 1 ? 'job in alert' : 'jobs in alert', value: o.alertCount };
});
registerOverviewFigure('chatbotDocuments', 'ChatbotDocumentManagement_CRUD', async (ctx) => ({
  label: 'documents indexed',
  value: (await passageStats(ctx.db)).documents,
}));
