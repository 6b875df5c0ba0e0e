/** SQL of linked accounts: accounts sharing an email, what each holds, and the merge itself. */
import { and, count, eq, inArray, isNull, gt, ne, sql, type SQL } from 'drizzle-orm';
import {
  issuerMemberships,
  issuers,
  jobArtifacts,
  jobArtifactUsers,
  sessions,
  signInTokens,
  systemAuditLog,
  userPermissions,
  userRoles,
  users,
  type DbOrTx,
} from '@sextant/db';
import { SIGN_IN_PURPOSES, type TIssuerMemberRole } from '@sextant/shared';
import { usersInIssuers } from '../authorization/index.ts';
import { UPLOAD_LINK_PROVIDER } from '../magic-links/index.ts';
import { forgetAllJobAccess } from '../authorization/index.ts';

const emailKey = sql<string>`lower(trim(${users.email}))`;

/**
 * Verified emails held by more than one account (upload-link accounts are not accounts), within the caller's users.
 * An unverified email (an identity provider that did not say `email_verified`) proves nothing and groups nothing.
 */
export async function sharedEmails(
  db: DbOrTx,
  readIssuerIds: readonly string[] | null,
  q: string | undefined,
): Promise<string[]> {
  const like = q ? `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await db
    .select({ email: emailKey, n: count() })
    .from(users)
    .where(
      and(
        sql`${users.email} is not null and trim(${users.email}) <> ''`,
        eq(users.emailVerified, true),
        ne(users.idProviderName, UPLOAD_LINK_PROVIDER),
        usersInIssuers(readIssuerIds),
        like
          ? sql`(${emailKey} like ${like} or lower(${users.username}) like ${like} or lower(${users.displayName}) like ${like})`
          : undefined,
      ),
    )
    .groupBy(emailKey)
    .having(sql`count(*) > 1`)
    .orderBy(emailKey)
    .limit(500);
  return rows.map((r) => r.email);
}

export async function accountsByEmail(db: DbOrTx, emails: string[], readIssuerIds: readonly string[] | null) {
  if (!emails.length) return [];
  return db
    .select()
    .from(users)
    .where(
      and(
        inArray(emailKey, emails),
        eq(users.emailVerified, true),
        ne(users.idProviderName, UPLOAD_LINK_PROVIDER),
        usersInIssuers(readIssuerIds),
      ),
    )
    .orderBy(emailKey, users.createdAt);
}

export async function accountRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function rolesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  for (const r of await db.select().from(userRoles).where(inArray(userRoles.userId, ids)).orderBy(userRoles.role))
    out.get(r.userId)!.push(r.role);
  return out;
}

export async function permissionsOfUser(db: DbOrTx, id: string): Promise<string[]> {
  const rows = await db.select().from(userPermissions).where(eq(userPermissions.userId, id));
  return rows.map((r) => r.permission).sort();
}

export async function membershipsOf(db: DbOrTx, ids: string[]) {
  const out = new Map<
    string,
    { issuerId: string; issuerName: string; role: TIssuerMemberRole; isDomainUser: boolean }[]
  >(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db
    .select({
      userId: issuerMemberships.userId,
      issuerId: issuerMemberships.issuerId,
      issuerName: issuers.name,
      role: issuerMemberships.role,
      isDomainUser: issuerMemberships.isDomainUser,
    })
    .from(issuerMemberships)
    .innerJoin(issuers, eq(issuers.id, issuerMemberships.issuerId))
    .where(inArray(issuerMemberships.userId, ids))
    .orderBy(issuers.name);
  for (const r of rows) out.get(r.userId)!.push(r);
  return out;
}

export async function jobsOwnedBy(db: DbOrTx, id: string) {
  return db
    .select({ id: jobArtifacts.id, name: jobArtifacts.name })
    .from(jobArtifacts)
    .where(eq(jobArtifacts.ownerId, id))
    .orderBy(jobArtifacts.name);
}

export async function assignmentsOf(db: DbOrTx, id: string) {
  return db
    .select({ id: jobArtifacts.id, name: jobArtifacts.name, connectionType: jobArtifactUsers.connectionType })
    .from(jobArtifactUsers)
    .innerJoin(jobArtifacts, eq(jobArtifacts.id, jobArtifactUsers.jobArtifactId))
    .where(eq(jobArtifactUsers.userId, id))
    .orderBy(jobArtifacts.name);
}

const openSignInLinks = (id: string): SQL =>
  and(
    eq(signInTokens.userId, id),
    inArray(signInTokens.purpose, [...SIGN_IN_PURPOSES]),
    isNull(signInTokens.usedAt),
    isNull(signInTokens.revokedAt),
    gt(signInTokens.expiresAt, new Date()),
  )!;

export async function counts(db: DbOrTx, id: string) {
  const [[s], [l], [a]] = await Promise.all([
    db.select({ n: count() }).from(sessions).where(eq(sessions.userId, id)),
    db.select({ n: count() }).from(signInTokens).where(openSignInLinks(id)),
    db.select({ n: count() }).from(systemAuditLog).where(eq(systemAuditLog.userId, id)),
  ]);
  return { sessions: s?.n ?? 0, openLinks: l?.n ?? 0, auditRows: a?.n ?? 0 };
}

/**
 * Moves everything of `source` to `target` inside the caller's transaction: roles, extra permissions, issuer
 * memberships (a Member becomes Manager where the source was Manager), jobs owned, job assignments; ends the
 * source's sessions, revokes its open sign-in links and deactivates it. Audit rows are left as they are.
 */
export async function mergeInto(
  tx: DbOrTx,
  m: {
    sourceId: string;
    targetId: string;
    byId: string;
    memberships: { issuerId: string; role: TIssuerMemberRole; isDomainUser: boolean }[];
    raise: string[];
    internalAfter: boolean;
  },
): Promise<{ sessionsEnded: number; linksRevoked: number }> {
  const { sourceId, targetId } = m;
  await tx.execute(
    sql`insert into ${userRoles} (user_id, role) select ${targetId}::uuid, role from ${userRoles} where user_id = ${sourceId} on conflict do nothing`,
  );
  await tx.delete(userRoles).where(eq(userRoles.userId, sourceId));
  await tx.execute(
    sql`insert into ${userPermissions} (user_id, permission) select ${targetId}::uuid, permission from ${userPermissions} where user_id = ${sourceId} on conflict do nothing`,
  );
  await tx.delete(userPermissions).where(eq(userPermissions.userId, sourceId));
  if (m.memberships.length)
    await tx
      .insert(issuerMemberships)
      .values(m.memberships.map((x) => ({ ...x, userId: targetId })))
      .onConflictDoNothing();
  if (m.raise.length)
    await tx
      .update(issuerMemberships)
      .set({ role: 'Manager' })
      .where(and(eq(issuerMemberships.userId, targetId), inArray(issuerMemberships.issuerId, m.raise)));
  await tx.delete(issuerMemberships).where(eq(issuerMemberships.userId, sourceId));
  await tx
    .update(jobArtifacts)
    .set({ ownerId: targetId, updatedAt: new Date() })
    .where(eq(jobArtifacts.ownerId, sourceId));
  await tx.execute(
    sql`insert into ${jobArtifactUsers} (job_artifact_id, user_id, connection_type, assigned_by, assigned_at)
        select job_artifact_id, ${targetId}::uuid, connection_type, assigned_by, assigned_at from ${jobArtifactUsers} where user_id = ${sourceId}
        on conflict do nothing`,
  );
  await tx.delete(jobArtifactUsers).where(eq(jobArtifactUsers.userId, sourceId));
  forgetAllJobAccess(); // the source's jobs and connections moved to the target
  const ended = await tx.delete(sessions).where(eq(sessions.userId, sourceId)).returning({ id: sessions.id });
  const revoked = await tx
    .update(signInTokens)
    .set({ revokedAt: new Date(), revokedBy: m.byId })
    .where(openSignInLinks(sourceId))
    .returning({ id: signInTokens.id });
  await tx.update(users).set({ isDeactivated: true, updatedAt: new Date() }).where(eq(users.id, sourceId));
  await tx.update(users).set({ isInternal: m.internalAfter, updatedAt: new Date() }).where(eq(users.id, targetId));
  return { sessionsEnded: ended.length, linksRevoked: revoked.length };
}
