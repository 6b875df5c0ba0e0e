/** /api/v1/job-artifacts (SPEC §7 Job artifacts): admin view, assignable jobs, owner change, user assignment. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAssignableJobArtifact,
  ZJobArtifactAdmin,
  ZJobArtifactIdParam,
  ZJobArtifactUserAssignment,
  ZJobOwnerUpdate,
  ZMutationResult,
  ZUserIdParam,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { assignableJobArtifacts, changeJobOwner, jobAdminView, updateUserAssignment } from './job-artifacts.service.ts';

const tags = ['Job artifacts'];
const base = '/api/v1/job-artifacts';
const ok = (message: string) => ({ success: true, statusCode: 200, message });

export async function jobArtifactRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(`${base}/:id/admin`, {
    config: { access: { permissions: ['Artifacts_View', 'JobUsersAccessor'] } },
    schema: {
      tags,
      summary: 'A job’s owner, issuer and the users who may open it (and why)',
      params: ZJobArtifactIdParam,
      response: { 200: ZJobArtifactAdmin },
    },
    handler: async (req) => jobAdminView(ctx, authOf(req), req.params.id),
  });

  r.get(`${base}/:id/assignable-job-artifacts`, {
    config: { access: { permissions: ['UserAssignment_EDIT'] } },
    schema: {
      tags,
      summary: 'Jobs the caller can see that the user {id} cannot open yet',
      params: ZUserIdParam,
      response: { 200: z.array(ZAssignableJobArtifact) },
    },
    handler: async (req) => assignableJobArtifacts(ctx, authOf(req), req.params.id),
  });

  r.patch(`${base}/:id/owner`, {
    config: { access: { permissions: ['JobOwner_UPDATE'] } },
    schema: {
      tags,
      summary: 'Change a job’s owner',
      params: ZJobArtifactIdParam,
      body: ZJobOwnerUpdate,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => ok(await changeJobOwner(ctx, req, authOf(req), req.params.id, req.body.ownerId)),
  });

  r.put(`${base}/update-job-artifact-user-assignment`, {
    config: { access: { permissions: ['UserAssignment_EDIT'] } },
    schema: {
      tags,
      summary: 'Assign a user to a job directly, or remove the assignment',
      body: ZJobArtifactUserAssignment,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => ok(await updateUserAssignment(ctx, req, authOf(req), req.body)),
  });
}
