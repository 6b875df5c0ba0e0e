/** AI prompt administration calls (/api/v1/ai-prompts). */
import { queryOptions } from '@tanstack/react-query';
import type {
  TAiPrompt,
  TAiPromptCreate,
  TAiPromptRenderResult,
  TAiPromptUse,
  TAiPromptUseSummary,
} from '@sextant/shared/values';
import { api } from './client.ts';

export const aiPromptKeys = {
  all: ['ai-prompts'] as const,
  list: () => [...aiPromptKeys.all, 'list'] as const,
  detail: (id: string) => [...aiPromptKeys.all, 'detail', id] as const,
};

export const aiPromptsQuery = () =>
  queryOptions({ queryKey: aiPromptKeys.list(), queryFn: () => api<TAiPromptUseSummary[]>('/api/v1/ai-prompts') });
export const aiPromptQuery = (id: string) =>
  queryOptions({ queryKey: aiPromptKeys.detail(id), queryFn: () => api<TAiPrompt>(`/api/v1/ai-prompts/${id}`) });

export const createAiPrompt = (body: TAiPromptCreate) => api<TAiPrompt>('/api/v1/ai-prompts', { body });
export const activateAiPrompt = (id: string) => api<TAiPrompt>(`/api/v1/ai-prompts/${id}/activate`, { method: 'POST' });
export const revertToDefaultAiPrompt = (use: TAiPromptUse) =>
  api(`/api/v1/ai-prompts/uses/${use}/use-default`, { method: 'POST' });
export const renderAiPrompt = (text: string, variables: Record<string, string>) =>
  api<TAiPromptRenderResult>('/api/v1/ai-prompts/render', { body: { text, variables } });
