/** /api/v1/analysis-admin/overview: the live figure of each analysis admin area the caller may open. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAnalysisAdminOverview } from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { overviewFigures } from './overview.ts';
import './figures.ts';

export async function analysisAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/analysis-admin/overview', {
    config: { access: { permissions: ['Analysis_Admin_Area_VIEW'] } },
    schema: {
      tags: ['Analysis admin'],
      summary: 'A figure per analysis admin area the caller may open (areas without a figure provider are absent)',
      response: { 200: ZAnalysisAdminOverview },
    },
    handler: async (req) => ({ figures: await overviewFigures(app.ctx, authOf(req)) }),
  });
}
