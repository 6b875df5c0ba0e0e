/**
 * Business case of a job (DESIGN §4), under /api/v1/jobs/{jobId}/business-case: the calculator (read and save the
 * inputs; Business Case Calculator tab), the saved case's summary and its XLSX download (Business Case Download
 * tab). The PDF comes from reports.routes.ts (type business-case).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  JOB_TABS_BY_KEY,
  ZBusinessCase,
  ZBusinessCaseDownloadQuery,
  ZBusinessCaseInputs,
  ZJobParams,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { businessCaseXlsx, getBusinessCase, saveBusinessCase } from './business-case.service.ts';

const tags = ['Results'];
const CALCULATOR = JOB_TABS_BY_KEY['business-case-calculator'].permissions;
const DOWNLOAD = JOB_TABS_BY_KEY['business-case-download'].permissions;

export async function businessCaseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/v1/jobs/:jobId/business-case', {
    config: { access: { permissions: CALCULATOR } },
    schema: {
      tags,
      summary: 'The business case: defaults, saved inputs, the job’s base figures and the outputs per year',
      params: ZJobParams,
      response: { 200: ZBusinessCase },
    },
    handler: async (req) => getBusinessCase(ctx, authOf(req), req.params.jobId),
  });

  r.put('/api/v1/jobs/:jobId/business-case', {
    config: { access: { permissions: CALCULATOR } },
    schema: {
      tags,
      summary: 'Save the business case inputs (job owner or Job_Update)',
      params: ZJobParams,
      body: ZBusinessCaseInputs,
      response: { 200: ZBusinessCase },
    },
    handler: async (req) => saveBusinessCase(ctx, authOf(req), req.params.jobId, req.body, req),
  });

  r.get('/api/v1/jobs/:jobId/business-case/summary', {
    config: { access: { permissions: DOWNLOAD } },
    schema: {
      tags,
      summary: 'The saved business case with its outputs (for the download page and the printable report)',
      params: ZJobParams,
      response: { 200: ZBusinessCase },
    },
    handler: async (req) => ({ ...(await getBusinessCase(ctx, authOf(req), req.params.jobId)), canEdit: false }),
  });

  r.get('/api/v1/jobs/:jobId/business-case/download', {
    config: { access: { permissions: DOWNLOAD } },
    schema: {
      tags,
      summary: 'Download the business case as an XLSX workbook (Inputs and Results sheets)',
      params: ZJobParams,
      querystring: ZBusinessCaseDownloadQuery,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    handler: async (req, reply) => {
      const d = await businessCaseXlsx(ctx, authOf(req), req.params.jobId);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${d.filename}"`)
        .header('cache-control', 'no-store')
        .send(d.body);
    },
  });
}
