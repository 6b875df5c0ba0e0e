/**
 * /api/v1/magic-links (admin: list, issue a job-upload link, revoke) and /api/v1/upload-links/current (the link
 * holder, authenticated by the token in the X-Upload-Token header: the job it opens, upload a file, finish).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZMagicLink,
  ZMagicLinkIdParam,
  ZMagicLinkPage,
  ZMagicLinkQuery,
  ZMutationResult,
  ZUploadLinkCreate,
  ZUploadLinkCreated,
  ZUploadLinkFile,
  ZUploadLinkFileQuery,
  ZUploadLinkView,
  ZUploadTokenHeader,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import {
  finishUploadLink,
  issueUploadLink,
  listLinks,
  revoke,
  uploadLinkView,
  uploadWithLink,
} from './magic-links.service.ts';

const tags = ['Magic links'];
/** The answer depends on the token header: never cached, not even a refusal (410 is cacheable by default). */
const noStore = async (_req: FastifyRequest, reply: FastifyReply) => {
  reply.header('Cache-Control', 'no-store').header('Vary', 'X-Upload-Token');
};

export async function magicLinkRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/v1/magic-links', {
    config: { access: { permissions: ['MagicLinks_CRUD'] } },
    schema: {
      tags,
      summary:
        'Issued links (sign-in, invitation, job upload) with user, job, created, expires, used and state; never a token',
      querystring: ZMagicLinkQuery,
      response: { 200: ZMagicLinkPage },
    },
    handler: async (req) => listLinks(ctx, authOf(req), req.query),
  });

  r.post('/api/v1/magic-links/upload-links', {
    config: { access: { permissions: ['MagicLinks_CRUD'] } },
    schema: {
      tags,
      summary: 'Issue a job-upload link for an external person; the answer carries the link once',
      body: ZUploadLinkCreate,
      response: { 200: ZUploadLinkCreated },
    },
    handler: async (req) => issueUploadLink(ctx, req, authOf(req), req.body),
  });

  r.post('/api/v1/magic-links/:id/revoke', {
    config: { access: { permissions: ['MagicLinks_CRUD'] } },
    schema: { tags, summary: 'Revoke an open link', params: ZMagicLinkIdParam, response: { 200: ZMagicLink } },
    handler: async (req) => revoke(ctx, req, authOf(req), req.params.id),
  });

  r.get('/api/v1/upload-links/current', {
    config: { access: { public: true } },
    onRequest: noStore,
    schema: {
      tags,
      summary: 'The job an upload link opens and the files uploaded with it (token in X-Upload-Token)',
      headers: ZUploadTokenHeader,
      response: { 200: ZUploadLinkView },
    },
    handler: async (req) => uploadLinkView(ctx, req.headers['x-upload-token']),
  });

  r.post('/api/v1/upload-links/current/files', {
    config: { access: { public: true } },
    onRequest: noStore,
    schema: {
      tags,
      summary: 'Upload one CSV or XLSX file (multipart field "file") into the link’s job',
      headers: ZUploadTokenHeader,
      querystring: ZUploadLinkFileQuery,
      consumes: ['multipart/form-data'],
      response: { 200: ZUploadLinkFile },
    },
    handler: async (req) => uploadWithLink(ctx, req, req.headers['x-upload-token'], req.query.dataKind),
  });

  r.post('/api/v1/upload-links/current/finish', {
    config: { access: { public: true } },
    onRequest: noStore,
    schema: {
      tags,
      summary: 'Finish uploading: the link closes',
      headers: ZUploadTokenHeader,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await finishUploadLink(ctx, req, req.headers['x-upload-token']);
      return { success: true, statusCode: 200, message: 'Thank you: your files were sent.' };
    },
  });
}
