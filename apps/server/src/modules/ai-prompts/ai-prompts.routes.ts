/** /api/v1/ai-prompts (analysis admin → AI prompts, AiPrompts_CRUD): versions per use, create, activate, render test. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAiPrompt,
  ZAiPromptCreate,
  ZAiPromptIdParams,
  ZAiPromptRenderRequest,
  ZAiPromptRenderResult,
  ZAiPromptUseParams,
  ZAiPromptUseSummary,
  ZSuccessOnly,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import {
  activatePrompt,
  createPrompt,
  getPrompt,
  listPromptUses,
  renderTest,
  useDefaultPrompt,
} from './ai-prompts.service.ts';

const tags = ['AI prompts'];
const base = '/api/v1/ai-prompts';
const permissions = ['AiPrompts_CRUD'] as const;

export async function aiPromptRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(base, {
    config: { access: { permissions } },
    schema: {
      tags,
      summary: 'Every prompt use with its default text, variables, versions (newest first) and active version',
      response: { 200: z.array(ZAiPromptUseSummary) },
    },
    handler: async () => listPromptUses(ctx),
  });

  r.post(base, {
    config: { access: { permissions } },
    schema: {
      tags,
      summary: 'A new version of a use’s prompt (variables must be the use’s); optionally activated at once; audited',
      body: ZAiPromptCreate,
      response: { 200: ZAiPrompt },
    },
    handler: async (req) => createPrompt(ctx, authOf(req), req.body, req),
  });

  r.post(`${base}/render`, {
    config: { access: { permissions } },
    schema: {
      tags,
      summary: 'Render a prompt text with sample variable values (missing and unused variables listed)',
      body: ZAiPromptRenderRequest,
      response: { 200: ZAiPromptRenderResult },
    },
    handler: async (req) => renderTest(req.body.text, req.body.variables),
  });

  r.get(`${base}/:promptId`, {
    config: { access: { permissions } },
    schema: { tags, summary: 'One prompt version', params: ZAiPromptIdParams, response: { 200: ZAiPrompt } },
    handler: async (req) => getPrompt(ctx, req.params.promptId),
  });

  r.post(`${base}/:promptId/activate`, {
    config: { access: { permissions } },
    schema: {
      tags,
      summary: 'Make this version the active prompt of its use (409 when it already is); audited',
      params: ZAiPromptIdParams,
      response: { 200: ZAiPrompt },
    },
    handler: async (req) => activatePrompt(ctx, req.params.promptId, req),
  });

  r.post(`${base}/uses/:use/use-default`, {
    config: { access: { permissions } },
    schema: {
      tags,
      summary: 'Use the default text again for a use (no version active); audited',
      params: ZAiPromptUseParams,
      response: { 200: ZSuccessOnly },
    },
    handler: async (req) => {
      await useDefaultPrompt(ctx, req.params.use, req);
      return { success: true as const };
    },
  });
}
