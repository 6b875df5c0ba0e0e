/**
 * Use cases under /api/v1/jobs/{jobId}/results (JobUseCasesAccessor, the Use Cases tab's permission): the list
 * with opportunities, one use case, its server-paged suppliers (same query, filters and export as the suppliers
 * list) and the Use Cases Report data (JobUseCasesReportAccessor). openResults checks visibility (404) and
 * results (409).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  JOB_TABS_BY_KEY,
  ZJobParams,
  ZSupplierPage,
  ZSupplierResultsQuery,
  ZUseCaseDetail,
  ZUseCaseList,
  ZUseCaseParams,
  ZUseCasesReport,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { openResults } from '../../lib/duckdb/index.ts';
import { seesSupplierScores, supplierExport, supplierPage, useCaseRow } from './suppliers.service.ts';
import { PRODUCES } from './suppliers.routes.ts';
import { useCaseDetail, useCaseList, useCasesReport } from './use-cases.service.ts';

const tags = ['Results'];
const permissions = [...JOB_TABS_BY_KEY['use-cases'].permissions];
const reportPermissions = [...JOB_TABS_BY_KEY['report/use-cases'].permissions];

export async function useCaseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/v1/jobs/:jobId/results/use-cases', {
    config: { access: { permissions } },
    schema: {
      tags,
      summary: 'Use cases of a job with their opportunity (suppliers, spend, estimated rebate, rebate bps)',
      params: ZJobParams,
      response: { 200: ZUseCaseList },
    },
    handler: async (req) => useCaseList(await openResults(ctx, authOf(req), req.params.jobId)),
  });

  r.get('/api/v1/jobs/:jobId/results/use-cases-report', {
    config: { access: { permissions: reportPermissions } },
    schema: {
      tags,
      summary: 'Use Cases Report data: every use case with its opportunity and its top 10 suppliers by spend',
      params: ZJobParams,
      response: { 200: ZUseCasesReport },
    },
    handler: async (req) => useCasesReport(ctx, await openResults(ctx, authOf(req), req.params.jobId)),
  });

  r.get('/api/v1/jobs/:jobId/results/use-cases/:useCaseId', {
    config: { access: { permissions } },
    schema: {
      tags,
      summary: 'One use case with its opportunity',
      params: ZUseCaseParams,
      response: { 200: ZUseCaseDetail },
    },
    handler: async (req) => useCaseDetail(await openResults(ctx, authOf(req), req.params.jobId), req.params.useCaseId),
  });

  r.get('/api/v1/jobs/:jobId/results/use-cases/:useCaseId/suppliers', {
    config: { access: { permissions } },
    schema: {
      tags,
      summary:
        'Server-paged suppliers of a use case with their estimated rebate (same query as the suppliers list); format=csv|xlsx exports every filtered row',
      params: ZUseCaseParams,
      querystring: ZSupplierResultsQuery,
      produces: PRODUCES,
      response: { 200: ZSupplierPage.or(z.any()) },
    },
    handler: async (req, reply) => {
      const auth = authOf(req);
      const res = await openResults(ctx, auth, req.params.jobId);
      const uc = await useCaseRow(res, req.params.useCaseId);
      const scope = { useCaseId: uc.useCaseId, ...(seesSupplierScores(auth) ? {} : { withoutScores: true }) };
      if (req.query.format) {
        const d = await supplierExport(ctx, res, req.query, req.query.format, scope, uc.useCaseId);
        return reply
          .header('content-type', d.contentType)
          .header('content-disposition', `attachment; filename="${d.filename}"`)
          .header('cache-control', 'no-store')
          .send(d.body);
      }
      return ZSupplierPage.parse(await supplierPage(ctx, res, req.query, scope));
    },
  });
}
