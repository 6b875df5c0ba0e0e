/** Page modules of the vendor lookup (BETA), by route id (registered in the shell's PAGES map). */
import type { ComponentType } from 'react';

type TPageModule = { Component: ComponentType };

export const VENDOR_PAGES: Record<string, () => Promise<TPageModule>> = {
  vendors: () => import('./search-page.tsx'),
  vendor: () => import('./vendor-page.tsx'),
};
