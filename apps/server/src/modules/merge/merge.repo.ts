/** SQL of Merge connections: one per job (upserted), by id or by Merge's end_user_origin_id. */
import { eq } from 'drizzle-orm';
import { issuers, jobArtifacts, mergeConnections, type DbOrTx } from '@sextant/db';

export type MergeConnectionRow = typeof mergeConnections.$inferSelect;

export async function connectionOfJob(db: DbOrTx, jobId: string) {
  const [row] = await db.select().from(mergeConnections).where(eq(mergeConnections.jobId, jobId));
  return row;
}

export async function connectionById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(mergeConnections).where(eq(mergeConnections.id, id));
  return row;
}

export async function connectionByOrigin(db: DbOrTx, endUserOriginId: string) {
  const [row] = await db.select().from(mergeConnections).where(eq(mergeConnections.endUserOriginId, endUserOriginId));
  return row;
}

/** Starts (or restarts) the job's connection: a new link keeps a held account token only when `keepToken`. */
export async function upsertConnection(
  db: DbOrTx,
  v: Pick<
    typeof mergeConnections.$inferInsert,
    'jobId' | 'issuerId' | 'via' | 'endUserOriginId' | 'endUserEmail' | 'status' | 'createdBy' | 'linkExpiresAt'
  >,
) {
  const [row] = await db
    .insert(mergeConnections)
    .values(v)
    .onConflictDoUpdate({
      target: mergeConnections.jobId,
      set: {
        via: v.via,
        endUserEmail: v.endUserEmail,
        status: v.status,
        linkExpiresAt: v.linkExpiresAt ?? null,
        createdBy: v.createdBy,
        lastMessage: null,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

export async function updateConnection(db: DbOrTx, id: string, set: Partial<typeof mergeConnections.$inferInsert>) {
  const [row] = await db
    .update(mergeConnections)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(mergeConnections.id, id))
    .returning();
  return row!;
}

/** The issuer's name and input data options. */
export async function issuerOptions(db: DbOrTx, issuerId: string) {
  const [row] = await db
    .select({ name: issuers.name, options: issuers.inputDataOptions })
    .from(issuers)
    .where(eq(issuers.id, issuerId));
  return row;
}

export async function jobOf(db: DbOrTx, jobId: string) {
  const [row] = await db.select().from(jobArtifacts).where(eq(jobArtifacts.id, jobId));
  return row;
}
