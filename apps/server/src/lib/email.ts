/**
 * Outgoing email. Every message is written to the email outbox first; with SMTP_URL it is then delivered
 * over SMTP (nodemailer) and marked sent or failed; without it, it stays in the outbox so the embedded demo works
 * offline (read it at GET /api/v1/dev/outbox in development and test).
 *
 * Bodies carry live secrets (sign-in and invitation links). They are never logged, and outside development and
 * test the outbox keeps only a copy with those secrets removed: the database never holds a usable link (DESIGN §6).
 */
import type { Transporter } from 'nodemailer';
import { insertOutboxMessage, markOutboxFailed, markOutboxSent } from './outbox.repo.ts';
import type { AppContext } from '../context.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
  /** Strings in the body that are live secrets (besides any `token=` parameter, which is always one). */
  secrets?: string[];
  /** The Message-ID header to send (a bounce report quotes it back), e.g. `<id@host>`. */
  messageId?: string;
}

export interface EmailResult {
  id: string;
  status: 'sent' | 'outbox' | 'failed';
  /** The first line of the delivery error (failed only). */
  error?: string;
  /** The SMTP server refused the recipient for good (a 5xx reply to the recipient): a bounce at send time. */
  rejected?: boolean;
}

export const REDACTED = '[removed]';
const TOKEN_PARAMETER = /([?&](?:amp;)?(?:token|code|state)=)[^&\s"'<>]+/gi;

/** The body without its secrets: token parameters of links and the strings the sender named. */
export function redactSecrets(body: string, secrets: readonly string[] = []): string {
  let out = body;
  for (const s of secrets) if (s) out = out.split(s).join(REDACTED);
  return out.replace(TOKEN_PARAMETER, `$1${REDACTED}`);
}

/** Whether the outbox may keep bodies as sent (the development Dev outbox and end-to-end tests read them). */
export const outboxKeepsSecrets = (ctx: AppContext): boolean => ctx.config.APP_ENV !== 'production';

const transports = new Map<string, Transporter>();
async function transportFor(url: string): Promise<Transporter> {
  let t = transports.get(url);
  if (!t) {
    const { default: nodemailer } = await import('nodemailer'); // loaded on first use
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

export async function sendEmail(ctx: AppContext, msg: EmailMessage): Promise<EmailResult> {
  const from = msg.from ?? ctx.config.EMAIL_FROM;
  const keep = outboxKeepsSecrets(ctx);
  const stored = (body: string) => (keep ? body : redactSecrets(body, msg.secrets));
  const id = await insertOutboxMessage(ctx.db, {
    toAddress: msg.to,
    fromAddress: from,
    subject: msg.subject,
    text: stored(msg.text),
    html: msg.html === undefined ? null : stored(msg.html),
    status: ctx.config.SMTP_URL ? 'pending' : 'outbox',
  });
  if (!ctx.config.SMTP_URL) {
    if (keep) ctx.log.info({ emailId: id, to: msg.to, subject: msg.subject }, 'Email kept in the outbox (no SMTP_URL)');
    else
      ctx.log.warn(
        { emailId: id, to: msg.to, subject: msg.subject },
        'Email not delivered: no SMTP_URL is configured (production keeps no sign-in links in the outbox)',
      );
    return { id, status: 'outbox' };
  }
  try {
    await (
      await transportFor(ctx.config.SMTP_URL)
    ).sendMail({
      from,
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html,
      ...(msg.messageId ? { messageId: msg.messageId } : {}),
    });
    await markOutboxSent(ctx.db, id);
    return { id, status: 'sent' };
  } catch (err) {
    // SMTP errors may quote the message; keep only the first line, without secrets.
    const message = redactSecrets((err instanceof Error ? err.message : String(err)).split('\n')[0]!, msg.secrets);
    ctx.log.error({ emailId: id, err: message }, 'Email delivery failed');
    await markOutboxFailed(ctx.db, id, message);
    const e = err as { responseCode?: number; rejected?: string[]; rejectedErrors?: { responseCode?: number }[] };
    const codes = [e.responseCode, ...(e.rejectedErrors ?? []).map((r) => r.responseCode)];
    const rejected = Boolean(e.rejected?.length) && codes.some((c) => c !== undefined && c >= 500 && c < 600);
    return { id, status: 'failed', error: message, rejected };
  }
}
