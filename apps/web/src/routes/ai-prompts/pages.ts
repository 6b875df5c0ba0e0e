/** AI prompt pages by route id (packages/shared/src/routes.ts), spread into the router's PAGES map. */
import type { ComponentType } from 'react';

type TPageModule = { Component: ComponentType };

export const AI_PROMPT_PAGES: Record<string, () => Promise<TPageModule>> = {
  aiPrompts: () => import('./ai-prompts-page.tsx'),
  aiPromptCreate: () => import('./ai-prompt-create-page.tsx'),
  aiPrompt: () => import('./ai-prompt-page.tsx'),
};
