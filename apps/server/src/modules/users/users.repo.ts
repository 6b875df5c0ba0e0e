/** SQL of user administration: tabbed paged lists, detail parts, lookups and user updates. */
import { and, asc, count, eq, ilike, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import {
  brandings,
  buyers,
  chatConversations,
  entityPresence,
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
import type { TIssuerMemberRole, TPagingRequestParsed, TUserListTab, USER_LIST_PROPERTIES } from '@sextant/shared';
import { runPaged, type PagingColumns, type PagingColumnsOf } from '../../lib/paging.ts';
import { invalidateUser } from '../../plugins/auth-cache.ts';
import { forgetAllJobAccess } from '../authorization/index.ts';

export type UserRow = typeof users.$inferSelect;

/** The branding of the user's first issuer (by name), which the user inherits when they have none of their own. */
const inheritedBrandingId = sql<
  string | null
>`(select ${issuers.brandingId} from ${issuerMemberships} join ${issuers} on ${issuers.id} = ${issuerMemberships.issuerId} where ${issuerMemberships.userId} = ${users.id} order by ${issuers.name} limit 1)`;
const effectiveBrandingId = sql<string | null>`coalesce(${users.brandingId}, ${inheritedBrandingId})`;
const issuerIds = sql<
  string[]
>`array(select ${issuerMemberships.issuerId}::text from ${issuerMemberships} where ${issuerMemberships.userId} = ${users.id})`;
const issuerNames = sql<
  string[]
>`array(select ${issuers.name} from ${issuerMemberships} join ${issuers} on ${issuers.id} = ${issuerMemberships.issuerId} where ${issuerMemberships.userId} = ${users.id} order by ${issuers.name})`;

/** Filterable and sortable properties of the user lists (SPEC §5: username, displayName, issuerId, effective branding). */
export const USER_COLUMNS = {
  username: { column: users.username, kind: 'string' },
  displayName: { column: users.displayName, kind: 'string' },
  email: { column: users.email, kind: 'string' },
  givenName: { column: users.givenName, kind: 'string' },
  surname: { column: users.surname, kind: 'string' },
  issuerId: { column: issuerIds, kind: 'stringArray' },
  effectiveBrandingId: { column: effectiveBrandingId, kind: 'uuid' },
  lastActivityAt: { column: users.lastActivityAt, kind: 'date' },
  createdAt: { column: users.createdAt, kind: 'date' },
} satisfies PagingColumnsOf<(typeof USER_LIST_PROPERTIES)[number]>;

/** The four tabs are disjoint: deactivated wins, then pending (awaiting review), then approval. */
export function tabCondition(tab: TUserListTab): SQL {
  switch (tab) {
    case 'deactivated':
      return eq(users.isDeactivated, true);
    case 'pending':
      return and(eq(users.isDeactivated, false), eq(users.pending, true))!;
    case 'unapproved':
      return and(eq(users.isDeactivated, false), eq(users.pending, false), eq(users.approved, false))!;
    case 'active':
      return and(eq(users.isDeactivated, false), eq(users.pending, false), eq(users.approved, true))!;
  }
}

const listSelection = {
  user: users,
  effectiveBrandingId,
  inheritedBrandingId,
  effectiveBrandingDisplayName: brandings.brandingDisplayName,
  issuerIds,
  issuerNames,
};
export interface UserListRow {
  user: UserRow;
  effectiveBrandingId: string | null;
  inheritedBrandingId: string | null;
  effectiveBrandingDisplayName: string | null;
  issuerIds: string[];
  issuerNames: string[];
}

export function pageUsers<T>(
  db: DbOrTx,
  request: TPagingRequestParsed,
  where: SQL | undefined,
  map: (r: UserListRow) => T,
) {
  return runPaged<UserListRow, T>({
    db,
    request,
    columns: USER_COLUMNS,
    defaultOrder: { propertyName: 'username', direction: 'asc' },
    base: () =>
      db
        .select(listSelection)
        .from(users)
        .leftJoin(brandings, sql`${brandings.brandingId} = ${effectiveBrandingId}`)
        .$dynamic(),
    countFrom: () => db.select({ value: count() }).from(users).$dynamic(),
    extraWhere: where,
    map,
  });
}

export async function findUserListRow(db: DbOrTx, id: string): Promise<UserListRow | undefined> {
  const [row] = await db
    .select(listSelection)
    .from(users)
    .leftJoin(brandings, sql`${brandings.brandingId} = ${effectiveBrandingId}`)
    .where(eq(users.id, id));
  return row;
}

export async function findUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function listUserSummaries(db: DbOrTx, where: SQL | undefined, limit = 1000) {
  return db
    .select({ id: users.id, username: users.username, displayName: users.displayName, email: users.email })
    .from(users)
    .where(where)
    .orderBy(asc(users.username))
    .limit(limit);
}

export const searchCondition = (search: string | undefined): SQL | undefined =>
  search
    ? or(
        ilike(users.username, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        ilike(users.displayName, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
      )
    : undefined;

export const activeUserCondition = () => and(eq(users.isDeactivated, false), eq(users.approved, true));

/** Users holding one of the roles, or the permission as an extra. */
export const holdsGrant = (roles: readonly string[], permission: string): SQL =>
  or(
    roles.length
      ? sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${inArray(userRoles.role, [...roles])})`
      : undefined,
    sql`exists (select 1 from ${userPermissions} where ${userPermissions.userId} = ${users.id} and ${userPermissions.permission} = ${permission})`,
  )!;

export const notMemberOf = (issuerId: string): SQL =>
  not(
    sql`exists (select 1 from ${issuerMemberships} where ${issuerMemberships.userId} = ${users.id} and ${issuerMemberships.issuerId} = ${issuerId})`,
  );
/** Members of the issuer, or internal staff (the explicit flag, never "has no membership"). */
export const memberOfOrStaff = (issuerId: string): SQL =>
  or(
    sql`exists (select 1 from ${issuerMemberships} where ${issuerMemberships.userId} = ${users.id} and ${issuerMemberships.issuerId} = ${issuerId})`,
    eq(users.isInternal, true),
  )!;

export async function rolesAndPermissionsOf(db: DbOrTx, userId: string) {
  const [roles, perms] = await Promise.all([
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
    db.select({ p: userPermissions.permission }).from(userPermissions).where(eq(userPermissions.userId, userId)),
  ]);
  return { roles: roles.map((r) => r.role), permissions: perms.map((p) => p.p).sort() };
}

export async function hasLiveSession(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
    .limit(1);
  return rows.length > 0;
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
  invalidateUser(id); // session cache (plugins/auth-cache.ts)
}

export async function usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  return (
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
    ).length > 0
  );
}
export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  return (
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
    ).length > 0
  );
}

export async function insertUser(
  db: DbOrTx,
  values: typeof users.$inferInsert,
  membership?: { issuerId: string; role: TIssuerMemberRole; isDomainUser: boolean },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(values).returning();
    if (membership) await tx.insert(issuerMemberships).values({ ...membership, userId: row!.id });
    return row!;
  });
}

export async function brandingById(db: DbOrTx, brandingId: string) {
  const [row] = await db.select().from(brandings).where(eq(brandings.brandingId, brandingId));
  return row;
}

export async function issuerById(db: DbOrTx, issuerId: string) {
  const [row] = await db.select().from(issuers).where(eq(issuers.id, issuerId));
  return row;
}

export async function firstIssuerOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: issuers.id })
    .from(issuerMemberships)
    .innerJoin(issuers, eq(issuers.id, issuerMemberships.issuerId))
    .where(eq(issuerMemberships.userId, userId))
    .orderBy(asc(issuers.name))
    .limit(1);
  return row?.id ?? null;
}

/** Every issuer in scope with the user's membership of it (if any). */
export async function issuersWithMembership(db: DbOrTx, userId: string, scope: readonly string[] | null) {
  return db
    .select({
      issuerId: issuers.id,
      issuerName: issuers.name,
      issuerBrandingName: brandings.brandingDisplayName,
      emailDomains: issuers.emailDomains,
      userRole: issuerMemberships.role,
      isDomainUser: issuerMemberships.isDomainUser,
    })
    .from(issuers)
    .leftJoin(brandings, eq(brandings.brandingId, issuers.brandingId))
    .leftJoin(issuerMemberships, and(eq(issuerMemberships.issuerId, issuers.id), eq(issuerMemberships.userId, userId)))
    .where(scope === null ? undefined : scope.length ? inArray(issuers.id, [...scope]) : sql`false`)
    .orderBy(asc(issuers.name));
}

// ---------- jobs of a user ----------
const JOB_FOR_USER_COLUMNS: PagingColumns = {
  name: { column: jobArtifacts.name, kind: 'string' },
  buyerName: { column: buyers.name, kind: 'string' },
  isPublished: { column: jobArtifacts.isPublished, kind: 'boolean' },
  createdOn: { column: jobArtifacts.createdOn, kind: 'date' },
  issuerId: { column: jobArtifacts.issuerId, kind: 'uuid' },
};

/** Jobs directly assigned to a user (DirectAssignment or MagicLinkUser rows), within `visible` (the caller's jobs). */
export function pageDirectlyAssigned<T>(
  db: DbOrTx,
  request: TPagingRequestParsed,
  userId: string,
  visible: SQL,
  map: (r: {
    id: string;
    name: string;
    buyerName: string | null;
    isPublished: boolean;
    createdOn: Date;
    isDirectAssignment: boolean;
  }) => T,
) {
  const assigned = sql`exists (select 1 from ${jobArtifactUsers} where ${jobArtifactUsers.jobArtifactId} = ${jobArtifacts.id} and ${jobArtifactUsers.userId} = ${userId} and ${jobArtifactUsers.connectionType} in ('DirectAssignment', 'MagicLinkUser'))`;
  const direct = sql<boolean>`exists (select 1 from ${jobArtifactUsers} where ${jobArtifactUsers.jobArtifactId} = ${jobArtifacts.id} and ${jobArtifactUsers.userId} = ${userId} and ${jobArtifactUsers.connectionType} = 'DirectAssignment')`;
  return runPaged({
    db,
    request,
    columns: JOB_FOR_USER_COLUMNS,
    defaultOrder: { propertyName: 'createdOn', direction: 'desc' },
    base: () =>
      db
        .select({
          id: jobArtifacts.id,
          name: jobArtifacts.name,
          buyerName: buyers.name,
          isPublished: jobArtifacts.isPublished,
          createdOn: jobArtifacts.createdOn,
          isDirectAssignment: direct,
        })
        .from(jobArtifacts)
        .leftJoin(buyers, eq(buyers.id, jobArtifacts.buyerId))
        .$dynamic(),
    countFrom: () =>
      db.select({ value: count() }).from(jobArtifacts).leftJoin(buyers, eq(buyers.id, jobArtifacts.buyerId)).$dynamic(),
    extraWhere: and(assigned, visible),
    map,
  });
}

/** A user by exact username (seeds and demo data name their actors). */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row;
}

export async function usernameOf(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, id));
  return row?.username ?? null;
}

/** How much of each kind of personal record a user has (the deletion confirmation names them). */
export async function personalRecordCounts(db: DbOrTx, userId: string, email: string | null) {
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
  const [sessionCount, links, chats, memberships, roleCount, perms, assignments, audits, owned] = await Promise.all([
    n(db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId))),
    n(
      db
        .select({ n: count() })
        .from(signInTokens)
        .where(
          email ? or(eq(signInTokens.userId, userId), eq(signInTokens.email, email)) : eq(signInTokens.userId, userId),
        ),
    ),
    n(db.select({ n: count() }).from(chatConversations).where(eq(chatConversations.userId, userId))),
    n(db.select({ n: count() }).from(issuerMemberships).where(eq(issuerMemberships.userId, userId))),
    n(db.select({ n: count() }).from(userRoles).where(eq(userRoles.userId, userId))),
    n(db.select({ n: count() }).from(userPermissions).where(eq(userPermissions.userId, userId))),
    n(db.select({ n: count() }).from(jobArtifactUsers).where(eq(jobArtifactUsers.userId, userId))),
    n(
      db
        .select({ n: count() })
        .from(systemAuditLog)
        .where(
          or(
            eq(systemAuditLog.userId, userId),
            and(eq(systemAuditLog.targetType, 'user'), eq(systemAuditLog.targetId, userId)),
          ),
        ),
    ),
    n(db.select({ n: count() }).from(jobArtifacts).where(eq(jobArtifacts.ownerId, userId))),
  ]);
  return {
    sessions: sessionCount,
    signInLinks: links,
    chatConversations: chats,
    issuerMemberships: memberships,
    roles: roleCount,
    extraPermissions: perms,
    jobAssignments: assignments,
    auditRecords: audits,
    ownedJobs: owned,
  };
}

/**
 * Erases a user's personal data in one transaction (`db` is it): sessions, sign-in and upload links, chat
 * conversations, presence, memberships, roles, extra permissions and job assignments are removed; the user row keeps
 * its id (jobs and records point at it) with every personal field replaced by the pseudonym; the audit records the
 * user made or that name them keep their facts with the pseudonym in place of the name, username and email.
 */
export async function eraseUser(
  db: DbOrTx,
  user: UserRow,
  pseudonym: { username: string; displayName: string },
): Promise<void> {
  const id = user.id;
  await db.delete(sessions).where(eq(sessions.userId, id));
  await db
    .delete(signInTokens)
    .where(
      user.email ? or(eq(signInTokens.userId, id), eq(signInTokens.email, user.email)) : eq(signInTokens.userId, id),
    );
  await db.delete(chatConversations).where(eq(chatConversations.userId, id));
  await db.delete(entityPresence).where(eq(entityPresence.userId, id));
  await db.delete(issuerMemberships).where(eq(issuerMemberships.userId, id));
  await db.delete(userRoles).where(eq(userRoles.userId, id));
  await db.delete(userPermissions).where(eq(userPermissions.userId, id));
  await db.delete(jobArtifactUsers).where(eq(jobArtifactUsers.userId, id));
  forgetAllJobAccess();
  await db
    .update(users)
    .set({
      idpId: pseudonym.username,
      idProviderName: 'deleted',
      username: pseudonym.username,
      email: null,
      emailVerified: false,
      displayName: pseudonym.displayName,
      givenName: null,
      surname: null,
      passwordHash: null,
      approved: false,
      isDeactivated: true,
      eligible: false,
      pending: false,
      canSwitchRoles: false,
      brandingId: null,
      lastActivityAt: null,
      agreedTermsVersion: null,
      agreedPrivacyVersion: null,
      dashboardVisitedAt: null,
      dashboardPreviousVisitAt: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
  // Audit records: the pseudonym replaces every personal value (name, username, email) wherever it appears.
  const personal = [user.email, user.username, user.displayName, user.givenName, user.surname, user.idpId].filter(
    (v): v is string => Boolean(v && v.length >= 2),
  );
  const rows = await db
    .select({ id: systemAuditLog.id, username: systemAuditLog.username, details: systemAuditLog.details })
    .from(systemAuditLog)
    .where(or(eq(systemAuditLog.userId, id), eq(systemAuditLog.targetId, id)));
  // Whole values equal to a personal value are replaced; inside longer texts only the email and a full name (a
  // username such as "client" may also be an ordinary word there).
  const inText = [user.email, user.displayName.includes(' ') ? user.displayName : null].filter((v): v is string =>
    Boolean(v),
  );
  const scrub = (v: unknown): unknown => {
    if (typeof v === 'string')
      return personal.includes(v)
        ? pseudonym.displayName
        : inText.reduce((out, p) => out.split(p).join(pseudonym.displayName), v);
    if (Array.isArray(v)) return v.map(scrub);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scrub(x)]));
    return v;
  };
  for (const r of rows) {
    await db
      .update(systemAuditLog)
      .set({
        username: r.username === null ? null : (scrub(r.username) as string),
        details: r.details === null ? null : scrub(r.details),
      })
      .where(eq(systemAuditLog.id, r.id));
  }
  // Rows the user made under their old username without their id (sign-in attempts before the account resolved).
  await db
    .update(systemAuditLog)
    .set({ username: pseudonym.displayName })
    .where(and(eq(systemAuditLog.username, user.username), sql`${systemAuditLog.userId} is null`));
  invalidateUser(id);
}
