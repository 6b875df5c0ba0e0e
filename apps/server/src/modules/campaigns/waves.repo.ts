/** SQL of a workflow's campaigns (waves): list, one wave, counters and spend per wave, email counts, create/update. */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { campaignEmails, campaignEnrolments, campaigns, type DbOrTx } from '@sextant/db';
import { counterColumns } from './workflows.repo.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

const e = campaignEnrolments;

export async function campaignsOf(db: DbOrTx, workflowId: string) {
  return db
    .select()
    .from(campaigns)
    .where(eq(campaigns.workflowId, workflowId))
    .orderBy(asc(campaigns.createdAt), asc(campaigns.id));
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
