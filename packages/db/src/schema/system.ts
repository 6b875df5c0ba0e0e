import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Key/value system settings: system mode, app timestamp, augmented text, legal versions. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/** Every email the product sends; delivered over SMTP when configured, else kept here (and logged). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').notNull().default('pending'), // pending | sent | failed | outbox
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);

/** Who did what to which target, and when. Never tokens or passwords. */
export const systemAuditLog = pgTable(
  'system_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    username: text('username'),
    issuerId: uuid('issuer_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    outcome: text('outcome').notNull().default('success'), // success | failure | denied
    details: jsonb('details'),
    ip: text('ip'),
  },
  (t) => [index('system_audit_log_at_idx').on(t.at), index('system_audit_log_action_idx').on(t.action)],
);
