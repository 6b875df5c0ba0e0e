/**
 * GET /api/v1/jobs/{jobId}/changes (the Suppliers tab's permission, which gates a job's per-supplier results): the
 * latest completed run against the one before it — totals, then a paged list of the suppliers that changed — or, with
 * format=csv|xlsx, every change as a file. openResults checks the job is visible (404, tenant scope) and has results
 * (409); a job with one completed run answers 404 with why. Score-level changes only for SuppliersScore_VIEW.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JOB_TABS_BY_KEY, ZJobParams, ZRunChanges, ZRunChangesQuery } from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { openResults } from '../../lib/duckdb/index.ts';
import { runChanges, runChangesExport } from './job-changes.service.ts';

const permissions = [...JOB_TABS_BY_KEY.suppliers.permissions];

export async function jobChangesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/v1/jobs/:jobId/changes', {
    config: { access: { permissions } },
    schema: {
      tags: ['Results'],
      summary:
        'What changed since the previous run: totals, then the suppliers that changed (paged; kind= and search= filter), each change with before, after and the reason; format=csv|xlsx downloads every change',
      params: ZJobParams,
      querystring: ZRunChangesQuery,
      produces: ['application/json', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: ZRunChanges.or(z.any()) },
    },
    handler: async (req, reply) => {
      const auth = authOf(req);
      const res = await openResults(ctx, auth, req.params.jobId);
      // score-level changes only for a caller who sees suppliers' scores (SuppliersScore_VIEW, as the supplier lists)
      const viewer = { withScores: auth.permissions.has('SuppliersScore_VIEW') };
      if (req.query.format) {
        const d = await runChangesExport(ctx, res, req.query, req.query.format, viewer);
        return reply
          .header('content-type', d.contentType)
          .header('content-disposition', `attachment; filename="${d.filename}"`)
          .header('cache-control', 'no-store')
          .send(d.body);
      }
      return ZRunChanges.parse(await runChanges(ctx, res, req.query, viewer));
    },
  });
}
