/** SQL of sign-in: sessions, sign-in tokens, single sign-on flows and the user lookups sign-in needs. */
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  brandings,
  issuerMemberships,
  issuers,
  oidcFlows,
  sessions,
  signInTokens,
  userPermissions,
  userRoles,
  users,
  type DbHandle,
  type DbOrTx,
} from '@sextant/db';
import { SIGN_IN_PURPOSES, type TIssuerMemberRole } from '@sextant/shared';

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function touchUserActivity(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ lastActivityAt: new Date() }).where(eq(users.id, userId));
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function setSessionRoles(
  db: DbOrTx,
  sessionId: string,
  roles: (typeof sessions.$inferInsert)['activeRoles'],
): Promise<void> {
  await db.update(sessions).set({ activeRoles: roles }).where(eq(sessions.id, sessionId));
}

export async function userByUsernameCi(db: DbOrTx, username: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return user;
}

/**
 * The user with this verified email (case-insensitive): an active account first (a merged-away one is
 * deactivated). An email an identity provider did not verify never receives a sign-in link.
 */
export async function userByEmailCi(db: DbOrTx, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email} and ${users.emailVerified}`)
    .orderBy(users.isDeactivated, users.createdAt);
  return user;
}

export async function userById(db: DbOrTx, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function userByIdentity(db: DbOrTx, provider: string, idpId: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.idProviderName, provider), eq(users.idpId, idpId)));
  return user;
}

export async function usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return rows.length > 0;
}

export async function insertUserRow(db: DbOrTx, values: typeof users.$inferInsert) {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

export async function updateUserProfile(
  db: DbOrTx,
  id: string,
  set: Pick<typeof users.$inferInsert, 'email' | 'emailVerified' | 'givenName' | 'surname'>,
) {
  const [user] = await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return user!;
}

export async function insertSignInToken(db: DbOrTx, values: typeof signInTokens.$inferInsert): Promise<void> {
  await db.insert(signInTokens).values(values);
}

/** Marks a usable sign-in token (sign-in purpose, unused, not revoked, not expired) used; at most one caller gets it. */
export async function consumeUsableSignInToken(db: DbOrTx, hash: string, now: Date) {
  const [used] = await db
    .update(signInTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(signInTokens.tokenHash, hash),
        inArray(signInTokens.purpose, [...SIGN_IN_PURPOSES]),
        isNull(signInTokens.usedAt),
        isNull(signInTokens.revokedAt),
        gt(signInTokens.expiresAt, now),
      ),
    )
    .returning();
  return used;
}

export async function signInTokenByHash(db: DbOrTx, hash: string) {
  const [row] = await db.select().from(signInTokens).where(eq(signInTokens.tokenHash, hash));
  return row;
}

/** Sign-in links a day after expiry, finished single sign-on flows and expired sessions. */
export async function purgeExpired(db: DbOrTx, now: Date): Promise<void> {
  // job-upload links stay listed (who could upload into which job, and when)
  await db
    .delete(signInTokens)
    .where(
      and(
        lt(signInTokens.expiresAt, new Date(now.getTime() - 86_400_000)),
        inArray(signInTokens.purpose, [...SIGN_IN_PURPOSES]),
      ),
    );
  await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, now));
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export async function insertOidcFlow(db: DbOrTx, values: typeof oidcFlows.$inferInsert): Promise<void> {
  await db.insert(oidcFlows).values(values);
}

/** Takes (deletes and returns) the single sign-on flow of this state. */
export async function takeOidcFlow(db: DbOrTx, state: string) {
  const [flow] = await db.delete(oidcFlows).where(eq(oidcFlows.state, state)).returning();
  return flow;
}

export async function brandingRow(db: DbOrTx, brandingId: string) {
  const [b] = await db.select().from(brandings).where(eq(brandings.brandingId, brandingId));
  return b;
}

/** The user's first issuer by name (its branding and language are the user's defaults). */
export async function firstIssuerOfUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ brandingId: issuers.brandingId, language: issuers.language })
    .from(issuerMemberships)
    .innerJoin(issuers, eq(issuers.id, issuerMemberships.issuerId))
    .where(eq(issuerMemberships.userId, userId))
    .orderBy(issuers.name)
    .limit(1);
  return row;
}

/** The session of a token hash with its user. */
/**
 * A session with its user and what the session's access is made of (the user's stored roles, extra permissions and
 * issuer memberships), in one statement: one round trip per session load (it was four), and one snapshot. Prepared
 * once per database handle: building this select cost about 0.5 ms of CPU per session load under load (issue #32).
 */
export async function sessionWithAccess(db: DbOrTx, sessionId: string) {
  let query = sessionWithAccessQueries.get(db);
  if (!query) {
    query = sessionWithAccessQuery(db);
    sessionWithAccessQueries.set(db, query);
  }
  const [row] = await query.execute({ sessionId });
  return row;
}

function sessionWithAccessQuery(db: DbOrTx) {
  return db
    .select({
      s: sessions,
      u: users,
      roles: sql<
        string[]
      >`coalesce((select json_agg(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id}), '[]'::json)`,
      permissions: sql<
        string[]
      >`coalesce((select json_agg(${userPermissions.permission}) from ${userPermissions} where ${userPermissions.userId} = ${users.id}), '[]'::json)`,
      memberships: sql<
        { issuerId: string; role: TIssuerMemberRole }[]
      >`coalesce((select json_agg(json_build_object('issuerId', ${issuerMemberships.issuerId}, 'role', ${issuerMemberships.role})) from ${issuerMemberships} where ${issuerMemberships.userId} = ${users.id}), '[]'::json)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('session_with_access');
}
const sessionWithAccessQueries = new WeakMap<object, ReturnType<typeof sessionWithAccessQuery>>();

/** The session's lastSeenAt and its user's lastActivityAt, in one statement (on every authenticated request). */
export async function touchSession(dbh: DbHandle, id: string, at: Date): Promise<void> {
  await dbh.query(
    `WITH s AS (UPDATE sessions SET last_seen_at = $1 WHERE id = $2 RETURNING user_id)
     UPDATE users SET last_activity_at = $1 WHERE id IN (SELECT user_id FROM s)`,
    [at.toISOString(), id],
  );
}
