/**
 * Results: summary, insights chart views (JSON or CSV) and the insights presentation (deck JSON and PPTX), under
 * /api/v1/jobs/{jobId}. Each route declares the permission of its job tab (packages/shared job-tabs.ts); openResults
 * checks the job is visible to the caller (404) and has results (409).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  JOB_TABS_BY_KEY,
  ZChartViewData,
  ZChartViewQuery,
  ZJobChartViewParams,
  ZJobParams,
  ZJobSummary,
  ZPresentationDeck,
  ZSlicerQuery,
  sliceOf,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { openResults } from '../../lib/duckdb/index.ts';
import { cachedJsonBody, sendJsonBody } from '../../lib/json-body.ts';
import { chartView, chartViewCsv, fileBase, jobSummary } from './insights.service.ts';
import { buildPptx, presentationDeck } from './presentation.ts';
import { documentLocaleOf } from './document-locale.ts';

const tags = ['Results'];
const summaryBodies = new Map<string, Promise<Buffer>>();
const permissionsOf = (tab: 'summary' | 'insights' | 'presentation') => [...JOB_TABS_BY_KEY[tab].permissions];

export async function insightsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/v1/jobs/:jobId/results/summary', {
    config: { access: { permissions: permissionsOf('summary') } },
    schema: {
      tags,
      summary: 'Headline figures, card capability waterfall and score distributions of a job under a slicer',
      params: ZJobParams,
      querystring: ZSlicerQuery,
      response: { 200: ZJobSummary },
    },
    handler: async (req, reply) => {
      const res = await openResults(ctx, authOf(req), req.params.jobId);
      const slice = sliceOf(req.query);
      // The same bytes for everyone who may see the job: the run, the slice and what the summary shows of the job.
      const key = JSON.stringify([res.runId, slice.slicer, slice.slicerValue, res.jobName, res.buyerName]);
      const body = await cachedJsonBody(summaryBodies, key, ZJobSummary, async () => ({
        ...(await jobSummary(res, slice)),
        jobName: res.jobName,
        buyerName: res.buyerName,
      }));
      return sendJsonBody(reply, body);
    },
  });

  r.get('/api/v1/jobs/:jobId/results/views/:view', {
    config: { access: { permissions: permissionsOf('insights') } },
    schema: {
      tags,
      summary: 'One chart view’s categories under a slicer, as JSON or as a CSV download',
      params: ZJobChartViewParams,
      querystring: ZChartViewQuery,
      produces: ['application/json', 'text/csv'],
      response: { 200: ZChartViewData.or(z.string()) },
    },
    handler: async (req, reply) => {
      const res = await openResults(ctx, authOf(req), req.params.jobId);
      const data = await chartView(res, req.params.view, sliceOf(req.query));
      if (req.query.format === 'json') return data;
      const slice = data.slicer === 'Overall' ? '' : `-${fileBase(`${data.slicer}-${data.slicerValue || 'blank'}`)}`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileBase(res.jobName)}-${data.view}${slice}.csv"`)
        .header('cache-control', 'no-store')
        .send(chartViewCsv(data));
    },
  });

  r.get('/api/v1/jobs/:jobId/presentation', {
    config: { access: { permissions: permissionsOf('presentation') } },
    schema: {
      tags,
      summary: 'The insights presentation’s slides (the same content as the PPTX)',
      params: ZJobParams,
      response: { 200: ZPresentationDeck },
    },
    handler: async (req) => presentationDeck(await openResults(ctx, authOf(req), req.params.jobId)),
  });

  r.get('/api/v1/jobs/:jobId/presentation/pptx', {
    config: { access: { permissions: permissionsOf('presentation') } },
    schema: {
      tags,
      summary: 'Download the insights presentation as PPTX with native charts',
      params: ZJobParams,
      produces: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    },
    handler: async (req, reply) => {
      const results = await openResults(ctx, authOf(req), req.params.jobId);
      const deck = await presentationDeck(results);
      const { filename, body } = await buildPptx(deck, await documentLocaleOf(ctx, results.issuerId));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.presentationml.presentation')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
}
