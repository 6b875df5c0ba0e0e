/**
 * Magic links (analysis admin): the sign-in links (magic-link, invite) and the job-upload links an administrator
 * issues so that an external person (a buyer) can send files into ONE job. All are rows of sign_in_tokens, stored
 * hashed (DESIGN §6); the token is shown once, in the answer that creates it.
 *
 * A job-upload link is a capability, not a session: each call carries the token (header X-Upload-Token), may list
 * and add only its own files in its own job, and is refused — with the reason — once the link is revoked, finished
 * (used) or expired. The holder's account (one per email, provider "upload-link") has no roles, password or email,
 * so it can never sign in; it appears among the job's users as MagicLinkUser.
 */
import type { FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  PRODUCT_CODE_NAME,
  escapeHtml,
  JOB_TYPE_INPUT_KINDS,
  type TInputKind,
  type TUploadLinkFile,
  type TValidationReport,
} from '@sextant/shared';
import type {
  TMagicLink,
  TMagicLinkPage,
  TMagicLinkQuery,
  TUploadLinkCreate,
  TUploadLinkCreated,
  TUploadLinkView,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { publicUrl } from '../../config.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import { sendEmail } from '../../lib/email.ts';
import { renderBrandedEmail } from '../../lib/email-template.ts';
import { emailTextIn, UPLOAD_LINK_EMAIL } from '../../lib/email-texts.ts';
import { emailBrandingOf } from '../../lib/email-branding.ts';
import { localeOf } from '../translations/index.ts';
import { isInternalStaff, jobVisibilityOf, tenantScopeOf } from '../authorization/index.ts';
import { visibleJob } from '../authorization/index.ts';
import { storeUpload } from '../jobs/index.ts';
import { addJobLog } from '../jobs/index.ts';
import {
  countLinkUse,
  dropMagicLinkAssignmentIfUnused,
  filesUploadedBy,
  finishLink,
  insertUploadLink,
  issuerUploadOptions,
  linkById,
  pageLinks,
  revokeLink,
  uploadLinkAccount,
  uploadLinkByHash,
  type LinkRow,
  type LinkScope,
} from './magic-links.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function view(r: LinkRow): TMagicLink {
  return {
    ...r,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    usedAt: iso(r.usedAt),
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
  };
}

async function scopeOf(ctx: AppContext, auth: AuthContext): Promise<LinkScope> {
  const [tenant, jobs] = await Promise.all([tenantScopeOf(ctx, auth), jobVisibilityOf(ctx, auth)]);
  return { all: isInternalStaff(auth), jobs, readIssuerIds: tenant.readIssuerIds };
}

export async function listLinks(
  ctx: AppContext,
  auth: AuthContext,
  q: TMagicLinkQuery & { page: number; pageSize: number },
): Promise<TMagicLinkPage> {
  const { rows, total, pending } = await pageLinks(ctx.db, await scopeOf(ctx, auth), q);
  return {
    collection: rows.map(view),
    totalCount: total,
    currentPage: q.page,
    pageSize: q.pageSize,
    pendingCount: pending,
  };
}

const uploadUrl = (ctx: AppContext, token: string) =>
  `${publicUrl(ctx.config)}/upload#token=${encodeURIComponent(token)}`;

/**
 * Issues a job-upload link for an external person: the job must be one the caller sees (else 404) and its issuer
 * must offer the input data option SendUploadLink (else 409). The account, the job assignment (MagicLinkUser), the
 * link and the audit row are written in one transaction; the token is returned once and never stored in clear.
 */
export async function issueUploadLink(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  body: Required<Pick<TUploadLinkCreate, 'jobId' | 'email'>> & {
    displayName?: string;
    expiresInDays: number;
    sendEmail: boolean;
  },
): Promise<TUploadLinkCreated> {
  const row = await visibleJob(ctx, auth, body.jobId);
  const iss = await issuerUploadOptions(ctx.db, row.job.issuerId);
  if (!iss?.options.includes('SendUploadLink'))
    throw conflict(
      `${iss?.name ?? 'The job’s issuer'} does not offer upload links (input data option SendUploadLink is off)`,
      'jobId',
    );
  const token = newToken();
  const expiresAt = new Date(Date.now() + body.expiresInDays * 86_400_000);
  const id = await ctx.db.transaction(async (tx) => {
    const account = await uploadLinkAccount(tx, body.email, body.displayName);
    const linkId = await insertUploadLink(tx, {
      tokenHash: sha256(token),
      userId: account.id,
      email: body.email,
      jobId: body.jobId,
      issuedBy: auth.user.id,
      expiresAt,
    });
    await addJobLog(tx, {
      jobId: body.jobId,
      message: `Upload link issued to ${body.email} by ${auth.user.username}, valid until ${expiresAt.toISOString()}`,
    });
    await writeAudit(
      tx,
      {
        action: 'magic-link.issue',
        targetType: 'magic-link',
        targetId: linkId,
        issuerId: row.job.issuerId,
        details: {
          purpose: 'job-upload',
          jobId: body.jobId,
          email: body.email,
          account: account.username,
          accountCreated: account.created,
          before: null,
          after: { state: 'Pending', expiresAt: expiresAt.toISOString() },
        },
      },
      req,
    );
    return linkId;
  });
  const url = uploadUrl(ctx, token);
  if (body.sendEmail) {
    // The issuer's branding and language (the reader is outside the product: the job's issuer speaks for it).
    const language = iss.language;
    const branding = (await emailBrandingOf(ctx.db, ctx.config, iss.brandingId)) ?? null;
    const texts = emailTextIn(UPLOAD_LINK_EMAIL, language);
    const until = `${new Intl.DateTimeFormat(localeOf(language), {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(expiresAt)} UTC`;
    const mail = renderBrandedEmail({
      branding,
      language,
      subject: texts.subject,
      body: texts.body,
      fields: {
        inviter: auth.user.displayName,
        job: row.job.name,
        brand: branding?.brandingDisplayName ?? PRODUCT_CODE_NAME,
        link: url,
        until,
      },
    });
    await sendEmail(ctx, {
      to: body.email,
      subject: mail.subject,
      secrets: [token, encodeURIComponent(token), escapeHtml(encodeURIComponent(token))],
      text: mail.text,
      html: mail.html,
      ...(mail.from ? { from: mail.from } : {}),
    });
  }
  const link = await linkById(
    ctx.db,
    { all: true, jobs: { userId: '', managedIssuerIds: [] }, readIssuerIds: null },
    id,
  );
  return { link: view(link!), url };
}

/** Revokes an open link (409 with the reason when it is already used, expired or revoked), audited. */
export async function revoke(ctx: AppContext, req: FastifyRequest, auth: AuthContext, id: string): Promise<TMagicLink> {
  const scope = await scopeOf(ctx, auth);
  const before = await linkById(ctx.db, scope, id);
  if (!before) throw notFound('Magic link');
  await ctx.db.transaction(async (tx) => {
    if (!(await revokeLink(tx, id, auth.user.id)))
      throw conflict(
        before.state === 'Revoked'
          ? 'This link has already been revoked'
          : before.state === 'Used'
            ? 'This link has already been used; there is nothing to revoke'
            : 'This link has expired; there is nothing to revoke',
      );
    const unassigned =
      before.purpose === 'job-upload' && before.jobId && before.userId
        ? await dropMagicLinkAssignmentIfUnused(tx, before.jobId, before.userId, id)
        : false;
    if (before.jobId)
      await addJobLog(tx, {
        jobId: before.jobId,
        message: `Upload link of ${before.email} revoked by ${auth.user.username}`,
      });
    await writeAudit(
      tx,
      {
        action: 'magic-link.revoke',
        targetType: 'magic-link',
        targetId: id,
        details: {
          purpose: before.purpose,
          email: before.email,
          jobId: before.jobId,
          before: { state: before.state },
          after: { state: 'Revoked' },
          jobAssignmentRemoved: unassigned,
        },
      },
      req,
    );
  });
  return view((await linkById(ctx.db, scope, id))!);
}

// ---------- the link holder ----------

const REFUSALS = {
  Revoked: [ERROR_CODES.linkRevoked, 'This upload link has been revoked. Ask the sender for a new one.'],
  Used: [
    ERROR_CODES.linkUsed,
    'This upload link has already been used: the upload was finished. Ask the sender for a new one.',
  ],
  Expired: [ERROR_CODES.linkExpired, 'This upload link has expired. Ask the sender for a new one.'],
} as const;

/** The open job-upload link of a token; 404 for an unknown token or another kind of link, 410 with the reason when closed. */
async function openLink(ctx: AppContext, token: string | undefined) {
  const link =
    token && token.length >= 20 && token.length <= 200 ? await uploadLinkByHash(ctx.db, sha256(token)) : undefined;
  if (!link || link.purpose !== 'job-upload' || !link.jobId || !link.userId)
    throw new AppError(
      404,
      ERROR_CODES.notFound,
      'This upload link is not valid. Check that you copied the whole link.',
    );
  if (link.state !== 'Pending') {
    const [code, message] = REFUSALS[link.state];
    throw new AppError(410, code, message);
  }
  return link as typeof link & { jobId: string; userId: string; jobName: string; jobType: string; issuerName: string };
}

/** A file as its uploader sees it: name, kind, whether its rows were valid (no preview of the content). */
function fileView(f: {
  id: string;
  originalName: string;
  dataKind: string;
  uploadedAt: string;
  status: string;
  validation: TValidationReport | null;
}): TUploadLinkFile {
  return {
    id: f.id,
    originalName: f.originalName,
    dataKind: f.dataKind,
    uploadedAt: f.uploadedAt,
    status: f.status,
    rowCount: f.validation?.rowCount ?? null,
    validRowCount: f.validation?.validRowCount ?? null,
    problem: f.validation?.fatal ?? null,
  };
}

export async function uploadLinkView(ctx: AppContext, token: string | undefined): Promise<TUploadLinkView> {
  const link = await openLink(ctx, token);
  const files = await filesUploadedBy(ctx.db, link.jobId, link.userId);
  return {
    jobName: link.jobName,
    buyerName: link.buyerName,
    issuerName: link.issuerName,
    email: link.email,
    expiresAt: link.expiresAt.toISOString(),
    dataKinds: [...JOB_TYPE_INPUT_KINDS[link.jobType]],
    files: files.map((f) => fileView({ ...f, uploadedAt: f.uploadedAt.toISOString(), validation: f.validation })),
  };
}

export async function uploadWithLink(
  ctx: AppContext,
  req: FastifyRequest,
  token: string | undefined,
  dataKind: TInputKind,
): Promise<TUploadLinkFile> {
  const link = await openLink(ctx, token);
  if (link.jobStatus === 'Processing')
    throw conflict('The job is being analysed right now; try again in a few minutes', 'file');
  const file = await storeUpload(ctx, { jobId: link.jobId, jobType: link.jobType, dataKind, userId: link.userId }, req);
  await ctx.db.transaction(async (tx) => {
    await countLinkUse(tx, link.id);
    await writeAudit(
      tx,
      {
        action: 'magic-link.upload',
        targetType: 'magic-link',
        targetId: link.id,
        userId: link.userId,
        username: link.email,
        issuerId: link.issuerId,
        details: { jobId: link.jobId, fileId: file.id, fileName: file.originalName, dataKind },
      },
      req,
    );
  });
  return fileView({ ...file, uploadedAt: file.createdAt });
}

/** The holder finished uploading: the link closes (later calls answer "already been used"). */
export async function finishUploadLink(ctx: AppContext, req: FastifyRequest, token: string | undefined): Promise<void> {
  const link = await openLink(ctx, token);
  await ctx.db.transaction(async (tx) => {
    if (!(await finishLink(tx, link.id))) throw conflict('This upload link is no longer open');
    await addJobLog(tx, { jobId: link.jobId, message: `${link.email} finished uploading with their upload link` });
    await writeAudit(
      tx,
      {
        action: 'magic-link.finish',
        targetType: 'magic-link',
        targetId: link.id,
        userId: link.userId,
        username: link.email,
        issuerId: link.issuerId,
        details: { jobId: link.jobId, before: { state: 'Pending' }, after: { state: 'Used' } },
      },
      req,
    );
  });
}
