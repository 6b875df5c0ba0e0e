/** SQL of a workflow's supplier list: one page (seek or OFFSET paging, filters, search) and one supplier row. */
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { campaignEnrolments, campaigns, type DbOrTx } from '@sextant/db';
import { pagedResult, type TPagedResult } from '@sextant/shared';
import type { TWorkflowSuppliersQuery } from '@sextant/shared';
import { filterCondition, pagingColumn, type PagingColumns } from '../../lib/paging.ts';
import { badRequest } from '../../lib/errors.ts';

const e = campaignEnrolments;

const supplierColumns: PagingColumns = {
  supplierName: { column: e.supplierName, kind: 'string' },
  supplierKey: { column: e.supplierKey, kind: 'string' },
  supplierId: { column: e.supplierId, kind: 'string' },
  country: { column: e.country, kind: 'string' },
  spend: { column: e.spend, kind: 'number' },
  status: { column: e.status, kind: 'string' },
  campaignName: { column: campaigns.name, kind: 'string' },
  route: { column: campaigns.route, kind: 'string' },
  contactEmail: { column: e.contactEmail, kind: 'string' },
  missing: { column: e.missing, kind: 'boolean' },
  updatedAt: { column: e.updatedAt, kind: 'date' },
};

const supplierSelect = {
  id: e.id,
  supplierKey: e.supplierKey,
  supplierId: e.supplierId,
  supplierName: e.supplierName,
  country: e.country,
  spend: e.spend,
  status: e.status,
  campaignId: e.campaignId,
  campaignName: campaigns.name,
  route: campaigns.route,
  contactEmail: e.contactEmail,
  missing: e.missing,
  updatedAt: e.updatedAt,
};
export type SupplierRow = {
  [K in keyof typeof supplierSelect]: (typeof supplierSelect)[K]['_']['data'] | null;
};

/** Sorts that can seek (a non-null column, with an index on (workflow_id[, status], column, supplier_key)). */
const SEEKABLE = {
  spend: { column: e.spend, kind: 'number' },
  supplierName: { column: e.supplierName, kind: 'string' },
  supplierKey: { column: e.supplierKey, kind: 'string' },
} as const;
type Seekable = keyof typeof SEEKABLE;
const isSeekable = (p: string): p is Seekable => Object.hasOwn(SEEKABLE, p);

const encodeCursor = (v: string | number, key: string) => Buffer.from(JSON.stringify([v, key])).toString('base64url');
function decodeCursor(cursor: string, kind: 'number' | 'string'): [string | number, string] {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    v = null;
  }
  const ok =
    Array.isArray(v) &&
    v.length === 2 &&
    typeof v[1] === 'string' &&
    typeof v[0] === (kind === 'number' ? 'number' : 'string');
  if (!ok)
    throw badRequest('after: not a cursor of this list (take nextCursor from the previous page with the same sort)', [
      { path: 'after', message: 'invalid cursor' },
    ]);
  return v as [string | number, string];
}

/**
 * A page of the workflow's suppliers. The sort's ties break on supplierKey in the same direction, so that one
 * (column, supplier_key) index serves both directions and a page can start right after the previous one's last row
 * (`after`, seek paging) instead of skipping OFFSET rows. Without `after`, OFFSET pages read only the index first
 * (a deferred join) and fetch the 25 rows they show. The total without search or filters is an index-only count.
 */
export async function pageSuppliers<T>(
  db: DbOrTx,
  workflowId: string,
  q: TWorkflowSuppliersQuery,
  map: (r: SupplierRow) => T,
): Promise<TPagedResult<T> & { nextCursor: string | null }> {
  const [prop = 'spend', dirRaw] = (q.orderBy ?? 'spend:desc').split(':') as [string, 'asc' | 'desc' | undefined];
  const dir = dirRaw ?? (q.orderBy ? 'asc' : 'desc');
  const sortDef = pagingColumn(supplierColumns, prop);
  if (!sortDef)
    throw badRequest(`orderBy: cannot sort by "${prop}"; use one of ${Object.keys(supplierColumns).join(', ')}`, [
      { path: 'orderBy', message: 'unknown property' },
    ]);
  const term = q.search?.trim();
  const like = term ? `%${term.replace(/[\\%_]/g, '\\$&')}%` : null;
  const filters = q.filters ?? [];
  const needsWave = filters.some((f) => f.propertyName === 'campaignName' || f.propertyName === 'route');
  const where = and(
    eq(e.workflowId, workflowId),
    q.status ? eq(e.status, q.status) : undefined,
    q.campaignId === 'none' ? isNull(e.campaignId) : q.campaignId ? eq(e.campaignId, q.campaignId) : undefined,
    like ? or(ilike(e.supplierName, like), eq(e.supplierKey, term!)) : undefined,
    filterCondition(filters, supplierColumns),
  );
  const by = (c: AnyColumn | SQL) => (dir === 'desc' ? desc(c) : asc(c));
  const order = [by(sortDef.column), by(e.supplierKey)];
  const seek = q.after && isSeekable(prop) ? SEEKABLE[prop] : null;
  if (q.after && !seek)
    throw badRequest(`after: seek paging sorts by ${Object.keys(SEEKABLE).join(', ')} only`, [
      { path: 'after', message: 'not available for this sort' },
    ]);
  let seekCond: SQL | undefined;
  if (seek) {
    const [v, k] = decodeCursor(q.after!, seek.kind);
    seekCond =
      dir === 'desc'
        ? sql`(${seek.column}, ${e.supplierKey}) < (${v}, ${k})`
        : sql`(${seek.column}, ${e.supplierKey}) > (${v}, ${k})`;
  }
  const idQuery = db.select({ id: e.id }).from(e).$dynamic();
  const ids = (needsWave ? idQuery.leftJoin(campaigns, eq(campaigns.id, e.campaignId)) : idQuery)
    .where(and(where, seekCond))
    .orderBy(...order)
    .limit(q.pageSize)
    .offset(seek ? 0 : (q.pageNumber - 1) * q.pageSize);
  // The page's ids and the total are independent: on PostgreSQL they run on two pooled connections at once.
  const countQuery = async () => {
    if (!like && !filters.length && !q.campaignId) {
      const [r] = await db
        .select({ n: count() })
        .from(e)
        .where(and(eq(e.workflowId, workflowId), q.status ? eq(e.status, q.status) : undefined));
      return Number(r?.n ?? 0);
    }
    const c = db.select({ n: count() }).from(e).$dynamic();
    const [r] = await (needsWave ? c.leftJoin(campaigns, eq(campaigns.id, e.campaignId)) : c).where(where);
    return Number(r?.n ?? 0);
  };
  const [idRows, total] = await Promise.all([ids, countQuery()]);
  const wanted = idRows.map((r) => r.id);
  const rows = wanted.length
    ? await db
        .select(supplierSelect)
        .from(e)
        .leftJoin(campaigns, eq(campaigns.id, e.campaignId))
        .where(inArray(e.id, wanted))
        .orderBy(...order)
    : [];
  const last = rows.at(-1);
  const page = pagedResult((rows as SupplierRow[]).map(map), total, q.pageNumber, q.pageSize);
  const more = rows.length === q.pageSize && (seek ? true : q.pageNumber * q.pageSize < total);
  const lastValue = last && isSeekable(prop) ? (last as Record<string, unknown>)[prop] : undefined;
  return {
    ...page,
    hasNextPage: seek ? more : page.hasNextPage,
    nextCursor:
      more && last && (typeof lastValue === 'number' || typeof lastValue === 'string')
        ? encodeCursor(lastValue, last.supplierKey)
        : null,
  };
}

export async function supplierRow(db: DbOrTx, workflowId: string, supplierKey: string) {
  const [row] = await db
    .select(supplierSelect)
    .from(e)
    .leftJoin(campaigns, eq(campaigns.id, e.campaignId))
    .where(and(eq(e.workflowId, workflowId), eq(e.supplierKey, supplierKey)));
  return row as SupplierRow | undefined;
}
