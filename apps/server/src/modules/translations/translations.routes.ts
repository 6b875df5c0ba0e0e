/**
 * /api/v1/translations: the admin list and CSV export (Translations_VIEW: the read-only page), single overrides and import (Translations_CRUD), and the
 * public overrides per language (and namespace) that the web app merges over its bundles, with an ETag.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZTranslationBundleParams,
  ZTranslationExportQuery,
  ZTranslationImportResult,
  ZTranslationLanguageParams,
  ZTranslationOverrideSet,
  ZTranslationOverrides,
  ZTranslationPage,
  ZTranslationQuery,
  ZTranslationRow,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { fieldError } from '../../lib/errors.ts';
import { exportCsv, importCsv, listTranslations, servedOverrides, setOverride } from './translations.service.ts';

const tags = ['Translations'];
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** 304 when the browser's copy is current; otherwise the body with its ETag (revalidated on every use). */
function withEtag(req: FastifyRequest, reply: FastifyReply, etag: string) {
  reply.header('ETag', etag).header('Cache-Control', 'no-cache');
  return req.headers['if-none-match'] === etag;
}

/** An empty 304 (outside the typed 200 answer). */
const notModified = (reply: FastifyReply) => reply.code(304).send();

export async function translationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/v1/translations', {
    config: { access: { permissions: ['Translations_VIEW'] } },
    schema: {
      tags,
      summary: 'Every UI string of a language: key, English source, bundled text and override (search, missing only)',
      querystring: ZTranslationQuery,
      response: { 200: ZTranslationPage },
    },
    handler: async (req) => listTranslations(ctx, req.query),
  });

  r.put('/api/v1/translations', {
    config: { access: { permissions: ['Translations_CRUD'] } },
    schema: {
      tags,
      summary: 'Set (or, with value null, remove) the override of one key in one language',
      body: ZTranslationOverrideSet,
      response: { 200: ZTranslationRow },
    },
    handler: async (req) => setOverride(ctx, req, authOf(req), req.body),
  });

  r.get('/api/v1/translations/export.csv', {
    config: { access: { permissions: ['Translations_VIEW'] } },
    schema: {
      tags,
      summary: 'CSV of language, namespace, key, bundled text and override (one language, or all)',
      querystring: ZTranslationExportQuery,
    },
    handler: async (req, reply) => {
      const csv = await exportCsv(ctx, req.query.language);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="translations-${req.query.language ?? 'all'}.csv"`)
        .send(`\uFEFF${csv}`);
    },
  });

  r.post('/api/v1/translations/import', {
    config: { access: { permissions: ['Translations_CRUD'] } },
    schema: {
      tags,
      summary: 'Import overrides from a CSV (multipart field "file"): every row validated, all or nothing',
      consumes: ['multipart/form-data'],
      response: { 200: ZTranslationImportResult },
    },
    handler: async (req) => {
      const part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
      if (!part) throw fieldError('file', 'Choose a CSV file to import');
      const buf = await part.toBuffer().catch(() => {
        throw fieldError('file', `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
      });
      return importCsv(ctx, req, authOf(req), buf);
    },
  });

  r.get('/api/v1/translations/:lng', {
    config: { access: { public: true, allowInMaintenance: true } },
    schema: {
      tags,
      summary: 'Overrides of one language, every namespace (merged by the web app over its bundles; ETag)',
      params: ZTranslationLanguageParams,
      response: { 200: ZTranslationOverrides },
    },
    handler: async (req, reply) => {
      const { etag, body } = await servedOverrides(ctx, req.params.lng);
      if (withEtag(req, reply, etag)) return notModified(reply);
      return body;
    },
  });

  r.get('/api/v1/translations/:lng/:ns', {
    config: { access: { public: true, allowInMaintenance: true } },
    schema: {
      tags,
      summary: 'Overrides of one namespace in one language (ETag)',
      params: ZTranslationBundleParams,
      response: { 200: z.record(z.string(), z.unknown()) },
    },
    handler: async (req, reply) => {
      const { etag, body } = await servedOverrides(ctx, req.params.lng);
      if (withEtag(req, reply, etag)) return notModified(reply);
      return body[req.params.ns] ?? {};
    },
  });
}
