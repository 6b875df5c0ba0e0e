/**
 * PDF downloads of the printable reports: GET /api/v1/jobs/{jobId}/reports/{analysisReportType}/pdf, one route per
 * report type so each declares the permission of its report tab (job-tabs.ts); any other type answers 400.
 * Rendering: pdf.ts (server-side Chromium over the caller's own session).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  JOB_TABS_BY_KEY,
  ZJobParams,
  ZReportPdfParams,
  ZReportPdfQuery,
  type TGrant,
  type TJobTabKey,
} from '@sextant/shared';
import { authOf, SESSION_COOKIE } from '../../plugins/access.ts';
import { badRequest } from '../../lib/errors.ts';
import { openResults } from '../../lib/duckdb/index.ts';
import { forwardedCookies, loopbackOrigin, PdfRenderer } from './pdf.ts';
import { safeFilename } from './business-case.service.ts';

/** Printable report types with a PDF download, and the tab whose permissions open it. */
export const PDF_REPORTS: Record<string, TJobTabKey> = {
  insights: 'report/insights',
  'use-cases': 'report/use-cases',
  'business-case': 'business-case-download',
};
export const pdfReportPermissions = (type: string): readonly TGrant[] =>
  JOB_TABS_BY_KEY[PDF_REPORTS[type]!].permissions;

const tags = ['Results'];

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const renderer = new PdfRenderer({
    executablePath: ctx.config.CHROMIUM_PATH,
    maxConcurrent: ctx.config.PDF_MAX_CONCURRENT,
    maxQueued: ctx.config.PDF_MAX_QUEUED,
    timeoutMs: ctx.config.PDF_TIMEOUT_MS,
    log: app.log,
  });
  app.addHook('onClose', async () => renderer.close());

  for (const type of Object.keys(PDF_REPORTS)) {
    r.get(`/api/v1/jobs/:jobId/reports/${type}/pdf`, {
      config: { access: { permissions: pdfReportPermissions(type) } },
      schema: {
        tags,
        summary: `Download the ${type} report as PDF (rendered by server-side Chromium from the printable page)`,
        params: ZJobParams,
        querystring: ZReportPdfQuery,
        produces: ['application/pdf'],
      },
      handler: async (req, reply) => {
        const auth = authOf(req);
        const results = await openResults(ctx, auth, req.params.jobId);
        const suffix = req.query.params ? `/${req.query.params}` : '';
        const origin = loopbackOrigin(app.server.address(), ctx.config.PORT);
        const pdf = await renderer.render({
          url: `${origin}/jobs/${results.jobId}/printable/${type}${suffix}`,
          cookies: forwardedCookies(req.headers.cookie, [SESSION_COOKIE]),
          title: results.jobName,
        });
        const filename = `${safeFilename(results.jobName)}-${type}.pdf`;
        return reply
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(`${results.jobName}-${type}.pdf`)}`,
          )
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    });
  }

  r.get('/api/v1/jobs/:jobId/reports/:analysisReportType/pdf', {
    config: { access: { permissions: ['ViewJobTabs'] } },
    schema: {
      tags,
      summary: 'Any other report type: 400',
      params: ZReportPdfParams,
    },
    handler: async (req) => {
      throw badRequest(
        `analysisReportType: "${req.params.analysisReportType}" has no PDF; use one of ${Object.keys(PDF_REPORTS).join(', ')}`,
        [{ path: 'analysisReportType', message: `must be one of ${Object.keys(PDF_REPORTS).join(', ')}` }],
      );
    },
  });
}
