/** SQL for a user's extra permissions (table user_permissions). */
import { and, eq, inArray } from 'drizzle-orm';
import { userPermissions, users, type DbOrTx } from '@sextant/db';
import { invalidateUser } from '../../plugins/auth-cache.ts';

export async function extraPermissionsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ p: userPermissions.permission })
    .from(userPermissions)
    .where(eq(userPermissions.userId, userId));
  return rows.map((r) => r.p).sort();
}

export async function replaceExtraPermissions(
  db: DbOrTx,
  userId: string,
  remove: readonly string[],
  add: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    if (remove.length)
      await tx
        .delete(userPermissions)
        .where(and(eq(userPermissions.userId, userId), inArray(userPermissions.permission, [...remove])));
    if (add.length)
      await tx
        .insert(userPermissions)
        .values(add.map((permission) => ({ userId, permission })))
        .onConflictDoNothing();
    await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));
  });
  invalidateUser(userId); // session cache (plugins/auth-cache.ts)
}
