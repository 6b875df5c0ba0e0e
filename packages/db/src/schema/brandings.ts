import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TThemeKey } from '@sextant/shared/values';

/** A branding: theme and pre-login look chosen by domain (SPEC §3 Branding). */
export const brandings = pgTable('brandings', {
  brandingId: uuid('branding_id').primaryKey().defaultRandom(),
  brandingKey: text('branding_key').notNull().unique(),
  theme: text('theme').$type<TThemeKey>().notNull(),
  brandingDisplayName: text('branding_display_name').notNull(),
  fullDomainName: text('full_domain_name').unique(),
  emailSenderAddress: text('email_sender_address').notNull(),
  emailSenderName: text('email_sender_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
