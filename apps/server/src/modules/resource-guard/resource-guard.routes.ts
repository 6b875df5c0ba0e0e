/**
 * /api/v1/resource-guard: live resources with limits, history, limit changes (audited). Also installs the guard on
 * heavy routes (runs, uploads, exports, list exports with format=) and the per-user and global budgets of costly
 * calls (exports and vendor search: lib/work-budget.ts), so it is registered before the modules that declare them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BudgetExceeded, WorkBudget } from '../../lib/work-budget.ts';
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

/** Exports of a server-paged list: the list itself is light, `format=csv|xlsx` streams every filtered row. */
const LIST_EXPORT_URLS = new Set([
  '/api/v1/jobs/:jobId/results/suppliers',
  '/api/v1/jobs/:jobId/results/use-cases/:useCaseId/suppliers',
]);

/** Heavy work by route (method and URL as declared; the query for list exports). */
export function heavyWorkOf(
  method: string,
  url: string | undefined,
  body?: unknown,
  query?: unknown,
): THeavyWorkKind | null {
  if (!url) return null;
  if (method === 'GET' && LIST_EXPORT_URLS.has(url) && (query as { format?: string } | undefined)?.format)
    return 'export';
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

const isVendorSearch = (req: FastifyRequest) =>
  req.method === 'GET' && req.routeOptions.url === '/api/v1/vendors/search';

/**
 * The budgets of costly calls, per app: vendor searches (each ranks candidates and runs a DuckDB statement in a
 * worker of the vendor search pool, which has 2) and exports (every row streamed). One user holds at most `perUser` slots, so their flood cannot take everyone's.
 */
export function costlyWorkBudgets(): { vendorSearch: WorkBudget; export: WorkBudget } {
  return {
    vendorSearch: new WorkBudget('Vendor searches', {
      perUser: 1,
      global: 3,
      queuePerUser: 4,
      queueGlobal: 32,
      maxWaitMs: 3_000,
      // a user flooding with concurrent searches keeps one search worker busy at most a third of the time
      floodPause: 2,
      maxPauseMs: 1_000,
    }),
    export: new WorkBudget('Exports', { perUser: 2, global: 4, queuePerUser: 2, queueGlobal: 16, maxWaitMs: 10_000 }),
  };
}

export const resourceGuardRoutes = fp(async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  const budgets = costlyWorkBudgets();
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const kind = heavyWorkOf(req.method, req.routeOptions.url, req.body, req.query);
    if (kind) await guardHeavyWork(ctx, kind);
    // Per-user and global budgets of costly calls: queue, then 429 with Retry-After (lib/work-budget.ts).
    // PDF reports have their own render queue (PDF_MAX_CONCURRENT, PDF_MAX_QUEUED: modules/results/pdf.ts).
    const url = req.routeOptions.url ?? '';
    const budget =
      kind === 'export' && !url.endsWith('/pdf') ? budgets.export : isVendorSearch(req) ? budgets.vendorSearch : null;
    if (!budget) return;
    try {
      const release = await budget.acquire(req.auth?.user.id ?? `ip:${req.ip}`);
      // Held until the response is sent (a streamed export: its last byte) or the client goes away.
      reply.raw.once('close', release);
      reply.raw.once('finish', release);
    } catch (err) {
      if (err instanceof BudgetExceeded) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
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
