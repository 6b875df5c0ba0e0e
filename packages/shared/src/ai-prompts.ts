/** AI prompt contracts (analysis admin → AI prompts): versioned texts per use, activation, a render test. */
import { z } from 'zod';
import { AI_PROMPT_USES } from './values/ai-prompts.ts';

export * from './values/ai-prompts.ts';

export const ZAiPromptUse = z.enum(AI_PROMPT_USES, { error: `use must be one of ${AI_PROMPT_USES.join(', ')}` });

export const ZAiPrompt = z.object({
  id: z.uuid(),
  use: ZAiPromptUse,
  version: z.number().int(),
  name: z.string(),
  text: z.string(),
  variables: z.array(z.string()),
  active: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
});
export type TAiPrompt = z.infer<typeof ZAiPrompt>;

export const ZAiPromptUseSummary = z.object({
  use: ZAiPromptUse,
  label: z.string(),
  description: z.string(),
  variables: z.array(z.string()),
  defaultText: z.string(),
  activeVersion: z.number().int().nullable(),
  versions: z.array(ZAiPrompt),
});
export type TAiPromptUseSummary = z.infer<typeof ZAiPromptUseSummary>;

export const ZAiPromptCreate = z.object({
  use: ZAiPromptUse,
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  text: z.string().trim().min(1, 'Text is required').max(20_000, 'Text must be at most 20000 characters'),
  activate: z.boolean().default(false),
});
export type TAiPromptCreate = z.input<typeof ZAiPromptCreate>;

export const ZAiPromptIdParams = z.object({ promptId: z.uuid('Prompt id must be an id') });

export const ZAiPromptRenderRequest = z.object({
  text: z.string().max(20_000, 'Text must be at most 20000 characters'),
  variables: z.record(z.string(), z.string().max(20_000)),
});
export const ZAiPromptRenderResult = z.object({
  rendered: z.string(),
  missing: z.array(z.string()),
  unused: z.array(z.string()),
});
export type TAiPromptRenderResult = z.infer<typeof ZAiPromptRenderResult>;

export const ZAiPromptUseParams = z.object({ use: ZAiPromptUse });
