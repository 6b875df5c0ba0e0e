/**
 * /api/v1/linked-accounts: accounts of one person under several identity providers, the preview of a merge
 * (MergeLinkedAccounts_VIEW) and the merge itself (MergeLinkedAccounts_VIEW + User_CRUD).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZLinkedAccountGroup, ZLinkedAccountsQuery, ZMergePreview, ZMergeRequest, ZMergeResult } from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { linkedAccountGroups, mergeAccounts, previewMerge } from './linked-accounts.service.ts';

const tags = ['Linked accounts'];

export async function linkedAccountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/v1/linked-accounts', {
    config: { access: { permissions: ['MergeLinkedAccounts_VIEW'] } },
    schema: {
      tags,
      summary: 'Accounts sharing an email across identity providers, grouped by email',
      querystring: ZLinkedAccountsQuery,
      response: { 200: z.array(ZLinkedAccountGroup) },
    },
    handler: async (req) => linkedAccountGroups(ctx, authOf(req), req.query.q),
  });

  r.post('/api/v1/linked-accounts/preview', {
    config: { access: { permissions: ['MergeLinkedAccounts_VIEW'] } },
    schema: {
      tags,
      summary: 'What a merge would move (roles, memberships, jobs, assignments, sessions) and what blocks it',
      body: ZMergeRequest,
      response: { 200: ZMergePreview },
    },
    handler: async (req) => {
      const { plan: _plan, ...preview } = await previewMerge(
        ctx,
        authOf(req),
        req.body.sourceUserId,
        req.body.targetUserId,
      );
      return preview;
    },
  });

  r.post('/api/v1/linked-accounts/merge', {
    config: { access: { permissions: ['MergeLinkedAccounts_VIEW', 'User_CRUD'] } },
    schema: {
      tags,
      summary: 'Merge the source account into the target in one transaction (audited); the source is deactivated',
      body: ZMergeRequest,
      response: { 200: ZMergeResult },
    },
    handler: async (req) => mergeAccounts(ctx, req, authOf(req), req.body.sourceUserId, req.body.targetUserId),
  });
}
