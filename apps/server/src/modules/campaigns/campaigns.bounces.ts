/**
 * Bounces read from mail. Two sources:
 * - at send time, the SMTP server refuses the recipient for good (a 5xx reply, lib/email.ts `rejected`): the
 *   outreach records the bounce at once;
 * - later, a delivery status notification (RFC 3464: multipart/report with a message/delivery-status part) comes
 *   back to the sender; the campaign manager uploads such .eml files to the workflow. Each is parsed with
 *   mailparser, its failed recipients read from the delivery-status part, and matched to the outreach email by the
 *   Message-ID the outreach sent (`<campaign-email-{id}@host>`, quoted in the report's returned headers or its
 *   References), else by recipient address among this workflow's emails.
 * A recorded bounce marks the email bounced and adds a 'bounce' event to the supplier's history.
 */
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '@sextant/db';
import { BOUNCE_MAX_BYTES, BOUNCE_MAX_FILES, type TBounceReport } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import { publicUrl } from '../../config.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import * as enrolmentsRepo from './enrolments.repo.ts';
import * as emailsRepo from './emails.repo.ts';
import { actorOf, auditWorkflow, openWorkflow, type Actor } from './workflow-access.ts';

const ID_PREFIX = 'campaign-email-';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The Message-ID an outreach email is sent with: a bounce report quotes it back. */
export const outreachMessageId = (ctx: AppContext, emailId: string) =>
  `<${ID_PREFIX}${emailId}@${new URL(publicUrl(ctx.config)).hostname || 'sextant.local'}>`;

const emailIdIn = (text: string | undefined | null): string | null => {
  if (!text) return null;
  const at = text.toLowerCase().indexOf(`<${ID_PREFIX}`);
  if (at < 0) return null;
  return UUID.exec(text.slice(at))?.[0]?.toLowerCase() ?? null;
};

/** Marks one outreach email bounced with a history event (inside the caller's transaction). */
export async function markBounced(
  tx: DbOrTx,
  email: { id: string; enrolmentId: string; campaignId: string; toAddress: string },
  reason: string,
  who: Actor,
) {
  await emailsRepo.updateEmail(tx, email.id, {
    status: 'bounced',
    bouncedAt: new Date(),
    error: reason.slice(0, 1000),
  });
  await enrolmentsRepo.insertEvents(tx, [
    {
      enrolmentId: email.enrolmentId,
      kind: 'bounce',
      campaignId: email.campaignId,
      note: `Email to ${email.toAddress} bounced: ${reason}`.slice(0, 2000),
      userId: who.id,
      userName: who.name,
    },
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Delivery status notifications

export interface DsnRecipient {
  recipient: string | null;
  action: string;
  status: string | null;
  diagnostic: string | null;
}
export interface ParsedDsn {
  isReport: boolean;
  recipients: DsnRecipient[];
  /** Outreach email id from the returned Message-ID or References, when there is one. */
  emailId: string | null;
}

/** RFC 822-style header blocks (separated by blank lines, folded lines joined), names lower-cased. */
function headerBlocks(text: string): Map<string, string>[] {
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      let last: string | null = null;
      for (const line of block.split('\n')) {
        if (/^[ \t]/.test(line) && last) fields.set(last, `${fields.get(last)} ${line.trim()}`);
        else {
          const m = /^([!-9;-~]+):\s*(.*)$/.exec(line);
          if (m) {
            last = m[1]!.toLowerCase();
            fields.set(last, m[2]!.trim());
          }
        }
      }
      return fields;
    })
    .filter((f) => f.size > 0);
}

const addressOf = (field: string | undefined) => {
  if (!field) return null;
  const v = field.includes(';') ? field.slice(field.indexOf(';') + 1) : field;
  return v.trim().replace(/^<|>$/g, '').toLowerCase() || null;
};

export async function parseDsn(raw: Buffer): Promise<ParsedDsn> {
  const { simpleParser } = await import('mailparser'); // loaded on first use
  const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  const contentType = mail.headers.get('content-type') as
    { value?: string; params?: Record<string, string> } | undefined;
  const isReport =
    contentType?.value?.toLowerCase() === 'multipart/report' &&
    (contentType.params?.['report-type'] ?? '').toLowerCase() === 'delivery-status';
  const parts = mail.attachments ?? [];
  const status = parts.find((a) => /^message\/(global-)?delivery-status$/i.test(a.contentType));
  const returned = parts.find((a) => /^(message\/rfc822|text\/rfc822-headers|message\/global)$/i.test(a.contentType));
  // mailparser keeps a message/delivery-status part as an attachment or, depending on the report, inlines it into
  // the text: read its per-recipient field blocks from wherever it is.
  const source = status ? status.content.toString('utf8') : isReport ? (mail.text ?? '') : '';
  const recipients: DsnRecipient[] = headerBlocks(source)
    .filter((f) => f.has('action') && (f.has('final-recipient') || f.has('original-recipient')))
    .map((f) => ({
      recipient: addressOf(f.get('final-recipient') ?? f.get('original-recipient')),
      action: f.get('action')!.toLowerCase(),
      status: f.get('status') ?? null,
      diagnostic: f.get('diagnostic-code')?.replace(/^smtp;\s*/i, '') ?? null,
    }));
  let emailId: string | null = null;
  if (returned) {
    const [headers] = headerBlocks(returned.content.toString('utf8').split(/\r?\n\r?\n/)[0] ?? '');
    emailId = emailIdIn(headers?.get('message-id'));
  }
  const refs = mail.references;
  emailId ??= emailIdIn(Array.isArray(refs) ? refs.join(' ') : refs) ?? emailIdIn(mail.inReplyTo);
  // a returned message that mailparser inlined into the text
  if (isReport) emailId ??= emailIdIn(/^message-id:.*$/im.exec(mail.text ?? '')?.[0]);
  return { isReport: isReport || Boolean(status), recipients, emailId };
}

async function readEmlFiles(req: FastifyRequest): Promise<{ name: string; content: Buffer }[]> {
  if (!req.isMultipart())
    throw fieldError('file', 'Upload bounce messages (.eml) as the multipart/form-data field "file"');
  const files: { name: string; content: Buffer }[] = [];
  for await (const part of req.files({ limits: { fileSize: BOUNCE_MAX_BYTES, files: BOUNCE_MAX_FILES } })) {
    const content = await part.toBuffer().catch((err: unknown) => {
      if (part.file.truncated || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(
          413,
          'ValidationError',
          `"${part.filename}" is larger than ${BOUNCE_MAX_BYTES / 1024 / 1024} MB: it is not a bounce message`,
          [{ path: 'file', message: 'too large' }],
        );
      throw err;
    });
    files.push({ name: part.filename || `message ${files.length + 1}`, content });
  }
  if (!files.length) throw fieldError('file', 'Choose one or more bounce messages (.eml files) to upload');
  return files;
}

/**
 * Reads uploaded bounce messages and records every failed delivery they report against this workflow's outreach
 * emails. Files that are not delivery reports, or report on mail this workflow did not send, are listed as such.
 */
export async function uploadBounces(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  jobId: string,
  id: string,
): Promise<TBounceReport> {
  const { wf } = await openWorkflow(ctx, auth, jobId, id);
  const files = await readEmlFiles(req);
  const actor = actorOf(auth);
  const results: TBounceReport['results'] = [];
  let recorded = 0;
  for (const file of files) {
    let dsn: ParsedDsn;
    try {
      dsn = await parseDsn(file.content);
    } catch (err) {
      results.push({
        file: file.name,
        recipient: null,
        outcome: 'invalid',
        supplierName: null,
        reason: `not a readable email message (${(err as Error).message.split('\n')[0]})`,
      });
      continue;
    }
    if (!dsn.isReport || !dsn.recipients.length) {
      results.push({
        file: file.name,
        recipient: null,
        outcome: 'notABounce',
        supplierName: null,
        reason: 'not a delivery status notification (RFC 3464 multipart/report with a delivery-status part)',
      });
      continue;
    }
    for (const r of dsn.recipients) {
      const reason = [r.status, r.diagnostic].filter(Boolean).join(' ') || 'delivery failed';
      if (r.action !== 'failed') {
        results.push({
          file: file.name,
          recipient: r.recipient,
          outcome: 'notABounce',
          supplierName: null,
          reason: `the report says "${r.action}", not a failed delivery`,
        });
        continue;
      }
      const match = await emailsRepo.bouncedEmail(ctx.db, id, dsn.emailId, r.recipient);
      if (!match || (r.recipient && match.email.toAddress.toLowerCase() !== r.recipient)) {
        results.push({
          file: file.name,
          recipient: r.recipient,
          outcome: 'unmatched',
          supplierName: null,
          reason: 'no outreach email of this workflow was sent to this recipient with this Message-ID',
        });
        continue;
      }
      if (match.email.status === 'bounced') {
        results.push({
          file: file.name,
          recipient: r.recipient,
          outcome: 'alreadyRecorded',
          supplierName: match.supplierName,
          reason: match.email.error ?? reason,
        });
        continue;
      }
      await ctx.db.transaction(async (tx) => {
        await markBounced(tx, match.email, reason, actor);
        await auditWorkflow(tx, req, 'supplier.bounce', wf.workflow, {
          emailId: match.email.id,
          source: 'delivery report',
          file: file.name,
        });
      });
      recorded++;
      results.push({
        file: file.name,
        recipient: r.recipient,
        outcome: 'recorded',
        supplierName: match.supplierName,
        reason,
      });
    }
  }
  return { results, recorded };
}
