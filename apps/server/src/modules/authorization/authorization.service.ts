/**
 * Record rules (tenant = issuer) and role assignment.
 *
 * Route permissions say WHO may call an endpoint; these functions say WHICH records the caller may touch:
 *
 * - Tenant scope (DESIGN §6). Internal staff is the explicit users.is_internal flag, set only by internal
 *   administrators (setInternalStaff); internal staff is scoped to every issuer. Everyone else is a tenant user:
 *   they read only the issuers they belong to, and they administer (users, issuer settings) only the issuers where
 *   their membership role is Manager — "an issuer manager manages only their own issuer's users". A tenant user
 *   without memberships sees no tenant data at all: removing a membership or deleting an issuer only ever narrows.
 *   Records outside the read scope answer 404; records readable but not manageable answer 403. Tenant managers
 *   never administer internal staff (404), even when those are members of their issuer.
 * - Job visibility (jobVisibilityOf, the ONE access function for job artifacts). A caller may see a job when
 *   (a) they own it, (b) they have a job_artifact_users row for it (DirectAssignment, MagicLinkUser, or a stored
 *   Owner/IssuerManager connection), (c) they are Manager of the job's issuer, or (d) they hold Buyers_ViewAll —
 *   every job for internal staff, every job of their own issuers for tenant users. Artifacts_View is the route
 *   permission of the job lists (every job-viewing role holds it), so it gates the call, not the records.
 * - Grants (DESIGN §6). Nobody can add or remove a role, or an extra permission, carrying a permission they do
 *   not hold in their OWN roles (grantablePermissions: the unswitched roles, and within the current switch — a
 *   switch only narrows, see switchableRoles). Extra permissions and debug flags never make anything grantable.
 *   A platform-only permission (packages/shared PLATFORM_ONLY_PERMISSIONS), alone or in a role, is granted only to
 *   internal staff (platformOnlyRefusedFor); plugins/access.ts drops it from anyone else's session.
 */
import type { FastifyRequest } from 'fastify';
import {
  ROLE_DESCRIPTIONS,
  isRole,
  isRetiredRole,
  platformOnlyIn,
  ROLE_PERMISSIONS,
  ROLES,
  permissionsOf,
  roleKind,
  type TAuthMappedJobArtifact,
  type TPagedResult,
  type TPagingRequestParsed,
  type TRole,
  type TRoleCatalogue,
  type TUserRoles,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { invalidateUser } from '../../plugins/auth-cache.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { rolesView } from '../auth/index.ts';
import { abilitiesOf } from './job-abilities.ts';
import {
  jobOwnersVisible,
  membershipsOf,
  pageVisibleJobs,
  replaceUserRoles,
  rolesOfUser,
  userExists,
  userIsInIssuers,
  type JobVisibility,
} from './authorization.repo.ts';

export interface TenantScope {
  /** null = every issuer (internal staff). */
  readIssuerIds: string[] | null;
  /** null = every issuer; otherwise the issuers the caller is Manager of. */
  manageIssuerIds: string[] | null;
}

/** Internal staff: the explicit users.is_internal flag — never inferred from "has no issuer membership". */
export const isInternalStaff = (auth: Pick<AuthContext, 'user'>): boolean => auth.user.isInternal === true;

export async function tenantScopeOf(ctx: AppContext, auth: AuthContext): Promise<TenantScope> {
  if (isInternalStaff(auth)) return { readIssuerIds: null, manageIssuerIds: null };
  const memberships = auth.memberships ?? (await membershipsOf(ctx.db, auth.user.id)); // from the session cache
  return {
    readIssuerIds: memberships.map((m) => m.issuerId),
    manageIssuerIds: memberships.filter((m) => m.role === 'Manager').map((m) => m.issuerId),
  };
}

export const inScope = (ids: readonly string[] | null, issuerId: string) => ids === null || ids.includes(issuerId);

/**
 * Checks that the caller may administer a user: internal staff may administer anyone, an issuer manager only
 * the users of the issuers they manage. Unknown users and users outside the scope answer 404.
 */
export async function assertUserManageable(ctx: AppContext, auth: AuthContext, userId: string): Promise<void> {
  const scope = await tenantScopeOf(ctx, auth);
  const target = await userExists(ctx.db, userId);
  if (!target) throw notFound('User');
  if (scope.manageIssuerIds === null || userId === auth.user.id) return;
  if (target.isInternal || !(await userIsInIssuers(ctx.db, userId, scope.manageIssuerIds))) throw notFound('User');
}

/** The caller's job visibility (see the file comment): the one place the job record rule is decided. */
export async function jobVisibilityOf(ctx: AppContext, auth: AuthContext): Promise<JobVisibility> {
  const memberships = auth.memberships ?? (await membershipsOf(ctx.db, auth.user.id)); // from the session cache
  const managedIssuerIds = memberships.filter((m) => m.role === 'Manager').map((m) => m.issuerId);
  const viewAll = auth.permissions.has('Buyers_ViewAll');
  return {
    userId: auth.user.id,
    managedIssuerIds,
    ...(viewAll ? { viewAllIssuerIds: isInternalStaff(auth) ? null : memberships.map((m) => m.issuerId) } : {}),
  };
}

export function currentUserRoles(auth: AuthContext): TUserRoles {
  return rolesView(auth.roles);
}

export function roleCatalogue(): TRoleCatalogue {
  const entry = (role: TRole) => ({
    role,
    kind: roleKind(role),
    ...ROLE_DESCRIPTIONS[role],
    permissions: [...ROLE_PERMISSIONS[role]].sort(),
  });
  return {
    standard: ROLES.filter((r) => roleKind(r) === 'standard').map(entry),
    tabbedView: ROLES.filter((r) => roleKind(r) === 'tabbedView').map(entry),
  };
}

export async function jobOwnerFilterItems(ctx: AppContext, auth: AuthContext) {
  return jobOwnersVisible(ctx.db, await jobVisibilityOf(ctx, auth));
}

/**
 * What the caller may grant or remove (roles, extra permissions): the permissions of their OWN roles that they
 * also hold right now. A role switch cannot widen it (the switched roles are bounded by the own roles, and the
 * own roles count only as far as the switch keeps them); extra permissions and debug flags never count.
 */
export function grantablePermissions(auth: Pick<AuthContext, 'ownRoles' | 'permissions'>): Set<string> {
  return new Set([...permissionsOf(auth.ownRoles)].filter((p) => auth.permissions.has(p)));
}

/**
 * The platform-only permissions (packages/shared PLATFORM_ONLY_PERMISSIONS) among grants being ADDED to a user who is
 * not internal staff: such a grant is refused (removing one is always allowed, it narrows). The one grant-time check
 * of the platform-only rule, used for roles and extra permissions.
 */
export async function platformOnlyRefusedFor(
  ctx: AppContext,
  userId: string,
  added: Iterable<string>,
): Promise<string[]> {
  const platformOnly = platformOnlyIn(added);
  if (!platformOnly.length) return [];
  const target = await userExists(ctx.db, userId);
  return target?.isInternal ? [] : platformOnly;
}

/**
 * Replaces a user's roles. Every role added or removed must carry only permissions the caller may grant
 * (grantablePermissions); the change (before/after) is audited, and so is a refusal.
 */
export async function setUserRoles(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  userId: string,
  roles: readonly TRole[],
): Promise<boolean> {
  await assertUserManageable(ctx, auth, userId);
  const before = await rolesOfUser(ctx.db, userId);
  const wanted = [...new Set(roles)];
  const add = wanted.filter((r) => !before.includes(r));
  const wantedSet: ReadonlySet<string> = new Set(wanted);
  const remove = before.filter((r) => !wantedSet.has(r));
  const refused: { role: string; missing: string[] }[] = [];
  const grantable = grantablePermissions(auth);
  for (const role of [...add, ...remove]) {
    const grants = isRole(role) ? ROLE_PERMISSIONS[role] : [];
    const missing = grants.filter((p) => !grantable.has(p));
    if (missing.length) refused.push({ role, missing });
  }
  const platformRoles = add.filter((r) => isRole(r) && platformOnlyIn(ROLE_PERMISSIONS[r]).length);
  const platformOnly = await platformOnlyRefusedFor(
    ctx,
    userId,
    platformRoles.flatMap((r) => ROLE_PERMISSIONS[r]),
  );
  // the caller's own limits first (403), then what this user may hold (400)
  if (refused.length) {
    await writeAudit(
      ctx.db,
      {
        action: 'user.roles.update',
        targetType: 'user',
        targetId: userId,
        outcome: 'denied',
        details: { add, remove, refused },
      },
      req,
    );
    const first = refused[0]!;
    throw forbidden(
      `You cannot grant or remove the role ${refused.map((r) => r.role).join(', ')}: it carries permissions your own roles do not hold (${first.missing.slice(0, 5).join(', ')}${first.missing.length > 5 ? ', …' : ''})`,
    );
  }
  // A retired role (RETIRED_ROLES: SPEC names it, no screen uses it) may be kept or removed, never granted anew.
  const retired = add.filter(isRetiredRole);
  if (retired.length) {
    await writeAudit(
      ctx.db,
      {
        action: 'user.roles.update',
        targetType: 'user',
        targetId: userId,
        outcome: 'denied',
        details: { add, remove, retired },
      },
      req,
    );
    const why = `The role ${retired.join(', ')} is retired and cannot be granted: there is no legacy job view for it to open (every job page is a tab with its own accessor role)`;
    throw badRequest(why, [{ path: 'roles', message: why }]);
  }
  if (platformOnly.length) {
    await writeAudit(
      ctx.db,
      {
        action: 'user.roles.update',
        targetType: 'user',
        targetId: userId,
        outcome: 'denied',
        details: { add, remove, platformOnly: { roles: platformRoles, permissions: platformOnly } },
      },
      req,
    );
    // a request the caller may make, with a value this user may not have: a field error, not a 403 (the admin
    // stays on the page and reads why)
    const why = `You cannot grant the role ${platformRoles.join(', ')} to this user: it carries permissions only internal staff may hold (${platformOnly.join(', ')}), and this user is not internal staff`;
    throw badRequest(why, [{ path: 'roles', message: why }]);
  }
  await ctx.db.transaction(async (tx) => {
    if (add.length || remove.length) await replaceUserRoles(tx, userId, remove, add);
    await writeAudit(
      tx,
      {
        action: 'user.roles.update',
        targetType: 'user',
        targetId: userId,
        details: { before: before.sort(), after: wanted.sort(), add, remove },
      },
      req,
    );
  });
  invalidateUser(userId); // session cache (plugins/auth-cache.ts), again after the commit
  return true;
}

/** Paged jobs the caller may see (jobVisibilityOf); hidden jobs only on request and with HiddenJobsCount_VIEW. */
export async function mappedJobArtifacts(
  ctx: AppContext,
  auth: AuthContext,
  request: TPagingRequestParsed,
  includeHidden: boolean,
): Promise<TPagedResult<TAuthMappedJobArtifact>> {
  const v = await jobVisibilityOf(ctx, auth);
  return pageVisibleJobs(
    ctx.db,
    request,
    v,
    includeHidden && auth.permissions.has('HiddenJobsCount_VIEW'),
    ({ status, ...r }) => ({
      ...r,
      createdOn: r.createdOn.toISOString(),
      connectionType: r.connectionType ?? null,
      isDirectAssignment: r.connectionType === 'DirectAssignment',
      abilities: abilitiesOf(auth, { ownerId: r.ownerId, status }),
    }),
  );
}
