/** Translations, magic links, merge linked accounts and the public upload-link page, by route id. */
import type { ComponentType } from 'react';

type TPageModule = { Component: ComponentType };

export const ADMIN_ACCOUNTS_PAGES: Record<string, () => Promise<TPageModule>> = {
  translations: () => import('./translations-page.tsx'),
  magicLinks: () => import('./magic-links-page.tsx'),
  mergeLinkedAccounts: () => import('./merge-accounts-page.tsx'),
  uploadLink: () => import('./upload-link-page.tsx'),
};
