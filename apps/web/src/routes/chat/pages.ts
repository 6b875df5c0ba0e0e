/** Chat pages by route id (packages/shared/src/routes.ts), spread into the router's PAGES map. */
import type { ComponentType } from 'react';

type TPageModule = { Component: ComponentType };

export const CHAT_PAGES: Record<string, () => Promise<TPageModule>> = {
  chatbotDocuments: () => import('./chatbot-documents-page.tsx'),
};
