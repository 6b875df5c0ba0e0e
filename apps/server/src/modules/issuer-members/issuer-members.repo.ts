/** SQL for issuer memberships (table issuer_memberships). */
import { and, eq } from 'drizzle-orm';
import { issuerMemberships, users, type DbOrTx } from '@sextant/db';
import type { TIssuerMemberRole } from '@sextant/shared';
import { invalidateUser } from '../../plugins/auth-cache.ts';

export async function membershipOf(db: DbOrTx, issuerId: string, userId: string) {
  const [row] = await db
    .select()
    .from(issuerMemberships)
    .where(and(eq(issuerMemberships.issuerId, issuerId), eq(issuerMemberships.userId, userId)));
  return row;
}

export async function userBrief(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, isDeactivated: users.isDeactivated })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Inserts a membership; false when the user already belongs to the issuer. */
export async function insertMembership(
  db: DbOrTx,
  v: { issuerId: string; userId: string; role: TIssuerMemberRole; isDomainUser: boolean },
): Promise<boolean> {
  const rows = await db.insert(issuerMemberships).values(v).onConflictDoNothing().returning();
  invalidateUser(v.userId); // session cache (plugins/auth-cache.ts)
  return rows.length > 0;
}

export async function updateMembership(
  db: DbOrTx,
  issuerId: string,
  userId: string,
  set: { role?: TIssuerMemberRole; isDomainUser?: boolean },
): Promise<void> {
  await db
    .update(issuerMemberships)
    .set(set)
    .where(and(eq(issuerMemberships.issuerId, issuerId), eq(issuerMemberships.userId, userId)));
  invalidateUser(userId); // session cache (plugins/auth-cache.ts)
}

export async function deleteMembership(db: DbOrTx, issuerId: string, userId: string): Promise<void> {
  await db
    .delete(issuerMemberships)
    .where(and(eq(issuerMemberships.issuerId, issuerId), eq(issuerMemberships.userId, userId)));
  invalidateUser(userId); // session cache (plugins/auth-cache.ts)
}
