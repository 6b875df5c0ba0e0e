/** /api/v2/brandings (SPEC §7 Branding): the public branding of this domain, and the (tenant-scoped) list. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBranding, ZPublicBranding } from '@sextant/shared';
import { notFound } from '../../lib/errors.ts';
import { authOf } from '../../plugins/access.ts';
import { listBrandings } from './brandings.service.ts';
import { brandingForHost } from './brandings.repo.ts';

const tags = ['Branding'];
export const DEFAULT_BRANDING_KEY = 'paytech';

export async function brandingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/v2/brandings/by-domain', {
    config: { access: { public: true, allowInMaintenance: true } },
    schema: { tags, summary: 'Branding of the requested host (before sign-in)', response: { 200: ZPublicBranding } },
    handler: async (req) => {
      const host = req.hostname.toLowerCase();
      const branding = await brandingForHost(ctx.db, host, DEFAULT_BRANDING_KEY);
      if (!branding) throw notFound(`Branding for ${host}`);
      return { brandingKey: branding.brandingKey, theme: branding.theme };
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
}
