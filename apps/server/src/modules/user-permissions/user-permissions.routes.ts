/** /api/v1/users/{id}/extra-permissions: read and replace a user's own extra permissions (SPEC §6). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZUserExtraPermissions, ZUserExtraPermissionsUpdate, ZUserIdParam } from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { getExtraPermissions, setExtraPermissions } from './user-permissions.service.ts';

const tags = ['Users'];
const path = '/api/v1/users/:id/extra-permissions';

export async function userPermissionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(path, {
    config: { access: { permissions: ['User_Update'] } },
    schema: {
      tags,
      summary: 'The user’s extra permissions, the permissions their roles give, and what the caller may grant',
      params: ZUserIdParam,
      response: { 200: ZUserExtraPermissions },
    },
    handler: async (req) => getExtraPermissions(ctx, authOf(req), req.params.id),
  });

  r.put(path, {
    config: { access: { permissions: ['User_Update'] } },
    schema: {
      tags,
      summary: 'Replace the user’s extra permissions (only permissions the caller holds can be added or removed)',
      params: ZUserIdParam,
      body: ZUserExtraPermissionsUpdate,
      response: { 200: ZUserExtraPermissions },
    },
    handler: async (req) => setExtraPermissions(ctx, req, authOf(req), req.params.id, req.body.permissions),
  });
}
