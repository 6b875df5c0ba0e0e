/** Analysis admin pages by route id (packages/shared/src/routes.ts), spread into the router's PAGES map. */
import type { ComponentType } from 'react';

type TPageModule = { Component: ComponentType };

export const ANALYSIS_ADMIN_PAGES: Record<string, () => Promise<TPageModule>> = {
  analysisAdmin: () => import('./dashboard-page.tsx'),
  scoringRulesets: () => import('./scoring-rulesets-page.tsx'),
  scoringRuleset: () => import('./scoring-ruleset-page.tsx'),
  confidenceRulesets: () => import('./confidence-rulesets-page.tsx'),
  confidenceRuleset: () => import('./confidence-ruleset-page.tsx'),
  datapointProfiles: () => import('./profiles-page.tsx'),
  datapointProfileCreate: () => import('./profile-page.tsx'),
  datapointProfile: () => import('./profile-page.tsx'),
};
