/**
 * /api/v1/analytics: documented views, ad-hoc read-only queries, saved reports, CSV export (AnalyticsQuery_VIEW).
 * Queries run in the analytics sandbox (a reader login on PostgreSQL, a worker thread on PGlite; ADR 0006) in a READ
 * ONLY transaction with a time limit and a row limit (analytics.runner.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAnalyticsCatalog,
  ZAnalyticsReport,
  ZAnalyticsReportCreated,
  ZAnalyticsReportIdParam,
  ZAnalyticsReportInput,
  ZAnalyticsReportRunRequest,
  ZAnalyticsReportUpdate,
  ZAnalyticsResult,
  ZAnalyticsRunRequest,
  ZMutationResult,
  ZPagingRequest,
  zPagedResult,
  type TAnalyticsResult,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { csvFileName, toCsv } from './analytics.csv.ts';
import { closeSandbox, warmSandbox } from './analytics.sandbox.ts';
import {
  catalog,
  assertInternal,
  changeReport,
  createReport,
  getReport,
  listReports,
  removeReport,
  runAdHoc,
  runReport,
} from './analytics.service.ts';

const tags = ['Analytics'];
const base = '/api/v1/analytics';
const access = { permissions: ['AnalyticsQuery_VIEW'] } as const;
const ok = (message: string) => ({ success: true, statusCode: 200, message });

function sendCsv(reply: FastifyReply, name: string, result: TAnalyticsResult) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(name)}"`)
    .header('x-row-count', String(result.rowCount))
    .header('x-truncated', String(result.truncated))
    .send(toCsv(result.columns, result.rows));
}

export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  // PostgreSQL: set up and check the reader login at start-up (cheap). PGlite: the worker starts when the analytics
  // page asks for the views, so servers that never run analytics never start one.
  if (ctx.dbh.kind === 'postgres') app.addHook('onReady', async () => warmSandbox(ctx));
  app.addHook('onClose', async () => closeSandbox(ctx.dbh));

  r.get(`${base}/views`, {
    config: { access },
    schema: {
      tags,
      summary: 'The documented analytics views and their columns, with the row limits and statement timeout',
      response: { 200: ZAnalyticsCatalog },
    },
    handler: async (req) => {
      assertInternal(authOf(req));
      warmSandbox(ctx);
      return catalog(ctx);
    },
  });

  r.post(`${base}/run`, {
    config: { access },
    schema: {
      tags,
      summary:
        'Run a read-only query (SELECT/WITH over the analytics views) with :named parameters; a write or a timeout ' +
        'answers 400 with a clear message',
      body: ZAnalyticsRunRequest,
      response: { 200: ZAnalyticsResult },
    },
    handler: async (req) => runAdHoc(ctx, req, authOf(req), req.body),
  });

  r.post(`${base}/run/csv`, {
    config: { access },
    schema: { tags, summary: 'Run a read-only query and download the rows as CSV', body: ZAnalyticsRunRequest },
    handler: async (req, reply) =>
      sendCsv(reply, 'analytics-query', await runAdHoc(ctx, req, authOf(req), req.body, 'export')),
  });

  r.post(`${base}/reports/get`, {
    config: { access },
    schema: {
      tags,
      summary: 'Paged saved reports',
      body: ZPagingRequest,
      response: { 200: zPagedResult(ZAnalyticsReport) },
    },
    handler: async (req) => listReports(ctx, authOf(req), req.body),
  });

  r.get(`${base}/reports/:id`, {
    config: { access },
    schema: { tags, summary: 'A saved report', params: ZAnalyticsReportIdParam, response: { 200: ZAnalyticsReport } },
    handler: async (req) => getReport(ctx, authOf(req), req.params.id),
  });

  r.post(`${base}/reports`, {
    config: { access },
    schema: {
      tags,
      summary: 'Save a report (read-only SQL, parameters, chart)',
      body: ZAnalyticsReportInput,
      response: { 200: ZAnalyticsReportCreated },
    },
    handler: async (req) => {
      const id = await createReport(ctx, req, authOf(req), req.body);
      return { ...ok('Report saved'), id };
    },
  });

  r.put(`${base}/reports/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'Change a report (only the fields sent change)',
      params: ZAnalyticsReportIdParam,
      body: ZAnalyticsReportUpdate,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await changeReport(ctx, req, authOf(req), req.params.id, req.body);
      return ok('Report updated');
    },
  });

  r.delete(`${base}/reports/:id`, {
    config: { access },
    schema: { tags, summary: 'Delete a report', params: ZAnalyticsReportIdParam, response: { 200: ZMutationResult } },
    handler: async (req) => {
      await removeReport(ctx, req, authOf(req), req.params.id);
      return ok('Report deleted');
    },
  });

  r.post(`${base}/reports/:id/run`, {
    config: { access },
    schema: {
      tags,
      summary: 'Run a saved report with parameter values',
      params: ZAnalyticsReportIdParam,
      body: ZAnalyticsReportRunRequest,
      response: { 200: ZAnalyticsResult },
    },
    handler: async (req) => (await runReport(ctx, req, authOf(req), req.params.id, req.body.values)).result,
  });

  r.get(`${base}/reports/:id/csv`, {
    config: { access },
    schema: {
      tags,
      summary: 'Download a saved report as CSV; parameter values are query-string fields (?from=2025-01-01)',
      params: ZAnalyticsReportIdParam,
      querystring: z.record(z.string(), z.string().max(1000)),
    },
    handler: async (req, reply) => {
      const { report, result } = await runReport(ctx, req, authOf(req), req.params.id, req.query, 'export');
      return sendCsv(reply, report.name, result);
    },
  });
}
