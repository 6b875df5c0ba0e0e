/** SQL of campaign workflows: workflows, campaigns (waves), enrolments, their events and outreach emails. */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  campaignEmails,
  campaignEnrolmentEvents,
  campaignEnrolments,
  campaigns,
  campaignWorkflows,
  brandings,
  buyers,
  issuers,
  jobArtifacts,
  users,
  type DbOrTx,
} from '@sextant/db';
import { pagedResult, type TPagedResult } from '@sextant/shared';
import type {
  TCampaignCounters,
  TEnrolmentEventKind,
  TEnrolmentStatus,
  TWorkflowSuppliersQuery,
} from '@sextant/shared';
import { jobVisibleCondition, type JobVisibility } from '../authorization/index.ts';
import { filterCondition, pagingColumn, type PagingColumns } from '../../lib/paging.ts';
import { badRequest } from '../../lib/errors.ts';

export type WorkflowRow = typeof campaignWorkflows.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;
export type EnrolmentRow = typeof campaignEnrolments.$inferSelect;

const e = campaignEnrolments;

/**
 * A list of values as ONE bound parameter (a JSON array): large id/key lists and bulk inserts stay one short
 * statement instead of thousands of parameters (which PGlite in particular parses slowly).
 */
const textList = (values: readonly string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
const uuidList = (values: readonly string[]) =>
  sql`(select (jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::uuid)`;

/** count(*) per enrolment status, as the counter names. */
export const counterColumns = {
  total: sql<number>`count(*)::int`,
  pending: sql<number>`(count(*) filter (where ${e.status} = 'Pending'))::int`,
  active: sql<number>`(count(*) filter (where ${e.status} = 'Active'))::int`,
  succeeded: sql<number>`(count(*) filter (where ${e.status} = 'Succeeded'))::int`,
  failed: sql<number>`(count(*) filter (where ${e.status} = 'Failed'))::int`,
};
export const ZERO: TCampaignCounters = { total: 0, pending: 0, active: 0, succeeded: 0, failed: 0 };
export const counters = (r: Partial<TCampaignCounters> | undefined): TCampaignCounters => ({
  total: Number(r?.total ?? 0),
  pending: Number(r?.pending ?? 0),
  active: Number(r?.active ?? 0),
  succeeded: Number(r?.succeeded ?? 0),
  failed: Number(r?.failed ?? 0),
});

// ---------------------------------------------------------------------------------------------------------------
// Workflows

const summaryColumns = {
  workflow: campaignWorkflows,
  jobName: jobArtifacts.name,
  issuerId: jobArtifacts.issuerId,
  issuerName: issuers.name,
  ownerName: users.displayName,
};

export async function findWorkflow(db: DbOrTx, jobId: string, id: string) {
  const [row] = await db
    .select(summaryColumns)
    .from(campaignWorkflows)
    .innerJoin(jobArtifacts, eq(jobArtifacts.id, campaignWorkflows.jobId))
    .leftJoin(issuers, eq(issuers.id, jobArtifacts.issuerId))
    .leftJoin(users, eq(users.id, campaignWorkflows.ownerId))
    .where(and(eq(campaignWorkflows.id, id), eq(campaignWorkflows.jobId, jobId)));
  return row;
}
export type WorkflowSummaryRow = NonNullable<Awaited<ReturnType<typeof findWorkflow>>>;

export interface WorkflowListFilter {
  visibility: JobVisibility;
  jobId?: string | undefined;
  issuerId?: string | undefined;
  search?: string | undefined;
  state?: 'open' | 'closed' | undefined;
}

function listWhere(f: WorkflowListFilter): SQL | undefined {
  const like = f.search ? `%${f.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const open = sql`exists (select 1 from ${e} where ${e.workflowId} = ${campaignWorkflows.id} and ${e.status} in ('Pending', 'Active'))`;
  return and(
    jobVisibleCondition(f.visibility),
    f.jobId ? eq(campaignWorkflows.jobId, f.jobId) : undefined,
    f.issuerId ? eq(jobArtifacts.issuerId, f.issuerId) : undefined,
    like ? or(ilike(campaignWorkflows.name, like), ilike(jobArtifacts.name, like)) : undefined,
    f.state === 'open' ? open : f.state === 'closed' ? sql`not ${open}` : undefined,
  );
}

export async function pageWorkflows(db: DbOrTx, f: WorkflowListFilter, pageNumber: number, pageSize: number) {
  const where = listWhere(f);
  const rows = await db
    .select(summaryColumns)
    .from(campaignWorkflows)
    .innerJoin(jobArtifacts, eq(jobArtifacts.id, campaignWorkflows.jobId))
    .leftJoin(issuers, eq(issuers.id, jobArtifacts.issuerId))
    .leftJoin(users, eq(users.id, campaignWorkflows.ownerId))
    .where(where)
    .orderBy(desc(campaignWorkflows.createdAt), asc(campaignWorkflows.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(campaignWorkflows)
    .innerJoin(jobArtifacts, eq(jobArtifacts.id, campaignWorkflows.jobId))
    .where(where);
  const [all] = await db
    .select(counterColumns)
    .from(e)
    .where(
      inArray(
        e.workflowId,
        db
          .select({ id: campaignWorkflows.id })
          .from(campaignWorkflows)
          .innerJoin(jobArtifacts, eq(jobArtifacts.id, campaignWorkflows.jobId))
          .where(where),
      ),
    );
  return { rows, total: Number(total?.n ?? 0), counters: counters(all) };
}

/** Counters, missing suppliers and wave count of each workflow. */
export async function workflowStats(db: DbOrTx, ids: string[]) {
  const out = new Map<string, { counters: TCampaignCounters; missing: number; campaignCount: number }>();
  if (!ids.length) return out;
  const rows = await db
    .select({
      workflowId: e.workflowId,
      ...counterColumns,
      missing: sql<number>`(count(*) filter (where ${e.missing}))::int`,
    })
    .from(e)
    .where(inArray(e.workflowId, ids))
    .groupBy(e.workflowId);
  const waves = await db
    .select({ workflowId: campaigns.workflowId, n: count() })
    .from(campaigns)
    .where(inArray(campaigns.workflowId, ids))
    .groupBy(campaigns.workflowId);
  for (const id of ids) out.set(id, { counters: { ...ZERO }, missing: 0, campaignCount: 0 });
  for (const r of rows) Object.assign(out.get(r.workflowId)!, { counters: counters(r), missing: Number(r.missing) });
  for (const w of waves) out.get(w.workflowId)!.campaignCount = Number(w.n);
  return out;
}

export async function insertWorkflow(db: DbOrTx, values: typeof campaignWorkflows.$inferInsert) {
  const [row] = await db.insert(campaignWorkflows).values(values).returning();
  return row!;
}

export async function updateWorkflow(db: DbOrTx, id: string, values: Partial<typeof campaignWorkflows.$inferInsert>) {
  await db
    .update(campaignWorkflows)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(campaignWorkflows.id, id));
}

export async function deleteWorkflow(db: DbOrTx, id: string) {
  await db.delete(campaignWorkflows).where(eq(campaignWorkflows.id, id));
}

// ---------------------------------------------------------------------------------------------------------------
// Campaigns (waves)

export async function campaignsOf(db: DbOrTx, workflowId: string) {
  return db
    .select()
    .from(campaigns)
    .where(eq(campaigns.workflowId, workflowId))
    .orderBy(asc(campaigns.createdAt), asc(campaigns.id));
}

/** The language of the issuer a workflow's job belongs to: its outreach emails and enrolment page use it. */
export async function issuerLanguage(db: DbOrTx, workflowId: string): Promise<string> {
  const [row] = await db
    .select({ language: issuers.language })
    .from(campaignWorkflows)
    .innerJoin(jobArtifacts, eq(jobArtifacts.id, campaignWorkflows.jobId))
    .innerJoin(issuers, eq(issuers.id, jobArtifacts.issuerId))
    .where(eq(campaignWorkflows.id, workflowId));
  return row?.language ?? 'en';
}

export async function findCampaign(db: DbOrTx, workflowId: string, campaignId: string) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.workflowId, workflowId), eq(campaigns.id, campaignId)));
  return row;
}

/** Counters and spend per (campaign, status) of a workflow in one pass (campaignId null: not in a wave). */
export async function workflowBreakdown(db: DbOrTx, workflowId: string) {
  return db
    .select({
      campaignId: e.campaignId,
      ...counterColumns,
      spend: sql<number>`coalesce(sum(${e.spend}), 0)::float8`,
      succeededSpend: sql<number>`coalesce(sum(${e.spend}) filter (where ${e.status} = 'Succeeded'), 0)::float8`,
      missing: sql<number>`(count(*) filter (where ${e.missing}))::int`,
    })
    .from(e)
    .where(eq(e.workflowId, workflowId))
    .groupBy(e.campaignId);
}

export async function emailCountsOf(db: DbOrTx, workflowId: string) {
  return db
    .select({ campaignId: campaignEmails.campaignId, status: campaignEmails.status, n: count() })
    .from(campaignEmails)
    .innerJoin(campaigns, eq(campaigns.id, campaignEmails.campaignId))
    .where(eq(campaigns.workflowId, workflowId))
    .groupBy(campaignEmails.campaignId, campaignEmails.status);
}

export async function insertCampaign(db: DbOrTx, values: typeof campaigns.$inferInsert) {
  const [row] = await db.insert(campaigns).values(values).returning();
  return row!;
}

export async function updateCampaign(db: DbOrTx, id: string, values: Partial<typeof campaigns.$inferInsert>) {
  await db.update(campaigns).set(values).where(eq(campaigns.id, id));
}

// ---------------------------------------------------------------------------------------------------------------
// Enrolments

export interface NewEnrolment {
  supplierKey: string;
  supplierId: string | null;
  supplierName: string;
  country: string | null;
  spend: number;
  contactEmail: string | null;
}

export async function insertEnrolments(db: DbOrTx, workflowId: string, rows: NewEnrolment[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 20_000) {
    const chunk = rows.slice(i, i + 20_000).map((r) => ({
      k: r.supplierKey,
      i: r.supplierId,
      n: r.supplierName,
      c: r.country,
      s: r.spend,
      m: r.contactEmail,
    }));
    await db.execute(sql`insert into ${e} (workflow_id, supplier_key, supplier_id, supplier_name, country, spend, contact_email)
      select ${workflowId}, r.k, r.i, r.n, r.c, coalesce(r.s, 0), r.m
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(k text, i text, n text, c text, s float8, m text)
      on conflict do nothing`);
  }
}

/** One event per enrolment id (history rows written in bulk). */
export async function insertEvents(
  db: DbOrTx,
  events: {
    enrolmentId: string;
    kind: TEnrolmentEventKind;
    fromStatus?: TEnrolmentStatus | null;
    toStatus?: TEnrolmentStatus | null;
    campaignId?: string | null;
    note?: string | null;
    occurredAt?: Date;
    userId?: string | null;
    userName?: string | null;
  }[],
) {
  for (let i = 0; i < events.length; i += 20_000) {
    const chunk = events.slice(i, i + 20_000).map((v) => ({
      e: v.enrolmentId,
      k: v.kind,
      f: v.fromStatus ?? null,
      t: v.toStatus ?? null,
      c: v.campaignId ?? null,
      n: v.note ?? null,
      o: v.occurredAt ? v.occurredAt.toISOString() : null,
      u: v.userId ?? null,
      w: v.userName ?? null,
    }));
    await db.execute(sql`insert into ${campaignEnrolmentEvents}
      (enrolment_id, kind, from_status, to_status, campaign_id, note, occurred_at, user_id, user_name)
      select r.e, r.k, r.f, r.t, r.c, r.n, coalesce(r.o, now()), r.u, r.w
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        as r(e uuid, k text, f text, t text, c uuid, n text, o timestamptz, u uuid, w text)`);
  }
}

/** One event of the same kind for every enrolment of a wave (set-based: no per-row parameters). */
export async function insertCampaignEvents(
  db: DbOrTx,
  campaignId: string,
  ids: readonly string[],
  v: { kind: TEnrolmentEventKind; note: string; userId: string | null; userName: string; at?: Date },
) {
  if (!ids.length) return;
  const at = (v.at ?? new Date()).toISOString();
  await db.execute(sql`insert into ${campaignEnrolmentEvents} (enrolment_id, kind, campaign_id, note, user_id, user_name, occurred_at)
    select x, ${v.kind}, ${campaignId}, ${v.note}, ${v.userId}, ${v.userName}, ${at}::timestamptz from ${uuidList(ids)} as t(x)`);
}

/** Writes the 'created' event of every enrolment of a workflow created in this transaction (one statement). */
export async function insertCreatedEvents(
  db: DbOrTx,
  workflowId: string,
  userId: string | null,
  userName: string,
  at = new Date(),
) {
  await db.execute(sql`insert into ${campaignEnrolmentEvents} (enrolment_id, kind, to_status, user_id, user_name, occurred_at)
    select ${e.id}, 'created', 'Pending', ${userId}, ${userName}, ${at.toISOString()}::timestamptz from ${e} where ${e.workflowId} = ${workflowId}`);
}

export async function findEnrolment(db: DbOrTx, workflowId: string, supplierKey: string) {
  const [row] = await db
    .select()
    .from(e)
    .where(and(eq(e.workflowId, workflowId), eq(e.supplierKey, supplierKey)));
  return row;
}

export async function enrolmentsByKeys(db: DbOrTx, workflowId: string, keys: string[]) {
  if (!keys.length) return [];
  return db
    .select()
    .from(e)
    .where(and(eq(e.workflowId, workflowId), inArray(e.supplierKey, textList(keys))));
}

/** Enrolments whose supplier id is one of `ids`: outcome files may name either. */
export async function enrolmentsBySupplierIds(db: DbOrTx, workflowId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(e)
    .where(and(eq(e.workflowId, workflowId), inArray(e.supplierId, textList(ids))));
}

export async function allEnrolmentKeys(db: DbOrTx, workflowId: string) {
  return db
    .select({ id: e.id, supplierKey: e.supplierKey, missing: e.missing })
    .from(e)
    .where(eq(e.workflowId, workflowId));
}

export async function setStatus(db: DbOrTx, ids: string[], status: TEnrolmentStatus) {
  if (!ids.length) return;
  await db
    .update(e)
    .set({ status, updatedAt: new Date() })
    .where(inArray(e.id, uuidList(ids)));
}

export async function updateEnrolment(db: DbOrTx, id: string, values: Partial<typeof e.$inferInsert>) {
  await db
    .update(e)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(e.id, id));
}

export async function setMissing(db: DbOrTx, ids: string[], missing: boolean) {
  if (!ids.length) return;
  await db
    .update(e)
    .set({ missing })
    .where(inArray(e.id, uuidList(ids)));
}

/** Puts enrolments not in any wave yet (or the given keys) into a campaign; returns the enrolments moved. */
export async function assignToCampaign(
  db: DbOrTx,
  workflowId: string,
  campaignId: string,
  pick: { keys: string[] } | { count: number | null },
) {
  if ('keys' in pick)
    return db
      .update(e)
      .set({ campaignId, updatedAt: new Date() })
      .where(and(eq(e.workflowId, workflowId), inArray(e.supplierKey, textList(pick.keys))))
      .returning({ id: e.id });
  const chosen = db
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.workflowId, workflowId), isNull(e.campaignId), inArray(e.status, ['Pending', 'Active'])))
    .orderBy(desc(e.spend), asc(e.supplierKey))
    .limit(pick.count ?? 1_000_000);
  return db.update(e).set({ campaignId, updatedAt: new Date() }).where(inArray(e.id, chosen)).returning({ id: e.id });
}

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

export async function eventsOf(db: DbOrTx, enrolmentId: string) {
  return db
    .select({ event: campaignEnrolmentEvents, campaignName: campaigns.name })
    .from(campaignEnrolmentEvents)
    .leftJoin(campaigns, eq(campaigns.id, campaignEnrolmentEvents.campaignId))
    .where(eq(campaignEnrolmentEvents.enrolmentId, enrolmentId))
    .orderBy(desc(campaignEnrolmentEvents.occurredAt), desc(campaignEnrolmentEvents.id));
}

export async function emailsOf(db: DbOrTx, enrolmentId: string) {
  return db
    .select({ email: campaignEmails, campaignName: campaigns.name })
    .from(campaignEmails)
    .innerJoin(campaigns, eq(campaigns.id, campaignEmails.campaignId))
    .where(eq(campaignEmails.enrolmentId, enrolmentId))
    .orderBy(desc(campaignEmails.createdAt));
}

export async function findEmail(db: DbOrTx, enrolmentId: string, emailId: string) {
  const [row] = await db
    .select()
    .from(campaignEmails)
    .where(and(eq(campaignEmails.enrolmentId, enrolmentId), eq(campaignEmails.id, emailId)));
  return row;
}

export async function updateEmail(db: DbOrTx, id: string, values: Partial<typeof campaignEmails.$inferInsert>) {
  await db.update(campaignEmails).set(values).where(eq(campaignEmails.id, id));
}

/** Enrolments of a wave with a contact address and no email of this wave yet (the outreach's work list). */
export async function outreachTargets(db: DbOrTx, campaignId: string, limit: number) {
  return db
    .select()
    .from(e)
    .where(
      and(
        eq(e.campaignId, campaignId),
        sql`${e.contactEmail} is not null`,
        eq(e.missing, false),
        inArray(e.status, ['Pending', 'Active']),
        sql`not exists (select 1 from ${campaignEmails} m where m.campaign_id = ${campaignId} and m.enrolment_id = ${e.id})`,
      ),
    )
    .orderBy(desc(e.spend), asc(e.supplierKey))
    .limit(limit);
}

export async function outreachCounts(db: DbOrTx, campaignId: string) {
  const emailed = sql`exists (select 1 from ${campaignEmails} where ${campaignEmails.campaignId} = ${campaignId} and ${campaignEmails.enrolmentId} = ${e.id})`;
  const reachable = sql`${e.contactEmail} is not null and not ${e.missing} and ${e.status} in ('Pending', 'Active')`;
  const [r] = await db
    .select({
      total: count(),
      withEmail: sql<number>`(count(*) filter (where ${e.contactEmail} is not null))::int`,
      sent: sql<number>`(count(*) filter (where ${emailed}))::int`,
      outstanding: sql<number>`(count(*) filter (where ${reachable} and not ${emailed}))::int`,
    })
    .from(e)
    .where(eq(e.campaignId, campaignId));
  return {
    total: Number(r?.total ?? 0),
    withEmail: Number(r?.withEmail ?? 0),
    sent: Number(r?.sent ?? 0),
    outstanding: Number(r?.outstanding ?? 0),
  };
}

export async function insertEmail(db: DbOrTx, values: typeof campaignEmails.$inferInsert) {
  const [row] = await db.insert(campaignEmails).values(values).onConflictDoNothing().returning();
  return row;
}

export async function jobHasWorkflow(db: DbOrTx, jobId: string): Promise<boolean> {
  const [any] = await db
    .select({ id: campaignWorkflows.id })
    .from(campaignWorkflows)
    .where(eq(campaignWorkflows.jobId, jobId))
    .limit(1);
  return any !== undefined;
}

export async function workflowsOfJob(db: DbOrTx, jobId: string) {
  return db.select().from(campaignWorkflows).where(eq(campaignWorkflows.jobId, jobId));
}

/** The job a workflow belongs to (the outreach command reads it before sending). */
export async function workflowJobId(db: DbOrTx, workflowId: string): Promise<string | undefined> {
  const [wf] = await db
    .select({ jobId: campaignWorkflows.jobId })
    .from(campaignWorkflows)
    .where(eq(campaignWorkflows.id, workflowId));
  return wf?.jobId;
}

/** Who an outreach email of the job comes from: its issuer (and branding) and buyer. */
export async function senderRow(db: DbOrTx, jobId: string) {
  const [row] = await db
    .select({
      issuerName: issuers.name,
      language: issuers.language,
      buyerName: buyers.name,
      branding: brandings,
    })
    .from(jobArtifacts)
    .innerJoin(issuers, eq(issuers.id, jobArtifacts.issuerId))
    .leftJoin(buyers, eq(buyers.id, jobArtifacts.buyerId))
    .leftJoin(brandings, eq(brandings.brandingId, issuers.brandingId))
    .where(eq(jobArtifacts.id, jobId));
  return row;
}

/** The outreach email of the workflow a bounce report is about: by its id when known, else the latest to the address. */
export async function bouncedEmail(db: DbOrTx, workflowId: string, emailId: string | null, recipient: string | null) {
  const [match] = await db
    .select({ email: campaignEmails, supplierName: campaignEnrolments.supplierName })
    .from(campaignEmails)
    .innerJoin(campaignEnrolments, eq(campaignEnrolments.id, campaignEmails.enrolmentId))
    .where(
      and(
        eq(campaignEnrolments.workflowId, workflowId),
        emailId ? eq(campaignEmails.id, emailId) : sql`lower(${campaignEmails.toAddress}) = ${recipient ?? ''}`,
      ),
    )
    .orderBy(desc(campaignEmails.createdAt))
    .limit(1);
  return match;
}

/** The enrolment an enrolment link stands for, with its campaign's name and the job. */
export async function enrolmentOfLink(db: DbOrTx, enrolmentId: string, workflowId: string) {
  const [row] = await db
    .select({ enrolment: campaignEnrolments, campaignName: campaigns.name, jobId: campaignWorkflows.jobId })
    .from(campaignEnrolments)
    .innerJoin(campaignWorkflows, eq(campaignWorkflows.id, campaignEnrolments.workflowId))
    .leftJoin(campaigns, eq(campaigns.id, campaignEnrolments.campaignId))
    .where(and(eq(campaignEnrolments.id, enrolmentId), eq(campaignEnrolments.workflowId, workflowId)));
  return row;
}

/** The first use of an enrolment link issued at `issuedAt` (a link works once). */
export async function linkUseSince(db: DbOrTx, enrolmentId: string, issuedAt: Date) {
  const [used] = await db
    .select({ at: campaignEnrolmentEvents.occurredAt, toStatus: campaignEnrolmentEvents.toStatus })
    .from(campaignEnrolmentEvents)
    .where(
      and(
        eq(campaignEnrolmentEvents.enrolmentId, enrolmentId),
        eq(campaignEnrolmentEvents.kind, 'link'),
        gte(campaignEnrolmentEvents.occurredAt, issuedAt),
      ),
    )
    .limit(1);
  return used;
}

/** Updates an enrolment only while its status is still `expected`; returns whether it changed. */
export async function updateEnrolmentIfStatus(
  db: DbOrTx,
  id: string,
  expected: TEnrolmentStatus,
  values: Partial<typeof e.$inferInsert>,
): Promise<boolean> {
  const changed = await db
    .update(campaignEnrolments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(campaignEnrolments.id, id), eq(campaignEnrolments.status, expected)))
    .returning({ id: campaignEnrolments.id });
  return changed.length > 0;
}
