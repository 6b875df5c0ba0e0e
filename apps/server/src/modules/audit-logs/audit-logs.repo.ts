/** SQL of the system audit log: paged list with issuer names, one entry, filter facets, retention purge. */
import { asc, count, eq, inArray, isNotNull, lt, min, sql, type SQL } from 'drizzle-orm';
import { issuers, systemAuditLog, type DbOrTx } from '@sextant/db';
import type { TAuditLogProperty, TPagingRequestParsed } from '@sextant/shared';
import { runPaged, type PagingColumnsOf } from '../../lib/paging.ts';

export type AuditRow = { entry: typeof systemAuditLog.$inferSelect; issuerName: string | null };

export const AUDIT_COLUMNS = {
  id: { column: systemAuditLog.id, kind: 'number' },
  at: { column: systemAuditLog.at, kind: 'date' },
  userId: { column: systemAuditLog.userId, kind: 'uuid' },
  username: { column: systemAuditLog.username, kind: 'string' },
  issuerId: { column: systemAuditLog.issuerId, kind: 'uuid' },
  issuerName: { column: issuers.name, kind: 'string' },
  action: { column: systemAuditLog.action, kind: 'string' },
  targetType: { column: systemAuditLog.targetType, kind: 'string' },
  targetId: { column: systemAuditLog.targetId, kind: 'string' },
  outcome: { column: systemAuditLog.outcome, kind: 'string' },
  ip: { column: systemAuditLog.ip, kind: 'string' },
} satisfies PagingColumnsOf<TAuditLogProperty>;

const selection = { entry: systemAuditLog, issuerName: issuers.name };

/** null = every entry; otherwise only entries about the listed issuers. */
export const auditScopeCondition = (issuerIds: readonly string[] | null): SQL | undefined =>
  issuerIds === null ? undefined : issuerIds.length ? inArray(systemAuditLog.issuerId, [...issuerIds]) : sql`false`;

export function pageAuditLog<T>(
  db: DbOrTx,
  request: TPagingRequestParsed,
  scope: readonly string[] | null,
  map: (r: AuditRow) => T,
) {
  return runPaged<AuditRow, T>({
    db,
    request,
    columns: AUDIT_COLUMNS,
    // Newest first; id breaks ties between entries of the same instant.
    defaultOrder: { propertyName: 'at', direction: 'desc' },
    base: () => {
      const q = db.select(selection).from(systemAuditLog).leftJoin(issuers, eq(issuers.id, systemAuditLog.issuerId));
      return q.$dynamic();
    },
    countFrom: () =>
      db
        .select({ value: count() })
        .from(systemAuditLog)
        .leftJoin(issuers, eq(issuers.id, systemAuditLog.issuerId))
        .$dynamic(),
    extraWhere: auditScopeCondition(scope),
    map,
  });
}

export async function findAuditEntry(db: DbOrTx, id: number): Promise<AuditRow | undefined> {
  const [row] = await db
    .select(selection)
    .from(systemAuditLog)
    .leftJoin(issuers, eq(issuers.id, systemAuditLog.issuerId))
    .where(eq(systemAuditLog.id, id));
  return row;
}

export async function auditFacets(db: DbOrTx, scope: readonly string[] | null) {
  const where = auditScopeCondition(scope);
  const distinct = async (column: typeof systemAuditLog.action | typeof systemAuditLog.targetType) => {
    const rows = await db
      .selectDistinct({ v: column })
      .from(systemAuditLog)
      .where(where ? sql`${where} and ${isNotNull(column)}` : isNotNull(column))
      .orderBy(asc(column));
    return rows.map((r) => r.v).filter((v): v is string => Boolean(v));
  };
  const [oldest] = await db
    .select({ at: min(systemAuditLog.at) })
    .from(systemAuditLog)
    .where(where);
  return {
    actions: await distinct(systemAuditLog.action),
    targetTypes: await distinct(systemAuditLog.targetType),
    oldestAt: oldest?.at ?? null,
  };
}

/** Deletes entries older than `before`; returns how many went. */
export async function deleteAuditBefore(db: DbOrTx, before: Date): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`with gone as (delete from ${systemAuditLog} where ${lt(systemAuditLog.at, before)} returning 1) select count(*)::int as n from gone`,
  );
  return Number(result.rows[0]?.n ?? 0);
}
