/** Resource hub pages by route id (packages/shared/src/routes.ts), spread into the router's PAGES map. */
import type { ComponentType } from 'react';

type TPageModule = { Component: ComponentType };

export const RESOURCE_HUB_PAGES: Record<string, () => Promise<TPageModule>> = {
  resourceHub: () => import('./hub-page.tsx'),
  videoResources: () => import('./video-resources-page.tsx'),
  videoResourceCreate: () => import('./video-resource-create-page.tsx'),
  videoResource: () => import('./video-resource-page.tsx'),
};
