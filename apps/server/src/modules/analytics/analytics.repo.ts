/** SQL of saved analytics reports. */
import { count, eq } from 'drizzle-orm';
import { analyticsReports, users, type DbOrTx } from '@sextant/db';
import type { TPagingRequestParsed } from '@sextant/shared';
import { runPaged, type PagingColumns } from '../../lib/paging.ts';

export type ReportInsert = typeof analyticsReports.$inferInsert;
export type ReportRow = { report: typeof analyticsReports.$inferSelect; createdByUsername: string | null };

export const REPORT_COLUMNS: PagingColumns = {
  id: { column: analyticsReports.id, kind: 'uuid' },
  name: { column: analyticsReports.name, kind: 'string' },
  description: { column: analyticsReports.description, kind: 'string' },
  createdByUsername: { column: users.username, kind: 'string' },
  createdAt: { column: analyticsReports.createdAt, kind: 'date' },
  updatedAt: { column: analyticsReports.updatedAt, kind: 'date' },
};
const selection = { report: analyticsReports, createdByUsername: users.username };

export function pageReports<T>(db: DbOrTx, request: TPagingRequestParsed, map: (r: ReportRow) => T) {
  return runPaged<ReportRow, T>({
    db,
    request,
    columns: REPORT_COLUMNS,
    defaultOrder: { propertyName: 'name', direction: 'asc' },
    base: () =>
      db.select(selection).from(analyticsReports).leftJoin(users, eq(users.id, analyticsReports.createdBy)).$dynamic(),
    countFrom: () =>
      db
        .select({ value: count() })
        .from(analyticsReports)
        .leftJoin(users, eq(users.id, analyticsReports.createdBy))
        .$dynamic(),
    map,
  });
}

export async function findReport(db: DbOrTx, id: string): Promise<ReportRow | undefined> {
  const [row] = await db
    .select(selection)
    .from(analyticsReports)
    .leftJoin(users, eq(users.id, analyticsReports.createdBy))
    .where(eq(analyticsReports.id, id));
  return row;
}

export async function insertReport(db: DbOrTx, values: ReportInsert): Promise<string> {
  const [row] = await db.insert(analyticsReports).values(values).returning({ id: analyticsReports.id });
  return row!.id;
}

export async function updateReport(db: DbOrTx, id: string, values: Partial<ReportInsert>): Promise<void> {
  await db
    .update(analyticsReports)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(analyticsReports.id, id));
}

export async function deleteReport(db: DbOrTx, id: string): Promise<void> {
  await db.delete(analyticsReports).where(eq(analyticsReports.id, id));
}
