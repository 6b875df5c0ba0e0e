/**
 * Merge.dev accounting connections of a job (issuer input data options MergeLink and MergeMagicLink).
 *
 * MergeLink: a job editor connects the client's accounting system in the job's data step. The server creates a link
 * token (Merge Link opens with it in the browser), exchanges the public token Link hands back for the linked
 * account's account token, stores that encrypted (SECRETS_KEY, as SFTP secrets) and imports the accounting data
 * into the job as input files (merge.import.ts), inspected and validated like uploads.
 *
 * MergeMagicLink: an administrator sends the client Merge's hosted magic link instead of an upload link. Merge gives
 * the account token of a magic-link account only through its "linked account linked" webhook
 * (POST /api/v1/merge/webhooks, signed with MERGE_WEBHOOK_KEY), which imports the data; the ProQ command
 * `merge.poll` watches Merge's linked accounts of the job until then, so the job shows when the client connected,
 * and closes the connection when the link expires.
 *
 * Each option is refused (409 naming the issuer and the option) when the job's issuer does not offer it, and answers
 * "not configured" when the server has no MERGE_API_KEY. Tenant scope: the job must be one the caller sees (404).
 */
import type { FastifyRequest } from 'fastify';
import type { TJobInputOptions, TMergeConnection, TMergeOptionState, TJobType } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { decryptSecret, encryptSecret, secretsKey } from '../../lib/crypto.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { ERROR_CODES } from '@sextant/shared';
import { writeAudit } from '../../lib/audit.ts';
import { assertJobChangeable, visibleJob } from '../authorization/index.ts';
import { addJobLog, editableJob, registerStoredFile, removeJobFile, uploadKey } from '../jobs/index.ts';
import {
  accountingData,
  createLinkToken,
  exchangePublicToken,
  linkedAccounts,
  mergeConfigured,
  integrationName,
} from './merge.client.ts';
import { MergeDataError, mergeToFiles } from './merge.import.ts';
import {
  connectionById,
  connectionByOrigin,
  connectionOfJob,
  issuerOptions,
  jobOf,
  updateConnection,
  upsertConnection,
  type MergeConnectionRow,
} from './merge.repo.ts';

export const POLL_COMMAND = 'merge.poll';
/** Minutes between two looks at Merge's linked accounts while a magic link is open. */
const POLL_MINUTES = 5;
const MAGIC_LINK_DAYS = 7;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const originIdOf = (jobId: string) => `sextant-job-${jobId}`;

function connectionView(r: MergeConnectionRow): TMergeConnection {
  return {
    id: r.id,
    via: r.via,
    status: r.status,
    endUserEmail: r.endUserEmail,
    integration: r.integration,
    linkExpiresAt: iso(r.linkExpiresAt),
    lastImportAt: iso(r.lastImportAt),
    lastMessage: r.lastMessage,
    fileIds: r.fileIds,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function keyOf(ctx: AppContext): Buffer {
  if (ctx.config.APP_ENV === 'production' && !ctx.config.SECRETS_KEY)
    throw conflict('Merge connections need SECRETS_KEY in the server configuration to store account tokens');
  return secretsKey(ctx.config);
}

const OPTION_TEXT = {
  MergeLink: 'connecting an accounting system through Merge (input data option MergeLink is off)',
  MergeMagicLink: 'sending Merge magic links to connect an accounting system (input data option MergeMagicLink is off)',
} as const;

async function optionState(ctx: AppContext, issuerId: string, option: 'MergeLink' | 'MergeMagicLink') {
  const iss = await issuerOptions(ctx.db, issuerId);
  const on = Boolean(iss?.options.includes(option));
  const state: TMergeOptionState = !on ? 'off' : mergeConfigured(ctx.config) ? 'on' : 'notConfigured';
  return { state, issuerName: iss?.name ?? 'The job’s issuer' };
}

/** 409 naming the issuer and the option when it is off; 409 "not configured" when the server has no Merge key. */
async function requireOption(ctx: AppContext, issuerId: string, option: 'MergeLink' | 'MergeMagicLink') {
  const { state, issuerName } = await optionState(ctx, issuerId, option);
  if (state === 'off') throw conflict(`${issuerName} does not offer ${OPTION_TEXT[option]}`, 'jobId');
  if (state === 'notConfigured')
    throw conflict(
      `Merge is not configured on this server (MERGE_API_KEY is not set), so ${issuerName}'s option ${option} cannot be used; ask your administrator`,
    );
}

/** What the job's data step may offer: the issuer's input data options and the job's Merge connection. */
export async function jobInputOptions(ctx: AppContext, auth: AuthContext, jobId: string): Promise<TJobInputOptions> {
  const row = await visibleJob(ctx, auth, jobId);
  const iss = await issuerOptions(ctx.db, row.job.issuerId);
  const options = iss?.options ?? [];
  const state = (o: string): TMergeOptionState =>
    !options.includes(o) ? 'off' : mergeConfigured(ctx.config) ? 'on' : 'notConfigured';
  const conn = await connectionOfJob(ctx.db, jobId);
  return {
    issuerName: iss?.name ?? row.issuerName,
    csvFileUpload: options.includes('CsvFileUpload'),
    sendUploadLink: options.includes('SendUploadLink'),
    mergeLink: state('MergeLink'),
    mergeMagicLink: state('MergeMagicLink'),
    connection: conn ? connectionView(conn) : null,
  };
}

/** Merge Link, step 1: a link token for the job (the connection is Pending until Link hands back a public token). */
export async function startMergeLink(ctx: AppContext, req: FastifyRequest, auth: AuthContext, jobId: string) {
  const row = await editableJob(ctx, auth, jobId);
  assertJobChangeable(auth, row.job, 'Only the owner or a job editor can connect an accounting system');
  await requireOption(ctx, row.job.issuerId, 'MergeLink');
  const email = auth.user.email ?? `${auth.user.username}@users.invalid`;
  const token = await createLinkToken(ctx.config, {
    endUserOriginId: originIdOf(jobId),
    organizationName: row.buyerName ?? row.job.name,
    email,
  });
  const existing = await connectionOfJob(ctx.db, jobId);
  const connection = await ctx.db.transaction(async (tx) => {
    const c = await upsertConnection(tx, {
      jobId,
      issuerId: row.job.issuerId,
      via: 'MergeLink',
      endUserOriginId: originIdOf(jobId),
      endUserEmail: email,
      // Relinking keeps a held account token (Merge keeps the same linked account for the same end user).
      status: existing?.accountTokenEnc ? existing.status : 'Pending',
      linkExpiresAt: null,
      createdBy: auth.user.id,
    });
    await writeAudit(
      tx,
      {
        action: 'merge.link-token',
        targetType: 'job',
        targetId: jobId,
        issuerId: row.job.issuerId,
        details: { via: 'MergeLink' },
      },
      req,
    );
    return c;
  });
  return { linkToken: token.link_token, connection: connectionView(connection) };
}

/** Merge Link, step 2: exchange Link's public token, keep the account token encrypted, import the data. */
export async function completeMergeLink(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  jobId: string,
  publicToken: string,
) {
  const row = await editableJob(ctx, auth, jobId);
  assertJobChangeable(auth, row.job, 'Only the owner or a job editor can connect an accounting system');
  await requireOption(ctx, row.job.issuerId, 'MergeLink');
  const conn = await connectionOfJob(ctx.db, jobId);
  if (!conn || conn.via !== 'MergeLink')
    throw conflict('Start by opening “Connect accounting system” on this job; no Merge Link was started for it');
  const { accountToken, integration } = await exchangePublicToken(ctx.config, publicToken);
  const linked = await ctx.db.transaction(async (tx) => {
    const c = await updateConnection(tx, conn.id, {
      accountTokenEnc: encryptSecret(keyOf(ctx), accountToken),
      integration,
      status: 'Linked',
      lastMessage: null,
    });
    await addJobLog(tx, {
      jobId,
      message: `Accounting system ${integration ?? ''} connected through Merge by ${auth.user.username}`,
    });
    await writeAudit(
      tx,
      {
        action: 'merge.link',
        targetType: 'job',
        targetId: jobId,
        issuerId: row.job.issuerId,
        details: { via: 'MergeLink', integration },
      },
      req,
    );
    return c;
  });
  return connectionView(await importConnection(ctx, linked, row.job.type, auth.user.id));
}

/** Imports the linked account's data again (the accounting system changed since). */
export async function reimport(ctx: AppContext, req: FastifyRequest, auth: AuthContext, jobId: string) {
  const row = await editableJob(ctx, auth, jobId);
  assertJobChangeable(auth, row.job, 'Only the owner or a job editor can import data into the job');
  const conn = await connectionOfJob(ctx.db, jobId);
  if (!conn?.accountTokenEnc) throw conflict('No accounting system is connected to this job through Merge yet');
  await requireOption(ctx, row.job.issuerId, conn.via);
  await writeAudit(
    ctx.db,
    { action: 'merge.import', targetType: 'job', targetId: jobId, issuerId: row.job.issuerId },
    req,
  );
  return connectionView(await importConnection(ctx, conn, row.job.type, auth.user.id));
}

/**
 * Reads the accounting data with the stored account token and replaces the job's previous Merge files with new
 * ones. Bad records fail the import (422, naming them) and leave the previous files in place.
 */
async function importConnection(
  ctx: AppContext,
  conn: MergeConnectionRow,
  jobType: TJobType,
  userId: string,
): Promise<MergeConnectionRow> {
  const accountToken = decryptSecret(keyOf(ctx), conn.accountTokenEnc!);
  let built: ReturnType<typeof mergeToFiles>;
  try {
    built = mergeToFiles(jobType, await accountingData(ctx.config, accountToken));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await ctx.db.transaction(async (tx) => {
      await updateConnection(tx, conn.id, { status: 'Failed', lastMessage: message });
      await addJobLog(tx, { jobId: conn.jobId, level: 'warn', message: `Merge import failed: ${message}` });
    });
    if (err instanceof MergeDataError) throw new AppError(422, ERROR_CODES.validation, message);
    throw err;
  }
  const fileIds: string[] = [];
  const problems: string[] = [];
  for (const f of built.files) {
    const fileId = crypto.randomUUID();
    const key = uploadKey(conn.jobId, fileId);
    const stored = await ctx.blobs.put(key, f.csv);
    const file = await registerStoredFile(ctx, {
      jobId: conn.jobId,
      fileId,
      dataKind: f.dataKind,
      key,
      stored: await ctx.blobs.localFile(key).catch(() => stored),
      originalName: f.name,
      userId,
      jobType,
    });
    fileIds.push(file.id);
    if (file.validation?.fatal) problems.push(`${f.name}: ${file.validation.fatal}`);
    else if (file.validation && file.validation.validRowCount < file.validation.rowCount)
      problems.push(`${f.name}: ${file.validation.validRowCount} of ${file.validation.rowCount} rows valid`);
  }
  // The previous import's files make way for the new ones.
  for (const old of conn.fileIds) await removeJobFile(ctx, conn.jobId, old);
  const message = `Imported ${built.summary}${problems.length ? `. Check: ${problems.join('; ')}` : ''}`;
  return ctx.db.transaction(async (tx) => {
    await addJobLog(tx, { jobId: conn.jobId, message: `Merge: ${message}` });
    return updateConnection(tx, conn.id, {
      status: 'Imported',
      fileIds,
      lastImportAt: new Date(),
      lastMessage: message,
    });
  });
}

// ---------- magic links ----------

/** Sends the client Merge's hosted link (instead of an upload link); the data arrives with Merge's webhook. */
export async function issueMergeMagicLink(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  body: { jobId: string; email: string; organizationName?: string | undefined },
) {
  const row = await visibleJob(ctx, auth, body.jobId);
  await requireOption(ctx, row.job.issuerId, 'MergeMagicLink');
  const token = await createLinkToken(ctx.config, {
    endUserOriginId: originIdOf(body.jobId),
    organizationName: body.organizationName ?? row.buyerName ?? row.job.name,
    email: body.email,
    magicLink: true,
  });
  const expiresAt = new Date(Date.now() + MAGIC_LINK_DAYS * 86_400_000);
  const connection = await ctx.db.transaction(async (tx) => {
    const c = await upsertConnection(tx, {
      jobId: body.jobId,
      issuerId: row.job.issuerId,
      via: 'MergeMagicLink',
      endUserOriginId: originIdOf(body.jobId),
      endUserEmail: body.email,
      status: 'Pending',
      linkExpiresAt: expiresAt,
      createdBy: auth.user.id,
    });
    await schedulePoll(ctx, tx, c.id);
    await addJobLog(tx, {
      jobId: body.jobId,
      message: `Merge magic link for ${body.email} created by ${auth.user.username}, valid until ${expiresAt.toISOString()}`,
    });
    await writeAudit(
      tx,
      {
        action: 'merge.magic-link',
        targetType: 'job',
        targetId: body.jobId,
        issuerId: row.job.issuerId,
        details: { email: body.email, expiresAt: expiresAt.toISOString() },
      },
      req,
    );
    return c;
  });
  return { url: token.magic_link_url!, connection: connectionView(connection) };
}

async function schedulePoll(
  ctx: AppContext,
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  id: string,
) {
  const at = new Date(Date.now() + POLL_MINUTES * 60_000);
  await ctx.proq.enqueue(tx, {
    commandType: POLL_COMMAND,
    payload: { connectionId: id },
    scheduledTime: at,
    targetEntityId: id,
    category: 'merge',
    tags: ['merge'],
    processingGroup: `merge:${id}`,
    uniqueKey: `merge-poll:${id}:${at.toISOString()}`,
  });
}

/**
 * One look at Merge's linked accounts of a magic-link connection: records when the client connected (and which
 * system), closes the connection when the link expired unused, and looks again later while it is open.
 */
export async function pollConnection(ctx: AppContext, id: string): Promise<string> {
  const c = await connectionById(ctx.db, id);
  if (!c || c.via !== 'MergeMagicLink') return 'The connection was replaced or deleted';
  if (c.accountTokenEnc) return `Already linked (${c.status})`;
  if (c.linkExpiresAt && c.linkExpiresAt < new Date()) {
    await updateConnection(ctx.db, id, {
      status: 'Failed',
      lastMessage: `The magic link sent to ${c.endUserEmail} expired before the accounting system was connected`,
    });
    return 'Expired';
  }
  const accounts = await linkedAccounts(ctx.config, c.endUserOriginId);
  const account = accounts.find((a) => (a.status ?? 'COMPLETE') === 'COMPLETE') ?? accounts[0];
  if (account) {
    const integration = integrationName(account.integration);
    await updateConnection(ctx.db, id, {
      integration,
      lastMessage: `${c.endUserEmail} connected ${integration ?? 'an accounting system'} (Merge status ${account.status ?? 'unknown'}); waiting for Merge's webhook with the account token to import the data`,
    });
  }
  await ctx.db.transaction((tx) => schedulePoll(ctx, tx, id));
  return account ? 'Linked account found; waiting for the webhook' : 'Not connected yet';
}

/** Merge's "linked account linked" webhook: the account token of a magic-link (or Link) account; imports the data. */
export async function linkedWebhook(
  ctx: AppContext,
  payload: { endUserOriginId: string; accountToken: string; integration: string | null },
): Promise<string> {
  const c = await connectionByOrigin(ctx.db, payload.endUserOriginId);
  if (!c) return 'No job waits for this linked account';
  const job = await jobOf(ctx.db, c.jobId);
  if (!job) return 'The job was deleted';
  const { state } = await optionState(ctx, c.issuerId, c.via);
  if (state !== 'on') return `The issuer's option ${c.via} is ${state}`;
  const linked = await ctx.db.transaction(async (tx) => {
    const out = await updateConnection(tx, c.id, {
      accountTokenEnc: encryptSecret(keyOf(ctx), payload.accountToken),
      integration: payload.integration ?? c.integration,
      status: 'Linked',
    });
    await addJobLog(tx, {
      jobId: c.jobId,
      message: `${c.endUserEmail} connected ${payload.integration ?? 'an accounting system'} through Merge`,
    });
    await writeAudit(tx, {
      action: 'merge.link',
      targetType: 'job',
      targetId: c.jobId,
      issuerId: c.issuerId,
      userId: null,
      username: 'merge-webhook',
      details: { via: c.via, integration: payload.integration },
    });
    return out;
  });
  if (job.status === 'Processing') {
    await updateConnection(ctx.db, c.id, {
      lastMessage: 'Linked while the job was processing; import it from the job',
    });
    return 'Linked; the job is processing, import later';
  }
  try {
    const done = await importConnection(ctx, linked, job.type, c.createdBy);
    return done.lastMessage ?? 'Imported';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
