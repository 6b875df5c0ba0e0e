/**
 * Outgoing email. Every message is written to the email outbox first; with SMTP_URL it is then delivered
 * over SMTP (nodemailer) and marked sent or failed; without it, it stays in the outbox and is logged so the
 * embedded demo works offline.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import { emailOutbox } from '@sextant/db';
import type { AppContext } from '../context.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
}

const transports = new Map<string, Transporter>();
function transportFor(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

export async function sendEmail(ctx: AppContext, msg: EmailMessage): Promise<{ id: string; status: string }> {
  const from = msg.from ?? ctx.config.EMAIL_FROM;
  const [row] = await ctx.db
    .insert(emailOutbox)
    .values({
      toAddress: msg.to,
      fromAddress: from,
      subject: msg.subject,
      text: msg.text,
      html: msg.html ?? null,
      status: ctx.config.SMTP_URL ? 'pending' : 'outbox',
    })
    .returning({ id: emailOutbox.id });
  const id = row!.id;
  if (!ctx.config.SMTP_URL) {
    ctx.log.info(
      { emailId: id, to: msg.to, subject: msg.subject },
      `Email kept in the outbox (no SMTP_URL):\n${msg.text}`,
    );
    return { id, status: 'outbox' };
  }
  try {
    await transportFor(ctx.config.SMTP_URL).sendMail({
      from,
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html,
    });
    await ctx.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(eq(emailOutbox.id, id));
    return { id, status: 'sent' };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.error({ emailId: id, err: message }, 'Email delivery failed');
    await ctx.db
      .update(emailOutbox)
      .set({ status: 'failed', error: message, attempts: sql`${emailOutbox.attempts} + 1` })
      .where(eq(emailOutbox.id, id));
    return { id, status: 'failed' };
  }
}
