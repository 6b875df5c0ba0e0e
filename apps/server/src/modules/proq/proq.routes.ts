/**
 * /api/v1/proq (SPEC §7 ProQ): monitoring data, counts, status, quick views, backoff strategy, command types,
 * the three paged lists, check-queued-commands — plus, for the DevOps pages, command detail, a job's commands
 * (workflow view), workers, and retry/cancel.
 *
 * Access: monitoring and actions need DevOps_Area_VIEW (the /devops area); the navbar quick views and status
 * need QuickView_ProQ_VIEW. Records are tenant-scoped in proq.service (internal staff see every command).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROQ_BASE,
  ZNamedCount,
  ZPagingRequest,
  ZProqBackgroundService,
  ZProqBackgroundServiceQuery,
  ZProqBackoffStrategy,
  ZProqCancelBody,
  ZProqCommand,
  ZProqCommandIdParam,
  ZProqEntityIdParam,
  ZProqJobIdParam,
  ZProqMonitoringData,
  ZProqMonitoringQuery,
  ZProqQuickViewRow,
  ZProqStatus,
  ZProqWorker,
  ZQueuedCountsQuery,
  zPagedResult,
} from '@sextant/shared';
import {
  backgroundService,
  backoffStrategy,
  cancelCommand,
  checkQueued,
  commandDetail,
  commandTypes,
  jobWorkflow,
  listWorkers,
  monitoringData,
  pagedCommands,
  proqOf,
  queuedCounts,
  quickView,
  retryCommand,
  setBackgroundService,
  statusDetails,
} from './proq.service.ts';
import { authOf } from '../../plugins/access.ts';

const tags = ['ProQ'];
const devops = { permissions: ['DevOps_Area_VIEW'] } as const;
const quick = { permissions: ['QuickView_ProQ_VIEW'] } as const;

export async function proqRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  // Stops this process's worker (if it runs one) when the app closes.
  app.addHook('onClose', async () => proqOf(ctx).stop());

  r.get(`${PROQ_BASE}/get-proqmonitoring-data`, {
    config: { access: devops },
    schema: {
      tags,
      summary:
        'Queue counts (queued = Blocked+Pending+InProgress, completed, error = Error+Canceled) and whether a worker runs',
      querystring: ZProqMonitoringQuery,
      response: { 200: ZProqMonitoringData },
    },
    handler: async (req) => monitoringData(ctx, authOf(req), req.query),
  });

  r.get(`${PROQ_BASE}/queued-commands-count`, {
    config: { access: devops },
    schema: {
      tags,
      summary: 'Queued commands counted by command type (or ?groupBy=state|category)',
      querystring: ZQueuedCountsQuery,
      response: { 200: z.array(ZNamedCount) },
    },
    handler: async (req) => queuedCounts(ctx, authOf(req), req.query.groupBy),
  });

  r.get(`${PROQ_BASE}/proq-status-details`, {
    config: { access: quick },
    schema: {
      tags,
      summary: 'Queued command count and whether a worker runs (navbar badge)',
      response: { 200: ZProqStatus },
    },
    handler: async (req) => statusDetails(ctx, authOf(req)),
  });

  r.get(`${PROQ_BASE}/proq-commands-info`, {
    config: { access: quick },
    schema: {
      tags,
      summary: 'Quick view of every queued command (running first; at most 500)',
      response: { 200: z.array(ZProqQuickViewRow) },
    },
    handler: async (req) => quickView(ctx, authOf(req)),
  });

  r.get(`${PROQ_BASE}/queued-commands-quick-view/:jobId`, {
    config: { access: quick },
    schema: {
      tags,
      summary: "Quick view of a job's queued commands",
      params: ZProqJobIdParam,
      response: { 200: z.array(ZProqQuickViewRow) },
    },
    handler: async (req) => quickView(ctx, authOf(req), req.params.jobId),
  });

  r.get(`${PROQ_BASE}/get-proq-backoff-strategy-data`, {
    config: { access: devops },
    schema: {
      tags,
      summary: 'Idle polling backoff: current, min and max delay (ms), coefficient, seconds idle',
      response: { 200: ZProqBackoffStrategy },
    },
    handler: async () => backoffStrategy(ctx),
  });

  r.get(`${PROQ_BASE}/get-proq-command-types`, {
    config: { access: devops },
    schema: { tags, summary: 'Registered command types', response: { 200: z.array(z.string()) } },
    handler: async () => commandTypes(ctx),
  });

  for (const [path, kind, what] of [
    ['queued-commands', 'queued', 'Blocked, Pending and InProgress'],
    ['error-commands', 'error', 'Error and Canceled'],
    ['completed-commands', 'completed', 'Completed'],
  ] as const) {
    r.post(`${PROQ_BASE}/${path}`, {
      config: { access: devops },
      schema: {
        tags,
        summary: `Paged ${what} commands (filter/sort by ${'commandType, state, jobId, jobName, tags, queuedDate, …'})`,
        body: ZPagingRequest,
        response: { 200: zPagedResult(ZProqCommand) },
      },
      handler: async (req) => pagedCommands(ctx, authOf(req), kind, req.body),
    });
  }

  r.post(`${PROQ_BASE}/:id/check-queued-commands`, {
    config: { access: quick },
    schema: {
      tags,
      summary: 'Whether a job (or any target entity) has queued commands',
      params: ZProqEntityIdParam,
      response: { 200: z.boolean() },
    },
    handler: async (req) => checkQueued(ctx, authOf(req), req.params.id),
  });

  r.get(`${PROQ_BASE}/commands/:id`, {
    config: { access: devops },
    schema: {
      tags,
      summary: 'One command with payload and error',
      params: ZProqCommandIdParam,
      response: { 200: ZProqCommand },
    },
    handler: async (req) => commandDetail(ctx, authOf(req), req.params.id),
  });

  r.get(`${PROQ_BASE}/jobs/:jobId/commands`, {
    config: { access: devops },
    schema: {
      tags,
      summary: 'Every command of a job with prerequisites and timings (workflow view)',
      params: ZProqJobIdParam,
      response: { 200: z.array(ZProqCommand) },
    },
    handler: async (req) => jobWorkflow(ctx, authOf(req), req.params.jobId),
  });

  r.get(`${PROQ_BASE}/workers`, {
    config: { access: devops },
    schema: {
      tags,
      summary: 'Workers that heartbeated recently, alive or not',
      response: { 200: z.array(ZProqWorker) },
    },
    handler: async () => listWorkers(ctx),
  });

  r.post(`${PROQ_BASE}/commands/:id/retry`, {
    config: { access: devops },
    schema: {
      tags,
      summary: 'Retry an Error or Canceled command (attempts reset; dependents it failed reopen)',
      params: ZProqCommandIdParam,
      response: { 200: ZProqCommand },
    },
    handler: async (req) => retryCommand(ctx, req, authOf(req), req.params.id),
  });

  r.post(`${PROQ_BASE}/commands/:id/cancel`, {
    config: { access: devops },
    schema: {
      tags,
      summary: 'Cancel a Blocked, Pending or InProgress command (its dependents are canceled too)',
      params: ZProqCommandIdParam,
      body: ZProqCancelBody,
      response: { 200: ZProqCommand },
    },
    handler: async (req) => cancelCommand(ctx, req, authOf(req), req.params.id, req.body?.reason),
  });

  const toggle = { permissions: ['BackgroundService_TOGGLE'] } as const;
  r.get(`${PROQ_BASE}/background-service`, {
    config: { access: devops },
    schema: {
      tags,
      summary:
        'Whether the background service (every ProQ worker of this environment) is paused, by whom and since when',
      response: { 200: ZProqBackgroundService },
    },
    handler: async () => backgroundService(ctx),
  });

  r.post(`${PROQ_BASE}/background-service`, {
    config: { access: toggle },
    schema: {
      tags,
      summary: 'Pause (running=false) or resume (running=true) the background service; running commands finish',
      querystring: ZProqBackgroundServiceQuery,
      response: { 200: ZProqBackgroundService },
    },
    handler: async (req) => setBackgroundService(ctx, req, authOf(req), req.query.running === 'true'),
  });
}
