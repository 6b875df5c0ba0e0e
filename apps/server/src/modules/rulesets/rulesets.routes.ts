/**
 * /api/v1/rulesets/{scoring|confidence}: versions of the scoring and confidence rulesets. One set of routes per
 * kind, so each route declares the kind's own permission (viewing needs Scoring_VIEW / Confidence_VIEW; creating
 * and activating a version needs the kind's _UPDATE permission too).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RULESET_KINDS,
  RULESET_PERMISSIONS,
  ZEmptyBody,
  ZRulesetCreate,
  ZRulesetDryRun,
  ZRulesetDryRunRequest,
  ZRulesetList,
  ZRulesetVersionDetail,
  ZRulesetVersionParam,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { activateRuleset, createRuleset, dryRun, getRuleset, listRulesets } from './rulesets.service.ts';

const tags = ['Rulesets'];
const ZVersionParam = ZRulesetVersionParam.pick({ version: true });

export async function rulesetRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  for (const kind of RULESET_KINDS) {
    const base = `/api/v1/rulesets/${kind}`;
    const view = [RULESET_PERMISSIONS[kind].view] as const;
    const update = [RULESET_PERMISSIONS[kind].view, RULESET_PERMISSIONS[kind].update] as const;

    r.get(base, {
      config: { access: { permissions: [...view] } },
      schema: {
        tags,
        summary: `Versions of the ${kind} ruleset (author, created, active, jobs that used each)`,
        response: { 200: ZRulesetList },
      },
      handler: async (req) => listRulesets(ctx, authOf(req), kind),
    });

    r.get(`${base}/:version`, {
      config: { access: { permissions: [...view] } },
      schema: {
        tags,
        summary: `A version of the ${kind} ruleset with its definition, the runs that used it and the fields rules may test`,
        params: ZVersionParam,
        response: { 200: ZRulesetVersionDetail },
      },
      handler: async (req) => getRuleset(ctx, authOf(req), kind, req.params.version),
    });

    r.post(base, {
      config: { access: { permissions: [...update] } },
      schema: {
        tags,
        summary: `Create the next version of the ${kind} ruleset (validated by the engine's schema; errors by path)`,
        body: ZRulesetCreate,
        response: { 200: ZRulesetVersionDetail },
      },
      handler: async (req) => createRuleset(ctx, req, authOf(req), kind, req.body),
    });

    r.post(`${base}/:version/activate`, {
      config: { access: { permissions: [...update] } },
      schema: {
        tags,
        summary: `Make a version the active ${kind} ruleset (new runs use it)`,
        params: ZVersionParam,
        body: ZEmptyBody,
        response: { 200: ZRulesetVersionDetail },
      },
      handler: async (req) => activateRuleset(ctx, req, authOf(req), kind, req.params.version),
    });

    r.post(`${base}/:version/dry-run`, {
      config: { access: { permissions: [...view] } },
      schema: {
        tags,
        summary: `Evaluate a version on a job's latest results: suppliers whose ${kind === 'scoring' ? 'level' : 'confidence'} changes per score kind, with examples`,
        params: ZVersionParam,
        body: ZRulesetDryRunRequest,
        response: { 200: ZRulesetDryRun },
      },
      handler: async (req) => dryRun(ctx, authOf(req), kind, req.params.version, req.body.jobId),
    });
  }
}
