import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TAcceptanceFeeRow, TIssuerMemberRole, TScheme } from '@sextant/shared/values';
import { brandings } from './brandings.ts';
import { users } from './users.ts';

/** A card issuer (bank), the tenant boundary (SPEC §3 Issuer). */
export const issuers = pgTable('issuers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  issuerKey: text('issuer_key').notNull().unique(),
  scheme: text('scheme').$type<TScheme>().notNull(),
  language: text('language').notNull(),
  currency: text('currency'),
  fallbackCountryIso3: text('fallback_country_iso3'),
  sendMagicLinks: boolean('send_magic_links').notNull().default(false),
  brandingId: uuid('branding_id')
    .notNull()
    .references(() => brandings.brandingId),
  analysisDataDownloadProfileId: text('analysis_data_download_profile_id').notNull(),
  matchedDataOnlyDownloadProfileId: text('matched_data_only_download_profile_id').notNull(),
  onboardingDataDownloadProfileId: text('onboarding_data_download_profile_id').notNull(),
  capabilities: text('capabilities').array().notNull().default([]),
  virtualLockboxes: text('virtual_lockboxes').array().notNull().default([]),
  /** New issuers take CSV uploads (the only option that needs nothing configured); the others are opted into. */
  inputDataOptions: text('input_data_options').array().notNull().default(['CsvFileUpload']),
  keyAliases: text('key_aliases').array().notNull().default([]),
  emailDomains: text('email_domains').array().notNull().default([]),
  hasSupplierIncludeList: boolean('has_supplier_include_list').notNull().default(false),
  hasSupplierExcludeList: boolean('has_supplier_exclude_list').notNull().default(false),
  /** The issuer's acceptance fee table for the supplier's case (packages/shared supplier-routes.ts); null: defaults. */
  acceptanceFees: jsonb('acceptance_fees').$type<TAcceptanceFeeRow[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's membership of an issuer: Manager or Member; domain users joined by email domain. */
export const issuerMemberships = pgTable(
  'issuer_memberships',
  {
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<TIssuerMemberRole>().notNull(),
    isDomainUser: boolean('is_domain_user').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuerId, t.userId] })],
);

/** A buyer: a corporate client of an issuer whose spend is analysed. */
export const buyers = pgTable('buyers', {
  id: uuid('id').primaryKey().defaultRandom(),
  issuerId: uuid('issuer_id')
    .notNull()
    .references(() => issuers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  countryIso3: text('country_iso3'),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
