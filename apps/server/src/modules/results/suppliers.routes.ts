/**
 * Supplier results under /api/v1/jobs/{jobId}/results/suppliers (JobSuppliersAccessor, the Suppliers tab's
 * permission): the column catalogue, the server-paged list (or its CSV/XLSX export with format=) and one
 * supplier's detail. openResults checks the job is visible (404) and has results (409).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  JOB_TABS_BY_KEY,
  ZJobParams,
  ZSupplierColumns,
  ZSupplierDetail,
  ZSupplierPage,
  ZSupplierParams,
  ZSupplierResultsQuery,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { openResults } from '../../lib/duckdb/index.ts';
import { cachedJsonBody, sendJsonBody } from '../../lib/json-body.ts';
import {
  seesSupplierScores,
  supplierColumns,
  supplierDetail,
  supplierExport,
  supplierPage,
} from './suppliers.service.ts';

const tags = ['Results'];
const pageBodies = new Map<string, Promise<Buffer>>();
const permissions = [...JOB_TABS_BY_KEY.suppliers.permissions];

export const PRODUCES = [
  'application/json',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

export async function supplierResultRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/v1/jobs/:jobId/results/suppliers/columns', {
    config: { access: { permissions } },
    schema: {
      tags,
      summary:
        'The supplier column catalogue of a job: type, filter kind and the distinct values of multiselect columns',
      params: ZJobParams,
      response: { 200: ZSupplierColumns },
    },
    handler: async (req) => {
      const auth = authOf(req);
      return supplierColumns(ctx, await openResults(ctx, auth, req.params.jobId), !seesSupplierScores(auth));
    },
  });

  r.get('/api/v1/jobs/:jobId/results/suppliers', {
    config: { access: { permissions } },
    schema: {
      tags,
      summary:
        'Server-paged suppliers of a job (filters as a JSON array of filter items, orderBy=property:asc|desc, search, slicer + slicerValue) with the filtered spend; format=csv|xlsx exports every filtered row',
      params: ZJobParams,
      querystring: ZSupplierResultsQuery,
      produces: PRODUCES,
      response: { 200: ZSupplierPage.or(z.any()) },
    },
    handler: async (req, reply) => {
      const auth = authOf(req);
      const res = await openResults(ctx, auth, req.params.jobId);
      const scope = seesSupplierScores(auth) ? {} : { withoutScores: true };
      if (req.query.format) {
        const d = await supplierExport(ctx, res, req.query, req.query.format, scope);
        return reply
          .header('content-type', d.contentType)
          .header('content-disposition', `attachment; filename="${d.filename}"`)
          .header('cache-control', 'no-store')
          .send(d.body);
      }
      // The same bytes for everyone who may see the job with the same scores permission (a page of a run never
      // changes; the key is the run, the query and the scope).
      const key = JSON.stringify([res.runId, req.query, scope]);
      return sendJsonBody(
        reply,
        await cachedJsonBody(pageBodies, key, ZSupplierPage, () => supplierPage(ctx, res, req.query, scope)),
      );
    },
  });

  r.get('/api/v1/jobs/:jobId/results/suppliers/:supplierKey', {
    config: { access: { permissions } },
    schema: {
      tags,
      summary:
        'One supplier: its data, the matched merchant with the match evidence, scores with their rules, industry codes, documents and use cases',
      params: ZSupplierParams,
      response: { 200: ZSupplierDetail },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const res = await openResults(ctx, auth, req.params.jobId);
      return supplierDetail(ctx, res, req.params.supplierKey, !seesSupplierScores(auth));
    },
  });
}
