/** /api/v1/datapoint-profiles: the columns of each download kind (DatapointProfiles_CRUD). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZDatapointProfile,
  ZDatapointProfileIdParam,
  ZDatapointProfileInput,
  ZDatapointProfileList,
  ZMutationResult,
} from '@sextant/shared';
import { createProfile, editProfile, getProfile, listProfiles, removeProfile } from './datapoint-profiles.service.ts';

const tags = ['Datapoint profiles'];
const base = '/api/v1/datapoint-profiles';
const access = { permissions: ['DatapointProfiles_CRUD'] as const };

export async function datapointProfileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(base, {
    config: { access: { permissions: [...access.permissions] } },
    schema: {
      tags,
      summary: 'Every profile with the issuers using it, and the datapoints a profile may carry',
      response: { 200: ZDatapointProfileList },
    },
    handler: async () => listProfiles(ctx),
  });

  r.get(`${base}/:id`, {
    config: { access: { permissions: [...access.permissions] } },
    schema: { tags, summary: 'A profile', params: ZDatapointProfileIdParam, response: { 200: ZDatapointProfile } },
    handler: async (req) => getProfile(ctx, req.params.id),
  });

  r.post(base, {
    config: { access: { permissions: [...access.permissions] } },
    schema: {
      tags,
      summary: 'Create a profile (columns in order, each a datapoint and its header)',
      body: ZDatapointProfileInput,
      response: { 200: ZDatapointProfile },
    },
    handler: async (req) => createProfile(ctx, req, req.body),
  });

  r.put(`${base}/:id`, {
    config: { access: { permissions: [...access.permissions] } },
    schema: {
      tags,
      summary: 'Replace a profile’s name, kind and columns (the kind stays while an issuer uses it: 409)',
      params: ZDatapointProfileIdParam,
      body: ZDatapointProfileInput,
      response: { 200: ZDatapointProfile },
    },
    handler: async (req) => editProfile(ctx, req, req.params.id, req.body),
  });

  r.delete(`${base}/:id`, {
    config: { access: { permissions: [...access.permissions] } },
    schema: {
      tags,
      summary: 'Delete a profile no issuer uses (409 naming the issuers otherwise)',
      params: ZDatapointProfileIdParam,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await removeProfile(ctx, req, req.params.id);
      return { success: true, statusCode: 200, message: 'Datapoint profile deleted' };
    },
  });
}
