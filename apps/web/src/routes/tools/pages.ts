/** Tools pages by route id (packages/shared/src/routes.ts), spread into the router's PAGES map. */
import type { ComponentType } from 'react';

type TPageModule = { Component: ComponentType };

export const TOOLS_PAGES: Record<string, () => Promise<TPageModule>> = {
  tools: () => import('./tools-page.tsx'),
  companiesHouse: () => import('./companies-page.tsx'),
  sendEmail: () => import('./send-email-page.tsx'),
  aiAddressParser: () => import('./address-parser-page.tsx'),
  addressValidator: () => import('./address-validator-page.tsx'),
};
