/**
 * Translations, magic links and linked-account merges (analysis admin): zod-free values shared by server and web.
 */

/** What a single-use token in sign_in_tokens is for. A job-upload link never signs anyone in. */
export const SIGN_IN_TOKEN_PURPOSES = ['magic-link', 'invite', 'job-upload'] as const;
export type TSignInTokenPurpose = (typeof SIGN_IN_TOKEN_PURPOSES)[number];
/** Purposes whose token opens a session (the others are refused by the sign-in endpoint). */
export const SIGN_IN_PURPOSES: readonly TSignInTokenPurpose[] = ['magic-link', 'invite'];

export const MAGIC_LINK_STATES = ['Pending', 'Used', 'Expired', 'Revoked'] as const;
export type TMagicLinkState = (typeof MAGIC_LINK_STATES)[number];

/** Job-upload links: how long they may live (days). */
export const UPLOAD_LINK_DEFAULT_DAYS = 7;
export const UPLOAD_LINK_MAX_DAYS = 30;

/** Translation CSV columns (export and import). */
export const TRANSLATION_CSV_COLUMNS = ['language', 'namespace', 'key', 'bundled', 'override'] as const;
/** At most this many rows in one translation import. */
export const TRANSLATION_IMPORT_MAX_ROWS = 20_000;
export const TRANSLATION_MAX_LENGTH = 4000;

/**
 * The interpolation placeholders of an i18next text: `{{name}}`, `{{count, number}}` → name, count (sorted,
 * unique). `$t(...)` nesting is not a placeholder.
 */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)) {
    const name = (m[1] ?? '').split(',')[0]!.trim().replace(/^-\s*/, '');
    names.add(name);
  }
  return [...names].sort();
}

/** A plain component tag of an i18next `<Trans>` text: `<strong>`, `</link>`, `<br/>` (no attributes). */
const PLAIN_TAG = /^<\/?([A-Za-z][\w-]*)\s*\/?>$/;
/** Anything a browser could read as the start of markup: a tag, a closing tag, a comment, a declaration. */
const MARKUP_START = /<[/A-Za-z!?][^<>]*>?/g;

/** The component tag names of a text (`<strong>{{name}}</strong>` → strong), sorted, unique. */
export function markupTagsOf(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(MARKUP_START)) {
    const tag = PLAIN_TAG.exec(m[0]);
    if (tag) names.add(tag[1]!.toLowerCase());
  }
  return [...names].sort();
}

/**
 * Why an override carries markup (null when it is plain text). Translations are plain text: the only tags allowed
 * are the `<Trans>` component tags of the bundled text itself, written bare (`<strong>`, `</strong>`), so an
 * override can never add an element, an attribute, a script or a comment to a page, a chart tooltip or an email.
 */
export function markupProblem(bundled: string, override: string): string | null {
  const allowed = new Set(markupTagsOf(bundled));
  for (const m of override.matchAll(MARKUP_START)) {
    const tag = PLAIN_TAG.exec(m[0]);
    if (!tag || !allowed.has(tag[1]!.toLowerCase())) {
      const shown = m[0].length > 40 ? `${m[0].slice(0, 40)}…` : m[0];
      return `contains markup (${shown}); translations are plain text${allowed.size ? ` and may only keep the text's own tags ${[...allowed].map((n) => `<${n}>`).join(', ')}` : ''}`;
    }
  }
  return null;
}

/** Why an override's placeholders do not fit the bundled text (null when they do). */
export function interpolationProblem(bundled: string, override: string): string | null {
  const open = (override.match(/\{\{/g) ?? []).length;
  const close = (override.match(/\}\}/g) ?? []).length;
  if (open !== close) return 'has an unclosed {{…}} placeholder';
  const want = placeholdersOf(bundled);
  const got = placeholdersOf(override);
  const missing = want.filter((p) => !got.includes(p));
  const unknown = got.filter((p) => !want.includes(p));
  if (unknown.length)
    return `uses the placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((p) => `{{${p}}}`).join(', ')}, which the text does not have${want.length ? ` (expected ${want.map((p) => `{{${p}}}`).join(', ')})` : ''}`;
  if (missing.length)
    return `is missing the placeholder${missing.length > 1 ? 's' : ''} ${missing.map((p) => `{{${p}}}`).join(', ')}`;
  return null;
}
