/**
 * Issuer members (/admin/issuer-manager/{issuerId}/users): add a user as Manager or Member, change the role,
 * toggle isDomainUser, remove. Tenant rule (authorization.service): internal staff administer every issuer, an
 * issuer manager only the issuers they manage — other issuers answer 404 (unreadable) or 403 (readable, not
 * managed). A user to add must be one the caller may administer (assertUserManageable). Every change is audited.
 */
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '@sextant/db';
import type { TIssuerMemberRole, TIssuerMemberSummary } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { invalidateUser } from '../../plugins/auth-cache.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { assertUserManageable, inScope, tenantScopeOf } from '../authorization/index.ts';
import { findIssuerById, membersOfIssuer } from '../issuers/index.ts';
import {
  deleteMembership,
  insertMembership,
  membershipOf,
  updateMembership,
  userBrief,
} from './issuer-members.repo.ts';

/** The issuer if the caller may read it (else 404). */
export async function assertIssuerReadable(ctx: AppContext, auth: AuthContext, issuerId: string) {
  const scope = await tenantScopeOf(ctx, auth);
  const row = inScope(scope.readIssuerIds, issuerId) ? await findIssuerById(ctx.db, issuerId) : undefined;
  if (!row) throw notFound('Issuer');
  return { row, scope };
}

/** The issuer if the caller may change it: unknown or unreadable → 404; readable but not managed → 403. */
export async function assertIssuerManageable(ctx: AppContext, auth: AuthContext, issuerId: string) {
  const r = await assertIssuerReadable(ctx, auth, issuerId);
  if (!inScope(r.scope.manageIssuerIds, issuerId)) throw forbidden('Only a manager of this issuer can change it');
  return r;
}

export async function listMembers(
  ctx: AppContext,
  auth: AuthContext,
  issuerId: string,
): Promise<TIssuerMemberSummary[]> {
  await assertIssuerReadable(ctx, auth, issuerId);
  const rows = await membersOfIssuer(ctx.db, issuerId);
  return rows.map((m) => ({ ...m, memberRole: m.memberRole }));
}

/** The audit row of a membership change; `db` is the change's transaction. */
const audit = (db: DbOrTx, req: FastifyRequest, action: string, issuerId: string, details: Record<string, unknown>) =>
  writeAudit(db, { action, targetType: 'issuer', targetId: issuerId, issuerId, details }, req);

export async function addMember(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  issuerId: string,
  body: { userId: string; memberRole: TIssuerMemberRole; isDomainUser: boolean },
): Promise<TIssuerMemberSummary[]> {
  await assertIssuerManageable(ctx, auth, issuerId);
  await assertUserManageable(ctx, auth, body.userId);
  const user = await userBrief(ctx.db, body.userId);
  if (!user) throw notFound('User');
  if (user.isDeactivated) throw fieldError('body.userId', `${user.username} is deactivated and cannot be added`);
  await ctx.db.transaction(async (tx) => {
    const added = await insertMembership(tx, {
      issuerId,
      userId: body.userId,
      role: body.memberRole,
      isDomainUser: body.isDomainUser,
    });
    if (!added) throw conflict(`${user.username} is already a member of this issuer`, 'body.userId');
    await audit(tx, req, 'issuer.member.add', issuerId, {
      userId: user.id,
      memberUsername: user.username,
      memberRole: body.memberRole,
      isDomainUser: body.isDomainUser,
    });
  });
  invalidateUser(body.userId); // session cache (plugins/auth-cache.ts), again after the commit
  return listMembers(ctx, auth, issuerId);
}

async function existingMember(ctx: AppContext, auth: AuthContext, issuerId: string, userId: string) {
  const { scope } = await assertIssuerManageable(ctx, auth, issuerId);
  const membership = await membershipOf(ctx.db, issuerId, userId);
  if (!membership) throw notFound('Member');
  const user = await userBrief(ctx.db, userId);
  // A tenant manager cannot demote or remove themselves: they would lose the right to undo it.
  const selfTenant = scope.manageIssuerIds !== null && userId === auth.user.id;
  return { membership, username: user?.username ?? userId, selfTenant };
}

export async function updateMember(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  issuerId: string,
  userId: string,
  body: { memberRole?: TIssuerMemberRole; isDomainUser?: boolean },
): Promise<TIssuerMemberSummary[]> {
  const { membership, username, selfTenant } = await existingMember(ctx, auth, issuerId, userId);
  if (selfTenant && body.memberRole === 'Member' && membership.role === 'Manager')
    throw conflict('You cannot remove your own Manager role; ask another manager', 'body.memberRole');
  const set: { role?: TIssuerMemberRole; isDomainUser?: boolean } = {};
  if (body.memberRole !== undefined && body.memberRole !== membership.role) set.role = body.memberRole;
  if (body.isDomainUser !== undefined && body.isDomainUser !== membership.isDomainUser)
    set.isDomainUser = body.isDomainUser;
  if (Object.keys(set).length) {
    await ctx.db.transaction(async (tx) => {
      await updateMembership(tx, issuerId, userId, set);
      await audit(tx, req, 'issuer.member.update', issuerId, {
        userId,
        memberUsername: username,
        changed: Object.fromEntries(
          Object.entries(set).map(([k, v]) => [
            k === 'role' ? 'memberRole' : k,
            { from: k === 'role' ? membership.role : membership.isDomainUser, to: v },
          ]),
        ),
      });
    });
    invalidateUser(userId); // session cache (plugins/auth-cache.ts), again after the commit
  }
  return listMembers(ctx, auth, issuerId);
}

export async function removeMember(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  issuerId: string,
  userId: string,
): Promise<TIssuerMemberSummary[]> {
  const { membership, username, selfTenant } = await existingMember(ctx, auth, issuerId, userId);
  if (selfTenant) throw conflict('You cannot remove yourself from the issuer; ask another manager');
  await ctx.db.transaction(async (tx) => {
    await deleteMembership(tx, issuerId, userId);
    await audit(tx, req, 'issuer.member.remove', issuerId, {
      userId,
      memberUsername: username,
      memberRole: membership.role,
      isDomainUser: membership.isDomainUser,
    });
  });
  invalidateUser(userId); // session cache (plugins/auth-cache.ts), again after the commit
  return listMembers(ctx, auth, issuerId);
}
