/** /api/v1/issuers (SPEC §7 Issuers): list, views, create/update/delete, admin list updates, reference lists. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAssignedUserIssuer,
  ZCapabilityItem,
  ZIssuer,
  ZIssuerAcceptanceFeesUpdate,
  ZIssuerAdminQuery,
  ZIssuerCapabilitiesUpdate,
  ZIssuerCreate,
  ZIssuerCreated,
  ZIssuerFull,
  ZIssuerIdParam,
  ZIssuerIdQuery,
  ZIssuerInputDataOptionUpdate,
  ZIssuerUpdate,
  ZIssuerVirtualLockboxUpdate,
  ZKeyLabel,
  ZKeyName,
  ZMutationResult,
  ZPagingRequest,
  ZUserIdParam,
  zPagedResult,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import {
  assignedUserIssuers,
  capabilityItems,
  createIssuer,
  getIssuer,
  getIssuerFull,
  languageItems,
  listIssuers,
  removeIssuer,
  updateIssuerFields,
  updateIssuerAcceptanceFees,
  updateIssuerList,
  virtualLockboxItems,
} from './issuers.service.ts';

const tags = ['Issuers'];
const base = '/api/v1/issuers';
const ok = (message: string) => ({ success: true, statusCode: 200, message });

export async function issuerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(`${base}/getAllCapabilities`, {
    config: { access: { permissions: [] } },
    schema: {
      tags,
      summary: 'Capabilities an issuer can offer (id, name)',
      response: { 200: z.array(ZCapabilityItem) },
    },
    handler: async () => capabilityItems(),
  });

  r.get(`${base}/getAllVirtualLockboxesAvailableToIssuers`, {
    config: { access: { permissions: [] } },
    schema: {
      tags,
      summary: 'Virtual lockboxes available to issuers (key, label)',
      response: { 200: z.array(ZKeyLabel) },
    },
    handler: async () => virtualLockboxItems(),
  });

  r.get(`${base}/getAllIssuerLanguages`, {
    config: { access: { permissions: [] } },
    schema: { tags, summary: 'Issuer languages (key, name)', response: { 200: z.array(ZKeyName) } },
    handler: async () => languageItems(),
  });

  r.post(`${base}/get`, {
    config: { access: { permissions: ['Issuer_View'] } },
    schema: {
      tags,
      summary: 'Paged issuer list (filters on any listed property, every comparison operator)',
      body: ZPagingRequest,
      response: { 200: zPagedResult(ZIssuer) },
    },
    handler: async (req) => listIssuers(ctx, authOf(req), req.body),
  });

  r.get(`${base}/:id`, {
    config: { access: { permissions: ['Issuer_View'] } },
    schema: { tags, summary: 'An issuer', params: ZIssuerIdParam, response: { 200: ZIssuer } },
    handler: async (req) => getIssuer(ctx, authOf(req), req.params.id),
  });

  r.get(`${base}/:id/full`, {
    config: { access: { permissions: ['Issuer_View'] } },
    schema: {
      tags,
      summary: 'An issuer with email domains and members',
      params: ZIssuerIdParam,
      response: { 200: ZIssuerFull },
    },
    handler: async (req) => getIssuerFull(ctx, authOf(req), req.params.id),
  });

  r.get(`${base}/:id/assigned-user-issuers`, {
    config: { access: { permissions: ['Issuer_View'] } },
    schema: {
      tags,
      summary: 'The issuers the user {id} belongs to (role, domain user, email domains)',
      params: ZUserIdParam,
      response: { 200: z.array(ZAssignedUserIssuer) },
    },
    handler: async (req) => assignedUserIssuers(ctx, authOf(req), req.params.id),
  });

  r.post(base, {
    config: { access: { permissions: ['Issuer_Create'] } },
    schema: {
      tags,
      summary: 'Create an issuer (SPEC §5 validation)',
      body: ZIssuerCreate,
      response: { 200: ZIssuerCreated },
    },
    handler: async (req) => {
      const id = await createIssuer(ctx, req, authOf(req), req.body);
      return { ...ok('Issuer created'), id };
    },
  });

  r.put(base, {
    config: { access: { permissions: ['Issuer_Update'] } },
    schema: {
      tags,
      summary: 'Update an issuer (id in the query or body; only the fields sent change)',
      querystring: ZIssuerIdQuery,
      body: ZIssuerUpdate,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await updateIssuerFields(ctx, req, authOf(req), req.query.id, req.body);
      return ok('Issuer updated');
    },
  });

  r.delete(`${base}/:id`, {
    config: { access: { permissions: ['Issuer_Delete'] } },
    schema: {
      tags,
      summary: 'Delete an issuer without jobs (its buyers and memberships go with it)',
      params: ZIssuerIdParam,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await removeIssuer(ctx, req, authOf(req), req.params.id);
      return ok('Issuer deleted');
    },
  });

  r.post(`${base}/issuer-admin-capabilities`, {
    config: { access: { permissions: ['Issuer_Update'] } },
    schema: {
      tags,
      summary: 'Replace the issuer’s capabilities',
      querystring: ZIssuerAdminQuery,
      body: ZIssuerCapabilitiesUpdate,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await updateIssuerList(ctx, req, authOf(req), req.query.issuerId, 'capabilities', req.body.capabilities);
      return ok('Capabilities updated');
    },
  });

  r.post(`${base}/issuer-admin-virtual-lockbox-update`, {
    config: { access: { permissions: ['Issuer_Update'] } },
    schema: {
      tags,
      summary: 'Replace the issuer’s virtual lockboxes',
      querystring: ZIssuerAdminQuery,
      body: ZIssuerVirtualLockboxUpdate,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await updateIssuerList(ctx, req, authOf(req), req.query.issuerId, 'virtualLockboxes', req.body.virtualLockboxes);
      return ok('Virtual lockboxes updated');
    },
  });

  r.post(`${base}/issuer-admin-acceptance-fees`, {
    config: { access: { permissions: ['Issuer_Update'] } },
    schema: {
      tags,
      summary: 'Replace the issuer’s acceptance fee table (null: back to the defaults)',
      description:
        'The fee a supplier pays to accept the card, by network, MCC type and size band (docs/ROUTES.md). Runs queued from now on use it; earlier runs keep the table they were computed with.',
      querystring: ZIssuerAdminQuery,
      body: ZIssuerAcceptanceFeesUpdate,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await updateIssuerAcceptanceFees(ctx, req, authOf(req), req.query.issuerId, req.body.acceptanceFees);
      return ok(req.body.acceptanceFees ? 'Acceptance fees updated' : 'Acceptance fees reset to the defaults');
    },
  });

  r.post(`${base}/issuer-admin-input-data-option-update`, {
    config: { access: { permissions: ['Issuer_Update'] } },
    schema: {
      tags,
      summary: 'Replace the issuer’s input data options',
      querystring: ZIssuerAdminQuery,
      body: ZIssuerInputDataOptionUpdate,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await updateIssuerList(ctx, req, authOf(req), req.query.issuerId, 'inputDataOptions', req.body.inputDataOptions);
      return ok('Input data options updated');
    },
  });
}
