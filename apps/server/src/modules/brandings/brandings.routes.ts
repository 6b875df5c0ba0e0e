/**
 * /api/v2/brandings (SPEC §7 Branding): the public branding of this domain, the (tenant-scoped) list, one branding,
 * and branding administration (issue #33: create, edit, retire, images; Brandings_CRUD, platform-only).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BRANDING_ASSET_MAX_BYTES,
  ZBranding,
  ZBrandingAssetParams,
  ZBrandingAssetQuery,
  ZBrandingDetail,
  ZBrandingIdParams,
  ZBrandingWrite,
  ZPublicBranding,
} from '@sextant/shared';
import { fieldError, notFound } from '../../lib/errors.ts';
import { authOf } from '../../plugins/access.ts';
import {
  createBranding,
  getBranding,
  listBrandings,
  publicBrandingForHost,
  putBrandingAsset,
  retireBranding,
  updateBrandingById,
} from './brandings.service.ts';
import { assetByKey } from './brandings.repo.ts';

const tags = ['Branding'];
const MAX_UPLOAD = Math.max(...Object.values(BRANDING_ASSET_MAX_BYTES));

export async function brandingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/v2/brandings/by-domain', {
    config: { access: { public: true, allowInMaintenance: true } },
    schema: { tags, summary: 'Branding of the requested host (before sign-in)', response: { 200: ZPublicBranding } },
    handler: async (req) => {
      const host = req.hostname.toLowerCase().replace(/:\d+$/, '');
      const branding = await publicBrandingForHost(ctx, host);
      if (!branding) throw notFound(`Branding for ${host}`);
      return branding;
    },
  });

  r.get('/api/v2/brandings/assets/:brandingKey/:kind', {
    config: { access: { public: true, allowInMaintenance: true } },
    schema: {
      tags,
      summary: 'A branding image (logo, favicon, login image) by branding key: public, shown before sign-in',
      params: ZBrandingAssetParams,
    },
    handler: async (req, reply) => {
      const asset = await assetByKey(ctx.db, req.params.brandingKey, req.params.kind);
      if (!asset) throw notFound('Branding image');
      const etag = `"${asset.sha256.slice(0, 32)}"`;
      reply
        .header('Content-Type', asset.contentType)
        .header('ETag', etag)
        .header('Cache-Control', 'public, max-age=300')
        .header('X-Content-Type-Options', 'nosniff')
        // An SVG opened on its own runs nothing and loads nothing, whatever it contains.
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('Cross-Origin-Resource-Policy', 'same-site');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(asset.content);
    },
  });

  r.get('/api/v2/brandings/all', {
    config: { access: { permissions: ['Brandings_View'] } },
    schema: {
      tags,
      summary: 'Brandings the caller may see: every one for internal staff, else their issuers’ and their own',
      response: { 200: z.array(ZBranding) },
    },
    handler: async (req) => listBrandings(ctx, authOf(req)),
  });

  r.post('/api/v2/brandings', {
    config: { access: { permissions: ['Brandings_CRUD'] } },
    schema: {
      tags,
      summary: 'Create a branding (colours checked for WCAG AA; domains unique across brandings; audited)',
      body: ZBrandingWrite,
      response: { 200: ZBrandingDetail },
    },
    handler: async (req) => createBranding(ctx, req, req.body),
  });

  r.get('/api/v2/brandings/:id', {
    config: { access: { permissions: ['Brandings_View'] } },
    schema: {
      tags,
      summary: 'One branding the caller may see',
      params: ZBrandingIdParams,
      response: { 200: ZBrandingDetail },
    },
    handler: async (req) => getBranding(ctx, authOf(req), req.params.id),
  });

  r.put('/api/v2/brandings/:id', {
    config: { access: { permissions: ['Brandings_CRUD'] } },
    schema: {
      tags,
      summary: 'Edit a branding (every field; colours checked for WCAG AA; audited with the changed fields)',
      params: ZBrandingIdParams,
      body: ZBrandingWrite,
      response: { 200: ZBrandingDetail },
    },
    handler: async (req) => updateBrandingById(ctx, req, req.params.id, req.body),
  });

  r.delete('/api/v2/brandings/:id', {
    config: { access: { permissions: ['Brandings_CRUD'] } },
    schema: {
      tags,
      summary: 'Retire a branding: it answers on no domain and is no longer assignable (issuers keep it; audited)',
      params: ZBrandingIdParams,
      response: { 200: ZBrandingDetail },
    },
    handler: async (req) => retireBranding(ctx, req, req.params.id),
  });

  r.put('/api/v2/brandings/:id/logo', {
    config: { access: { permissions: ['Brandings_CRUD'] } },
    schema: {
      tags,
      summary:
        'Upload a logo, favicon or login image (multipart field "file"; ?kind=): SVG sanitised, PNG/JPEG checked by their bytes and size-limited',
      consumes: ['multipart/form-data'],
      params: ZBrandingIdParams,
      querystring: ZBrandingAssetQuery,
      response: { 200: ZBrandingDetail },
    },
    handler: async (req) => {
      const part = await req.file({ limits: { fileSize: MAX_UPLOAD + 1, files: 1 } });
      if (!part) throw fieldError('file', 'Choose an image file to upload');
      const buf = await part.toBuffer().catch(() => {
        throw fieldError('file', `The file is larger than ${MAX_UPLOAD / 1024 / 1024} MB`);
      });
      return putBrandingAsset(ctx, req, req.params.id, req.query.kind, buf);
    },
  });
}
