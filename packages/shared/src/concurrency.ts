/** Entity lock and presence contracts (SPEC §3 Entity lock, Active entity user; §7 Concurrency). */
import { z } from 'zod';

export * from './values/concurrency.ts';

export const ENTITY_TYPES = ['JobArtifact'] as const;
export const ZEntityType = z.enum(ENTITY_TYPES);
export type TEntityType = z.infer<typeof ZEntityType>;

/** A user is active while their last heartbeat is younger than this. */
export const PRESENCE_TTL_SECONDS = 10;
/** Exclusive write access lasts this long after the holder's last renewal. */
export const LOCK_TTL_SECONDS = 30;
/** A request left unanswered this long lets the requester force the lock. */
export const LOCK_REQUEST_GRACE_SECONDS = 30;

export const ZEntityRef = z.object({
  entityId: z.string().min(1).max(200),
  entityType: ZEntityType,
});
export const ZEntityActiveUserBody = ZEntityRef.extend({
  userId: z.string().uuid(),
  scope: z.string().max(100).optional(),
});

export const ZEntityLock = z.object({
  entityId: z.string(),
  entityType: ZEntityType,
  /** True when the caller holds exclusive write access. */
  exclusiveWriteAccess: z.boolean(),
  activeUntilUtc: z.string().nullable(),
  holderFirstName: z.string().nullable(),
  holderLastName: z.string().nullable(),
  holderEmail: z.string().nullable(),
  holderUserId: z.string().nullable(),
  requesterName: z.string().nullable(),
  requesterId: z.string().nullable(),
  /** The caller's last request was denied by the holder. */
  requestDenied: z.boolean(),
  /** When the caller may force the lock (after an unanswered request), or null. */
  canForceAfterUtc: z.string().nullable(),
});
export type TEntityLock = z.infer<typeof ZEntityLock>;

export const ZActiveEntityUser = z.object({
  userName: z.string(),
  scope: z.string(),
  entityName: z.string(),
  exclusiveWriteAccess: z.boolean(),
});
export type TActiveEntityUser = z.infer<typeof ZActiveEntityUser>;
