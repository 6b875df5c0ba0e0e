/**
 * Presence polling intervals (SPEC §7 polling), without zod; concurrency.ts adds the schemas.
 */
/** Heartbeat of a page that reports its user as active (SPEC §7 polling). */
export const ENTITY_HEARTBEAT_MS = 3_000;

/** Active users list refresh (SPEC §7 polling). */
export const ACTIVE_USERS_POLL_MS = 2_000;
