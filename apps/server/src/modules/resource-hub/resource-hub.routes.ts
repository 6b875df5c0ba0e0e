/**
 * /api/v1/resources: the resource hub (ResourceHubView) and its administration (VideoResources_CRUD). Files are
 * served with HTTP range requests so the browser's player can seek.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZMutationResult,
  ZResource,
  ZResourceCreate,
  ZResourceCreated,
  ZResourceIdParam,
  ZResourceList,
  ZResourceListQuery,
  ZResourceUpdate,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import {
  changeResource,
  createResource,
  getResource,
  hubList,
  manageList,
  removePoster,
  removeResource,
  sendContent,
  sendPoster,
  uploadFile,
  uploadPoster,
} from './resource-hub.service.ts';

const tags = ['Resource hub'];
const base = '/api/v1/resources';
const hub = { access: { permissions: ['ResourceHubView' as const] } };
const admin = { access: { permissions: ['VideoResources_CRUD' as const] } };

export async function resourceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(base, {
    config: hub,
    schema: {
      tags,
      summary: 'Resources of the hub the caller sees (ready ones), with search and filters',
      description:
        'With jobId (a job the caller may see): only the resources visible to that job’s issuer — the job’s story videos with category=StoryVideo.',
      querystring: ZResourceListQuery,
      response: { 200: ZResourceList },
    },
    handler: async (req) => hubList(ctx, authOf(req), req.query),
  });

  r.get(`${base}/manage`, {
    config: admin,
    schema: {
      tags,
      summary: 'Every resource the caller may administer, including uploads still waiting for their file',
      querystring: ZResourceListQuery,
      response: { 200: ZResourceList },
    },
    handler: async (req) => manageList(ctx, authOf(req), req.query),
  });

  r.get(`${base}/:id`, {
    config: hub,
    schema: { tags, summary: 'One resource', params: ZResourceIdParam, response: { 200: ZResource } },
    handler: async (req) => getResource(ctx, authOf(req), req.params.id),
  });

  r.get(`${base}/:id/content`, {
    config: hub,
    schema: {
      tags,
      summary: 'The uploaded file, with range requests (206 Partial Content, Accept-Ranges, Content-Range; 416)',
      params: ZResourceIdParam,
    },
    handler: async (req, reply) => sendContent(ctx, req, reply, authOf(req), req.params.id),
  });

  r.get(`${base}/:id/poster`, {
    config: hub,
    schema: { tags, summary: 'The poster image of a resource', params: ZResourceIdParam },
    handler: async (req, reply) => sendPoster(ctx, req, reply, authOf(req), req.params.id),
  });

  r.post(base, {
    config: admin,
    schema: {
      tags,
      summary: 'Create a resource: an upload (send its file next) or an external link',
      body: ZResourceCreate,
      response: { 200: ZResourceCreated },
    },
    handler: async (req) => {
      const id = await createResource(ctx, req, authOf(req), req.body);
      return { success: true, statusCode: 200, message: `Resource "${req.body.title}" created`, id };
    },
  });

  r.put(`${base}/:id`, {
    config: admin,
    schema: {
      tags,
      summary: 'Change a resource’s title, description, category, language, visibility (and link)',
      params: ZResourceIdParam,
      body: ZResourceUpdate,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await changeResource(ctx, req, authOf(req), req.params.id, req.body);
      return { success: true, statusCode: 200, message: 'Resource updated' };
    },
  });

  r.delete(`${base}/:id`, {
    config: admin,
    schema: {
      tags,
      summary: 'Delete a resource and its files',
      params: ZResourceIdParam,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      const title = await removeResource(ctx, req, authOf(req), req.params.id);
      return { success: true, statusCode: 200, message: `Resource "${title}" deleted` };
    },
  });

  r.post(`${base}/:id/file`, {
    config: admin,
    schema: {
      tags,
      summary: 'Upload or replace the file (multipart field "file"): MP4, WebM or PDF, recognised by content',
      description: 'Larger than RESOURCE_MAX_MB → 413; another type → 400. Nothing is kept from a refused upload.',
      params: ZResourceIdParam,
      response: { 200: ZResource },
    },
    handler: async (req) => uploadFile(ctx, req, authOf(req), req.params.id),
  });

  r.post(`${base}/:id/poster`, {
    config: admin,
    schema: {
      tags,
      summary: 'Upload or replace the poster image (multipart field "file"): PNG, JPEG or WebP up to 5 MB',
      params: ZResourceIdParam,
      response: { 200: ZResource },
    },
    handler: async (req) => uploadPoster(ctx, req, authOf(req), req.params.id),
  });

  r.delete(`${base}/:id/poster`, {
    config: admin,
    schema: { tags, summary: 'Remove the poster image', params: ZResourceIdParam, response: { 200: ZResource } },
    handler: async (req) => removePoster(ctx, req, authOf(req), req.params.id),
  });
}
