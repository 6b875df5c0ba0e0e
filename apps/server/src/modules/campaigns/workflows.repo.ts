/** SQL of campaign workflows: the workflow list (tenant scope), one workflow, its counters, create/update/delete, the workflows of a job. */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  campaignEnrolments,
  campaigns,
  campaignWorkflows,
  issuers,
  jobArtifacts,
  users,
  type DbOrTx,
} from '@sextant/db';
import type { TCampaignCounters } from '@sextant/shared';
import { jobVisibleCondition, type JobVisibility } from '../authorization/index.ts';

export type WorkflowRow = typeof campaignWorkflows.$inferSelect;

const e = campaignEnrolments;

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
