/**
 * The current user's avatar initials, without zod; auth.ts adds the sign-in schemas.
 */
/** Avatar initials (SPEC §3): givenName+surname initials, else first two letters of username, else N/A. */
export function avatarInitials(u: {
  givenName?: string | null;
  surname?: string | null;
  username?: string | null;
}): string {
  const g = u.givenName?.trim();
  const s = u.surname?.trim();
  if (g && s) return (g[0]! + s[0]!).toUpperCase();
  const name = u.username?.trim();
  if (name) return name.slice(0, 2).toUpperCase();
  return 'N/A';
}

const CALLBACK_BASE = 'http://callback.invalid';
// C0 controls, DEL and backslash: browsers drop tabs and newlines from URLs and read "\" as "/", so "/\t/evil"
// and "/\evil" become "//evil" (another origin). None of them belongs in a path of ours.
// eslint-disable-next-line no-control-regex
const URL_TRICKS = /[\u0000-\u001f\u007f\\]/;

/**
 * The same-origin path (path + query + hash) that `raw` leads to, rebuilt by the URL parser, or null when it leads
 * anywhere else or is not a plain path: absolute URLs, protocol-relative "//host", "/\host", control characters,
 * and their percent-encoded forms are all refused (no open redirect after sign-in).
 */
export function sameOriginPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.length > 2000 || URL_TRICKS.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, CALLBACK_BASE);
  } catch {
    return null;
  }
  if (url.origin !== CALLBACK_BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The rebuilt path must stay a path ("/.//evil" parses to the pathname "//evil"), also once percent-decoded.
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  for (const p of [path, decoded]) if (p.startsWith('//') || URL_TRICKS.test(p) || !p.startsWith('/')) return null;
  return path;
}
