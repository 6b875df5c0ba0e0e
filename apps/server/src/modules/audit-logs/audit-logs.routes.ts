/** /api/v1/system-audit-logs: the system audit log (SystemLogs_VIEW), paged and filterable, with details. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuditLogEntry, ZAuditLogFacets, ZAuditLogIdParam, ZPagingRequest, zPagedResult } from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { getAuditEntry, getAuditFacets, listAuditLog } from './audit-logs.service.ts';

const tags = ['System audit log'];
const base = '/api/v1/system-audit-logs';

export async function auditLogRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.post(`${base}/get`, {
    config: { access: { permissions: ['SystemLogs_VIEW'] } },
    schema: {
      tags,
      summary:
        'Paged audit entries, newest first. Filter by userId/username, issuerId/issuerName, action, targetType, ' +
        'targetId, outcome; a date range is two filter items on `at` (GreaterThanOrEqual, LessThanOrEqual).',
      body: ZPagingRequest,
      response: { 200: zPagedResult(ZAuditLogEntry) },
    },
    handler: async (req) => listAuditLog(ctx, authOf(req), req.body),
  });

  r.get(`${base}/facets`, {
    config: { access: { permissions: ['SystemLogs_VIEW'] } },
    schema: {
      tags,
      summary: 'Actions, target types and outcomes present in the log, and the retention in days',
      response: { 200: ZAuditLogFacets },
    },
    handler: async (req) => getAuditFacets(ctx, authOf(req)),
  });

  r.get(`${base}/:id`, {
    config: { access: { permissions: ['SystemLogs_VIEW'] } },
    schema: {
      tags,
      summary: 'One audit entry with its details',
      params: ZAuditLogIdParam,
      response: { 200: ZAuditLogEntry },
    },
    handler: async (req) => getAuditEntry(ctx, authOf(req), req.params.id),
  });
}
