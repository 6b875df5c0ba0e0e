/** SQL of the resource hub: visible resources (tenant scope), one resource, create/update/delete, issuer links. */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { issuers, resourceIssuers, resources, users, type DbOrTx } from '@sextant/db';

export type ResourceRow = typeof resources.$inferSelect;
export type ResourceInsert = typeof resources.$inferInsert;
export interface ResourceListRow {
  resource: ResourceRow;
  createdByUsername: string | null;
  issuerIds: string[];
  issuerNames: string[];
}

const issuerIdsOf = sql<
  string[]
>`array(select ${resourceIssuers.issuerId}::text from ${resourceIssuers} where ${resourceIssuers.resourceId} = ${resources.id} order by ${resourceIssuers.issuerId})`;
const issuerNamesOf = sql<
  string[]
>`array(select ${issuers.name} from ${resourceIssuers} join ${issuers} on ${issuers.id} = ${resourceIssuers.issuerId} where ${resourceIssuers.resourceId} = ${resources.id} order by ${issuers.name})`;

/**
 * The one visibility rule of resources: every resource for internal staff (scope null); otherwise the resources
 * visible to All and those limited to an issuer the caller belongs to. Limited resources without issuers: nobody.
 */
export function resourceVisibleCondition(scope: readonly string[] | null): SQL | undefined {
  if (scope === null) return undefined;
  const limited = scope.length
    ? sql`exists (select 1 from ${resourceIssuers} where ${resourceIssuers.resourceId} = ${resources.id} and ${inArray(resourceIssuers.issuerId, [...scope])})`
    : sql`false`;
  return or(eq(resources.visibility, 'All'), limited);
}

/** Resources limited to this issuer or visible to All (story videos shown on that issuer's job). */
export function resourceVisibleToIssuer(issuerId: string): SQL {
  return or(
    eq(resources.visibility, 'All'),
    sql`exists (select 1 from ${resourceIssuers} where ${resourceIssuers.resourceId} = ${resources.id} and ${resourceIssuers.issuerId} = ${issuerId})`,
  )!;
}

/** Rows shown in the hub: uploads with their file, and links. */
export const readyCondition = sql`(${resources.source} = 'link' or ${resources.filePath} is not null)`;

export interface ResourceFilter {
  visible: SQL | undefined;
  readyOnly: boolean;
  search?: string | undefined;
  category?: string | undefined;
  language?: string | undefined;
  mediaKind?: string | undefined;
}

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

export async function listResources(db: DbOrTx, f: ResourceFilter): Promise<ResourceListRow[]> {
  const where = and(
    f.visible,
    f.readyOnly ? readyCondition : undefined,
    f.search ? or(ilike(resources.title, likeOf(f.search)), ilike(resources.description, likeOf(f.search))) : undefined,
    f.category ? eq(resources.category, f.category as ResourceRow['category']) : undefined,
    f.language ? eq(resources.language, f.language) : undefined,
    f.mediaKind ? eq(resources.mediaKind, f.mediaKind as ResourceRow['mediaKind']) : undefined,
  );
  return db
    .select({
      resource: resources,
      createdByUsername: users.username,
      issuerIds: issuerIdsOf,
      issuerNames: issuerNamesOf,
    })
    .from(resources)
    .leftJoin(users, eq(users.id, resources.createdBy))
    .where(where)
    .orderBy(asc(resources.category), desc(resources.createdAt), asc(resources.title));
}

/** Ready resources per category within the visibility (the hub's category counts). */
export async function categoryCounts(db: DbOrTx, visible: SQL | undefined): Promise<Record<string, number>> {
  const rows = await db
    .select({ category: resources.category, n: sql<number>`count(*)::int` })
    .from(resources)
    .where(and(visible, readyCondition))
    .groupBy(resources.category);
  return Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
}

export async function findResource(
  db: DbOrTx,
  id: string,
  visible: SQL | undefined,
): Promise<ResourceListRow | undefined> {
  const [row] = await db
    .select({
      resource: resources,
      createdByUsername: users.username,
      issuerIds: issuerIdsOf,
      issuerNames: issuerNamesOf,
    })
    .from(resources)
    .leftJoin(users, eq(users.id, resources.createdBy))
    .where(and(eq(resources.id, id), visible));
  return row;
}

export async function existingIssuerIds(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: issuers.id })
    .from(issuers)
    .where(inArray(issuers.id, [...ids]));
  return rows.map((r) => r.id);
}

export async function insertResource(db: DbOrTx, values: ResourceInsert): Promise<string> {
  const [row] = await db.insert(resources).values(values).returning({ id: resources.id });
  return row!.id;
}

export async function updateResource(db: DbOrTx, id: string, values: Partial<ResourceInsert>): Promise<void> {
  await db
    .update(resources)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(resources.id, id));
}

export async function replaceResourceIssuers(db: DbOrTx, id: string, issuerIds: readonly string[]): Promise<void> {
  await db.delete(resourceIssuers).where(eq(resourceIssuers.resourceId, id));
  if (issuerIds.length)
    await db.insert(resourceIssuers).values([...new Set(issuerIds)].map((issuerId) => ({ resourceId: id, issuerId })));
}

export async function deleteResource(db: DbOrTx, id: string): Promise<void> {
  await db.delete(resources).where(eq(resources.id, id));
}

export async function countResources(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(resources);
  return Number(row?.n ?? 0);
}
