/**
 * /api/v1/system-audit (SPEC §7 System audit): the integrations this installation is configured with, a live
 * verification of each (database, file storage, email, single sign-on, Merge, background worker), and an end-to-end
 * health check that sends a command through ProQ and reports whether it ran.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as oidc from 'openid-client';
import { sql } from 'drizzle-orm';
import {
  ZCommandValidation,
  ZCommandValidationQuery,
  ZHealthCheckStarted,
  ZIntegrationCheck,
  ZIntegrationConfigurations,
  type TIntegrationCheck,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../lib/audit.ts';
import { latestCommandByCorrelation } from '../proq/index.ts';
import { mergeConfigured, verifyMerge } from '../merge/index.ts';

const tags = ['System audit'];
const base = '/api/v1/system-audit';
const access = { permissions: ['IntegrationConfiguration_CHECK'] } as const;
const e2eAccess = { permissions: ['E2ETestRun'] } as const;

async function check(integration: string, fn: () => Promise<string | null>): Promise<TIntegrationCheck> {
  try {
    return { integration, success: true, message: await fn() };
  } catch (err) {
    return { integration, success: false, message: err instanceof Error ? err.message : String(err) };
  }
}

export async function verifyIntegrations(ctx: AppContext): Promise<TIntegrationCheck[]> {
  return Promise.all([
    check('Database', async () => {
      await ctx.db.execute(sql`select 1`);
      return ctx.dbh.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL';
    }),
    check('File storage', async () => {
      const dir = path.join(ctx.config.dataDir, '.health');
      await mkdir(dir, { recursive: true });
      const probe = path.join(dir, randomUUID());
      await writeFile(probe, 'ok');
      await rm(probe);
      return ctx.config.dataDir;
    }),
    check('Email', async () => {
      if (!ctx.config.SMTP_URL) return 'No SMTP_URL: emails are kept in the outbox';
      const { default: nodemailer } = await import('nodemailer');
      await nodemailer.createTransport(ctx.config.SMTP_URL).verify();
      return 'SMTP server reachable';
    }),
    check('Single sign-on', async () => {
      if (!ctx.config.oidcEnabled) return 'Not configured';
      const c = await oidc.discovery(
        new URL(ctx.config.OIDC_ISSUER_URL!),
        ctx.config.OIDC_CLIENT_ID!,
        undefined,
        undefined,
        ctx.config.OIDC_ALLOW_INSECURE ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      return `Discovered ${c.serverMetadata().issuer}`;
    }),
    check('Merge (accounting connections)', async () => {
      if (!mergeConfigured(ctx.config))
        return 'Not configured (MERGE_API_KEY is not set): the input data options MergeLink and MergeMagicLink cannot be used';
      const out = await verifyMerge(ctx.config);
      return ctx.config.MERGE_WEBHOOK_KEY
        ? out
        : `${out}; MERGE_WEBHOOK_KEY is not set, so magic-link accounts are not imported`;
    }),
    check('Background worker', async () => {
      if (!ctx.proq.isRunning) throw new Error('No ProQ worker runs in this process');
      return `ProQ worker ${ctx.proq.workerId} is running`;
    }),
  ]);
}

export async function systemAuditRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(`${base}/get-integration-configurations`, {
    config: { access },
    schema: {
      tags,
      summary: 'Configured repository, storage container and whether the API is live',
      response: { 200: ZIntegrationConfigurations },
    },
    handler: async () => ({
      configuredRepository: ctx.dbh.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL',
      containerName: ctx.config.dataDir,
      isApiLive: true,
    }),
  });

  r.get(`${base}/verify-integrations-configuration`, {
    config: { access },
    schema: { tags, summary: 'Checks each integration now', response: { 200: z.array(ZIntegrationCheck) } },
    handler: async () => verifyIntegrations(ctx),
  });

  r.post(`${base}/system-health-check`, {
    // The end-to-end test run of SPEC §6 (tester: "end-to-end test runs"): a command through the queue and back.
    config: { access: e2eAccess },
    schema: {
      tags,
      summary: 'Sends a command through the queue; poll command-execute-validate with the correlation id',
      response: { 200: ZHealthCheckStarted },
    },
    handler: async (req) => {
      const correlationId = `health-${randomUUID()}`;
      await ctx.db.transaction(async (tx) => {
        await ctx.proq.enqueue(tx, {
          commandType: 'proq.noop',
          payload: { sleepMs: 0, message: 'health check' },
          correlationId,
          category: 'system',
          tags: ['health-check'],
        });
        await writeAudit(
          tx,
          { action: 'system.health-check', targetType: 'proq-command', targetId: correlationId },
          req,
        );
      });
      return { correlationId };
    },
  });

  r.post(`${base}/command-execute-validate`, {
    config: { access: e2eAccess },
    schema: {
      tags,
      summary: 'Whether the command of a health check ran',
      querystring: ZCommandValidationQuery,
      response: { 200: ZCommandValidation },
    },
    handler: async (req) => {
      const c = await latestCommandByCorrelation(ctx.db, req.query.correlationId);
      if (!c) return { isSuccess: false, errorMessage: 'No command has this correlation id', isCompleted: true };
      if (c.state === 'Completed') return { isSuccess: true, errorMessage: null, isCompleted: true };
      if (c.state === 'Error' || c.state === 'Canceled')
        return { isSuccess: false, errorMessage: c.message ?? c.state, isCompleted: true };
      return { isSuccess: false, errorMessage: null, isCompleted: false };
    },
  });
}
