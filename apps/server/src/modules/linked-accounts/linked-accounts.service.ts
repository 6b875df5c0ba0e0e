/**
 * Merge linked accounts (analysis admin): accounts of one person under several identity providers (a local
 * account and an SSO one with the same email). The preview lists what moves; the merge moves it in ONE
 * transaction with its audit row, ends the merged-away account's sessions and deactivates it (its audit rows stay).
 *
 * Rules (DESIGN §6): both accounts' shared email must be verified (an identity provider's unverified email claim is
 * anyone's to make); the result never holds more than the union of the two accounts; the caller must be able to
 * grant every role and permission the kept account gains (grantablePermissions); accounts of different issuers
 * (tenants) are merged only by internal staff; nobody merges their own account; records outside the caller's
 * scope are 404. Viewing needs MergeLinkedAccounts_VIEW; merging also User_CRUD.
 */
import type { FastifyRequest } from 'fastify';
import {
  isRole,
  ROLE_PERMISSIONS,
  type TIssuerMemberRole,
  type TLinkedAccount,
  type TLinkedAccountGroup,
  type TMergePreview,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import { invalidateUser } from '../../plugins/auth-cache.ts';
import { assertUserManageable, grantablePermissions, isInternalStaff, tenantScopeOf } from '../authorization/index.ts';
import {
  accountRow,
  accountsByEmail,
  assignmentsOf,
  counts,
  jobsOwnedBy,
  membershipsOf,
  mergeInto,
  permissionsOfUser,
  rolesOf,
  sharedEmails,
} from './linked-accounts.repo.ts';

type UserRow = NonNullable<Awaited<ReturnType<typeof accountRow>>>;

async function views(ctx: AppContext, rows: UserRow[]): Promise<Map<string, TLinkedAccount>> {
  const ids = rows.map((r) => r.id);
  const [roles, memberships] = await Promise.all([rolesOf(ctx.db, ids), membershipsOf(ctx.db, ids)]);
  return new Map(
    rows.map((u) => [
      u.id,
      {
        id: u.id,
        username: u.username,
        displayName: u.displayName,
        idProviderName: u.idProviderName,
        isInternal: u.isInternal,
        isDeactivated: u.isDeactivated,
        lastActivityAt: u.lastActivityAt?.toISOString() ?? null,
        createdAt: u.createdAt.toISOString(),
        roles: roles.get(u.id) ?? [],
        issuers: (memberships.get(u.id) ?? []).map(({ issuerId, issuerName, role }) => ({
          issuerId,
          issuerName,
          role,
        })),
      },
    ]),
  );
}

/** Groups of accounts sharing an email, within the users the caller may see. */
export async function linkedAccountGroups(
  ctx: AppContext,
  auth: AuthContext,
  q?: string,
): Promise<TLinkedAccountGroup[]> {
  const scope = await tenantScopeOf(ctx, auth);
  const emails = await sharedEmails(ctx.db, scope.readIssuerIds, q);
  const rows = await accountsByEmail(ctx.db, emails, scope.readIssuerIds);
  const byId = await views(ctx, rows);
  const groups = new Map<string, TLinkedAccount[]>();
  for (const r of rows) {
    const key = r.email!.trim().toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), byId.get(r.id)!]);
  }
  return [...groups].filter(([, a]) => a.length > 1).map(([email, accounts]) => ({ email, accounts }));
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

export async function previewMerge(
  ctx: AppContext,
  auth: AuthContext,
  sourceUserId: string,
  targetUserId: string,
): Promise<TMergePreview & { plan: Plan }> {
  if (sourceUserId === targetUserId)
    throw badRequest('Choose two different accounts', [{ path: 'targetUserId', message: 'is the account to merge' }]);
  await assertUserManageable(ctx, auth, sourceUserId);
  await assertUserManageable(ctx, auth, targetUserId);
  const [source, target] = await Promise.all([accountRow(ctx.db, sourceUserId), accountRow(ctx.db, targetUserId)]);
  const v = await views(ctx, [source!, target!]);
  const s = v.get(source!.id)!;
  const t = v.get(target!.id)!;
  const [sPerms, tPerms, owned, assigned, c, memberships] = await Promise.all([
    permissionsOfUser(ctx.db, source!.id),
    permissionsOfUser(ctx.db, target!.id),
    jobsOwnedBy(ctx.db, source!.id),
    assignmentsOf(ctx.db, source!.id),
    counts(ctx.db, source!.id),
    membershipsOf(ctx.db, [source!.id]),
  ]);
  const rolesAdded = s.roles.filter((r) => !t.roles.includes(r));
  const permissionsAdded = sPerms.filter((p) => !tPerms.includes(p));
  const tIssuers = new Map(t.issuers.map((i) => [i.issuerId, i.role]));
  const sMemberships = memberships.get(source!.id) ?? [];
  const membershipsAdded = sMemberships.filter((m) => !tIssuers.has(m.issuerId));
  const membershipsRaised = sMemberships.filter((m) => m.role === 'Manager' && tIssuers.get(m.issuerId) === 'Member');

  const blockers: string[] = [];
  const se = source!.email?.trim().toLowerCase();
  if (!se || se !== target!.email?.trim().toLowerCase())
    blockers.push('The two accounts do not share an email address');
  else
    for (const [which, row] of [
      ['to merge', source!],
      ['to keep', target!],
    ] as const)
      if (!row.emailVerified)
        blockers.push(
          `The email of the account ${which} (${row.username}) is not verified: its identity provider did not confirm it, so it does not show the accounts are one person's`,
        );
  if (source!.id === auth.user.id || target!.id === auth.user.id)
    blockers.push('You cannot merge your own account; ask another administrator');
  if (target!.isDeactivated) blockers.push('The account to keep is deactivated; reactivate it first');
  if (
    source!.isDeactivated &&
    owned.length === 0 &&
    assigned.length === 0 &&
    rolesAdded.length === 0 &&
    membershipsAdded.length === 0
  )
    blockers.push('The account to merge is deactivated and holds nothing to move (already merged?)');
  const crossTenant = !sameSet(
    s.issuers.map((i) => i.issuerId),
    t.issuers.map((i) => i.issuerId),
  );
  if (crossTenant && !isInternalStaff(auth))
    blockers.push('The accounts belong to different issuers; only internal staff may merge them');
  if ((source!.isInternal || target!.isInternal) && !isInternalStaff(auth))
    blockers.push('An internal staff account can only be merged by internal staff');
  const grantable = grantablePermissions(auth);
  for (const role of rolesAdded) {
    const missing = (isRole(role) ? ROLE_PERMISSIONS[role] : []).filter((p) => !grantable.has(p));
    if (missing.length)
      blockers.push(
        `You cannot grant the role ${role}: it carries permissions your own roles do not hold (${missing.slice(0, 5).join(', ')})`,
      );
  }
  const notGrantable = permissionsAdded.filter((p) => !grantable.has(p));
  if (notGrantable.length) blockers.push(`You cannot grant the extra permissions ${notGrantable.join(', ')}`);

  const preview: TMergePreview = {
    source: s,
    target: t,
    rolesAdded,
    permissionsAdded,
    membershipsAdded: membershipsAdded.map(({ issuerId, issuerName, role }) => ({ issuerId, issuerName, role })),
    membershipsRaised: membershipsRaised.map(({ issuerId, issuerName }) => ({ issuerId, issuerName, role: 'Manager' })),
    jobsOwned: owned,
    jobAssignments: assigned,
    sessionsEnded: c.sessions,
    pendingLinksRevoked: c.openLinks,
    auditRowsKept: c.auditRows,
    internalAfter: source!.isInternal || target!.isInternal,
    blockers,
  };
  return {
    ...preview,
    plan: {
      memberships: membershipsAdded.map(({ issuerId, role, isDomainUser }) => ({ issuerId, role, isDomainUser })),
      raise: membershipsRaised.map((m) => m.issuerId),
    },
  };
}

interface Plan {
  memberships: { issuerId: string; role: TIssuerMemberRole; isDomainUser: boolean }[];
  raise: string[];
}

/** Merges source into target in one transaction with its audit row (before/after of both accounts). */
export async function mergeAccounts(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  sourceUserId: string,
  targetUserId: string,
) {
  if (!auth.permissions.has('User_CRUD')) throw forbidden('Merging accounts needs User_CRUD');
  const { plan, ...preview } = await previewMerge(ctx, auth, sourceUserId, targetUserId);
  if (preview.blockers.length) {
    await writeAudit(
      ctx.db,
      {
        action: 'user.merge',
        targetType: 'user',
        targetId: targetUserId,
        outcome: 'denied',
        details: { sourceUserId, blockers: preview.blockers },
      },
      req,
    );
    throw conflict(preview.blockers.join('. '));
  }
  const moved = await ctx.db.transaction(async (tx) => {
    const out = await mergeInto(tx, {
      sourceId: sourceUserId,
      targetId: targetUserId,
      byId: auth.user.id,
      ...plan,
      internalAfter: preview.internalAfter,
    });
    await writeAudit(
      tx,
      {
        action: 'user.merge',
        targetType: 'user',
        targetId: targetUserId,
        details: {
          sourceUserId,
          sourceUsername: preview.source.username,
          targetUsername: preview.target.username,
          before: { source: preview.source, target: preview.target },
          after: {
            roles: [...new Set([...preview.target.roles, ...preview.rolesAdded])].sort(),
            permissionsAdded: preview.permissionsAdded,
            membershipsAdded: preview.membershipsAdded,
            membershipsRaised: preview.membershipsRaised,
            isInternal: preview.internalAfter,
            sourceDeactivated: true,
          },
          jobsOwned: preview.jobsOwned.map((j) => j.id),
          jobAssignments: preview.jobAssignments.map((j) => `${j.id}:${j.connectionType}`),
          ...out,
        },
      },
      req,
    );
    return out;
  });
  invalidateUser(sourceUserId); // session cache (plugins/auth-cache.ts)
  invalidateUser(targetUserId);
  const after = await previewMerge(ctx, auth, sourceUserId, targetUserId).catch(() => null);
  return {
    success: true as const,
    target: after?.target ?? preview.target,
    preview: { ...preview, sessionsEnded: moved.sessionsEnded, pendingLinksRevoked: moved.linksRevoked },
  };
}
