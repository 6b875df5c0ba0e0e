/** /api/v1/system-mode, /api/v1/system-data/app-timestamp, /api/v1/augmented-text (SPEC §7 System). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAppTimestamp,
  ZAppTimestampUpdate,
  ZAugmentedTextQuery,
  ZMutationResult,
  ZOutboxMessage,
  ZOutboxQuery,
  ZSystemModeQuery,
  ZSystemModeState,
} from '@sextant/shared';
import { writeAudit } from '../../lib/audit.ts';
import { getSetting, setSetting } from './settings.repo.ts';
import { latestOutbox } from '../dev/index.ts';

const tags = ['System'];

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/v1/system-mode', {
    config: { access: { public: true, allowInMaintenance: true } },
    schema: { tags, summary: 'Current system mode', response: { 200: ZSystemModeState } },
    handler: async () => ({ mode: await getSetting(ctx.db, 'systemMode') }),
  });

  r.post('/api/v1/system-mode', {
    config: { access: { permissions: ['SystemMode_UPDATE'], allowInMaintenance: true, allowInReadOnly: true } },
    schema: {
      tags,
      summary: 'Set the system mode',
      querystring: ZSystemModeQuery,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      const before = await getSetting(ctx.db, 'systemMode');
      await ctx.db.transaction(async (tx) => {
        await setSetting(tx, 'systemMode', req.query.mode, req.auth!.user.id);
        await writeAudit(
          tx,
          {
            action: 'system.mode.set',
            targetType: 'system-setting',
            targetId: 'systemMode',
            details: { from: before, to: req.query.mode },
          },
          req,
        );
      });
      return { success: true, statusCode: 200, message: `System mode set to ${req.query.mode}` };
    },
  });

  r.get('/api/v1/system-data/app-timestamp', {
    config: { access: { public: true, allowInMaintenance: true } },
    schema: {
      tags,
      summary: 'Timestamp of the published app version',
      response: { 200: ZAppTimestamp },
    },
    handler: async () => ({ timestamp: await getSetting(ctx.db, 'appTimestamp') }),
  });

  r.post('/api/v1/system-data/app-timestamp', {
    config: { access: { permissions: ['AppTimestamp_UPDATE'], allowInMaintenance: true, allowInReadOnly: true } },
    schema: {
      tags,
      summary: 'Publish a new app timestamp (clients refresh when it changes)',
      body: ZAppTimestampUpdate,
      response: { 200: ZAppTimestamp },
    },
    handler: async (req) => {
      const timestamp = req.body?.timestamp ?? new Date().toISOString();
      await ctx.db.transaction(async (tx) => {
        await setSetting(tx, 'appTimestamp', timestamp, req.auth!.user.id);
        await writeAudit(
          tx,
          {
            action: 'system.app-timestamp.set',
            targetType: 'system-setting',
            targetId: 'appTimestamp',
            details: { timestamp },
          },
          req,
        );
      });
      return { timestamp };
    },
  });

  r.get('/api/v1/augmented-text', {
    config: { access: { permissions: [] } },
    schema: { tags, summary: 'Whether AI-augmented text is on', response: { 200: z.boolean() } },
    handler: async () => getSetting(ctx.db, 'augmentedText'),
  });

  r.post('/api/v1/augmented-text', {
    config: { access: { permissions: ['AiPrompts_CRUD'] } },
    schema: {
      tags,
      summary: 'Turn AI-augmented text on or off',
      querystring: ZAugmentedTextQuery,
      response: { 200: z.boolean() },
    },
    handler: async (req) => {
      await ctx.db.transaction(async (tx) => {
        await setSetting(tx, 'augmentedText', req.query.status, req.auth!.user.id);
        await writeAudit(
          tx,
          {
            action: 'system.augmented-text.set',
            targetType: 'system-setting',
            targetId: 'augmentedText',
            details: { status: req.query.status },
          },
          req,
        );
      });
      return req.query.status;
    },
  });

  // The email outbox, for the Dev area and end-to-end tests of the embedded mode (no SMTP).
  r.get('/api/v1/dev/outbox', {
    config: { access: { permissions: ['DevArea_CRUD'], environments: ['development', 'test'] } },
    schema: {
      tags: ['Dev'],
      summary: 'Latest emails in the outbox',
      querystring: ZOutboxQuery,
      response: { 200: z.array(ZOutboxMessage) },
    },
    handler: async (req) => {
      const rows = await latestOutbox(ctx.db, req.query.limit);
      return rows
        .filter((m) => !req.query.to || m.toAddress.toLowerCase() === req.query.to.toLowerCase())
        .map((m) => ({ ...m, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null }));
    },
  });
}
