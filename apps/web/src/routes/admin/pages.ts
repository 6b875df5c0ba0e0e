/** Admin pages by route id (packages/shared/src/routes.ts), spread into the router's PAGES map. */
import type { ComponentType } from 'react';

type TPageModule = { Component: ComponentType };

export const ADMIN_PAGES: Record<string, () => Promise<TPageModule>> = {
  adminUsers: () => import('./users/users-page.tsx'),
  adminUserCreate: () => import('./users/user-create-page.tsx'),
  adminUser: () => import('./users/user-page.tsx'),
  adminSystemLogs: () => import('./system-logs/system-logs-page.tsx'),
  adminIssuers: () => import('./issuer-manager/issuers-page.tsx'),
  adminIssuerCreate: () => import('./issuer-manager/issuer-create-page.tsx'),
  adminIssuer: () => import('./issuer-manager/issuer-page.tsx'),
  adminIssuerUsers: () => import('./issuer-manager/issuer-users-page.tsx'),
  adminBuyers: () => import('./buyer-manager/buyers-page.tsx'),
  adminBuyerCreate: () => import('./buyer-manager/buyer-create-page.tsx'),
  adminBuyer: () => import('./buyer-manager/buyer-page.tsx'),
  adminBrandings: () => import('./brandings/brandings-page.tsx'),
  adminBrandingCreate: () => import('./brandings/branding-create-page.tsx'),
  adminBranding: () => import('./brandings/branding-page.tsx'),
  adminAnalyticsQuery: () => import('./analytics-query/analytics-page.tsx'),
  adminAnalyticsReportCreate: () => import('./analytics-query/report-create-page.tsx'),
  adminAnalyticsReport: () => import('./analytics-query/report-page.tsx'),
};
