/**
 * /api/v1/buyers: buyer management (BuyerManagement_VIEW / BuyerManagement_CRUD), the pick list for job creation
 * and inline creation by issuer users (BuyerCreate). Record rules live in buyers.service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBuyer,
  ZBuyerCreate,
  ZBuyerCreated,
  ZBuyerIdParam,
  ZBuyerIssuerParam,
  ZBuyerOption,
  ZBuyerUpdate,
  ZMutationResult,
  ZPagingRequest,
  zPagedResult,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { buyerOptions, changeBuyer, createBuyer, getBuyer, listBuyers, removeBuyer } from './buyers.service.ts';

const tags = ['Buyers'];
const base = '/api/v1/buyers';
const ok = (message: string) => ({ success: true, statusCode: 200, message });

export async function buyerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.post(`${base}/get`, {
    config: { access: { permissions: ['BuyerManagement_VIEW'] } },
    schema: {
      tags,
      summary: 'Paged buyer list (without Buyers_ViewAll: buyers of the caller’s issuers only)',
      body: ZPagingRequest,
      response: { 200: zPagedResult(ZBuyer) },
    },
    handler: async (req) => listBuyers(ctx, authOf(req), req.body),
  });

  r.get(`${base}/by-issuer/:issuerId`, {
    config: { access: { permissions: [] } },
    schema: {
      tags,
      summary: 'Buyers of one issuer, for the job creation pick list',
      params: ZBuyerIssuerParam,
      response: { 200: z.array(ZBuyerOption) },
    },
    handler: async (req) => buyerOptions(ctx, authOf(req), req.params.issuerId),
  });

  r.get(`${base}/:id`, {
    config: { access: { permissions: ['BuyerManagement_VIEW'] } },
    schema: { tags, summary: 'A buyer', params: ZBuyerIdParam, response: { 200: ZBuyer } },
    handler: async (req) => getBuyer(ctx, authOf(req), req.params.id),
  });

  r.post(base, {
    config: { access: { permissions: ['BuyerManagement_CRUD'] } },
    schema: {
      tags,
      summary: 'Create a buyer for an issuer (name unique per issuer)',
      body: ZBuyerCreate,
      response: { 200: ZBuyerCreated },
    },
    handler: async (req) => {
      const id = await createBuyer(ctx, req, authOf(req), req.body, 'admin');
      return { ...ok('Buyer created'), id };
    },
  });

  r.post(`${base}/inline`, {
    config: { access: { permissions: ['BuyerCreate'] } },
    schema: {
      tags,
      summary: 'Create a buyer for one of the caller’s own issuers while creating a job',
      body: ZBuyerCreate,
      response: { 200: ZBuyerCreated },
    },
    handler: async (req) => {
      const id = await createBuyer(ctx, req, authOf(req), req.body, 'inline');
      return { ...ok('Buyer created'), id };
    },
  });

  r.put(`${base}/:id`, {
    config: { access: { permissions: ['BuyerManagement_CRUD'] } },
    schema: {
      tags,
      summary: 'Rename a buyer or change its country (only the fields sent change)',
      params: ZBuyerIdParam,
      body: ZBuyerUpdate,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await changeBuyer(ctx, req, authOf(req), req.params.id, req.body);
      return ok('Buyer updated');
    },
  });

  r.delete(`${base}/:id`, {
    config: { access: { permissions: ['BuyerManagement_CRUD'] } },
    schema: {
      tags,
      summary: 'Delete a buyer without jobs',
      params: ZBuyerIdParam,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await removeBuyer(ctx, req, authOf(req), req.params.id);
      return ok('Buyer deleted');
    },
  });
}
