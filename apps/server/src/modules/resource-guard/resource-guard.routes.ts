/**
 * /api/v1/resource-guard: live resources with limits, history, limit changes (audited). Also installs the guard on
 * heavy routes (runs, uploads, exports), so it is registered before the modules that declare them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import {
  ZResourceGuardState,
  ZResourceHistory,
  ZResourceHistoryQuery,
  ZResourceLimits,
  ZResourceSample,
  type THeavyWorkKind,
} from '@sextant/shared';
import {
  guardHeavyWork,
  guardState,
  history,
  recordSample,
  sampleSeconds,
  updateLimits,
} from './resource-guard.service.ts';

const tags = ['Resource guard'];
const base = '/api/v1/resource-guard';

/** Heavy work by route (method and URL as declared). */
export function heavyWorkOf(method: string, url: string | undefined, body?: unknown): THeavyWorkKind | null {
  if (!url) return null;
  if (method === 'POST' && /^\/api\/v1\/jobs\/:jobId\/runs(\/:runId\/retry)?$/.test(url)) return 'run';
  // Maintenance re-runs are runs; cleaning and deleting free resources and are never refused.
  if (method === 'POST' && url === '/api/v1/devops/job-maintenance/:jobId/actions')
    return (body as { action?: string } | undefined)?.action === 'rerun' ? 'run' : null;
  if (method === 'POST' && url === '/api/v1/jobs/:jobId/files') return 'upload';
  if (
    method === 'GET' &&
    /^\/api\/v1\/jobs\/:jobId\/(downloads\/|presentation\/pptx$|reports\/.+\/pdf$|business-case\/download$)/.test(url)
  )
    return 'export';
  return null;
}

export const resourceGuardRoutes = fp(async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.addHook('preHandler', async (req: FastifyRequest) => {
    const kind = heavyWorkOf(req.method, req.routeOptions.url, req.body);
    if (kind) await guardHeavyWork(ctx, kind);
  });

  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    const seconds = sampleSeconds(ctx);
    if (!seconds) return;
    timer = setInterval(() => {
      recordSample(ctx).catch((err: unknown) => ctx.log.warn({ err }, 'Resource sample not recorded'));
    }, seconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });

  r.get(base, {
    config: { access: { permissions: ['DevOps_Area_VIEW'] } },
    schema: {
      tags,
      summary: 'Live resources, limits, their levels and what heavy work is refused now',
      response: { 200: ZResourceGuardState },
    },
    handler: async () => guardState(ctx),
  });

  r.get(`${base}/history`, {
    config: { access: { permissions: ['DevOps_Area_VIEW'] } },
    schema: {
      tags,
      summary: 'Background samples of the last minutes',
      querystring: ZResourceHistoryQuery,
      response: { 200: ZResourceHistory },
    },
    handler: async (req) => ({ samples: await history(ctx, req.query.minutes) }),
  });

  r.post(`${base}/samples`, {
    config: { access: { permissions: ['DevOps_Area_VIEW'] } },
    schema: { tags, summary: 'Record a sample now (added to the history)', response: { 200: ZResourceSample } },
    handler: async () => recordSample(ctx),
  });

  r.put(`${base}/limits`, {
    config: { access: { permissions: ['DevOps_Area_VIEW', 'SystemMode_UPDATE'] } },
    schema: {
      tags,
      summary: 'Set the limits (null = no limit); audited',
      body: ZResourceLimits,
      response: { 200: ZResourceGuardState },
    },
    handler: async (req) => updateLimits(ctx, req.body, req),
  });
});
