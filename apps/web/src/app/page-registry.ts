/**
 * The page modules of every route outside the signed-out start (router.tsx BOOT_PAGES), by route id, and the data
 * requests their loaders start. A chunk of its own that the router loads with the first such page: with the import of
 * each page (and the list of chunks each import preloads) it weighed 10 KB gzip in the app's first chunk, which the
 * sign-in page does not use. index.html preloads it on the URLs of these pages (vite.config.ts ROUTE_PRELOADS), so it
 * arrives with the app's first chunk, not a round trip after it.
 */
import type { ComponentType } from 'react';
import { ADMIN_PAGES } from '../routes/admin/pages.ts';
import { ANALYSIS_ADMIN_PAGES } from '../routes/analysis-admin/pages.ts';
import { DEVOPS_PAGES } from '../routes/devops/pages.ts';
import { DEV_PAGES } from '../routes/dev/pages.ts';
import { TOOLS_PAGES } from '../routes/tools/pages.ts';
import { ADMIN_ACCOUNTS_PAGES } from '../routes/admin-accounts/pages.ts';
import { CHAT_PAGES } from '../routes/chat/pages.ts';
import { AI_PROMPT_PAGES } from '../routes/ai-prompts/pages.ts';
import { VENDOR_PAGES } from '../routes/vendors/pages.ts';
import { GLOBAL_INSIGHTS_PAGES } from '../routes/global-insights/pages.ts';
import { JOB_PAGES } from '../routes/jobs/pages.ts';
import { CAMPAIGN_PAGES } from '../routes/campaigns/pages.ts';
import { RESOURCE_HUB_PAGES } from '../routes/resource-hub/pages.ts';
import { ML_PREDICTION_PAGES } from '../routes/ml-prediction/pages.ts';

export { prefetchPageData } from '../routes/jobs/pages.ts';

type TPageModule = { Component: ComponentType };

/** Pages built so far, by route id. Everything else shows the "not available yet" panel (notAvailable). */
export const PAGES: Record<string, () => Promise<TPageModule>> = {
  profile: () => import('../routes/profile/profile-page.tsx'),
  releaseNotes: () => import('../routes/release-notes/release-notes-page.tsx'),
  dashboard: () => import('../routes/dashboard/dashboard-page.tsx'),
  ...ADMIN_PAGES,
  ...JOB_PAGES,
  ...DEVOPS_PAGES,
  ...ANALYSIS_ADMIN_PAGES,
  ...TOOLS_PAGES,
  ...DEV_PAGES,
  ...CAMPAIGN_PAGES,
  ...RESOURCE_HUB_PAGES,
  ...ML_PREDICTION_PAGES,
  ...ADMIN_ACCOUNTS_PAGES,
  ...CHAT_PAGES,
  ...AI_PROMPT_PAGES,
  ...VENDOR_PAGES,
  ...GLOBAL_INSIGHTS_PAGES,
};

export const notAvailable = () => import('../routes/not-available/not-available-page.tsx');
