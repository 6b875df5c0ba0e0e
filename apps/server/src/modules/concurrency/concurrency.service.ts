/**
 * Entity presence and exclusive write access (SPEC §3, §4, §7 Concurrency).
 *
 * Lock protocol: a user tries to take the lock (granted when free, expired or already theirs; renewing extends
 * activeUntil by LOCK_TTL_SECONDS). Another user may request it: the holder sees the requester and may deny.
 * A request left unanswered for LOCK_REQUEST_GRACE_SECONDS lets the requester force the lock; users who may
 * change a job's owner (JobOwner_UPDATE) may force at any time. Every forced take-over is audited.
 */
import type { FastifyRequest } from 'fastify';
import {
  LOCK_REQUEST_GRACE_SECONDS,
  LOCK_TTL_SECONDS,
  type TActiveEntityUser,
  type TEntityLock,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import { jobVisibilityOf } from '../authorization/index.ts';
import {
  forceLockTo,
  lockRow,
  presenceOnVisibleJobs,
  presentUsers,
  recordLockDenial,
  recordLockRequest,
  takeLock,
  upsertPresence,
  userRow,
  visibleJobName,
  type EntityRef,
} from './concurrency.repo.ts';

/** Resolves an entity the caller may see to its display name; 404 otherwise (no existence leak across tenants). */
export async function resolveEntity(ctx: AppContext, auth: AuthContext, ref: EntityRef): Promise<{ name: string }> {
  if (ref.entityType === 'JobArtifact') {
    if (!/^[0-9a-f-]{36}$/i.test(ref.entityId)) throw notFound('Job');
    const visibility = await jobVisibilityOf(ctx, auth);
    const job = await visibleJobName(ctx.db, ref.entityId, visibility);
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
  await upsertPresence(ctx.db, ref, auth.user.id, ref.scope ?? '');
  return true;
}

export async function activeUsers(ctx: AppContext, auth: AuthContext, ref: EntityRef): Promise<TActiveEntityUser[]> {
  const entity = await resolveEntity(ctx, auth, ref);
  const lock = await currentLock(ctx, ref);
  const rows = await presentUsers(ctx.db, ref);
  return rows.map((r) => ({
    userName: r.userName,
    scope: r.scope,
    entityName: entity.name,
    exclusiveWriteAccess: lock?.holderUserId === r.userId,
  }));
}

async function currentLock(ctx: AppContext, ref: EntityRef) {
  const row = await lockRow(ctx.db, ref);
  if (!row || row.activeUntil.getTime() <= Date.now()) return row ? { ...row, expired: true as const } : undefined;
  return { ...row, expired: false as const };
}

async function lockView(ctx: AppContext, auth: AuthContext, ref: EntityRef): Promise<TEntityLock> {
  const lock = await currentLock(ctx, ref);
  const live = lock && !lock.expired ? lock : undefined;
  const holder = live ? await userRow(ctx.db, live.holderUserId) : undefined;
  const requester = live?.requesterUserId ? await userRow(ctx.db, live.requesterUserId) : undefined;
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
  await takeLock(ctx.db, ref, auth.user.id, until());
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
    // The take-over and its audit row in one transaction.
    await ctx.db.transaction(async (tx) => {
      await forceLockTo(tx, ref, auth.user.id, until());
      await writeAudit(
        tx,
        {
          action: 'entity-lock.forced',
          targetType: ref.entityType,
          targetId: ref.entityId,
          details: { previousHolder: live.holderUserId },
        },
        req,
      );
    });
    return lockView(ctx, auth, ref);
  }
  return tryLock(ctx, auth, ref);
}

/** Asks the holder for the lock; false when there is no other live holder to ask. */
export async function requestLock(ctx: AppContext, auth: AuthContext, ref: EntityRef): Promise<boolean> {
  await resolveEntity(ctx, auth, ref);
  return recordLockRequest(ctx.db, ref, auth.user.id);
}

/** The holder turns a pending request down. */
export async function denyLock(ctx: AppContext, auth: AuthContext, ref: EntityRef): Promise<boolean> {
  await resolveEntity(ctx, auth, ref);
  return recordLockDenial(ctx.db, ref, auth.user.id);
}

/** Everyone active on any job the caller may see (the navbar's active-users quick view). */
export async function allActiveUsers(ctx: AppContext, auth: AuthContext): Promise<TActiveEntityUser[]> {
  const visibility = await jobVisibilityOf(ctx, auth);
  const rows = await presenceOnVisibleJobs(ctx.db, visibility);
  return rows.map((r) => ({
    userName: r.userName,
    scope: r.scope,
    entityName: r.entityName,
    exclusiveWriteAccess: r.holder === r.userId && r.until !== null && r.until.getTime() > Date.now(),
  }));
}
