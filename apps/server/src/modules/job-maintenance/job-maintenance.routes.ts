/** /api/v1/devops/job-maintenance: every job with storage and run health; maintenance actions as ProQ commands. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZJobMaintenanceList, ZJobMaintenanceRequest, ZJobParams, ZMaintenanceCommand } from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { listMaintenanceJobs, requestMaintenance } from './job-maintenance.service.ts';

const tags = ['Job maintenance'];
const base = '/api/v1/devops/job-maintenance';

export async function jobMaintenanceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(base, {
    config: { access: { permissions: ['JobMaintenance_VIEW'] } },
    schema: {
      tags,
      summary: 'Every job with storage used, runs, last run, failed and stale runs (hidden jobs for developers)',
      response: { 200: ZJobMaintenanceList },
    },
    handler: async (req) => listMaintenanceJobs(ctx, authOf(req)),
  });

  r.post(`${base}/:jobId/actions`, {
    config: { access: { permissions: ['JobMaintenance_VIEW', 'JobMaintenance_UPDATE'] } },
    schema: {
      tags,
      summary: 'Queue a maintenance action (re-run, clean intermediates, delete results, delete job)',
      params: ZJobParams,
      body: ZJobMaintenanceRequest,
      response: { 200: ZMaintenanceCommand },
    },
    handler: async (req) => requestMaintenance(ctx, authOf(req), req.params.jobId, req.body.action, req),
  });
}
