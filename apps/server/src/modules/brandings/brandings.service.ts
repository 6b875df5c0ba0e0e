/**
 * Branding record rule (tenant = issuer, DESIGN §6): internal staff see every branding; a tenant user sees the
 * brandings of the issuers they belong to and their own user branding — nothing else (a user without
 * memberships sees at most their own).
 */
import type { SQL } from 'drizzle-orm';
import type { TBranding } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { isInternalStaff } from '../authorization/index.ts';
import { brandingExistsWhere, brandingScopeCondition, brandingsWhere } from './brandings.repo.ts';

/** WHERE condition over brandings for the caller; undefined = every branding (internal staff). */
function brandingScope(ctx: AppContext, auth: AuthContext): SQL | undefined {
  return brandingScopeCondition(ctx.db, isInternalStaff(auth) ? null : auth.issuerIds, auth.user.brandingId);
}

/** GET /api/v2/brandings/all: the brandings the caller may see, by display name. */
export async function listBrandings(ctx: AppContext, auth: AuthContext): Promise<TBranding[]> {
  return brandingsWhere(ctx.db, brandingScope(ctx, auth));
}

/** Whether the caller may see (and so assign) the branding. */
export async function brandingInScope(ctx: AppContext, auth: AuthContext, brandingId: string): Promise<boolean> {
  const scope = brandingScope(ctx, auth);
  if (!scope) return true;
  return brandingExistsWhere(ctx.db, brandingId, scope);
}
