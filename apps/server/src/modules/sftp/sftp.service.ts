/**
 * Per-issuer SFTP sources: connection settings with the password or private key stored encrypted (write-only:
 * no response carries them), a connection test, and pulls — on demand or scheduled as ProQ commands — that
 * download each new file matching the pattern and create a job for it (or add it to a target job) and run it.
 * A file is pulled once per name, size and modification time.
 *
 * Issue #31: a stored secret goes only to the stored host, port and user — a test or an update that changes any of
 * them needs the secret entered again, and manage rights on the issuer. The server's host key is pinned on the first
 * connection to the stored host (test or pull), verified on every later one, and changed only by a manager
 * accepting a new key. Private addresses need SFTP_ALLOW_PRIVATE_HOSTS (sftp.client.ts); every test is audited.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZSftpConfigInput, ZSftpTestRequest } from '@sextant/shared';
import {
  JOB_TYPE_INPUT_KINDS,
  matchesFilePattern,
  type TInputKind,
  type TJobType,
  type TSftpConfig,
  type TSftpConfigDetail,
  type TSftpTestResult,
} from '@sextant/shared';
import type { DbOrTx } from '@sextant/db';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import { decryptSecret, encryptSecret, secretsKey } from '../../lib/crypto.ts';
import { defineCommandType, type CommandDefOf } from '../../proq/index.ts';
import { tenantScopeOf } from '../authorization/index.ts';
import { uploadKey } from '../jobs/index.ts';
import { registerStoredFile } from '../jobs/index.ts';
import { queueRun } from '../jobs/index.ts';
import { addJobLog, jobNameTaken } from '../jobs/index.ts';
import { guardHeavyWork } from '../resource-guard/index.ts';
import { openSftp, SftpFailure, type SftpConnection, type SftpGuards } from './sftp.client.ts';
import {
  buyerOfIssuer,
  configById,
  deleteConfig,
  insertConfig,
  insertJob,
  jobOfIssuer,
  listConfigs,
  pullsOf,
  recordPull,
  updateConfig,
  wasPulled,
  type SftpRow,
} from './sftp.repo.ts';

export const PULL_COMMAND = 'sftp.pull';

type TInput = z.output<typeof ZSftpConfigInput>;
interface Secrets {
  password?: string | undefined;
  privateKey?: string | undefined;
  passphrase?: string | undefined;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function view(r: Awaited<ReturnType<typeof listConfigs>>[number]): TSftpConfig {
  const c = r.config;
  return {
    id: c.id,
    issuerId: c.issuerId,
    issuerName: r.issuerName,
    name: c.name,
    host: c.host,
    port: c.port,
    username: c.username,
    authMethod: c.authMethod,
    hasPassword: c.hasPassword,
    hasPrivateKey: c.hasPrivateKey,
    folder: c.folder,
    filePattern: c.filePattern,
    buyerId: c.buyerId,
    buyerName: r.buyerName,
    jobType: c.jobType,
    targetJobId: c.targetJobId,
    targetJobName: r.targetJobName,
    scheduleMinutes: c.scheduleMinutes,
    enabled: c.enabled,
    hostKeyFingerprint: c.hostKeyFingerprint,
    hostKeyPinnedAt: iso(c.hostKeyPinnedAt),
    lastPullAt: iso(c.lastPullAt),
    lastPullStatus: c.lastPullStatus,
    lastPullMessage: c.lastPullMessage,
    nextPullAt: iso(c.nextPullAt),
    createdAt: iso(c.createdAt)!,
    updatedAt: iso(c.updatedAt)!,
  };
}

export async function listSftp(ctx: AppContext, auth: AuthContext): Promise<TSftpConfig[]> {
  return (await listConfigs(ctx.db, (await tenantScopeOf(ctx, auth)).readIssuerIds)).map(view);
}

/** The source when its issuer is in the caller's scope (`manage` for changes); 404 otherwise. */
async function scoped(ctx: AppContext, auth: AuthContext, id: string, manage: boolean) {
  const scope = await tenantScopeOf(ctx, auth);
  const [row] = await listConfigs(ctx.db, manage ? scope.manageIssuerIds : scope.readIssuerIds, id);
  if (!row) throw notFound('SFTP configuration');
  return row;
}

export async function getSftp(ctx: AppContext, auth: AuthContext, id: string): Promise<TSftpConfigDetail> {
  const row = await scoped(ctx, auth, id, false);
  const pulls = await pullsOf(ctx.db, id);
  return {
    ...view(row),
    pulls: pulls.map((p) => ({
      id: p.pull.id,
      remotePath: p.pull.remotePath,
      sizeBytes: p.pull.sizeBytes,
      jobId: p.pull.jobId,
      jobName: p.jobName,
      pulledAt: iso(p.pull.pulledAt)!,
    })),
  };
}

function keyOf(ctx: AppContext): Buffer {
  if (ctx.config.APP_ENV === 'production' && !ctx.config.SECRETS_KEY)
    throw conflict('SFTP sources need SECRETS_KEY in the server configuration to store their secrets');
  return secretsKey(ctx.config);
}
const seal = (ctx: AppContext, s: Secrets) => encryptSecret(keyOf(ctx), JSON.stringify(s));
const unseal = (ctx: AppContext, sealed: string): Secrets => JSON.parse(decryptSecret(keyOf(ctx), sealed));

async function checkSecrets(method: TInput['authMethod'], s: Secrets): Promise<void> {
  if (method === 'password' && !s.password) throw fieldError('password', 'Enter the password');
  if (method === 'privateKey') {
    if (!s.privateKey) throw fieldError('privateKey', 'Paste the private key');
    const { default: ssh2 } = await import('ssh2'); // loaded on first use
    const parsed = ssh2.utils.parseKey(s.privateKey, s.passphrase);
    if (parsed instanceof Error) throw fieldError('privateKey', `The private key cannot be read: ${parsed.message}`);
  }
}

async function checkTargets(ctx: AppContext, input: TInput, issuerIds: string[] | null): Promise<void> {
  if (issuerIds && !issuerIds.includes(input.issuerId)) throw fieldError('issuerId', 'Choose an issuer you manage');
  if (!(await buyerOfIssuer(ctx.db, input.buyerId, input.issuerId)))
    throw fieldError('buyerId', 'This buyer does not belong to the chosen issuer');
  if (input.targetJobId) {
    const job = await jobOfIssuer(ctx.db, input.targetJobId, input.issuerId);
    if (!job) throw fieldError('targetJobId', 'This job does not belong to the chosen issuer');
    if (job.type !== input.jobType) throw fieldError('targetJobId', `The target job is a ${job.type} job`);
  }
}

/** Enqueues the next scheduled pull (or clears it), in the caller's transaction. */
async function schedule(ctx: AppContext, tx: DbOrTx, c: SftpRow): Promise<SftpRow> {
  if (!c.enabled || !c.scheduleMinutes) return updateConfig(tx, c.id, { nextPullAt: null });
  const next = new Date(Date.now() + c.scheduleMinutes * 60_000);
  await ctx.proq.enqueue(tx, {
    commandType: PULL_COMMAND,
    payload: { configId: c.id, scheduledFor: next.toISOString() },
    scheduledTime: next,
    targetEntityId: c.id,
    category: 'sftp',
    tags: ['sftp', 'scheduled'],
    processingGroup: `sftp:${c.id}`,
    uniqueKey: `sftp-pull:${c.id}:${next.toISOString()}`,
  });
  return updateConfig(tx, c.id, { nextPullAt: next });
}

const auditDetails = (i: TInput) => ({
  name: i.name,
  host: i.host,
  port: i.port,
  username: i.username,
  authMethod: i.authMethod,
  folder: i.folder,
  filePattern: i.filePattern,
  jobType: i.jobType,
  scheduleMinutes: i.scheduleMinutes,
  enabled: i.enabled,
});

export async function createSftp(ctx: AppContext, auth: AuthContext, input: TInput, req: FastifyRequest) {
  await checkTargets(ctx, input, (await tenantScopeOf(ctx, auth)).manageIssuerIds);
  const secrets: Secrets = { password: input.password, privateKey: input.privateKey, passphrase: input.passphrase };
  await checkSecrets(input.authMethod, secrets);
  const id = await ctx.db.transaction(async (tx) => {
    const c = await insertConfig(tx, {
      ...fields(input),
      ...sealed(ctx, input.authMethod, secrets),
      createdBy: auth.user.id,
    });
    await schedule(ctx, tx, c);
    await writeAudit(
      tx,
      {
        action: 'sftp.create',
        targetType: 'sftp-config',
        targetId: c.id,
        issuerId: c.issuerId,
        details: auditDetails(input),
      },
      req,
    );
    return c.id;
  });
  return getSftp(ctx, auth, id);
}

const fields = (i: TInput) => ({
  issuerId: i.issuerId,
  name: i.name,
  host: i.host,
  port: i.port,
  username: i.username,
  authMethod: i.authMethod,
  folder: i.folder,
  filePattern: i.filePattern,
  buyerId: i.buyerId,
  jobType: i.jobType,
  targetJobId: i.targetJobId ?? null,
  scheduleMinutes: i.scheduleMinutes,
  enabled: i.enabled,
});

/** Keeps only the secret of the chosen method. */
function sealed(ctx: AppContext, method: TInput['authMethod'], s: Secrets) {
  const kept: Secrets =
    method === 'password' ? { password: s.password } : { privateKey: s.privateKey, passphrase: s.passphrase };
  return { secretEnc: seal(ctx, kept), hasPassword: Boolean(kept.password), hasPrivateKey: Boolean(kept.privateKey) };
}

export async function updateSftp(ctx: AppContext, auth: AuthContext, id: string, input: TInput, req: FastifyRequest) {
  const row = await scoped(ctx, auth, id, true);
  await checkTargets(ctx, input, (await tenantScopeOf(ctx, auth)).manageIssuerIds);
  const moved = !sameTarget(row.config, input);
  if (moved) requireSecret(input, 'save');
  const stored = unseal(ctx, row.config.secretEnc);
  const secrets: Secrets = {
    password: input.password ?? stored.password,
    privateKey: input.privateKey ?? stored.privateKey,
    passphrase: input.passphrase ?? (input.privateKey ? undefined : stored.passphrase),
  };
  await checkSecrets(input.authMethod, secrets);
  await ctx.db.transaction(async (tx) => {
    // Another server has another key: a new host or port is pinned again on its first connection.
    const otherServer = input.host !== row.config.host || input.port !== row.config.port;
    const c = await updateConfig(tx, id, {
      ...fields(input),
      ...sealed(ctx, input.authMethod, secrets),
      ...(otherServer ? { hostKeyFingerprint: null, hostKeyPinnedAt: null } : {}),
    });
    await schedule(ctx, tx, c);
    await writeAudit(
      tx,
      {
        action: 'sftp.update',
        targetType: 'sftp-config',
        targetId: id,
        issuerId: c.issuerId,
        details: {
          ...auditDetails(input),
          secretChanged: Boolean(input.password || input.privateKey),
          ...(input.host !== row.config.host || input.port !== row.config.port
            ? { hostKeyCleared: row.config.hostKeyFingerprint }
            : {}),
        },
      },
      req,
    );
  });
  return getSftp(ctx, auth, id);
}

export async function removeSftp(ctx: AppContext, auth: AuthContext, id: string, req: FastifyRequest) {
  const row = await scoped(ctx, auth, id, true);
  await ctx.db.transaction(async (tx) => {
    await deleteConfig(tx, id);
    await writeAudit(
      tx,
      {
        action: 'sftp.delete',
        targetType: 'sftp-config',
        targetId: id,
        issuerId: row.config.issuerId,
        details: { name: row.config.name },
      },
      req,
    );
  });
}

/** The stored host, port and user: the only target a stored secret is ever sent to. */
const sameTarget = (c: SftpRow, i: { host: string; port: number; username: string }) =>
  i.host === c.host && i.port === c.port && i.username === c.username;

/** A change of host, port or user must come with the secret: the stored one never goes to another target. */
function requireSecret(
  input: { authMethod: TInput['authMethod']; password?: string; privateKey?: string },
  why: string,
) {
  const what = why === 'save' ? 'save' : 'test';
  if (input.authMethod === 'password' && !input.password)
    throw fieldError(
      'password',
      `Enter the password again to ${what} another host, port or user: the stored password is only ever sent to the stored host`,
    );
  if (input.authMethod === 'privateKey' && !input.privateKey)
    throw fieldError(
      'privateKey',
      `Paste the private key again to ${what} another host, port or user: the stored key is only ever used with the stored host`,
    );
}

const guardsOf = (ctx: AppContext, expectedHostKey: string | null): SftpGuards => ({
  allowPrivate: ctx.config.SFTP_ALLOW_PRIVATE_HOSTS,
  expectedHostKey,
});

export async function testConnection(
  c: SftpConnection & { folder: string; filePattern: string },
  guards: SftpGuards,
): Promise<TSftpTestResult & { failure?: SftpFailure }> {
  let session;
  try {
    session = await openSftp(c, guards);
    const entries = (await session.list(c.folder)).filter((e) => e.isFile);
    const files = entries
      .map((e) => ({
        name: e.name,
        size: e.size,
        modifiedAt: e.modifiedAt.toISOString(),
        matches: matchesFilePattern(e.name, c.filePattern),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const n = files.filter((f) => f.matches).length;
    return {
      success: true,
      message: `Connected to ${c.host} as ${c.username}; ${files.length} file(s) in ${c.folder}, ${n} matching ${c.filePattern}`,
      files,
      hostKeyFingerprint: session.hostKey,
      hostKeyPinned: false,
    };
  } catch (err) {
    const failure = err instanceof SftpFailure ? err : new SftpFailure('unreachable', 'The connection failed');
    return {
      success: false,
      message: `Connection failed: ${failure.message}`,
      files: [],
      hostKeyFingerprint: failure.presentedHostKey ?? session?.hostKey ?? null,
      hostKeyPinned: false,
      failure,
    };
  } finally {
    session?.close();
  }
}

/**
 * Tests unsaved settings (create form), or a saved source. A saved source's stored secret is used only for its
 * stored host, port and user; any other target needs the secret entered again. Needs manage rights on the source's
 * issuer; audited. The first successful connection to a saved source's stored host pins its host key.
 */
export async function testSftp(
  ctx: AppContext,
  auth: AuthContext,
  input: z.output<typeof ZSftpTestRequest>,
  id: string | null,
  req: FastifyRequest,
): Promise<TSftpTestResult> {
  const row = id ? (await scoped(ctx, auth, id, true)).config : null;
  const stays = row !== null && sameTarget(row, input);
  if (row && !stays) requireSecret(input, 'test');
  const stored: Secrets = stays ? unseal(ctx, row.secretEnc) : {};
  const s: Secrets = {
    password: input.password ?? stored.password,
    privateKey: input.privateKey ?? stored.privateKey,
    passphrase: input.passphrase ?? (input.privateKey ? undefined : stored.passphrase),
  };
  await checkSecrets(input.authMethod, s);
  const pinned = stays ? row.hostKeyFingerprint : null;
  const { failure, ...result } = await testConnection(
    {
      host: input.host,
      port: input.port,
      username: input.username,
      ...(input.authMethod === 'password'
        ? { password: s.password }
        : { privateKey: s.privateKey, passphrase: s.passphrase }),
      folder: input.folder,
      filePattern: input.filePattern,
    },
    guardsOf(ctx, pinned),
  );
  // Trust on first use: the stored host's key, once a connection to it succeeded.
  const connected = result.success || failure?.kind === 'folder';
  const pin = stays && !pinned && connected && result.hostKeyFingerprint !== null;
  await ctx.db.transaction(async (tx) => {
    if (pin && row) {
      await updateConfig(tx, row.id, { hostKeyFingerprint: result.hostKeyFingerprint, hostKeyPinnedAt: new Date() });
      result.hostKeyPinned = true;
    }
    await writeAudit(
      tx,
      {
        action: 'sftp.test',
        targetType: 'sftp-config',
        targetId: row?.id ?? null,
        issuerId: row?.issuerId ?? null,
        details: {
          host: input.host,
          port: input.port,
          username: input.username,
          credentials: stays && !input.password && !input.privateKey ? 'stored' : 'entered',
          success: result.success,
          outcome: failure?.kind ?? 'connected',
          hostKeyFingerprint: result.hostKeyFingerprint,
          hostKeyPinned: result.hostKeyPinned,
        },
      },
      req,
    );
  });
  return result;
}

/** A manager accepts a new host key for a source (the old one is kept in the audit log). */
export async function acceptHostKey(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  fingerprint: string,
  req: FastifyRequest,
) {
  const row = await scoped(ctx, auth, id, true);
  await ctx.db.transaction(async (tx) => {
    await updateConfig(tx, id, { hostKeyFingerprint: fingerprint, hostKeyPinnedAt: new Date() });
    await writeAudit(
      tx,
      {
        action: 'sftp.hostKey',
        targetType: 'sftp-config',
        targetId: id,
        issuerId: row.config.issuerId,
        details: { host: row.config.host, port: row.config.port, from: row.config.hostKeyFingerprint, to: fingerprint },
      },
      req,
    );
  });
  return getSftp(ctx, auth, id);
}

export async function pullNow(ctx: AppContext, auth: AuthContext, id: string, req: FastifyRequest) {
  const row = await scoped(ctx, auth, id, true);
  return ctx.db.transaction(async (tx) => {
    const c = await ctx.proq.enqueue(tx, {
      commandType: PULL_COMMAND,
      payload: { configId: id, scheduledFor: null },
      targetEntityId: id,
      category: 'sftp',
      tags: ['sftp', 'manual'],
      processingGroup: `sftp:${id}`,
    });
    await writeAudit(
      tx,
      {
        action: 'sftp.pull',
        targetType: 'sftp-config',
        targetId: id,
        issuerId: row.config.issuerId,
        details: { commandId: c.id },
      },
      req,
    );
    return { commandId: c.id };
  });
}

const dataKindOf = (t: TJobType): TInputKind => (JOB_TYPE_INPUT_KINDS[t].includes('suppliers') ? 'suppliers' : 'spend');

async function uniqueJobName(db: DbOrTx, base: string, issuerId: string, buyerId: string | null) {
  for (let i = 1; ; i++) {
    const name = i === 1 ? base : `${base} (${i})`;
    if (!(await jobNameTaken(db, name, issuerId, buyerId))) return name;
  }
}

/** Pulls every new matching file of a source; returns a summary. Idempotent: pulled files are recorded. */
export async function pullFiles(ctx: AppContext, c: SftpRow, progress: (p: number, m: string) => Promise<void>) {
  const s = unseal(ctx, c.secretEnc);
  const session = await openSftp(
    {
      host: c.host,
      port: c.port,
      username: c.username,
      ...(c.authMethod === 'password'
        ? { password: s.password }
        : { privateKey: s.privateKey, passphrase: s.passphrase }),
    },
    guardsOf(ctx, c.hostKeyFingerprint),
  );
  // Trust on first use: a source never tested pins its host's key on its first pull.
  if (!c.hostKeyFingerprint)
    await updateConfig(ctx.db, c.id, { hostKeyFingerprint: session.hostKey, hostKeyPinnedAt: new Date() });
  const created: string[] = [];
  let skipped: number;
  try {
    const entries = (await session.list(c.folder)).filter((e) => e.isFile);
    const matching = entries.filter((e) => matchesFilePattern(e.name, c.filePattern));
    skipped = entries.length - matching.length;
    for (const [i, e] of matching.entries()) {
      const remotePath = path.posix.join(c.folder, e.name);
      if (await wasPulled(ctx.db, c.id, remotePath, e.size, e.modifiedAt)) continue;
      await progress((i / matching.length) * 100, `Pulling ${e.name}`);
      const target = c.targetJobId ? await jobOfIssuer(ctx.db, c.targetJobId, c.issuerId) : undefined;
      const job =
        target ??
        (await ctx.db.transaction(async (tx) => {
          const name = await uniqueJobName(tx, `${c.name}: ${e.name}`.slice(0, 200), c.issuerId, c.buyerId);
          const j = await insertJob(tx, {
            name,
            type: c.jobType,
            issuerId: c.issuerId,
            buyerId: c.buyerId,
            ownerId: c.createdBy,
          });
          await addJobLog(tx, { jobId: j.id, message: `Job created from SFTP source "${c.name}" (${remotePath})` });
          await writeAudit(tx, {
            action: 'job.create',
            targetType: 'job',
            targetId: j.id,
            issuerId: c.issuerId,
            userId: null,
            username: 'sftp',
            details: { name, type: c.jobType, sftpConfigId: c.id, remotePath },
          });
          return j;
        }));
      const fileId = crypto.randomUUID();
      const key = uploadKey(job.id, fileId);
      const dir = path.join(ctx.config.dataDir, 'tmp', 'sftp');
      await mkdir(dir, { recursive: true });
      const pulled = path.join(dir, fileId);
      try {
        await session.download(remotePath, pulled);
        await ctx.blobs.putFile(key, pulled);
      } catch (err) {
        await rm(pulled, { force: true });
        throw err;
      }
      const file = await registerStoredFile(ctx, {
        jobId: job.id,
        fileId,
        dataKind: dataKindOf(c.jobType),
        key,
        stored: await ctx.blobs.localFile(key),
        originalName: e.name,
        userId: c.createdBy,
        jobType: c.jobType,
      });
      await ctx.db.transaction(async (tx) => {
        await recordPull(tx, {
          configId: c.id,
          remotePath,
          sizeBytes: e.size,
          remoteModifiedAt: e.modifiedAt,
          jobId: job.id,
        });
        if (file.status === 'validated' && job.status !== 'Processing')
          await queueRun(ctx, tx, job, { id: c.createdBy, displayName: `SFTP source "${c.name}"` });
      });
      created.push(`${e.name} → ${job.name}${file.status === 'validated' ? '' : ' (not valid, not run)'}`);
    }
  } finally {
    session.close();
  }
  return created.length
    ? `${created.length} file(s) pulled: ${created.join('; ')}${skipped ? `; ${skipped} not matching ${c.filePattern}` : ''}`
    : `No new files matching ${c.filePattern}${skipped ? ` (${skipped} other file(s) ignored)` : ''}`;
}

const ZPullPayload = z.object({ configId: z.uuid(), scheduledFor: z.string().nullable() });

declare module '../../proq/types.ts' {
  interface ProqCommands {
    'sftp.pull': typeof ZPullPayload;
  }
}

export function sftpCommandTypes(ctx: AppContext): CommandDefOf[] {
  return [
    defineCommandType({
      name: PULL_COMMAND,
      description: 'SFTP source: pull new matching files into jobs and run them',
      category: 'sftp',
      schema: ZPullPayload,
      maxAttempts: 3,
      retry: { baseDelayMs: 30_000, maxDelayMs: 300_000 },
      async handler(p, hc) {
        const c = await configById(ctx.db, p.configId);
        if (!c) return 'The SFTP configuration was deleted';
        // A scheduled pull that a later change replaced does nothing (the change scheduled its own).
        if (p.scheduledFor && iso(c.nextPullAt) !== p.scheduledFor) return 'Superseded by a later schedule';
        // Waits (retried later by ProQ) while the resource guard refuses uploads.
        await guardHeavyWork(ctx, 'upload');
        let message: string;
        try {
          message = await pullFiles(ctx, c, (pc, m) => hc.progress(pc, m));
          await updateConfig(ctx.db, c.id, { lastPullAt: new Date(), lastPullStatus: 'ok', lastPullMessage: message });
        } catch (err) {
          message = err instanceof Error ? err.message : String(err);
          await updateConfig(ctx.db, c.id, {
            lastPullAt: new Date(),
            lastPullStatus: 'failed',
            lastPullMessage: message,
          });
          if (!p.scheduledFor) throw err;
        } finally {
          if (p.scheduledFor) {
            const fresh = await configById(ctx.db, c.id);
            if (fresh) await ctx.db.transaction((tx) => schedule(ctx, tx, fresh));
          }
        }
        return message;
      },
    }),
  ];
}
