/**
 * AI prompts: versioned prompt texts per use, one active version per use (else the use's default text from
 * packages/shared values/ai-prompts.ts). Used by the chat answer and the address parser.
 */
import { AI_PROMPT_USE_INFO, renderPromptText, type TAiPromptUse } from '@sextant/shared/values';
import type { AppContext } from '../../context.ts';
import { activePromptRow } from './ai-prompts.repo.ts';

/** The text of the use's active prompt version, or its default text when no version is active. */
export async function activePromptText(ctx: AppContext, use: TAiPromptUse): Promise<string> {
  const row = await activePromptRow(ctx.db, use);
  return row?.text ?? AI_PROMPT_USE_INFO[use].defaultText;
}

/** Fills the {{name}} variables of a prompt text; an unknown variable stays as written. */
export function renderPrompt(text: string, vars: Record<string, string>): string {
  return renderPromptText(text, vars);
}
