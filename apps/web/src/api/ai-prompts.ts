/** AI prompt administration calls (/api/v1/ai-prompts). */
import { queryOptions } from '@tanstack/react-query';
import type { TAiPromptCreate, TAiPromptUse } from '@sextant/shared/values';
import { http, ok } from './client.ts';

export const aiPromptKeys = {
  all: ['ai-prompts'] as const,
  list: () => [...aiPromptKeys.all, 'list'] as const,
  detail: (id: string) => [...aiPromptKeys.all, 'detail', id] as const,
};

export const aiPromptsQuery = () =>
  queryOptions({ queryKey: aiPromptKeys.list(), queryFn: () => ok(http.GET('/api/v1/ai-prompts')) });
export const aiPromptQuery = (id: string) =>
  queryOptions({
    queryKey: aiPromptKeys.detail(id),
    queryFn: () => ok(http.GET('/api/v1/ai-prompts/{promptId}', { params: { path: { promptId: id } } })),
  });

export const createAiPrompt = (body: TAiPromptCreate) => ok(http.POST('/api/v1/ai-prompts', { body }));
export const activateAiPrompt = (id: string) =>
  ok(http.POST('/api/v1/ai-prompts/{promptId}/activate', { params: { path: { promptId: id } } }));
export const revertToDefaultAiPrompt = (use: TAiPromptUse) =>
  ok(http.POST('/api/v1/ai-prompts/uses/{use}/use-default', { params: { path: { use } } }));
export const renderAiPrompt = (text: string, variables: Record<string, string>) =>
  ok(http.POST('/api/v1/ai-prompts/render', { body: { text, variables } }));
