/** SQL of the issuer area: paged list with row aggregates, full view, create/update/delete, memberships. */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { brandings, issuerMemberships, issuers, jobArtifacts, users, type DbOrTx } from '@sextant/db';
import type { TPagingRequestParsed } from '@sextant/shared';
import { runPaged, type PagingColumns } from '../../lib/paging.ts';
import { forgetAllJobAccess } from '../authorization/index.ts';

export type IssuerRow = typeof issuers.$inferSelect;
export type IssuerInsert = typeof issuers.$inferInsert;

const jobsCount = sql<number>`(select count(*)::int from ${jobArtifacts} where ${jobArtifacts.issuerId} = ${issuers.id})`;
const usersCount = sql<number>`(select count(*)::int from ${issuerMemberships} where ${issuerMemberships.issuerId} = ${issuers.id})`;
const jobNames = sql<
  string[]
>`array(select ${jobArtifacts.name} from ${jobArtifacts} where ${jobArtifacts.issuerId} = ${issuers.id} order by ${jobArtifacts.name})`;
const usernames = sql<
  string[]
>`array(select ${users.username} from ${issuerMemberships} join ${users} on ${users.id} = ${issuerMemberships.userId} where ${issuerMemberships.issuerId} = ${issuers.id} order by ${users.username})`;

/** Filterable and sortable properties of POST /issuers/get. */
export const ISSUER_COLUMNS: PagingColumns = {
  id: { column: issuers.id, kind: 'uuid' },
  name: { column: issuers.name, kind: 'string' },
  issuerKey: { column: issuers.issuerKey, kind: 'string' },
  scheme: { column: issuers.scheme, kind: 'string' },
  language: { column: issuers.language, kind: 'string' },
  currency: { column: issuers.currency, kind: 'string' },
  fallbackCountryIso3: { column: issuers.fallbackCountryIso3, kind: 'string' },
  sendMagicLinks: { column: issuers.sendMagicLinks, kind: 'boolean' },
  brandingId: { column: issuers.brandingId, kind: 'uuid' },
  brandingDisplayName: { column: brandings.brandingDisplayName, kind: 'string' },
  hasSupplierIncludeList: { column: issuers.hasSupplierIncludeList, kind: 'boolean' },
  hasSupplierExcludeList: { column: issuers.hasSupplierExcludeList, kind: 'boolean' },
  jobsCount: { column: jobsCount, kind: 'number' },
  usersCount: { column: usersCount, kind: 'number' },
  issuerCapabilities: { column: issuers.capabilities, kind: 'stringArray' },
  issuerVirtualLockboxes: { column: issuers.virtualLockboxes, kind: 'stringArray' },
  issuerKeyAliases: { column: issuers.keyAliases, kind: 'stringArray' },
  createdAt: { column: issuers.createdAt, kind: 'date' },
};

const listSelection = {
  issuer: issuers,
  brandingDisplayName: brandings.brandingDisplayName,
  jobsCount,
  usersCount,
  jobNames,
  usernames,
};
export type IssuerListRow = {
  issuer: IssuerRow;
  brandingDisplayName: string | null;
  jobsCount: number;
  usersCount: number;
  jobNames: string[];
  usernames: string[];
};

export const issuerScopeCondition = (issuerIds: readonly string[] | null): SQL | undefined =>
  issuerIds === null ? undefined : issuerIds.length ? inArray(issuers.id, [...issuerIds]) : sql`false`;

export function pageIssuers<T>(
  db: DbOrTx,
  request: TPagingRequestParsed,
  scope: readonly string[] | null,
  map: (r: IssuerListRow) => T,
) {
  return runPaged<IssuerListRow, T>({
    db,
    request,
    columns: ISSUER_COLUMNS,
    defaultOrder: { propertyName: 'name', direction: 'asc' },
    base: () =>
      db
        .select(listSelection)
        .from(issuers)
        .leftJoin(brandings, eq(brandings.brandingId, issuers.brandingId))
        .$dynamic(),
    countFrom: () =>
      db
        .select({ value: count() })
        .from(issuers)
        .leftJoin(brandings, eq(brandings.brandingId, issuers.brandingId))
        .$dynamic(),
    extraWhere: issuerScopeCondition(scope),
    map,
  });
}

export async function findIssuerRow(db: DbOrTx, id: string): Promise<IssuerListRow | undefined> {
  const [row] = await db
    .select(listSelection)
    .from(issuers)
    .leftJoin(brandings, eq(brandings.brandingId, issuers.brandingId))
    .where(eq(issuers.id, id));
  return row;
}

export async function findIssuerById(db: DbOrTx, id: string): Promise<IssuerRow | undefined> {
  const [row] = await db.select().from(issuers).where(eq(issuers.id, id));
  return row;
}

export async function issuerKeyTaken(db: DbOrTx, issuerKey: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: issuers.id })
    .from(issuers)
    .where(sql`lower(${issuers.issuerKey}) = lower(${issuerKey})`);
  return rows.some((r) => r.id !== exceptId);
}

export async function brandingExists(db: DbOrTx, brandingId: string): Promise<boolean> {
  return (
    (await db.select({ id: brandings.brandingId }).from(brandings).where(eq(brandings.brandingId, brandingId))).length >
    0
  );
}

export async function insertIssuer(db: DbOrTx, values: IssuerInsert): Promise<IssuerRow> {
  const [row] = await db.insert(issuers).values(values).returning();
  return row!;
}

export async function updateIssuer(db: DbOrTx, id: string, values: Partial<IssuerInsert>): Promise<void> {
  await db
    .update(issuers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(issuers.id, id));
}

export async function deleteIssuer(db: DbOrTx, id: string): Promise<void> {
  await db.delete(issuers).where(eq(issuers.id, id));
  forgetAllJobAccess(); // its jobs went with it
}

export async function countJobsOfIssuer(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(jobArtifacts).where(eq(jobArtifacts.issuerId, id));
  return Number(row?.value ?? 0);
}

export async function membersOfIssuer(db: DbOrTx, issuerId: string) {
  return db
    .select({
      userId: users.id,
      username: users.username,
      displayName: users.displayName,
      memberRole: issuerMemberships.role,
      isDomainUser: issuerMemberships.isDomainUser,
    })
    .from(issuerMemberships)
    .innerJoin(users, eq(users.id, issuerMemberships.userId))
    .where(eq(issuerMemberships.issuerId, issuerId))
    .orderBy(asc(users.username));
}

/** The issuers a user belongs to (SPEC §3 Assigned-user-issuer), optionally only those in `scope`. */
export async function assignedIssuersOfUser(db: DbOrTx, userId: string, scope: readonly string[] | null) {
  return db
    .select({
      issuerId: issuers.id,
      issuerName: issuers.name,
      issuerBrandingName: brandings.brandingDisplayName,
      userRole: issuerMemberships.role,
      isDomainUser: issuerMemberships.isDomainUser,
      emailDomains: issuers.emailDomains,
    })
    .from(issuerMemberships)
    .innerJoin(issuers, eq(issuers.id, issuerMemberships.issuerId))
    .leftJoin(brandings, eq(brandings.brandingId, issuers.brandingId))
    .where(and(eq(issuerMemberships.userId, userId), issuerScopeCondition(scope)))
    .orderBy(asc(issuers.name));
}

/** Id and key of every issuer (demo seeds place their data by key). */
export async function issuerKeys(db: DbOrTx): Promise<{ id: string; key: string }[]> {
  return db.select({ id: issuers.id, key: issuers.issuerKey }).from(issuers);
}
