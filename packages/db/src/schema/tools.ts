import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TRegisterOfficer } from '@sextant/shared/values';
import { emailOutbox } from './system.ts';
import { users } from './users.ts';

/**
 * Tools area: the imported company register (companies lookup) and the log of messages sent with the
 * send-email tool. A register import upserts by company number (a later file updates a company).
 */
export const companyRegisterImports = pgTable('company_register_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileName: text('file_name').notNull(),
  rows: integer('rows').notNull(),
  importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

export const companyRegisterEntries = pgTable(
  'company_register_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    name: text('name').notNull(),
    /** lower-cased name, for the name search */
    nameSearch: text('name_search').notNull(),
    status: text('status'),
    address: text('address'),
    incorporationDate: date('incorporation_date'),
    sic: text('sic').array().notNull().default([]),
    officers: jsonb('officers').$type<TRegisterOfficer[] | null>(),
    importId: uuid('import_id')
      .notNull()
      .references(() => companyRegisterImports.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_register_entries_number_idx').on(t.number),
    index('company_register_entries_name_idx').on(t.nameSearch),
  ],
);

/** One row per recipient of a message sent with the send-email tool (the outbox row holds the body and status). */
export const toolEmails = pgTable(
  'tool_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outboxId: uuid('outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    recipientUserId: uuid('recipient_user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    brandingId: uuid('branding_id'),
    language: text('language').notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tool_emails_sent_at_idx').on(t.sentAt)],
);
