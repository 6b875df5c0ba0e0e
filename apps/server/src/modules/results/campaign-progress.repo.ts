/**
 * SQL of what the results pages show of the job's campaign workflows: a supplier's enrolments (supplier page) and
 * the achieved conversion (business case). Read here, not in the campaigns area, which builds on the results.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { campaignEnrolments as e, campaigns, campaignWorkflows, type DbOrTx } from '@sextant/db';

/** The supplier's enrolments across the job's workflows (the supplier page's Campaigns section). */
export async function supplierCampaigns(db: DbOrTx, jobId: string, supplierKey: string) {
  return db
    .select({
      id: campaignWorkflows.id,
      name: campaignWorkflows.name,
      status: e.status,
      campaignName: campaigns.name,
      route: campaigns.route,
      updatedAt: e.updatedAt,
    })
    .from(e)
    .innerJoin(campaignWorkflows, eq(campaignWorkflows.id, e.workflowId))
    .leftJoin(campaigns, eq(campaigns.id, e.campaignId))
    .where(and(eq(campaignWorkflows.jobId, jobId), eq(e.supplierKey, supplierKey)))
    .orderBy(desc(campaignWorkflows.createdAt));
}

/** Succeeded spend and supplier count over the job's workflows (achieved conversion of the business case). */
export async function achievedOf(db: DbOrTx, jobId: string) {
  const ofJob = and(eq(campaignWorkflows.jobId, jobId), eq(e.status, 'Succeeded'));
  const succeeded = db
    .select({ k: e.supplierKey, spend: sql<number>`max(${e.spend})`.as('spend') })
    .from(e)
    .innerJoin(campaignWorkflows, eq(campaignWorkflows.id, e.workflowId))
    .where(ofJob)
    .groupBy(e.supplierKey)
    .as('succeeded');
  const [r] = await db
    .select({ suppliers: count(), spend: sql<number>`coalesce(sum(${succeeded.spend}), 0)::float8` })
    .from(succeeded);
  const [all] = await db
    .select({ n: sql<number>`count(distinct ${e.supplierKey})::int` })
    .from(e)
    .innerJoin(campaignWorkflows, eq(campaignWorkflows.id, e.workflowId))
    .where(eq(campaignWorkflows.jobId, jobId));
  return { suppliers: Number(r?.suppliers ?? 0), spend: Number(r?.spend ?? 0), enrolled: Number(all?.n ?? 0) };
}
