/**
 * Merge.dev connections: /api/v1/jobs/{jobId}/input-options (what the job's data step may offer),
 * /api/v1/jobs/{jobId}/merge/* (Merge Link: link token, public-token exchange and import, re-import),
 * /api/v1/magic-links/merge-links (send the client a Merge magic link) and /api/v1/merge/webhooks (Merge's signed
 * "linked account linked" webhook with the account token).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_CODES,
  ISSUER_INPUT_DATA_OPTIONS,
  ZInputDataOptionItem,
  ZJobInputOptions,
  ZJobParams,
  ZMergeConnection,
  ZMergeLinkToken,
  ZMergeMagicLinkCreate,
  ZMergeMagicLinkCreated,
  ZMergePublicToken,
  ZMutationResult,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { AppError } from '../../lib/errors.ts';
import {
  completeMergeLink,
  issueMergeMagicLink,
  jobInputOptions,
  linkedWebhook,
  reimport,
  startMergeLink,
} from './merge.service.ts';
import { integrationName, mergeConfigured } from './merge.client.ts';

const tags = ['Merge connections'];

/** Merge signs a webhook's raw body: base64url(HMAC-SHA256(signature key, body)) in X-Merge-Webhook-Signature. */
function signatureValid(key: string, body: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = createHmac('sha256', key).update(body).digest('base64url');
  const given = header.trim().replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

const ZWebhook = z.object({
  hook: z.object({ event: z.string() }).partial().optional(),
  linked_account: z
    .object({
      end_user_origin_id: z.string().nullish(),
      integration: z.union([z.string(), z.object({ name: z.string().optional() })]).nullish(),
      account_token: z.string().nullish(),
    })
    .partial()
    .optional(),
  data: z.object({ account_token: z.string().nullish() }).partial().passthrough().optional(),
});

export async function mergeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/v1/issuers/input-data-options', {
    config: { access: { permissions: [] } },
    schema: {
      tags,
      summary: 'The input data options an issuer can have, and whether this server is configured to carry each out',
      response: { 200: z.array(ZInputDataOptionItem) },
    },
    handler: async () =>
      ISSUER_INPUT_DATA_OPTIONS.map((option) => ({
        option,
        configured: option.startsWith('Merge') ? mergeConfigured(ctx.config) : true,
      })),
  });

  r.get('/api/v1/jobs/:jobId/input-options', {
    config: { access: { permissions: ['ViewJobTabs'] } },
    schema: {
      tags,
      summary:
        'The issuer’s input data options for this job (each Merge option on, off or not configured) and its Merge connection',
      params: ZJobParams,
      response: { 200: ZJobInputOptions },
    },
    handler: async (req) => jobInputOptions(ctx, authOf(req), req.params.jobId),
  });

  r.post('/api/v1/jobs/:jobId/merge/link-token', {
    config: { access: { permissions: ['ViewJobTabs'] } },
    schema: {
      tags,
      summary: 'Merge Link: a link token to connect the client’s accounting system to this job (option MergeLink)',
      params: ZJobParams,
      response: { 200: ZMergeLinkToken },
    },
    handler: async (req) => startMergeLink(ctx, req, authOf(req), req.params.jobId),
  });

  r.post('/api/v1/jobs/:jobId/merge/public-token', {
    config: { access: { permissions: ['ViewJobTabs'] } },
    schema: {
      tags,
      summary:
        'Merge Link finished: exchange its public token, keep the account token encrypted, import suppliers, invoices and payments as the job’s files',
      params: ZJobParams,
      body: ZMergePublicToken,
      response: { 200: ZMergeConnection },
    },
    handler: async (req) => completeMergeLink(ctx, req, authOf(req), req.params.jobId, req.body.publicToken),
  });

  r.post('/api/v1/jobs/:jobId/merge/import', {
    config: { access: { permissions: ['ViewJobTabs'] } },
    schema: {
      tags,
      summary: 'Import the connected accounting system’s data again (replaces the previous import’s files)',
      params: ZJobParams,
      response: { 200: ZMergeConnection },
    },
    handler: async (req) => reimport(ctx, req, authOf(req), req.params.jobId),
  });

  r.post('/api/v1/magic-links/merge-links', {
    config: { access: { permissions: ['MagicLinks_CRUD'] } },
    schema: {
      tags,
      summary: 'Send a client a Merge magic link to connect their accounting system to a job (option MergeMagicLink)',
      body: ZMergeMagicLinkCreate,
      response: { 200: ZMergeMagicLinkCreated },
    },
    handler: async (req) => issueMergeMagicLink(ctx, req, authOf(req), req.body),
  });

  // The webhook reads its body as text: the signature covers the exact bytes Merge sent.
  await app.register(async (sub) => {
    sub.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    sub.withTypeProvider<ZodTypeProvider>().post('/api/v1/merge/webhooks', {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'Merge’s signed webhook: a linked account’s account token arrives and its data is imported',
        response: { 200: ZMutationResult },
      },
      handler: async (req) => {
        const key = ctx.config.MERGE_WEBHOOK_KEY;
        if (!key)
          throw new AppError(
            503,
            ERROR_CODES.upstream,
            'Merge webhooks are not configured (MERGE_WEBHOOK_KEY is not set)',
          );
        const raw = typeof req.body === 'string' ? req.body : '';
        const sig = req.headers['x-merge-webhook-signature'];
        if (!signatureValid(key, raw, typeof sig === 'string' ? sig : undefined))
          throw new AppError(401, ERROR_CODES.invalidToken, 'The webhook signature does not match');
        let parsed: z.infer<typeof ZWebhook>;
        try {
          parsed = ZWebhook.parse(JSON.parse(raw));
        } catch {
          throw new AppError(400, ERROR_CODES.validation, 'The webhook body is not a Merge webhook');
        }
        const origin = parsed.linked_account?.end_user_origin_id;
        const token = parsed.data?.account_token ?? parsed.linked_account?.account_token;
        if (!origin || !token)
          return {
            success: true,
            statusCode: 200,
            message: `Ignored ${parsed.hook?.event ?? 'event'}: no account token`,
          };
        const message = await linkedWebhook(ctx, {
          endUserOriginId: origin,
          accountToken: token,
          integration: integrationName(parsed.linked_account?.integration ?? null),
        });
        return { success: true, statusCode: 200, message };
      },
    });
  });
}
