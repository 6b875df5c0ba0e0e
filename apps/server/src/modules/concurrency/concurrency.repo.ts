/** SQL of presence and entity locks (concurrency.service.ts holds the protocol). */
import { and, eq, gt, sql } from 'drizzle-orm';
import { entityLocks, entityPresence, jobArtifacts, users, type DbOrTx } from '@sextant/db';
import { PRESENCE_TTL_SECONDS, type TEntityType } from '@sextant/shared';
import { jobVisibleCondition, type JobVisibility } from '../authorization/index.ts';

export interface EntityRef {
  entityType: TEntityType;
  entityId: string;
}

const lockOf = (ref: EntityRef) =>
  and(eq(entityLocks.entityType, ref.entityType), eq(entityLocks.entityId, ref.entityId));

const seenRecently = () => gt(entityPresence.lastSeenAt, sql`now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`);

/** The job's name when the caller may see it. */
export async function visibleJobName(db: DbOrTx, jobId: string, visibility: JobVisibility) {
  const [job] = await db
    .select({ name: jobArtifacts.name })
    .from(jobArtifacts)
    .where(and(eq(jobArtifacts.id, jobId), jobVisibleCondition(visibility)));
  return job;
}

export async function upsertPresence(db: DbOrTx, ref: EntityRef, userId: string, scope: string): Promise<void> {
  await db
    .insert(entityPresence)
    .values({ entityType: ref.entityType, entityId: ref.entityId, userId, scope })
    .onConflictDoUpdate({
      target: [entityPresence.entityType, entityPresence.entityId, entityPresence.userId],
      set: { lastSeenAt: sql`now()`, scope },
    });
}

/** Users seen on the entity within the presence window, by name. */
export async function presentUsers(db: DbOrTx, ref: EntityRef) {
  return db
    .select({ userId: entityPresence.userId, userName: users.displayName, scope: entityPresence.scope })
    .from(entityPresence)
    .innerJoin(users, eq(users.id, entityPresence.userId))
    .where(
      and(eq(entityPresence.entityType, ref.entityType), eq(entityPresence.entityId, ref.entityId), seenRecently()),
    )
    .orderBy(users.displayName);
}

export async function lockRow(db: DbOrTx, ref: EntityRef) {
  const [row] = await db.select().from(entityLocks).where(lockOf(ref));
  return row;
}

export async function userRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Takes or renews the lock when it is free, expired or already the user's (until `activeUntil`). */
export async function takeLock(db: DbOrTx, ref: EntityRef, userId: string, activeUntil: Date): Promise<void> {
  await db
    .insert(entityLocks)
    .values({ ...ref, holderUserId: userId, activeUntil })
    .onConflictDoUpdate({
      target: [entityLocks.entityType, entityLocks.entityId],
      set: {
        holderUserId: userId,
        activeUntil,
        updatedAt: sql`now()`,
        // a new holder starts with no pending request; a renewal keeps it
        requesterUserId: sql`case when ${entityLocks.holderUserId} = ${userId} then ${entityLocks.requesterUserId} else null end`,
        requestedAt: sql`case when ${entityLocks.holderUserId} = ${userId} then ${entityLocks.requestedAt} else null end`,
      },
      setWhere: sql`${entityLocks.holderUserId} = ${userId} or ${entityLocks.activeUntil} <= now()`,
    });
}

/** Gives the lock to the user whoever holds it, clearing requests and denials. */
export async function forceLockTo(db: DbOrTx, ref: EntityRef, userId: string, activeUntil: Date): Promise<void> {
  await db
    .update(entityLocks)
    .set({
      holderUserId: userId,
      activeUntil,
      requesterUserId: null,
      requestedAt: null,
      deniedUserId: null,
      deniedAt: null,
      updatedAt: new Date(),
    })
    .where(lockOf(ref));
}

/** Records the user's request for another user's live lock; false when there is no such lock to ask for. */
export async function recordLockRequest(db: DbOrTx, ref: EntityRef, userId: string): Promise<boolean> {
  const updated = await db
    .update(entityLocks)
    .set({
      requesterUserId: userId,
      requestedAt: new Date(),
      deniedUserId: null,
      deniedAt: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        lockOf(ref),
        gt(entityLocks.activeUntil, new Date()),
        sql`${entityLocks.holderUserId} <> ${userId}`,
        // a request already pending keeps its original time (no resetting someone else's grace period)
        sql`(${entityLocks.requesterUserId} is null or ${entityLocks.requesterUserId} = ${userId})`,
      ),
    )
    .returning();
  return updated.length > 0;
}

/** The holder turns the pending request down; false when the user holds no lock with a request. */
export async function recordLockDenial(db: DbOrTx, ref: EntityRef, holderId: string): Promise<boolean> {
  const updated = await db
    .update(entityLocks)
    .set({
      deniedUserId: sql`${entityLocks.requesterUserId}`,
      deniedAt: new Date(),
      requesterUserId: null,
      requestedAt: null,
      updatedAt: new Date(),
    })
    .where(and(lockOf(ref), eq(entityLocks.holderUserId, holderId), sql`${entityLocks.requesterUserId} is not null`))
    .returning();
  return updated.length > 0;
}

/** Everyone seen recently on a job the visibility covers, with the job's lock holder. */
export async function presenceOnVisibleJobs(db: DbOrTx, visibility: JobVisibility) {
  return db
    .select({
      userId: entityPresence.userId,
      userName: users.displayName,
      scope: entityPresence.scope,
      entityId: entityPresence.entityId,
      entityName: jobArtifacts.name,
      holder: entityLocks.holderUserId,
      until: entityLocks.activeUntil,
    })
    .from(entityPresence)
    .innerJoin(users, eq(users.id, entityPresence.userId))
    .innerJoin(jobArtifacts, sql`${jobArtifacts.id}::text = ${entityPresence.entityId}`)
    .leftJoin(
      entityLocks,
      and(eq(entityLocks.entityType, entityPresence.entityType), eq(entityLocks.entityId, entityPresence.entityId)),
    )
    .where(and(eq(entityPresence.entityType, 'JobArtifact'), seenRecently(), jobVisibleCondition(visibility)))
    .orderBy(users.displayName, jobArtifacts.name);
}
