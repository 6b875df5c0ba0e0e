/**
 * Outreach emails of a campaign (wave): the template (subject and body with merge fields) rendered in the issuer's
 * branding and language (lib/email-template.ts), previewed for one supplier, then sent by a ProQ command at most
 * CAMPAIGN_EMAILS_PER_SECOND through the email service (lib/email.ts), with progress. Each email is recorded per
 * supplier (one per wave and supplier, so a re-run of the command never sends twice); a sent email moves a Pending
 * enrolment to Active. Bounces are recorded against the email and in the supplier's history.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '@sextant/db';
import { CAMPAIGN_MERGE_FIELDS, spendBand, type TOutreachPreview, type TOutreachSendResult } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { sendEmail } from '../../lib/email.ts';
import { renderBrandedEmail, templateFields } from '../../lib/email-template.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { defineCommandType, type CommandDefOf } from '../../proq/index.ts';
import { openResultsForPipeline } from '../../lib/duckdb/index.ts';
import * as workflowsRepo from './workflows.repo.ts';
import * as wavesRepo from './waves.repo.ts';
import * as enrolmentsRepo from './enrolments.repo.ts';
import * as suppliersRepo from './suppliers.repo.ts';
import * as emailsRepo from './emails.repo.ts';
import { enrolmentLink, linkNonce, sampleEnrolmentLink } from './campaigns.enrol.ts';
import { markBounced, outreachMessageId } from './campaigns.bounces.ts';
import { supplierCaseFields, supplierCasesOf, type SupplierCase } from './supplier-case.ts';
import { actorOf, auditWorkflow, openWorkflow, type Actor } from './workflow-access.ts';

export const OUTREACH_COMMAND = 'campaigns.outreach';

interface Sender {
  branding: {
    brandingKey: string;
    brandingDisplayName: string;
    theme: string;
    emailSenderName: string;
    emailSenderAddress: string;
  } | null;
  language: string;
  issuerName: string;
  buyerName: string;
  currency: string;
}

export async function senderOf(
  ctx: AppContext,
  db: Db,
  jobId: string,
  opts: { currency: boolean } = { currency: true },
): Promise<Sender> {
  const row = await emailsRepo.senderRow(db, jobId);
  let currency = '';
  if (opts.currency)
    try {
      currency = (await openResultsForPipeline(ctx, jobId)).summary.currency;
    } catch {
      /* amounts without a currency */
    }
  return {
    branding: row?.branding ?? null,
    language: row?.language ?? 'en',
    issuerName: row?.branding?.brandingDisplayName ?? row?.issuerName ?? 'Sextant',
    buyerName: row?.buyerName ?? 'Your customer',
    currency,
  };
}

/**
 * The merge fields of one email. `link` is the sent email's own enrolment link (send record id and nonce); without it
 * (a preview) the link is a marked sample that no page accepts: a preview never hands out a usable token.
 */
export function mergeFieldsOf(
  ctx: AppContext,
  s: Sender,
  wave: { name: string; workflowId: string },
  e: { id: string; supplierKey: string; supplierName: string; spend: number },
  link: { emailId: string; nonce: string } | null,
  supplierCase?: SupplierCase,
): Record<string, string> {
  const enrolment = { id: e.id, workflowId: wave.workflowId, supplierKey: e.supplierKey };
  return {
    supplierName: e.supplierName,
    supplierKey: e.supplierKey,
    buyerName: s.buyerName,
    issuerName: s.issuerName,
    spendBand: spendBand(e.spend, s.currency, s.language),
    campaignName: wave.name,
    enrolmentLink: link ? enrolmentLink(ctx, { ...enrolment, ...link }) : sampleEnrolmentLink(ctx, enrolment),
    ...supplierCaseFields(supplierCase, s.currency, s.language),
  };
}

const render = (s: Sender, subject: string, body: string, fields: Record<string, string>) =>
  renderBrandedEmail({ branding: s.branding, language: s.language, subject, body, fields });

export async function previewOutreach(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  id: string,
  campaignId: string,
  body: { templateSubject?: string | undefined; templateBody?: string | undefined; supplierKey?: string | undefined },
): Promise<TOutreachPreview> {
  await openWorkflow(ctx, auth, jobId, id);
  const wave = await wavesRepo.findCampaign(ctx.db, id, campaignId);
  if (!wave) throw notFound('Campaign');
  const subject = body.templateSubject ?? wave.templateSubject;
  const text = body.templateBody ?? wave.templateBody;
  let sample: enrolmentsRepo.EnrolmentRow | undefined;
  if (body.supplierKey) {
    sample = await enrolmentsRepo.findEnrolment(ctx.db, id, body.supplierKey);
    if (!sample || sample.campaignId !== campaignId)
      throw fieldError('supplierKey', 'is not a supplier of this campaign');
  } else [sample] = await emailsRepo.outreachTargets(ctx.db, campaignId, 1);
  if (!sample) {
    const [first] = (
      await suppliersRepo.pageSuppliers(ctx.db, id, { pageNumber: 1, pageSize: 1, campaignId }, (r) => r)
    ).collection;
    if (first) sample = await enrolmentsRepo.findEnrolment(ctx.db, id, first.supplierKey!);
  }
  const sender = await senderOf(ctx, ctx.db, jobId);
  const fields = sample
    ? mergeFieldsOf(
        ctx,
        sender,
        wave,
        sample,
        null,
        (await supplierCasesOf(ctx, jobId, [sample.supplierKey])).get(sample.supplierKey),
      )
    : mergeFieldsOf(
        ctx,
        sender,
        wave,
        {
          id: '00000000-0000-0000-0000-000000000000',
          supplierKey: 'SUPPLIER-KEY',
          supplierName: 'Example Supplier Ltd',
          spend: 50_000,
        },
        null,
        { supplierNetBenefit: 1_234, daysSooner: 43, feeTable: 'defaults' },
      );
  const out = render(sender, subject, text, fields);
  const known = new Set<string>(CAMPAIGN_MERGE_FIELDS);
  const counts = await emailsRepo.outreachCounts(ctx.db, campaignId);
  return {
    to: sample?.contactEmail ?? null,
    supplierKey: sample?.supplierKey ?? null,
    subject: out.subject,
    text: out.text,
    html: out.html,
    from: out.from ?? null,
    unknownFields: [...new Set([...templateFields(subject), ...templateFields(text)])].filter((f) => !known.has(f)),
    recipients: counts.outstanding,
    withoutEmail: counts.total - counts.withEmail,
    alreadySent: counts.sent,
  };
}

export async function sendOutreach(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  jobId: string,
  id: string,
  campaignId: string,
): Promise<TOutreachSendResult> {
  const { wf } = await openWorkflow(ctx, auth, jobId, id);
  const wave = await wavesRepo.findCampaign(ctx.db, id, campaignId);
  if (!wave) throw notFound('Campaign');
  if (wave.stageStatus === 'Completed') throw conflict(`Campaign "${wave.name}" is completed: it sends no more emails`);
  const unknown = [...new Set([...templateFields(wave.templateSubject), ...templateFields(wave.templateBody)])].filter(
    (f) => !(CAMPAIGN_MERGE_FIELDS as readonly string[]).includes(f),
  );
  if (unknown.length)
    throw fieldError(
      'templateBody',
      `the template uses unknown merge fields: ${unknown.map((f) => `{{${f}}}`).join(', ')}`,
    );
  if (!wave.templateSubject.trim() || !wave.templateBody.trim())
    throw fieldError('templateBody', 'the campaign has no email subject or body to send');
  const counts = await emailsRepo.outreachCounts(ctx.db, campaignId);
  const recipients = counts.outstanding;
  if (!recipients)
    throw conflict(
      counts.withEmail
        ? `Every open supplier of campaign "${wave.name}" with a contact email has been sent this campaign's email`
        : `No supplier of campaign "${wave.name}" has a contact email: add contacts first`,
    );
  const actor = actorOf(auth);
  const cmd = await ctx.db.transaction(async (tx) => {
    const c = await ctx.proq.enqueue(tx, {
      commandType: OUTREACH_COMMAND,
      payload: { workflowId: id, campaignId, userId: actor.id, userName: actor.name },
      jobId,
      targetEntityId: campaignId,
      processingGroup: `campaign-outreach:${campaignId}`,
      tags: ['campaigns'],
    });
    await wavesRepo.updateCampaign(tx, campaignId, {
      outreachCommandId: c.id,
      ...(wave.stageStatus === 'Pending' ? { stageStatus: 'Active' as const } : {}),
    });
    await auditWorkflow(tx, req, 'campaign.outreach', wf.workflow, { campaignId, recipients, commandId: c.id });
    return c;
  });
  return { commandId: cmd.id, recipients };
}

const ZOutreachPayload = z.object({
  workflowId: z.uuid(),
  campaignId: z.uuid(),
  userId: z.uuid().nullable(),
  userName: z.string(),
});

/** Sends the wave's outstanding emails in turn (rate-limited), reporting progress; safe to run again. */
export async function runOutreach(
  ctx: AppContext,
  p: z.output<typeof ZOutreachPayload>,
  hc: { progress(percent: number, message?: string): Promise<void>; signal?: AbortSignal },
): Promise<string> {
  const wave = await wavesRepo.findCampaign(ctx.db, p.workflowId, p.campaignId);
  if (!wave) return 'The campaign no longer exists';
  const wfJobId = await workflowsRepo.workflowJobId(ctx.db, p.workflowId);
  if (!wfJobId) return 'The workflow no longer exists';
  const sender = await senderOf(ctx, ctx.db, wfJobId);
  const actor: Actor = { id: p.userId, name: p.userName };
  const gapMs = 1000 / ctx.config.CAMPAIGN_EMAILS_PER_SECOND;
  const total = Math.max(1, (await emailsRepo.outreachCounts(ctx.db, p.campaignId)).outstanding);
  let sent = 0;
  let failed = 0;
  let bounced = 0;
  for (;;) {
    const batch = await emailsRepo.outreachTargets(ctx.db, p.campaignId, 50);
    if (!batch.length) break;
    const cases = await supplierCasesOf(
      ctx,
      wfJobId,
      batch.map((en) => en.supplierKey),
    );
    for (const en of batch) {
      hc.signal?.throwIfAborted();
      const started = Date.now();
      // The email's own link: bound to its send record (id chosen here) by a nonce whose hash the record keeps.
      const emailId = randomUUID();
      const { nonce, hash } = linkNonce();
      const out = render(
        sender,
        wave.templateSubject,
        wave.templateBody,
        mergeFieldsOf(ctx, sender, wave, en, { emailId, nonce }, cases.get(en.supplierKey)),
      );
      // Record first (unique per wave and supplier): a second run of the command skips it.
      const row = await emailsRepo.insertEmail(ctx.db, {
        id: emailId,
        linkNonceHash: hash,
        enrolmentId: en.id,
        campaignId: wave.id,
        toAddress: en.contactEmail!,
        subject: out.subject,
        status: 'queued',
      });
      if (!row) continue;
      const result = await sendEmail(ctx, {
        to: en.contactEmail!,
        subject: out.subject,
        text: out.text,
        html: out.html,
        messageId: outreachMessageId(ctx, row.id),
        ...(out.from ? { from: out.from } : {}),
      });
      const ok = result.status === 'sent' || result.status === 'outbox';
      await ctx.db.transaction(async (tx) => {
        await emailsRepo.updateEmail(tx, row.id, {
          outboxId: result.id,
          status: result.status,
          sentAt: ok ? new Date() : null,
          error: ok ? null : (result.error ?? 'Delivery failed (see the email outbox)'),
        });
        if (result.rejected) {
          // The mail server refused the address for good: a bounce, read from the SMTP reply.
          await markBounced(tx, { ...row, toAddress: en.contactEmail! }, result.error ?? 'Recipient refused', {
            id: null,
            name: 'Mail server',
          });
          return;
        }
        await enrolmentsRepo.insertEvents(tx, [
          {
            enrolmentId: en.id,
            kind: 'email',
            campaignId: wave.id,
            note: ok ? `Email "${out.subject}" sent to ${en.contactEmail}` : `Email to ${en.contactEmail} failed`,
            userId: actor.id,
            userName: actor.name,
          },
        ]);
        if (ok && en.status === 'Pending') {
          await enrolmentsRepo.setStatus(tx, [en.id], 'Active');
          await enrolmentsRepo.insertEvents(tx, [
            {
              enrolmentId: en.id,
              kind: 'status',
              fromStatus: 'Pending',
              toStatus: 'Active',
              campaignId: wave.id,
              note: 'Contacted by the campaign email',
              userId: actor.id,
              userName: actor.name,
            },
          ]);
        }
      });
      if (ok) sent++;
      else if (result.rejected) bounced++;
      else failed++;
      const done = sent + failed + bounced;
      await hc.progress(Math.min(100, (done / total) * 100), `${done} of ${total} emails`);
      const wait = gapMs - (Date.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  }
  return `${sent} email${sent === 1 ? '' : 's'} sent${failed ? `, ${failed} failed` : ''}${bounced ? `, ${bounced} refused by the mail server (bounced)` : ''}`;
}

declare module '../../proq/types.ts' {
  interface ProqCommands {
    'campaigns.outreach': typeof ZOutreachPayload;
  }
}

export function outreachCommandType(ctx: AppContext): CommandDefOf {
  return defineCommandType({
    name: OUTREACH_COMMAND,
    description: 'Sends the outreach emails of a campaign wave (rate-limited), recording each per supplier',
    category: 'campaigns',
    schema: ZOutreachPayload,
    stuckTimeOutInSeconds: 600,
    handler: (payload, hc) => runOutreach(ctx, payload, hc),
  });
}

export async function recordBounce(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  jobId: string,
  id: string,
  supplierKey: string,
  emailId: string,
  reason: string | undefined,
) {
  const { wf } = await openWorkflow(ctx, auth, jobId, id);
  const en = await enrolmentsRepo.findEnrolment(ctx.db, id, supplierKey);
  if (!en) throw notFound(`Supplier "${supplierKey}" in this workflow`);
  const email = await emailsRepo.findEmail(ctx.db, en.id, emailId);
  if (!email) throw notFound('Email');
  if (email.status === 'bounced') throw conflict('This email is already recorded as bounced');
  const actor = actorOf(auth);
  await ctx.db.transaction(async (tx) => {
    await markBounced(tx, email, reason ?? 'recorded by hand', actor);
    await auditWorkflow(tx, req, 'supplier.bounce', wf.workflow, { supplierKey, emailId });
  });
}
