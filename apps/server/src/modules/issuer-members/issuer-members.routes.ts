/** /api/v1/issuers/{id}/members: an issuer's members (Manager or Member, domain users); add, change, remove. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZIssuerIdParam,
  ZIssuerMemberAdd,
  ZIssuerMemberParams,
  ZIssuerMembers,
  ZIssuerMemberUpdate,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { addMember, listMembers, removeMember, updateMember } from './issuer-members.service.ts';

const tags = ['Issuers'];
const base = '/api/v1/issuers/:id/members';

export async function issuerMemberRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(base, {
    config: { access: { permissions: ['Issuer_View'] } },
    schema: {
      tags,
      summary: 'The issuer’s members (username order)',
      params: ZIssuerIdParam,
      response: { 200: ZIssuerMembers },
    },
    handler: async (req) => listMembers(ctx, authOf(req), req.params.id),
  });

  r.post(base, {
    config: { access: { permissions: ['Issuer_Update'] } },
    schema: {
      tags,
      summary: 'Add a user to the issuer as Manager or Member; answers the members',
      params: ZIssuerIdParam,
      body: ZIssuerMemberAdd,
      response: { 200: ZIssuerMembers },
    },
    handler: async (req) => addMember(ctx, req, authOf(req), req.params.id, req.body),
  });

  r.patch(`${base}/:userId`, {
    config: { access: { permissions: ['Issuer_Update'] } },
    schema: {
      tags,
      summary: 'Change a member’s role or domain-user flag; answers the members',
      params: ZIssuerMemberParams,
      body: ZIssuerMemberUpdate,
      response: { 200: ZIssuerMembers },
    },
    handler: async (req) => updateMember(ctx, req, authOf(req), req.params.id, req.params.userId, req.body),
  });

  r.delete(`${base}/:userId`, {
    config: { access: { permissions: ['Issuer_Update'] } },
    schema: {
      tags,
      summary: 'Remove a user from the issuer; answers the members',
      params: ZIssuerMemberParams,
      response: { 200: ZIssuerMembers },
    },
    handler: async (req) => removeMember(ctx, req, authOf(req), req.params.id, req.params.userId),
  });
}
