/** SQL of a workflow's enrolments (one per supplier): bulk insert, their events, status changes, wave assignment, enrolment links. */
import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { campaignEnrolmentEvents, campaignEnrolments, campaigns, campaignWorkflows, type DbOrTx } from '@sextant/db';
import type { TEnrolmentEventKind, TEnrolmentStatus } from '@sextant/shared';

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

export async function eventsOf(db: DbOrTx, enrolmentId: string) {
  return db
    .select({ event: campaignEnrolmentEvents, campaignName: campaigns.name })
    .from(campaignEnrolmentEvents)
    .leftJoin(campaigns, eq(campaigns.id, campaignEnrolmentEvents.campaignId))
    .where(eq(campaignEnrolmentEvents.enrolmentId, enrolmentId))
    .orderBy(desc(campaignEnrolmentEvents.occurredAt), desc(campaignEnrolmentEvents.id));
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
