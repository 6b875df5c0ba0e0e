/**
 * Global insights under /api/v1/global-insights: build status, headline figures, chart views (the job insights'
 * views and slicers) and the organisations list, over every job the caller may see.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZChartViewData,
  ZChartViewParams,
  ZChartViewQuery,
  ZGlobalInsightsStatus,
  ZGlobalOrganizations,
  ZGlobalOrganizationsQuery,
  ZGlobalSummary,
  ZSlicerQuery,
  sliceOf,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { chartViewCsv, fileBase } from '../results/index.ts';
import { globalOrganizations, globalStatus, globalSummary, globalView } from './global-insights.service.ts';

const tags = ['Global insights'];
const access = { permissions: ['GlobalInsightsView' as const] };

export async function globalInsightsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/v1/global-insights/status', {
    config: { access },
    schema: {
      tags,
      summary: 'Whether the global insights of the caller’s jobs are ready, or the progress of their build',
      response: { 200: ZGlobalInsightsStatus },
    },
    handler: async (req) => globalStatus(ctx, authOf(req)),
  });

  r.get('/api/v1/global-insights/summary', {
    config: { access },
    schema: {
      tags,
      summary: 'Headline figures over every job the caller may see (a merchant counted once), under a slicer',
      querystring: ZSlicerQuery,
      response: { 200: ZGlobalSummary },
    },
    handler: async (req) => globalSummary(ctx, authOf(req), sliceOf(req.query)),
  });

  r.get('/api/v1/global-insights/views/:view', {
    config: { access },
    schema: {
      tags,
      summary: 'One chart view of the job insights over every job the caller may see, under a slicer',
      params: ZChartViewParams,
      querystring: ZChartViewQuery,
      produces: ['application/json', 'text/csv'],
      response: { 200: ZChartViewData.or(z.string()) },
    },
    handler: async (req, reply) => {
      const data = await globalView(ctx, authOf(req), req.params.view, sliceOf(req.query));
      if (req.query.format === 'json') return data;
      const slice = data.slicer === 'Overall' ? '' : `-${fileBase(`${data.slicer}-${data.slicerValue || 'blank'}`)}`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="global-insights-${data.view}${slice}.csv"`)
        .header('cache-control', 'no-store')
        .send(chartViewCsv(data));
    },
  });

  r.get('/api/v1/global-insights/organizations', {
    config: { access },
    schema: {
      tags,
      summary: 'Issuers and buyers with their figures, sortable',
      querystring: ZGlobalOrganizationsQuery,
      response: { 200: ZGlobalOrganizations },
    },
    handler: async (req) => globalOrganizations(ctx, authOf(req), req.query),
  });
}
