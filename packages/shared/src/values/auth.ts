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
