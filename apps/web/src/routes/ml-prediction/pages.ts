/** Acceptance-model monitoring page by route id, spread into the router's PAGES map. */
import type { ComponentType } from 'react';

type TPageModule = { Component: ComponentType };

export const ML_PREDICTION_PAGES: Record<string, () => Promise<TPageModule>> = {
  mlPrediction: () => import('./ml-prediction-page.tsx'),
};
