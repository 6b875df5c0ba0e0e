/**
 * A user's extra permissions (SPEC §6: a check passes when the required permissions are held across the user's
 * roles plus the user's own extra permissions). Record rules: the caller must be able to manage the user
 * (assertUserManageable: unknown or out-of-scope users answer 404), and nobody can grant or remove a permission
 * their own roles do not hold (grantablePermissions: not through a role switch, not through their own extra
 * permissions), and a platform-only permission goes only to internal staff (platformOnlyRefusedFor). Every change is
 * audited, and so is a refusal.
 */
import type { FastifyRequest } from 'fastify';
import { permissionsOf, ZRole, type TPermission, type TUserExtraPermissions } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { invalidateUser } from '../../plugins/auth-cache.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { assertUserManageable, grantablePermissions, platformOnlyRefusedFor } from '../authorization/index.ts';
import { rolesOfUser } from '../authorization/index.ts';
import { extraPermissionsOf, replaceExtraPermissions } from './user-permissions.repo.ts';

const AUDIT_ACTION = 'user.permissions.update';

async function rolePermissionsOf(ctx: AppContext, userId: string): Promise<string[]> {
  const roles = (await rolesOfUser(ctx.db, userId)).filter((r) => ZRole.safeParse(r).success) as Parameters<
    typeof permissionsOf
  >[0];
  return [...permissionsOf(roles)].sort();
}

export async function getExtraPermissions(
  ctx: AppContext,
  auth: AuthContext,
  userId: string,
): Promise<TUserExtraPermissions> {
  await assertUserManageable(ctx, auth, userId);
  const grantable = [...grantablePermissions(auth)];
  // Platform-only permissions are offered only for internal staff (the grant would be refused).
  const refusedHere = new Set(await platformOnlyRefusedFor(ctx, userId, grantable));
  return {
    userId,
    permissions: await extraPermissionsOf(ctx.db, userId),
    fromRoles: await rolePermissionsOf(ctx, userId),
    grantable: grantable.filter((p) => !refusedHere.has(p)).sort(),
  };
}

/** Replaces the user's extra permissions with `wanted`; returns the new set. */
export async function setExtraPermissions(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  userId: string,
  wanted: readonly TPermission[],
): Promise<TUserExtraPermissions> {
  await assertUserManageable(ctx, auth, userId);
  const before = await extraPermissionsOf(ctx.db, userId);
  const next = [...new Set(wanted)].sort();
  const add = next.filter((p) => !before.includes(p));
  const nextSet: ReadonlySet<string> = new Set(next);
  const remove = before.filter((p) => !nextSet.has(p));
  const grantable = grantablePermissions(auth);
  const refused = [...add, ...remove].filter((p) => !grantable.has(p));
  const platformOnly = await platformOnlyRefusedFor(ctx, userId, add);
  // the caller's own limits first (403), then what this user may hold (400)
  if (refused.length) {
    await writeAudit(
      ctx.db,
      {
        action: AUDIT_ACTION,
        targetType: 'user',
        targetId: userId,
        outcome: 'denied',
        details: { add, remove, refused },
      },
      req,
    );
    throw forbidden(
      `You cannot grant or remove ${refused.length === 1 ? 'the permission' : 'the permissions'} ${refused.join(', ')}: your own roles do not hold ${refused.length === 1 ? 'it' : 'them'}`,
    );
  }
  if (platformOnly.length) {
    await writeAudit(
      ctx.db,
      {
        action: AUDIT_ACTION,
        targetType: 'user',
        targetId: userId,
        outcome: 'denied',
        details: { add, remove, platformOnly },
      },
      req,
    );
    // a request the caller may make, with a value this user may not have: a field error, not a 403 (the admin
    // stays on the page and reads why)
    const why = `You cannot grant ${platformOnly.length === 1 ? 'the permission' : 'the permissions'} ${platformOnly.join(', ')} to this user: only internal staff may hold ${platformOnly.length === 1 ? 'it' : 'them'}, and this user is not internal staff`;
    throw badRequest(why, [{ path: 'permissions', message: why }]);
  }
  if (add.length || remove.length) {
    await ctx.db.transaction(async (tx) => {
      await replaceExtraPermissions(tx, userId, remove, add);
      await writeAudit(
        tx,
        { action: AUDIT_ACTION, targetType: 'user', targetId: userId, details: { before, after: next, add, remove } },
        req,
      );
    });
    invalidateUser(userId); // session cache (plugins/auth-cache.ts), again after the commit
  }
  return getExtraPermissions(ctx, auth, userId);
}
