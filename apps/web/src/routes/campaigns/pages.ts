/** Page modules of campaign workflows, by route id (registered in the shell's PAGES map). */
import type { ComponentType } from 'react';
import { loadECharts } from '../../components/charts/chart.tsx';

type TPageModule = { Component: ComponentType };
const withCharts =
  (load: () => Promise<TPageModule>): (() => Promise<TPageModule>) =>
  () => {
    void loadECharts().catch(() => undefined);
    return load();
  };

export const CAMPAIGN_PAGES: Record<string, () => Promise<TPageModule>> = {
  campaignWorkflows: () => import('./global-list-page.tsx'),
  jobCampaigns: withCharts(() => import('./job-campaigns-page.tsx')),
  jobCampaign: () => import('./workflow-page.tsx'),
  jobCampaignSupplier: () => import('./workflow-supplier-page.tsx'),
  jobCampaignCreate: () => import('./create-page.tsx'),
  enrol: () => import('./enrol-page.tsx'),
};
