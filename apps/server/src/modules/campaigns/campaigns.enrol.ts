/**
 * The public enrolment page behind the outreach email's link (/enrol, or CAMPAIGN_ENROLMENT_URL): no sign-in, the
 * link's token is the only credential. A token names one enrolment, its workflow, the sent email (campaign_emails
 * row) that carried it and a random nonce, when it was issued and until when it is valid, and is HMAC-SHA256-signed
 * with a key derived from SECRETS_KEY: a changed byte (another enrolment, another workflow, a later expiry) fails the
 * signature. Only the SHA-256 of the nonce is stored, in the send record; a link is honoured only when that record
 * exists, was handed over for delivery (sentAt), and the nonce hashes to it — so a link exists only in an email that was sent
 * (a preview shows a marked sample link, never a token: issue #31).
 *
 * The token reaches the server only in the `X-Enrolment-Token` header (landing) or the JSON body (decision), never in
 * a URL: the email link carries it in the fragment, which browsers do not send.
 *
 * A token is used once: the supplier's confirmation or refusal is a 'link' event of the enrolment, and a token
 * issued before that event is refused afterwards. Confirming moves a Pending enrolment to Active (an Active one
 * stays Active); declining moves it to Failed; a Succeeded or Failed enrolment is final and the link says so.
 * Both calls are rate-limited per client address and per token.
 */
import type { FastifyRequest } from 'fastify';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ERROR_CODES,
  canMoveEnrolment,
  type TEnrolRefusal,
  type TErrorCode,
  type TEnrolDecision,
  type TEnrolLanding,
  type TEnrolResult,
  type TEnrolmentStatus,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import { publicUrl } from '../../config.ts';
import { secretsKey } from '../../lib/crypto.ts';
import { AppError, rateLimited } from '../../lib/errors.ts';
import { hit } from '../../lib/rate-limit.ts';
import * as workflowsRepo from './workflows.repo.ts';
import * as enrolmentsRepo from './enrolments.repo.ts';
import { outcomesChanged } from './conversion.ts';
import * as emailsRepo from './emails.repo.ts';
import { auditWorkflow } from './workflow-access.ts';
import { senderOf } from './campaigns.outreach.ts';
import { supplierCasesOf } from './supplier-case.ts';

/** How long an enrolment link stays valid after its email was sent. */
export const ENROLMENT_LINK_DAYS = 60;
/** Calls of the enrolment page per client address and per token in a minute. */
const LIMIT_PER_IP = 30;
const LIMIT_PER_TOKEN = 10;

interface TokenClaims {
  /** Enrolment id. */
  e: string;
  /** Workflow id. */
  w: string;
  /** The send record (campaign_emails id) of the email that carried the link. */
  m: string;
  /** Random nonce of that email; its SHA-256 is the record's link_nonce_hash. */
  n: string;
  /** Issued at, seconds since the epoch. */
  i: number;
  /** Expires at, seconds since the epoch. */
  x: number;
}

const linkKey = (ctx: AppContext) =>
  createHmac('sha256', secretsKey(ctx.config)).update('campaign-enrolment-link/v1').digest();
const sign = (ctx: AppContext, payload: string) =>
  createHmac('sha256', linkKey(ctx)).update(payload).digest().subarray(0, 24);

/** A new random nonce for one sent email's link, and the hash its send record keeps. */
export function linkNonce(): { nonce: string; hash: string } {
  const nonce = randomBytes(18).toString('base64url');
  return { nonce, hash: nonceHash(nonce) };
}
const nonceHash = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

/** The link of one sent email: the enrolment, the send record's id and the nonce whose hash that record keeps. */
export interface LinkOfEmail {
  id: string;
  workflowId: string;
  emailId: string;
  nonce: string;
}

export function enrolmentToken(ctx: AppContext, link: LinkOfEmail, now = new Date()): string {
  const i = Math.floor(now.getTime() / 1000);
  const claims: TokenClaims = {
    e: link.id,
    w: link.workflowId,
    m: link.emailId,
    n: link.nonce,
    i,
    x: i + ENROLMENT_LINK_DAYS * 86_400,
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(ctx, payload).toString('base64url')}`;
}

/** What a preview shows in place of a token: obviously not one (and refused as malformed by the page). */
export const SAMPLE_ENROLMENT_TOKEN = 'PREVIEW-SAMPLE-LINK-NOT-VALID';

function linkUrl(ctx: AppContext, enrolment: { workflowId: string; supplierKey: string }, token: string): string {
  // The token travels in the fragment: browsers do not send it with the page request (no access-log copies).
  const template =
    ctx.config.CAMPAIGN_ENROLMENT_URL ?? `${publicUrl(ctx.config)}/enrol#workflow={workflowId}&token={token}`;
  const url = template
    .replace('{workflowId}', encodeURIComponent(enrolment.workflowId))
    .replace('{supplierKey}', encodeURIComponent(enrolment.supplierKey));
  if (url.includes('{token}')) return url.replace('{token}', token);
  return `${url}${url.includes('#') ? '&' : '#'}token=${token}`;
}

/**
 * The enrolment link of a sent outreach email (CAMPAIGN_ENROLMENT_URL may place {token}, {workflowId},
 * {supplierKey}; without {token} the token is added in the fragment).
 */
export function enrolmentLink(ctx: AppContext, link: LinkOfEmail & { supplierKey: string }, now?: Date): string {
  return linkUrl(ctx, link, enrolmentToken(ctx, link, now));
}

/** The link a preview shows: the real address with a marked sample in place of the token. */
export function sampleEnrolmentLink(ctx: AppContext, enrolment: { workflowId: string; supplierKey: string }): string {
  return linkUrl(ctx, enrolment, SAMPLE_ENROLMENT_TOKEN);
}

/**
 * A refused link: the English message for API clients, and the reason (with the issuer's language when the link's
 * signature holds, so even a refusal is shown in it) for the page's own translated text.
 */
const refused = (
  status: number,
  code: TErrorCode,
  reason: TEnrolRefusal,
  message: string,
  params: { language?: string; date?: string; decision?: string } = {},
) => new AppError(status, code, message, undefined, { reason, ...params });

const invalid = () =>
  refused(
    400,
    ERROR_CODES.invalidToken,
    'invalid',
    'This enrolment link is not valid: it may have been changed or copied incompletely. Open the link from the email again.',
  );

export function verifyToken(ctx: AppContext, token: string): TokenClaims {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) throw invalid();
  const given = Buffer.from(sig, 'base64url');
  const expected = sign(ctx, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const c = claims as Partial<TokenClaims>;
  if (
    typeof c.e !== 'string' ||
    typeof c.w !== 'string' ||
    typeof c.m !== 'string' ||
    typeof c.n !== 'string' ||
    typeof c.i !== 'number' ||
    typeof c.x !== 'number'
  )
    throw invalid();
  return c as TokenClaims;
}

const dateOf = (d: Date) => d.toISOString().slice(0, 10);

async function limit(ctx: AppContext, req: FastifyRequest, token: string) {
  const [perIp, perToken] = await Promise.all([
    hit(ctx.db, `enrol:ip:${req.ip}`, 60),
    hit(ctx.db, `enrol:token:${token.slice(-32)}`, 60),
  ]);
  if (perIp > LIMIT_PER_IP || perToken > LIMIT_PER_TOKEN)
    throw rateLimited('Too many attempts with enrolment links: wait a minute and try again');
}

/** The enrolment a token stands for, refusing forged, foreign, expired, used and closed links. */
async function openToken(ctx: AppContext, req: FastifyRequest, token: string, workflow: string | undefined) {
  await limit(ctx, req, token);
  const claims = verifyToken(ctx, token);
  // The signature holds: the issuer is known, and every refusal from here on names its language.
  const language = await workflowsRepo.issuerLanguage(ctx.db, claims.w);
  if (workflow !== undefined && workflow !== claims.w)
    throw refused(
      400,
      ERROR_CODES.invalidToken,
      'mismatch',
      'This enrolment link belongs to another campaign than the one in the address. Open the link from the email again.',
      { language },
    );
  const row = await enrolmentsRepo.enrolmentOfLink(ctx.db, claims.e, claims.w);
  if (!row)
    throw refused(
      404,
      ERROR_CODES.notFound,
      'gone',
      'This enrolment no longer exists: the campaign was closed. Contact the sender of the email.',
      { language },
    );
  const expires = new Date(claims.x * 1000);
  if (expires.getTime() < Date.now())
    throw refused(
      410,
      ERROR_CODES.linkExpired,
      'expired',
      `This enrolment link expired on ${dateOf(expires)}. Contact the sender of the email for a new one.`,
      { language, date: expires.toISOString() },
    );
  // The link must be the one of an email that was sent: its send record exists, holds the hash of the link's nonce,
  // and was handed over for delivery (a send that failed or that the mail server refused has no sentAt).
  const sent = await emailsRepo.findEmail(ctx.db, claims.e, claims.m);
  const given = Buffer.from(nonceHash(claims.n), 'hex');
  const kept = sent?.linkNonceHash ? Buffer.from(sent.linkNonceHash, 'hex') : null;
  if (!sent || !kept || kept.length !== given.length || !timingSafeEqual(kept, given) || sent.sentAt === null)
    throw refused(
      403,
      ERROR_CODES.invalidToken,
      'unsent',
      'This enrolment link does not belong to an email that was sent to this supplier: only the link in the email itself works. Contact the sender of the email.',
      { language },
    );
  const used = await enrolmentsRepo.linkUseSince(ctx.db, claims.e, new Date(claims.i * 1000));
  if (used) {
    const decision = used.toStatus === 'Failed' ? 'decline' : 'confirm';
    throw refused(
      409,
      ERROR_CODES.linkUsed,
      'used',
      `This enrolment link was already used on ${dateOf(used.at)} (${decision === 'decline' ? 'declined' : 'confirmed'}). Nothing more is needed.`,
      { language, date: used.at.toISOString(), decision },
    );
  }
  const status = row.enrolment.status;
  if (status === 'Succeeded')
    throw refused(409, ERROR_CODES.linkUsed, 'enrolled', 'This supplier is already enrolled: nothing more is needed.', {
      language,
    });
  if (status === 'Failed')
    throw refused(
      409,
      ERROR_CODES.linkUsed,
      'closed',
      'This enrolment is closed. Contact the sender of the email to enrol.',
      { language },
    );
  return { claims, language, ...row };
}

export async function enrolLanding(
  ctx: AppContext,
  req: FastifyRequest,
  q: { token: string; workflow?: string | undefined },
): Promise<TEnrolLanding> {
  const { claims, enrolment, campaignName, jobId } = await openToken(ctx, req, q.token, q.workflow);
  const [sender, cases] = await Promise.all([
    senderOf(ctx, ctx.db, jobId),
    supplierCasesOf(ctx, jobId, [enrolment.supplierKey]),
  ]);
  const c = cases.get(enrolment.supplierKey);
  return {
    brandName: sender.issuerName,
    brandingKey: sender.branding?.brandingKey ?? null,
    theme: sender.branding?.theme ?? null,
    language: sender.language,
    issuerName: sender.issuerName,
    buyerName: sender.buyerName,
    supplierName: enrolment.supplierName,
    campaignName: campaignName ?? null,
    status: enrolment.status,
    contactEmail: enrolment.contactEmail,
    expiresAt: new Date(claims.x * 1000).toISOString(),
    supplierCase:
      c && (c.supplierNetBenefit !== null || c.daysSooner !== null)
        ? {
            currency: sender.currency,
            netBenefit: c.supplierNetBenefit,
            daysSooner: c.daysSooner,
            feeTable: c.feeTable,
          }
        : null,
  };
}

export async function enrolDecide(
  ctx: AppContext,
  req: FastifyRequest,
  body: Omit<TEnrolDecision, 'phone' | 'note'> & { phone?: string | undefined; note?: string | undefined },
): Promise<TEnrolResult> {
  const { enrolment: en, jobId, language } = await openToken(ctx, req, body.token, body.workflow);
  const confirm = body.decision === 'confirm';
  const to: TEnrolmentStatus = confirm ? (en.status === 'Pending' ? 'Active' : en.status) : 'Failed';
  if (to !== en.status && !canMoveEnrolment(en.status, to))
    throw refused(409, ERROR_CODES.linkUsed, 'closed', 'This enrolment is closed: nothing was changed.', { language });
  const who = `${body.contactName} <${body.contactEmail}> (enrolment link)`;
  const detail = [body.phone ? `phone ${body.phone}` : null, body.note ? `note: ${body.note}` : null]
    .filter(Boolean)
    .join('; ');
  await ctx.db.transaction(async (tx) => {
    // Guard against a concurrent use of the same link: the status must still be the one read.
    const set: Parameters<typeof enrolmentsRepo.updateEnrolment>[2] = { status: to };
    if (body.contactEmail !== en.contactEmail) set.contactEmail = body.contactEmail;
    if (!(await enrolmentsRepo.updateEnrolmentIfStatus(tx, en.id, en.status, set)))
      throw refused(409, ERROR_CODES.linkUsed, 'changed', 'This enrolment changed meanwhile: reload the page.', {
        language,
      });
    outcomesChanged();
    await enrolmentsRepo.insertEvents(tx, [
      {
        enrolmentId: en.id,
        kind: 'link',
        fromStatus: en.status,
        toStatus: to,
        campaignId: en.campaignId,
        note: `${confirm ? 'Confirmed' : 'Declined'} enrolment through the email link${detail ? ` (${detail})` : ''}`,
        userName: who,
      },
      ...(set.contactEmail
        ? [{ enrolmentId: en.id, kind: 'contact' as const, note: `Contact set to ${body.contactEmail}`, userName: who }]
        : []),
    ]);
    await auditWorkflow(
      tx,
      req,
      confirm ? 'supplier.enrolConfirm' : 'supplier.enrolDecline',
      {
        id: en.workflowId,
        jobId,
      },
      { supplierKey: en.supplierKey, status: to },
    );
  });
  return {
    status: to,
    message: confirm
      ? 'Thank you: your enrolment is confirmed. The enablement team will contact you with the next steps.'
      : 'Thank you: we have recorded that you do not wish to enrol.',
  };
}
