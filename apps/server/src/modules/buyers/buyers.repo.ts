/** SQL of the buyer area: paged list with issuer name and job count, one buyer, create/update/delete. */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { buyers, issuers, jobArtifacts, users, type DbOrTx } from '@sextant/db';
import type { BUYER_PROPERTIES, TPagingRequestParsed } from '@sextant/shared';
import { runPaged, type PagingColumnsOf } from '../../lib/paging.ts';
import { forgetAllJobAccess } from '../authorization/index.ts';

export type BuyerInsert = typeof buyers.$inferInsert;
const jobsCount = sql<number>`(select count(*)::int from ${jobArtifacts} where ${jobArtifacts.buyerId} = ${buyers.id})`;

export const BUYER_COLUMNS = {
  id: { column: buyers.id, kind: 'uuid' },
  name: { column: buyers.name, kind: 'string' },
  countryIso3: { column: buyers.countryIso3, kind: 'string' },
  issuerId: { column: buyers.issuerId, kind: 'uuid' },
  issuerName: { column: issuers.name, kind: 'string' },
  jobsCount: { column: jobsCount, kind: 'number' },
  createdByUsername: { column: users.username, kind: 'string' },
  createdAt: { column: buyers.createdAt, kind: 'date' },
} satisfies PagingColumnsOf<(typeof BUYER_PROPERTIES)[number]>;

const selection = {
  buyer: buyers,
  issuerName: issuers.name,
  createdByUsername: users.username,
  jobsCount,
};
export type BuyerRow = {
  buyer: typeof buyers.$inferSelect;
  issuerName: string;
  createdByUsername: string | null;
  jobsCount: number;
};

export const buyerScopeCondition = (issuerIds: readonly string[] | null): SQL | undefined =>
  issuerIds === null ? undefined : issuerIds.length ? inArray(buyers.issuerId, [...issuerIds]) : sql`false`;

export function pageBuyers<T>(
  db: DbOrTx,
  request: TPagingRequestParsed,
  scope: readonly string[] | null,
  map: (r: BuyerRow) => T,
) {
  return runPaged<BuyerRow, T>({
    db,
    request,
    columns: BUYER_COLUMNS,
    defaultOrder: { propertyName: 'name', direction: 'asc' },
    base: () =>
      db
        .select(selection)
        .from(buyers)
        .innerJoin(issuers, eq(issuers.id, buyers.issuerId))
        .leftJoin(users, eq(users.id, buyers.createdBy))
        .$dynamic(),
    countFrom: () =>
      db
        .select({ value: count() })
        .from(buyers)
        .innerJoin(issuers, eq(issuers.id, buyers.issuerId))
        .leftJoin(users, eq(users.id, buyers.createdBy))
        .$dynamic(),
    extraWhere: buyerScopeCondition(scope),
    map,
  });
}

export async function findBuyerRow(db: DbOrTx, id: string): Promise<BuyerRow | undefined> {
  const [row] = await db
    .select(selection)
    .from(buyers)
    .innerJoin(issuers, eq(issuers.id, buyers.issuerId))
    .leftJoin(users, eq(users.id, buyers.createdBy))
    .where(eq(buyers.id, id));
  return row;
}

export async function buyersOfIssuer(db: DbOrTx, issuerId: string) {
  return db
    .select({ id: buyers.id, name: buyers.name, issuerId: buyers.issuerId })
    .from(buyers)
    .where(eq(buyers.issuerId, issuerId))
    .orderBy(asc(buyers.name));
}

export async function issuerName(db: DbOrTx, issuerId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: issuers.name }).from(issuers).where(eq(issuers.id, issuerId));
  return row?.name;
}

/** A buyer of the same issuer with this name (any case), other than `exceptId`. */
export async function buyerNameTaken(db: DbOrTx, issuerId: string, name: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: buyers.id })
    .from(buyers)
    .where(and(eq(buyers.issuerId, issuerId), sql`lower(${buyers.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
}

export async function insertBuyer(db: DbOrTx, values: BuyerInsert): Promise<string> {
  const [row] = await db.insert(buyers).values(values).returning({ id: buyers.id });
  return row!.id;
}

export async function updateBuyer(db: DbOrTx, id: string, values: Partial<BuyerInsert>): Promise<void> {
  await db.update(buyers).set(values).where(eq(buyers.id, id));
  forgetAllJobAccess(); // the results show the buyer's name
}

export async function deleteBuyer(db: DbOrTx, id: string): Promise<void> {
  await db.delete(buyers).where(eq(buyers.id, id));
  forgetAllJobAccess();
}

export async function countJobsOfBuyer(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(jobArtifacts).where(eq(jobArtifacts.buyerId, id));
  return Number(row?.value ?? 0);
}
