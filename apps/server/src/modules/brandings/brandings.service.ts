/**
 * Branding record rule (tenant = issuer, DESIGN §6): internal staff see every branding; a tenant user sees the
 * brandings of the issuers they belong to and their own user branding — nothing else (a user without
 * memberships sees at most their own).
 */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { brandings, issuers } from '@sextant/db';
import type { TBranding, TThemeKey } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { isInternalStaff } from '../authorization/authorization.service.ts';

/** WHERE condition over brandings for the caller; undefined = every branding (internal staff). */
function brandingScope(ctx: AppContext, auth: AuthContext): SQL | undefined {
  if (isInternalStaff(auth)) return undefined;
  const ofIssuers = auth.issuerIds.length
    ? inArray(
        brandings.brandingId,
        ctx.db
          .select({ id: issuers.brandingId })
          .from(issuers)
          .where(inArray(issuers.id, [...auth.issuerIds])),
      )
    : undefined;
  const own = auth.user.brandingId ? eq(brandings.brandingId, auth.user.brandingId) : undefined;
  return or(ofIssuers, own) ?? sql`false`;
}

/** GET /api/v2/brandings/all: the brandings the caller may see, by display name. */
export async function listBrandings(ctx: AppContext, auth: AuthContext): Promise<TBranding[]> {
  const rows = await ctx.db
    .select()
    .from(brandings)
    .where(brandingScope(ctx, auth))
    .orderBy(asc(brandings.brandingDisplayName));
  return rows.map((b) => ({ ...b, theme: b.theme as TThemeKey }));
}

/** Whether the caller may see (and so assign) the branding. */
export async function brandingInScope(ctx: AppContext, auth: AuthContext, brandingId: string): Promise<boolean> {
  const scope = brandingScope(ctx, auth);
  if (!scope) return true;
  const rows = await ctx.db
    .select({ id: brandings.brandingId })
    .from(brandings)
    .where(and(eq(brandings.brandingId, brandingId), scope));
  return rows.length > 0;
}
