/** SQL of outreach emails: an enrolment's emails, the outreach work list and counts, the sender, the email a bounce is about. */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  campaignEmails,
  campaignEnrolments,
  campaigns,
  brandings,
  buyers,
  issuers,
  jobArtifacts,
  type DbOrTx,
} from '@sextant/db';

const e = campaignEnrolments;

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
