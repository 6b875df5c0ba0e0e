/** /api/v1/users (SPEC §7 Users): user lists and views, eligibility, and the administrator's user changes. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  USER_LIST_TABS,
  ZDirectlyAssignedQuery,
  ZJobArtifactForUser,
  ZMutationResult,
  ZPagingRequest,
  ZPotentialIssuerUsersQuery,
  ZPotentialUserIssuer,
  ZUserCreate,
  ZUserCreated,
  ZUserDeletionPreview,
  ZUserDetail,
  ZUserEligibleStatus,
  ZUserIdForm,
  ZUserIdParam,
  ZUserInternalUpdate,
  ZUserListRow,
  ZUserSearchQuery,
  ZUserSetBrandingForm,
  ZUserSummary,
  zPagedResult,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  agreeLatest,
  approveUser,
  createUser,
  currentPermissions,
  deactivateUser,
  deleteUser,
  userDeletionPreview,
  directlyAssigned,
  eligibleStatus,
  getUserDetail,
  inviteUser,
  listTab,
  listUsers,
  potentialIssuerUsers,
  potentialJobAnalysisOwners,
  potentialUserIssuers,
  reactivateUser,
  setInternalStaff,
  setUserBranding,
} from './users.service.ts';

const tags = ['Users'];
const base = '/api/v1/users';
const ok = (message: string) => ({ success: true, statusCode: 200, message });

/**
 * Reads the fields of a form (SPEC §5: the user id is sent as a form field): multipart/form-data through
 * @fastify/multipart (files are drained and ignored), urlencoded or JSON bodies as they are.
 */
async function formFields(req: FastifyRequest): Promise<Record<string, unknown>> {
  if (req.isMultipart()) {
    const out: Record<string, unknown> = {};
    for await (const part of req.parts()) {
      if (part.type === 'field') out[part.fieldname] = part.value;
      else part.file.resume();
    }
    return out;
  }
  return req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
}

async function parseForm<T extends z.ZodType>(req: FastifyRequest, schema: T): Promise<z.output<T>> {
  const parsed = schema.safeParse(await formFields(req));
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({
    path: ['body', ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  throw badRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
}

const formDoc = (fields: string) => `Form fields (multipart/form-data, urlencoded or JSON): ${fields}`;

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  for (const tab of USER_LIST_TABS) {
    r.post(`${base}/${tab}`, {
      config: { access: { permissions: ['UserManagement_VIEW'] } },
      schema: {
        tags,
        summary: `Paged ${tab} users (25 a page, username ascending; filters username, displayName, issuerId, effectiveBrandingId …)`,
        body: ZPagingRequest,
        response: { 200: zPagedResult(ZUserListRow) },
      },
      handler: async (req) => listTab(ctx, authOf(req), tab, req.body),
    });
  }

  r.get(base, {
    config: { access: { permissions: ['UserManagement_VIEW'] } },
    schema: {
      tags,
      summary: 'Every user the caller administers (id, username, displayName, email)',
      response: { 200: z.array(ZUserSummary) },
    },
    handler: async (req) => listUsers(ctx, authOf(req)),
  });

  r.post(base, {
    config: { access: { permissions: ['User_Update'] } },
    schema: {
      tags,
      summary: 'Create a local user (approved; invite them afterwards)',
      body: ZUserCreate,
      response: { 200: ZUserCreated },
    },
    handler: async (req) => ({ ...ok('User created'), id: await createUser(ctx, req, authOf(req), req.body) }),
  });

  r.get(`${base}/user-eligible-status`, {
    config: { access: { permissions: [], allowIneligible: true } },
    schema: {
      tags,
      summary: 'Whether the current user may use the application',
      response: { 200: ZUserEligibleStatus },
    },
    handler: async (req) => eligibleStatus(authOf(req)),
  });

  r.get(`${base}/user-permissions`, {
    config: { access: { permissions: [], allowIneligible: true } },
    schema: {
      tags,
      summary: 'The current user’s permissions (roles plus extra permissions)',
      response: { 200: z.array(z.string()) },
    },
    handler: async (req) => currentPermissions(authOf(req)),
  });

  r.get(`${base}/potential-job-analysis-owners`, {
    config: { access: { permissions: ['Job_Update'] } },
    schema: {
      tags,
      summary: 'Active users who may own a job analysis (optionally for an issuer, by search)',
      querystring: ZUserSearchQuery,
      response: { 200: z.array(ZUserSummary) },
    },
    handler: async (req) => potentialJobAnalysisOwners(ctx, authOf(req), req.query),
  });

  r.get(`${base}/potential-issuer-users`, {
    config: { access: { permissions: ['Issuer_Update'] } },
    schema: {
      tags,
      summary: 'Active users who are not yet members of the issuer',
      querystring: ZPotentialIssuerUsersQuery,
      response: { 200: z.array(ZUserSummary) },
    },
    handler: async (req) => potentialIssuerUsers(ctx, authOf(req), req.query),
  });

  r.post(`${base}/directly-assigned`, {
    config: { access: { permissions: ['UserManagement_VIEW'] } },
    schema: {
      tags,
      summary: 'Paged jobs directly assigned to the user (?userId=)',
      querystring: ZDirectlyAssignedQuery,
      body: ZPagingRequest,
      response: { 200: zPagedResult(ZJobArtifactForUser) },
    },
    handler: async (req) => directlyAssigned(ctx, authOf(req), req.query.userId, req.body),
  });

  r.get(`${base}/:id`, {
    config: { access: { permissions: ['UserManagement_VIEW'] } },
    schema: { tags, summary: 'A user (administrator view)', params: ZUserIdParam, response: { 200: ZUserDetail } },
    handler: async (req) => getUserDetail(ctx, authOf(req), req.params.id),
  });

  r.get(`${base}/:id/potential-user-issuers`, {
    config: { access: { permissions: ['UserManagement_VIEW'] } },
    schema: {
      tags,
      summary: 'Issuers the user belongs to or could be added to',
      params: ZUserIdParam,
      response: { 200: z.array(ZPotentialUserIssuer) },
    },
    handler: async (req) => potentialUserIssuers(ctx, authOf(req), req.params.id),
  });

  r.patch(`${base}/deactivate`, {
    config: { access: { permissions: ['User_Update'] } },
    schema: {
      tags,
      summary: 'Deactivate a user and sign them out at once',
      description: formDoc('id'),
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      const { id } = await parseForm(req, ZUserIdForm);
      return ok(await deactivateUser(ctx, req, authOf(req), id));
    },
  });

  r.patch(`${base}/reactivate`, {
    config: { access: { permissions: ['User_Update'] } },
    schema: {
      tags,
      summary: 'Reactivate a deactivated user',
      description: formDoc('id'),
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      const { id } = await parseForm(req, ZUserIdForm);
      return ok(await reactivateUser(ctx, req, authOf(req), id));
    },
  });

  r.patch(`${base}/approve`, {
    config: { access: { permissions: ['User_Update'] } },
    schema: {
      tags,
      summary: 'Approve a pending or unapproved user',
      description: formDoc('id'),
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      const { id } = await parseForm(req, ZUserIdForm);
      return ok(await approveUser(ctx, req, authOf(req), id));
    },
  });

  r.post(`${base}/invite`, {
    config: { access: { permissions: ['User_Update'] } },
    schema: {
      tags,
      summary: 'Email the user a single-use sign-in link',
      description: formDoc('id'),
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      const { id } = await parseForm(req, ZUserIdForm);
      return ok(await inviteUser(ctx, req, authOf(req), id));
    },
  });

  r.patch(`${base}/user-set-branding`, {
    config: { access: { permissions: ['User_Update'] } },
    schema: {
      tags,
      summary: 'Set the user’s own branding (brandingId omitted or empty → inherit the issuer’s)',
      description: formDoc('id, brandingId'),
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      const { id, brandingId } = await parseForm(req, ZUserSetBrandingForm);
      return ok(await setUserBranding(ctx, req, authOf(req), id, brandingId ?? null));
    },
  });

  r.get(`${base}/:id/deletion-preview`, {
    config: { access: { permissions: ['User_Delete'] } },
    schema: {
      tags,
      summary: 'What deleting the user erases (the confirmation dialog names it) and the pseudonym their records keep',
      params: ZUserIdParam,
      response: { 200: ZUserDeletionPreview },
    },
    handler: async (req) => userDeletionPreview(ctx, authOf(req), req.params.id),
  });

  r.delete(`${base}/:id`, {
    config: { access: { permissions: ['User_Delete'] } },
    schema: {
      tags,
      summary:
        'Delete a user: personal data erased, audit records kept under a pseudonym; not yourself, not outside your scope, not someone with more rights',
      params: ZUserIdParam,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => ok(await deleteUser(ctx, req, authOf(req), req.params.id)),
  });

  r.put(`${base}/:id/internal`, {
    config: { access: { permissions: ['User_CRUD'] } },
    schema: {
      tags,
      summary:
        'Make the user internal staff (every issuer) or a tenant user (their issuers only); internal administrators only',
      params: ZUserIdParam,
      body: ZUserInternalUpdate,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => ok(await setInternalStaff(ctx, req, authOf(req), req.params.id, req.body.isInternal)),
  });

  r.patch(`${base}/user-agree-tos-latest`, {
    config: { access: { permissions: [], allowIneligible: true, allowInReadOnly: true } },
    schema: {
      tags,
      summary: 'The current user agrees to the latest terms of service',
      response: { 200: ZMutationResult },
    },
    handler: async (req) => ok(await agreeLatest(ctx, req, authOf(req), 'terms')),
  });

  r.patch(`${base}/user-agree-pp-latest`, {
    config: { access: { permissions: [], allowIneligible: true, allowInReadOnly: true } },
    schema: {
      tags,
      summary: 'The current user agrees to the latest privacy policy',
      response: { 200: ZMutationResult },
    },
    handler: async (req) => ok(await agreeLatest(ctx, req, authOf(req), 'privacy')),
  });
}
