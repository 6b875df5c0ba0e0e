/** Dev area pages by route id (packages/shared/src/routes.ts), spread into the router's PAGES map. */
import type { ComponentType } from 'react';

type TPageModule = { Component: ComponentType };

export const DEV_PAGES: Record<string, () => Promise<TPageModule>> = {
  dev: () => import('./dev-page.tsx'),
  devExamples: () => import('./examples-page.tsx'),
  devDebugLogging: () => import('./debug-logging-page.tsx'),
  devLayouts: () => import('./layouts-page.tsx'),
  devAnonymizeCsv: () => import('./anonymize-csv-page.tsx'),
  devResetAllJobs: () => import('./danger-pages.tsx').then((m) => ({ Component: m.ResetAllJobs })),
  devDatabaseAnonymizer: () => import('./danger-pages.tsx').then((m) => ({ Component: m.DatabaseAnonymizer })),
};
