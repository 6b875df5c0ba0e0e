import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Exclusive write access to an entity (SPEC §3 Entity lock): one holder until activeUntil; another user may
 * request it (the holder may deny), and may force it once a request went unanswered.
 */
export const entityLocks = pgTable(
  'entity_locks',
  {
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    holderUserId: uuid('holder_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeUntil: timestamp('active_until', { withTimezone: true }).notNull(),
    requesterUserId: uuid('requester_user_id').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    deniedUserId: uuid('denied_user_id').references(() => users.id, { onDelete: 'set null' }),
    deniedAt: timestamp('denied_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entityType, t.entityId] })],
);

/** Who is on an entity's pages right now (SPEC §3 Active entity user), kept fresh by a 3 s heartbeat. */
export const entityPresence = pgTable(
  'entity_presence',
  {
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull().default(''),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityType, t.entityId, t.userId] }),
    index('entity_presence_seen_idx').on(t.lastSeenAt),
  ],
);
