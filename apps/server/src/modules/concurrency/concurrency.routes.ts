/** /api/v1/concurrency (SPEC §7 Concurrency): presence heartbeats, active users, exclusive write access. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZActiveEntityUser, ZEntityActiveUserBody, ZEntityLock, ZEntityRef } from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import {
  activeUsers,
  allActiveUsers,
  denyLock,
  entityStatus,
  forceLock,
  heartbeat,
  requestLock,
  tryLock,
} from './concurrency.service.ts';

const tags = ['Concurrency'];
const base = '/api/v1/concurrency';
const lockAccess = { permissions: ['Concurrency_Take_Entity_Lock'] } as const;

export async function concurrencyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.post(`${base}/try-set-entity-active-user`, {
    config: { access: lockAccess },
    schema: {
      tags,
      summary: 'Heartbeat: report the caller as active on an entity page',
      body: ZEntityActiveUserBody,
      response: { 200: z.boolean() },
    },
    handler: async (req) => heartbeat(ctx, authOf(req), req.body),
  });

  r.get(`${base}/active-entity-users`, {
    config: { access: { permissions: ['JobDashboardActiveUsers_VIEW'] } },
    schema: {
      tags,
      summary: 'Users active on an entity in the last seconds',
      querystring: ZEntityRef,
      response: { 200: z.array(ZActiveEntityUser) },
    },
    handler: async (req) => activeUsers(ctx, authOf(req), req.query),
  });

  r.get(`${base}/active-users`, {
    config: { access: { permissions: ['ActiveUsers_VIEW'] } },
    schema: {
      tags,
      summary: 'Users active on any job the caller may see (navbar quick view)',
      response: { 200: z.array(ZActiveEntityUser) },
    },
    handler: async (req) => allActiveUsers(ctx, authOf(req)),
  });

  r.post(`${base}/entity-status`, {
    config: { access: lockAccess },
    schema: { tags, summary: 'Who holds exclusive write access', body: ZEntityRef, response: { 200: ZEntityLock } },
    handler: async (req) => entityStatus(ctx, authOf(req), req.body),
  });

  r.post(`${base}/try-set-exclusive-write-access`, {
    config: { access: lockAccess },
    schema: {
      tags,
      summary: 'Take or renew exclusive write access when free',
      body: ZEntityRef,
      response: { 200: ZEntityLock },
    },
    handler: async (req) => tryLock(ctx, authOf(req), req.body),
  });

  r.post(`${base}/force-set-exclusive-write-access`, {
    config: { access: lockAccess },
    schema: {
      tags,
      summary: 'Take exclusive write access after an unanswered request (or as an administrator)',
      body: ZEntityRef,
      response: { 200: ZEntityLock },
    },
    handler: async (req) => forceLock(ctx, authOf(req), req.body, req),
  });

  r.post(`${base}/request-exclusive-write-access`, {
    config: { access: lockAccess },
    schema: {
      tags,
      summary: 'Ask the holder for exclusive write access',
      body: ZEntityRef,
      response: { 200: z.boolean() },
    },
    handler: async (req) => requestLock(ctx, authOf(req), req.body),
  });

  r.post(`${base}/deny-exclusive-write-access`, {
    config: { access: lockAccess },
    schema: {
      tags,
      summary: 'The holder turns down a pending request',
      querystring: ZEntityRef,
      response: { 200: z.boolean() },
    },
    handler: async (req) => denyLock(ctx, authOf(req), req.query),
  });
}
