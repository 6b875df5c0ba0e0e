import { customType, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TBrandingAssetKind, TBrandingColours, TThemeKey } from '@sextant/shared/values';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** A branding: theme and pre-login look chosen by domain (SPEC §3 Branding), administered under /api/v2/brandings. */
export const brandings = pgTable('brandings', {
  brandingId: uuid('branding_id').primaryKey().defaultRandom(),
  brandingKey: text('branding_key').notNull().unique(),
  theme: text('theme').$type<TThemeKey>().notNull(),
  brandingDisplayName: text('branding_display_name').notNull(),
  /** The first of the branding's domains (branding_domains), kept for the user's domain redirect. */
  fullDomainName: text('full_domain_name').unique(),
  emailSenderAddress: text('email_sender_address').notNull(),
  emailSenderName: text('email_sender_name').notNull(),
  /** Colours checked for WCAG AA on write; null: the theme's. */
  colours: jsonb('colours').$type<TBrandingColours>(),
  emailFooter: text('email_footer').notNull().default(''),
  /** Login-page text per language. */
  loginTexts: jsonb('login_texts').$type<Record<string, string>>().notNull().default({}),
  /** Retired: answers on no domain and cannot be assigned; issuers and users keep it. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The host names a branding answers on: a domain belongs to at most one branding. */
export const brandingDomains = pgTable('branding_domains', {
  domain: text('domain').primaryKey(),
  brandingId: uuid('branding_id')
    .notNull()
    .references(() => brandings.brandingId, { onDelete: 'cascade' }),
});

/** A branding's images (logo, favicon, login image), sanitised (SVG) or checked by magic bytes (PNG, JPEG). */
export const brandingAssets = pgTable(
  'branding_assets',
  {
    brandingId: uuid('branding_id')
      .notNull()
      .references(() => brandings.brandingId, { onDelete: 'cascade' }),
    kind: text('kind').$type<TBrandingAssetKind>().notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    sha256: text('sha256').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandingId, t.kind] })],
);
