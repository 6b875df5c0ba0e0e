/**
 * Send-email tool: a message to chosen users (within the caller's tenant scope) and addresses, in the branded
 * template (lib/email-template.ts), previewed, sent through the email service (lib/email.ts) and logged. A tenant
 * user writes only in a branding of their issuers and reads only their issuers' part of the log.
 */
import type { FastifyRequest } from 'fastify';
import type { TEmailPreview, TIssuerLanguage, TSendEmailResult } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { sendEmail } from '../../lib/email.ts';
import { renderBrandedEmail } from '../../lib/email-template.ts';
import { notFound } from '../../lib/errors.ts';
import { tenantScopeOf } from '../authorization/index.ts';
import { brandingById } from '../users/index.ts';
import { logSentEmail, recipientsInScope, sentEmails, toolEmailScope, usersByIdInScope } from './tools.repo.ts';
import { brandingInScope } from '../brandings/index.ts';

interface Compose {
  userIds: string[];
  addresses: string[];
  subject: string;
  body: string;
  brandingId: string | null;
  language: TIssuerLanguage;
}

/** The branding to send in: one the caller may see (brandingInScope: internal staff any, else their issuers'). */
async function brandingOf(ctx: AppContext, auth: AuthContext, brandingId: string | null) {
  if (!brandingId) return null;
  const b = await brandingById(ctx.db, brandingId);
  // Another tenant's branding answers like an unknown one: its sender name and domain are that tenant's.
  if (!b || !(await brandingInScope(ctx, auth, brandingId))) throw notFound('Branding');
  return b;
}

export async function emailRecipients(ctx: AppContext, auth: AuthContext, q: string) {
  const scope = await tenantScopeOf(ctx, auth);
  return recipientsInScope(ctx.db, scope.readIssuerIds, q);
}

/** Recipients with their merge fields; a user outside the caller's scope answers 404, like an unknown one. */
async function recipients(ctx: AppContext, auth: AuthContext, c: Compose) {
  const scope = await tenantScopeOf(ctx, auth);
  const ids = [...new Set(c.userIds)];
  const found = await usersByIdInScope(ctx.db, ids, scope.readIssuerIds);
  if (found.length !== ids.length) throw notFound('User');
  const list: { to: string; userId: string | null; fields: Record<string, string> }[] = [];
  const seen = new Set<string>();
  for (const u of found) {
    if (!u.email) continue;
    seen.add(u.email.toLowerCase());
    list.push({ to: u.email, userId: u.id, fields: { name: u.displayName ?? u.email, email: u.email } });
  }
  for (const a of c.addresses)
    if (!seen.has(a.toLowerCase())) {
      seen.add(a.toLowerCase());
      list.push({ to: a, userId: null, fields: { name: a, email: a } });
    }
  return list;
}

export async function previewEmail(ctx: AppContext, auth: AuthContext, c: Compose): Promise<TEmailPreview> {
  const branding = await brandingOf(ctx, auth, c.brandingId);
  const first = c.userIds.length || c.addresses.length ? (await recipients(ctx, auth, c))[0] : undefined;
  const r = renderBrandedEmail({
    branding,
    language: c.language,
    subject: c.subject,
    body: c.body,
    fields: first?.fields ?? {},
  });
  return { subject: r.subject, text: r.text, html: r.html, from: r.from ?? null };
}

export async function sendToolEmail(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  c: Compose,
): Promise<TSendEmailResult> {
  const branding = await brandingOf(ctx, auth, c.brandingId);
  const list = await recipients(ctx, auth, c);
  const sent: TSendEmailResult['sent'] = [];
  for (const r of list) {
    const mail = renderBrandedEmail({
      branding,
      language: c.language,
      subject: c.subject,
      body: c.body,
      fields: r.fields,
    });
    // The outbox row is written by sendEmail; the log row and the audit row follow in one transaction.
    const res = await sendEmail(ctx, {
      to: r.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      from: mail.from,
    });
    await ctx.db.transaction(async (tx) => {
      await logSentEmail(tx, {
        outboxId: res.id,
        toAddress: r.to,
        recipientUserId: r.userId,
        subject: mail.subject,
        brandingId: c.brandingId,
        language: c.language,
        sentBy: auth.user.id,
      });
      await writeAudit(
        tx,
        {
          action: 'tools.email.send',
          targetType: 'email',
          targetId: res.id,
          details: { to: r.to, subject: mail.subject, status: res.status },
        },
        req,
      );
    });
    sent.push({ to: r.to, status: res.status });
  }
  const failed = sent.filter((s) => s.status === 'failed').length;
  return {
    success: failed === 0,
    statusCode: 200,
    message: failed
      ? `${sent.length - failed} of ${sent.length} message(s) sent; ${failed} failed`
      : `${sent.length} message${sent.length === 1 ? '' : 's'} sent`,
    sent,
  };
}

/** The messages the caller may see (toolEmailScope): every one for internal staff, else their issuers' only. */
export async function emailLog(ctx: AppContext, auth: AuthContext) {
  const scope = await tenantScopeOf(ctx, auth);
  const rows = await sentEmails(
    ctx.db,
    toolEmailScope(ctx.db, scope.readIssuerIds, auth.user.id, auth.user.brandingId),
  );
  return { items: rows.map((r) => ({ ...r, sentAt: r.sentAt.toISOString() })) };
}
