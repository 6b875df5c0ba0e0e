/** /api/v1/authorization (SPEC §7 Authorization): roles of the current user, role catalogue, role grants, visible jobs. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAuthMappedJobArtifact,
  ZAuthMappedJobArtifactsQuery,
  ZJobOwnerFilterItem,
  ZPagingRequest,
  ZRoleCatalogue,
  ZUserParams,
  ZUserRoles,
  ZUserRolesUpdate,
  zPagedResult,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import {
  currentUserRoles,
  jobOwnerFilterItems,
  mappedJobArtifacts,
  roleCatalogue,
  setUserRoles,
} from './authorization.service.ts';

const tags = ['Authorization'];
const base = '/api/v1/authorization';

export async function authorizationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(`${base}/user-roles`, {
    config: { access: { permissions: [], allowIneligible: true } },
    schema: {
      tags,
      summary: 'The current user’s roles: standard (System Roles) and tabbedView (Analysis Roles)',
      response: { 200: ZUserRoles },
    },
    handler: async (req) => currentUserRoles(authOf(req)),
  });

  r.get(`${base}/all-roles`, {
    config: { access: { permissions: ['UserManagement_VIEW'] } },
    schema: {
      tags,
      summary: 'Every role with its kind, description and permissions',
      response: { 200: ZRoleCatalogue },
    },
    handler: async () => roleCatalogue(),
  });

  r.get(`${base}/job-owners-filter-items`, {
    config: { access: { permissions: ['Artifacts_View'] } },
    schema: {
      tags,
      summary: 'Owners of the jobs the caller can see (id, ownerName, displayName)',
      response: { 200: z.array(ZJobOwnerFilterItem) },
    },
    handler: async (req) => jobOwnerFilterItems(ctx, authOf(req)),
  });

  r.post(`${base}/auth-mapped-job-artifacts`, {
    config: { access: { permissions: ['Artifacts_View'] } },
    schema: {
      tags,
      summary: 'Paged jobs the caller may see (owner, assignment, issuer manager, or Buyers_ViewAll), newest first',
      querystring: ZAuthMappedJobArtifactsQuery,
      body: ZPagingRequest,
      response: { 200: zPagedResult(ZAuthMappedJobArtifact) },
    },
    handler: async (req) => mappedJobArtifacts(ctx, authOf(req), req.body, req.query.includeHidden === 'true'),
  });

  r.post(`${base}/:userId/user-roles`, {
    config: { access: { permissions: ['User_Update'] } },
    schema: {
      tags,
      summary: 'Replace a user’s roles; only roles whose permissions the caller holds can be granted or removed',
      params: ZUserParams,
      body: ZUserRolesUpdate,
      response: { 200: z.boolean() },
    },
    handler: async (req) => setUserRoles(ctx, req, authOf(req), req.params.userId, req.body.roles),
  });
}
