/**
 * Entity presence and exclusive write access (SPEC §3, §4, §7 Concurrency).
 *
 * Lock protocol: a user tries to take the lock (granted when free, expired or already theirs; renewing extends
 * activeUntil by LOCK_TTL_SECONDS). Another user may request it: the holder sees the requester and may deny.
 * A request left unanswered for LOCK_REQUEST_GRACE_SECONDS lets the requester force the lock; users who may
 * change a job's owner (JobOwner_UPDATE) may force at any time. Every forced take-over is audited.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { entityLocks, entityPresence, jobArtifacts, users } from '@sextant/db';
import {
  LOCK_REQUEST_GRACE_SECONDS,
  LOCK_TTL_SECONDS,
  PRESENCE_TTL_SECONDS,
  type TActiveEntityUser,
  type TEntityLock,
  type TEntityType,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { FastifyRequest } from 'fastify';
import { jobVisibilityOf } from '../authorization/authorization.service.ts';
import { jobVisibleCondition } from '../authorization/authorization.repo.ts';

export interface EntityRef {
  entityType: TEntityType;
  entityId: string;
}

/** Resolves an entity the caller may see to its display name; 404 otherwise (no existence leak across tenants). */
export async function resolveEntity(ctx: AppContext, auth: AuthContext, ref: EntityRef): Promise<{ name: string }> {
  if (ref.entityType === 'JobArtifact') {
    if (!/^[0-9a-f-]{36}$/i.test(ref.entityId)) throw notFound('Job');
    const visibility = await jobVisibilityOf(ctx, auth);
    const [job] = await ctx.db
      .select({ name: jobArtifacts.name })
      .from(jobArtifacts)
      .where(and(eq(jobArtifacts.id, ref.entityId), jobVisibleCondition(visibility)));
    if (!job) throw notFound('Job');
    return job;
  }
  throw notFound('Entity');
}

export async function heartbeat(
  ctx: AppContext,
  auth: AuthContext,
  ref: EntityRef & { userId: string; scope?: string },
): Promise<boolean> {
  if (ref.userId !== auth.user.id) throw forbidden('You can only report yourself as active');
  await resolveEntity(ctx, auth, ref);
  await ctx.db
    .insert(entityPresence)
    .values({ entityType: ref.entityType, entityId: ref.entityId, userId: auth.user.id, scope: ref.scope ?? '' })
    .onConflictDoUpdate({
      target: [entityPresence.entityType, entityPresence.entityId, entityPresence.userId],
      set: { lastSeenAt: sql`now()`, scope: ref.scope ?? '' },
    });
  return true;
}

export async function activeUsers(ctx: AppContext, auth: AuthContext, ref: EntityRef): Promise<TActiveEntityUser[]> {
  const entity = await resolveEntity(ctx, auth, ref);
  const lock = await currentLock(ctx, ref);
  const rows = await ctx.db
    .select({ userId: entityPresence.userId, userName: users.displayName, scope: entityPresence.scope })
    .from(entityPresence)
    .innerJoin(users, eq(users.id, entityPresence.userId))
    .where(
      and(
        eq(entityPresence.entityType, ref.entityType),
        eq(entityPresence.entityId, ref.entityId),
        gt(entityPresence.lastSeenAt, sql`now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`),
      ),
    )
    .orderBy(users.displayName);
  return rows.map((r) => ({
    userName: r.userName,
    scope: r.scope,
    entityName: entity.name,
    exclusiveWriteAccess: lock?.holderUserId === r.userId,
  }));
}

async function currentLock(ctx: AppContext, ref: EntityRef) {
  const [row] = await ctx.db
    .select()
    .from(entityLocks)
    .where(and(eq(entityLocks.entityType, ref.entityType), eq(entityLocks.entityId, ref.entityId)));
  if (!row || row.activeUntil.getTime() <= Date.now()) return row ? { ...row, expired: true as const } : undefined;
  return { ...row, expired: false as const };
}

async function lockView(ctx: AppContext, auth: AuthContext, ref: EntityRef): Promise<TEntityLock> {
  const lock = await currentLock(ctx, ref);
  const live = lock && !lock.expired ? lock : undefined;
  const [holder] = live ? await ctx.db.select().from(users).where(eq(users.id, live.holderUserId)) : [];
  const [requester] = live?.requesterUserId
    ? await ctx.db.select().from(users).where(eq(users.id, live.requesterUserId))
    : [];
  const myRequestAt = live?.requesterUserId === auth.user.id ? live.requestedAt : null;
  return {
    entityId: ref.entityId,
    entityType: ref.entityType,
    exclusiveWriteAccess: live?.holderUserId === auth.user.id,
    activeUntilUtc: live ? live.activeUntil.toISOString() : null,
    holderFirstName: holder?.givenName ?? null,
    holderLastName: holder?.surname ?? null,
    holderEmail: holder?.email ?? null,
    holderUserId: holder?.id ?? null,
    requesterName: requester?.displayName ?? null,
    requesterId: requester?.id ?? null,
    requestDenied: Boolean(lock?.deniedUserId === auth.user.id && lock.deniedAt),
    canForceAfterUtc: myRequestAt
      ? new Date(myRequestAt.getTime() + LOCK_REQUEST_GRACE_SECONDS * 1000).toISOString()
      : null,
  };
}

export async function entityStatus(ctx: AppContext, auth: AuthContext, ref: EntityRef): Promise<TEntityLock> {
  await resolveEntity(ctx, auth, ref);
  return lockView(ctx, auth, ref);
}

const until = () => new Date(Date.now() + LOCK_TTL_SECONDS * 1000);

/** Takes or renews the lock when it is free, expired or already the caller's. */
export async function tryLock(ctx: AppContext, auth: AuthContext, ref: EntityRef): Promise<TEntityLock> {
  await resolveEntity(ctx, auth, ref);
  await ctx.db
    .insert(entityLocks)
    .values({ ...ref, holderUserId: auth.user.id, activeUntil: until() })
    .onConflictDoUpdate({
      target: [entityLocks.entityType, entityLocks.entityId],
      set: {
        holderUserId: auth.user.id,
        activeUntil: until(),
        updatedAt: sql`now()`,
        // a new holder starts with no pending request; a renewal keeps it
        requesterUserId: sql`case when ${entityLocks.holderUserId} = ${auth.user.id} then ${entityLocks.requesterUserId} else null end`,
        requestedAt: sql`case when ${entityLocks.holderUserId} = ${auth.user.id} then ${entityLocks.requestedAt} else null end`,
      },
      setWhere: sql`${entityLocks.holderUserId} = ${auth.user.id} or ${entityLocks.activeUntil} <= now()`,
    });
  return lockView(ctx, auth, ref);
}

export async function forceLock(
  ctx: AppContext,
  auth: AuthContext,
  ref: EntityRef,
  req: FastifyRequest,
): Promise<TEntityLock> {
  await resolveEntity(ctx, auth, ref);
  const lock = await currentLock(ctx, ref);
  const live = lock && !lock.expired && lock.holderUserId !== auth.user.id ? lock : undefined;
  if (live) {
    const graceOver =
      live.requesterUserId === auth.user.id &&
      live.requestedAt &&
      live.requestedAt.getTime() + LOCK_REQUEST_GRACE_SECONDS * 1000 <= Date.now();
    if (!graceOver && !auth.permissions.has('JobOwner_UPDATE')) return lockView(ctx, auth, ref);
    await ctx.db
      .update(entityLocks)
      .set({
        holderUserId: auth.user.id,
        activeUntil: until(),
        requesterUserId: null,
        requestedAt: null,
        deniedUserId: null,
        deniedAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(entityLocks.entityType, ref.entityType), eq(entityLocks.entityId, ref.entityId)));
    await writeAudit(
      ctx.db,
      {
        action: 'entity-lock.forced',
        targetType: ref.entityType,
        targetId: ref.entityId,
        details: { previousHolder: live.holderUserId },
      },
      req,
    );
    return lockView(ctx, auth, ref);
  }
  return tryLock(ctx, auth, ref);
}

/** Asks the holder for the lock; false when there is no other live holder to ask. */
export async function requestLock(ctx: AppContext, auth: AuthContext, ref: EntityRef): Promise<boolean> {
  await resolveEntity(ctx, auth, ref);
  const updated = await ctx.db
    .update(entityLocks)
    .set({
      requesterUserId: auth.user.id,
      requestedAt: new Date(),
      deniedUserId: null,
      deniedAt: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(entityLocks.entityType, ref.entityType),
        eq(entityLocks.entityId, ref.entityId),
        gt(entityLocks.activeUntil, new Date()),
        sql`${entityLocks.holderUserId} <> ${auth.user.id}`,
        // a request already pending keeps its original time (no resetting someone else's grace period)
        sql`(${entityLocks.requesterUserId} is null or ${entityLocks.requesterUserId} = ${auth.user.id})`,
      ),
    )
    .returning();
  return updated.length > 0;
}

/** The holder turns a pending request down. */
export async function denyLock(ctx: AppContext, auth: AuthContext, ref: EntityRef): Promise<boolean> {
  await resolveEntity(ctx, auth, ref);
  const updated = await ctx.db
    .update(entityLocks)
    .set({
      deniedUserId: sql`${entityLocks.requesterUserId}`,
      deniedAt: new Date(),
      requesterUserId: null,
      requestedAt: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(entityLocks.entityType, ref.entityType),
        eq(entityLocks.entityId, ref.entityId),
        eq(entityLocks.holderUserId, auth.user.id),
        sql`${entityLocks.requesterUserId} is not null`,
      ),
    )
    .returning();
  return updated.length > 0;
}

/** Everyone active on any job the caller may see (the navbar's active-users quick view). */
export async function allActiveUsers(ctx: AppContext, auth: AuthContext): Promise<TActiveEntityUser[]> {
  const visibility = await jobVisibilityOf(ctx, auth);
  const rows = await ctx.db
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
    .where(
      and(
        eq(entityPresence.entityType, 'JobArtifact'),
        gt(entityPresence.lastSeenAt, sql`now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`),
        jobVisibleCondition(visibility),
      ),
    )
    .orderBy(users.displayName, jobArtifacts.name);
  return rows.map((r) => ({
    userName: r.userName,
    scope: r.scope,
    entityName: r.entityName,
    exclusiveWriteAccess: r.holder === r.userId && r.until !== null && r.until.getTime() > Date.now(),
  }));
}
