/** /api/v1/devops/sftp-configurations: per-issuer SFTP sources (secrets write-only), connection tests, pulls. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZMutationResult,
  ZSftpConfig,
  ZSftpConfigDetail,
  ZSftpConfigInput,
  ZSftpConfigParams,
  ZSftpHostKeyAccept,
  ZSftpPullResult,
  ZSftpTestRequest,
  ZSftpTestResult,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import {
  acceptHostKey,
  createSftp,
  getSftp,
  listSftp,
  pullNow,
  removeSftp,
  testSftp,
  updateSftp,
} from './sftp.service.ts';

const tags = ['SFTP sources'];
const base = '/api/v1/devops/sftp-configurations';
const view = { permissions: ['DevOps_Area_VIEW'] } as const;
const edit = { permissions: ['DevOps_Area_VIEW', 'IssuerArea_CRUD'] } as const;

export async function sftpRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(base, {
    config: { access: view },
    schema: { tags, summary: 'SFTP sources of the issuers in scope', response: { 200: z.array(ZSftpConfig) } },
    handler: async (req) => listSftp(ctx, authOf(req)),
  });

  r.post(base, {
    config: { access: edit },
    schema: {
      tags,
      summary: 'Create a source (password or private key stored encrypted, never returned); audited',
      body: ZSftpConfigInput,
      response: { 200: ZSftpConfigDetail },
    },
    handler: async (req) => createSftp(ctx, authOf(req), req.body, req),
  });

  r.post(`${base}/test`, {
    config: { access: edit },
    schema: {
      tags,
      summary:
        'Test unsaved connection settings: connect, list the folder, show matching files and the host key; errors summarised; audited',
      body: ZSftpTestRequest,
      response: { 200: ZSftpTestResult },
    },
    handler: async (req) => testSftp(ctx, authOf(req), req.body, null, req),
  });

  r.get(`${base}/:configId`, {
    config: { access: view },
    schema: {
      tags,
      summary: 'A source with its latest pulled files',
      params: ZSftpConfigParams,
      response: { 200: ZSftpConfigDetail },
    },
    handler: async (req) => getSftp(ctx, authOf(req), req.params.configId),
  });

  r.put(`${base}/:configId`, {
    config: { access: edit },
    schema: {
      tags,
      summary:
        'Update a source (leave the password or key out to keep the stored one — unless host, port or user change, which need it again); audited',
      params: ZSftpConfigParams,
      body: ZSftpConfigInput,
      response: { 200: ZSftpConfigDetail },
    },
    handler: async (req) => updateSftp(ctx, authOf(req), req.params.configId, req.body, req),
  });

  r.delete(`${base}/:configId`, {
    config: { access: edit },
    schema: {
      tags,
      summary: 'Delete a source; audited',
      params: ZSftpConfigParams,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      await removeSftp(ctx, authOf(req), req.params.configId, req);
      return { success: true, statusCode: 200, message: 'SFTP configuration deleted' };
    },
  });

  r.post(`${base}/:configId/test`, {
    config: { access: edit },
    schema: {
      tags,
      summary:
        'Test a saved source (manage rights): the stored secret is used only for the stored host, port and user — another target needs the secret again. Pins the host key on the first connection; audited',
      params: ZSftpConfigParams,
      body: ZSftpTestRequest,
      response: { 200: ZSftpTestResult },
    },
    handler: async (req) => testSftp(ctx, authOf(req), req.body, req.params.configId, req),
  });

  r.put(`${base}/:configId/host-key`, {
    config: { access: edit },
    schema: {
      tags,
      summary:
        "Accept a new host key for a source (after the server's key changed on purpose): pulls and tests then require it; audited",
      params: ZSftpConfigParams,
      body: ZSftpHostKeyAccept,
      response: { 200: ZSftpConfigDetail },
    },
    handler: async (req) => acceptHostKey(ctx, authOf(req), req.params.configId, req.body.hostKeyFingerprint, req),
  });

  r.post(`${base}/:configId/pull`, {
    config: { access: edit },
    schema: {
      tags,
      summary: 'Pull new matching files now (a ProQ command)',
      params: ZSftpConfigParams,
      response: { 200: ZSftpPullResult },
    },
    handler: async (req) => pullNow(ctx, authOf(req), req.params.configId, req),
  });
}
