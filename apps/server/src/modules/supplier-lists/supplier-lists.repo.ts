/** SQL for issuer supplier lists (table issuer_supplier_lists) and the issuers' has…List flags. */
import { and, asc, count, eq, ilike, max, or, sql } from 'drizzle-orm';
import { issuers, issuerSupplierLists, type DbOrTx } from '@sextant/db';
import type { TSupplierListType } from '@sextant/shared';

export type SupplierListRow = typeof issuerSupplierLists.$inferSelect;
export interface NewEntry {
  supplierName: string;
  supplierId: string | null;
  normalisedName: string;
}

const ofList = (issuerId: string, listType: TSupplierListType) =>
  and(eq(issuerSupplierLists.issuerId, issuerId), eq(issuerSupplierLists.listType, listType));

export async function listCounts(db: DbOrTx, issuerId: string) {
  return db
    .select({ listType: issuerSupplierLists.listType, n: count(), updatedAt: max(issuerSupplierLists.createdAt) })
    .from(issuerSupplierLists)
    .where(eq(issuerSupplierLists.issuerId, issuerId))
    .groupBy(issuerSupplierLists.listType);
}

export async function pageEntries(
  db: DbOrTx,
  issuerId: string,
  listType: TSupplierListType,
  q: { pageNumber: number; pageSize: number; search?: string | undefined },
): Promise<{ rows: SupplierListRow[]; total: number }> {
  const where = and(
    ofList(issuerId, listType),
    q.search
      ? or(
          ilike(issuerSupplierLists.supplierName, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`),
          ilike(issuerSupplierLists.supplierId, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`),
        )
      : undefined,
  );
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(issuerSupplierLists).where(where);
  const rows = await db
    .select()
    .from(issuerSupplierLists)
    .where(where)
    .orderBy(asc(sql`lower(${issuerSupplierLists.supplierName})`), asc(issuerSupplierLists.id))
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  return { rows, total: Number(n) };
}

export async function entriesOf(db: DbOrTx, issuerId: string, listType?: TSupplierListType) {
  return db
    .select({
      listType: issuerSupplierLists.listType,
      supplierId: issuerSupplierLists.supplierId,
      normalisedName: issuerSupplierLists.normalisedName,
    })
    .from(issuerSupplierLists)
    .where(listType ? ofList(issuerId, listType) : eq(issuerSupplierLists.issuerId, issuerId));
}

export async function findEntry(db: DbOrTx, issuerId: string, listType: TSupplierListType, entryId: string) {
  const [row] = await db
    .select()
    .from(issuerSupplierLists)
    .where(and(ofList(issuerId, listType), eq(issuerSupplierLists.id, entryId)));
  return row;
}

export async function insertEntries(
  db: DbOrTx,
  issuerId: string,
  listType: TSupplierListType,
  entries: NewEntry[],
): Promise<SupplierListRow[]> {
  const out: SupplierListRow[] = [];
  for (let i = 0; i < entries.length; i += 1000)
    out.push(
      ...(await db
        .insert(issuerSupplierLists)
        .values(entries.slice(i, i + 1000).map((e) => ({ ...e, issuerId, listType })))
        .returning()),
    );
  return out;
}

export async function deleteEntries(db: DbOrTx, issuerId: string, listType: TSupplierListType, entryId?: string) {
  await db
    .delete(issuerSupplierLists)
    .where(and(ofList(issuerId, listType), entryId ? eq(issuerSupplierLists.id, entryId) : undefined));
}

/** Sets the issuer's hasSupplierIncludeList / hasSupplierExcludeList from the stored entries; returns the counts. */
export async function syncFlags(db: DbOrTx, issuerId: string): Promise<Record<TSupplierListType, number>> {
  const counts = { include: 0, exclude: 0 };
  for (const r of await listCounts(db, issuerId)) counts[r.listType] = Number(r.n);
  await db
    .update(issuers)
    .set({
      hasSupplierIncludeList: counts.include > 0,
      hasSupplierExcludeList: counts.exclude > 0,
      updatedAt: new Date(),
    })
    .where(eq(issuers.id, issuerId));
  return counts;
}
