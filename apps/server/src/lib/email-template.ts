/**
 * Branded outgoing email: merge fields, an HTML layout in the issuer's theme colours and its plain-text
 * alternative. Pure (no I/O): callers pass the result to `sendEmail` (lib/email.ts).
 *
 * Merge fields are written `{{name}}` (spaces inside the braces allowed). A field the caller did not supply
 * is left as written, so a preview shows what is missing instead of silently dropping it. Field values are
 * HTML-escaped in the HTML part; the body is plain text (blank lines separate paragraphs, URLs become links).
 */
import { escapeHtml, THEME_KEYS, THEME_TOKENS, type TIssuerLanguage, type TThemeKey } from '@sextant/shared/values';

export interface BrandedEmailBranding {
  brandingDisplayName: string;
  theme: string;
  emailSenderName?: string | null;
  emailSenderAddress?: string | null;
  /** The branding's own footer (address, legal line), above the "on behalf of" line. */
  emailFooter?: string | null;
  /** The branding's colours (checked for WCAG AA when saved); absent: the theme's. */
  colours?: { primary: string; primaryText: string; background: string; text: string } | null;
  /** Absolute URL of the branding's logo, shown in the header. */
  logoUrl?: string | null;
}

const FIELD = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

/** Replaces `{{field}}` with its value; unknown fields stay as written. */
export function mergeFields(template: string, fields: Record<string, string> = {}): string {
  return template.replace(FIELD, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(fields, name) ? fields[name]! : whole,
  );
}

/** The merge fields a template uses, in order of first use. */
export function templateFields(template: string): string[] {
  const out: string[] = [];
  for (const m of template.matchAll(FIELD)) if (!out.includes(m[1]!)) out.push(m[1]!);
  return out;
}

export { escapeHtml };

/** The footer line in each issuer language (a language without one would not compile); unknown languages: English. */
const FOOTERS: Record<TIssuerLanguage, (brand: string) => string> = {
  en: (b) => `You receive this message on behalf of ${b}.`,
  de: (b) => `Sie erhalten diese Nachricht im Auftrag von ${b}.`,
  fr: (b) => `Vous recevez ce message de la part de ${b}.`,
  es: (b) => `Recibe este mensaje en nombre de ${b}.`,
  it: (b) => `Riceve questo messaggio per conto di ${b}.`,
  nl: (b) => `U ontvangt dit bericht namens ${b}.`,
  pl: (b) => `Otrzymują Państwo tę wiadomość w imieniu ${b}.`,
  pt: (b) => `Recebe esta mensagem em nome de ${b}.`,
  sv: (b) => `Det här meddelandet skickas på uppdrag av ${b}.`,
};
const hasFooter = (lang: string): lang is TIssuerLanguage => Object.prototype.hasOwnProperty.call(FOOTERS, lang);

const URL_RE = /\bhttps?:\/\/[^\s<>"']+/g;

/** One paragraph of plain text to HTML: escaped, line breaks kept, URLs as links. */
function paragraphHtml(p: string, linkColour: string): string {
  let out = '';
  let last = 0;
  for (const m of p.matchAll(URL_RE)) {
    out += escapeHtml(p.slice(last, m.index));
    const url = escapeHtml(m[0]);
    // a long link (the enrolment link with its token) breaks anywhere rather than widening the email
    out += `<a href="${url}" style="color:${linkColour};word-break:break-all;overflow-wrap:anywhere;">${url}</a>`;
    last = m.index! + m[0].length;
  }
  out += escapeHtml(p.slice(last));
  return out.replace(/\n/g, '<br>');
}

function fromHeader(branding: BrandedEmailBranding | null): string | undefined {
  if (!branding?.emailSenderAddress) return undefined;
  const name = (branding.emailSenderName ?? '').replace(/["\r\n<>]/g, '').trim();
  return name ? `"${name}" <${branding.emailSenderAddress}>` : branding.emailSenderAddress;
}

const THEMES: ReadonlySet<string> = new Set<string>(THEME_KEYS);
const isThemeKey = (v: string): v is TThemeKey => THEMES.has(v);

export function renderBrandedEmail(input: {
  branding: BrandedEmailBranding | null;
  language: string;
  subject: string;
  body: string;
  fields?: Record<string, string>;
}): { subject: string; text: string; html: string; from?: string } {
  const fields = input.fields ?? {};
  // A subject is one line: merged values must not inject headers.
  const subject = mergeFields(input.subject, fields)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const body = mergeFields(input.body, fields).replace(/\r\n?/g, '\n').trim();
  const brand = input.branding?.brandingDisplayName ?? 'Sextant';
  const theme = input.branding?.theme;
  const themeKey: TThemeKey = theme !== undefined && isThemeKey(theme) ? theme : 'paytech';
  const t = THEME_TOKENS[themeKey];
  const lang = (input.language || 'en').slice(0, 2).toLowerCase();
  const onBehalf = FOOTERS[hasFooter(lang) ? lang : 'en'](brand);
  const own = (input.branding?.emailFooter ?? '').trim();
  const footer = own ? `${own}\n${onBehalf}` : onBehalf;
  const c = input.branding?.colours;
  const primary = c?.primary ?? t.primary;
  const header = c
    ? { background: c.primary, text: c.primaryText }
    : { background: t.navbar.background, text: t.navbar.text };
  const logo = input.branding?.logoUrl
    ? `<img src="${escapeHtml(input.branding.logoUrl)}" alt="${escapeHtml(brand)}" height="32" style="display:block;height:32px;border:0;background:#fff;padding:4px 8px;border-radius:4px;">`
    : escapeHtml(brand);

  const text = `${body}\n\n--\n${footer}\n`;
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px 0;">${paragraphHtml(p, primary)}</p>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${t.background};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${t.background};padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:${t.paper};border:1px solid ${t.divider};border-radius:${t.radius}px;overflow:hidden;font-family:${escapeHtml(t.fontFamily)};color:${t.text};">
<tr><td style="background:${header.background};color:${header.text};padding:16px 24px;font-family:${escapeHtml(t.headingFontFamily)};font-weight:${t.headingWeight};font-size:18px;">${logo}</td></tr>
<tr><td style="height:4px;background:${primary};font-size:0;line-height:0;">&nbsp;</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5;">
${paragraphs}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${t.divider};color:${t.textSecondary};font-size:12px;">${escapeHtml(footer).replace(/\n/g, '<br>')}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const from = fromHeader(input.branding);
  return from ? { subject, text, html, from } : { subject, text, html };
}
