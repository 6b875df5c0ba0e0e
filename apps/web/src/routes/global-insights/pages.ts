/** Page modules of the global insights area, by route id (registered in the shell's PAGES map). */
import type { ComponentType } from 'react';
import { loadECharts } from '../../components/charts/chart.tsx';

type TPageModule = { Component: ComponentType };

export const GLOBAL_INSIGHTS_PAGES: Record<string, () => Promise<TPageModule>> = {
  globalInsightsLoading: () => import('./loading-page.tsx'),
  globalInsights: () => {
    void loadECharts().catch(() => undefined);
    return import('./insights-page.tsx');
  },
  globalInsightsOrganizations: () => import('./organizations-page.tsx'),
};
