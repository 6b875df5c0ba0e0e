/** /api/v1/dashboard: the home dashboard of the signed-in user (Dashboard_VIEW). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDashboard } from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { dashboardOf } from './dashboard.service.ts';

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/dashboard', {
    // Records the visit ("what changed since my last visit"); allowed in read-only mode as a GET.
    config: { access: { permissions: ['Dashboard_VIEW'] } },
    schema: {
      tags: ['Dashboard'],
      summary:
        'My jobs and their state, campaigns in progress with their counters, what changed since my last visit, what needs me',
      response: { 200: ZDashboard },
    },
    handler: async (req) => dashboardOf(app.ctx, authOf(req)),
  });
}
