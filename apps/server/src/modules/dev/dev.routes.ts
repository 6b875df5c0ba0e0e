/**
 * /api/v1/dev (DevArea_CRUD): debug logging, CSV anonymiser, reset all jobs and database anonymiser (development
 * and test only: 503 elsewhere). The email outbox (GET /api/v1/dev/outbox) is served by the system module.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ANONYMIZE_MAX_BYTES,
  ZAnonymizePreview,
  ZDatabaseAnonymizeResult,
  ZDebugLoggingRequest,
  ZDebugLoggingState,
  ZDevDangerConfirm,
  ZDevResetResult,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { readUploadedFile } from '../../lib/upload-buffer.ts';
import { fieldError } from '../../lib/errors.ts';
import {
  anonymiseDb,
  anonymizeCsv,
  anonymizePreview,
  debugLoggingState,
  endDebugLogging,
  raiseLogLevel,
  resetAllJobs,
} from './dev.service.ts';

const tags = ['Dev'];
const base = '/api/v1/dev';
const DEV = { permissions: ['DevArea_CRUD'] } as const;
const DEV_ONLY = { permissions: ['DevArea_CRUD'], environments: ['development', 'test'] } as const;

export async function devRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(`${base}/debug-logging`, {
    config: { access: DEV },
    schema: {
      tags,
      summary: 'Current server log level and when a raised level reverts',
      response: { 200: ZDebugLoggingState },
    },
    handler: async () => debugLoggingState(ctx),
  });

  r.post(`${base}/debug-logging`, {
    config: { access: { ...DEV, allowInReadOnly: true } },
    schema: {
      tags,
      summary: 'Raise the server log level for a number of minutes (it then reverts to the configured level)',
      body: ZDebugLoggingRequest,
      response: { 200: ZDebugLoggingState },
    },
    handler: async (req) => raiseLogLevel(ctx, req, req.body.level, req.body.minutes),
  });

  r.delete(`${base}/debug-logging`, {
    config: { access: { ...DEV, allowInReadOnly: true } },
    schema: { tags, summary: 'End debug logging now', response: { 200: ZDebugLoggingState } },
    handler: async (req) => endDebugLogging(ctx, req),
  });

  r.post(`${base}/anonymize-csv/preview`, {
    config: { access: { ...DEV, allowInReadOnly: true } },
    schema: {
      tags,
      summary: 'Columns of an uploaded CSV with the guessed kind of data (multipart field "file")',
      consumes: ['multipart/form-data'],
      response: { 200: ZAnonymizePreview },
    },
    handler: async (req) => anonymizePreview(await readUploadedFile(req, ANONYMIZE_MAX_BYTES)),
  });

  r.post(`${base}/anonymize-csv`, {
    config: { access: { ...DEV, allowInReadOnly: true } },
    schema: {
      tags,
      summary:
        'Anonymise an uploaded CSV (multipart "file", and "columns": JSON {column: kind}); answers the anonymised CSV',
      consumes: ['multipart/form-data'],
    },
    handler: async (req, reply) => {
      const file = await readUploadedFile(req, ANONYMIZE_MAX_BYTES);
      const { csv, replaced } = anonymizeCsv(file, file.fields.columns);
      const name = file.fileName.replace(/\.[^.]*$/, '') + '-anonymised.csv';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"`)
        .header('x-values-replaced', String(replaced))
        .send(csv);
    },
  });

  r.post(`${base}/reset-all-jobs`, {
    config: { access: DEV_ONLY },
    schema: {
      tags,
      summary: 'Development only: every job back to Draft (files kept; runs, results, logs removed) — a ProQ command',
      body: ZDevDangerConfirm,
      response: { 200: ZDevResetResult },
    },
    handler: async (req) => {
      if (req.body.confirm !== 'RESET') throw fieldError('confirm', 'type RESET to confirm');
      return resetAllJobs(ctx, req, authOf(req));
    },
  });

  r.post(`${base}/database-anonymizer`, {
    config: { access: DEV_ONLY },
    schema: {
      tags,
      summary: 'Development only: pseudonymise user, issuer and buyer names and emails; empty the email outbox',
      body: ZDevDangerConfirm,
      response: { 200: ZDatabaseAnonymizeResult },
    },
    handler: async (req) => {
      if (req.body.confirm !== 'ANONYMIZE') throw fieldError('confirm', 'type ANONYMIZE to confirm');
      return anonymiseDb(ctx, req, authOf(req));
    },
  });
}
