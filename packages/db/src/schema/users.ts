import { boolean, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { brandings } from './brandings.ts';

/** People who sign in (SPEC §3 User). Identified by (idProviderName, idpId); username is unique. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idpId: text('idp_id').notNull(),
    idProviderName: text('id_provider_name').notNull(),
    username: text('username').notNull().unique(),
    email: text('email'),
    /**
     * The email is known to belong to the person: asserted by the identity provider (`email_verified`), proven by a
     * sign-in link sent to it, or entered by an administrator for a local account. Linking and merging accounts
     * (linked-accounts) and sign-in links by email use verified emails only.
     */
    emailVerified: boolean('email_verified').notNull().default(false),
    displayName: text('display_name').notNull(),
    givenName: text('given_name'),
    surname: text('surname'),
    passwordHash: text('password_hash'),
    approved: boolean('approved').notNull().default(false),
    isDeactivated: boolean('is_deactivated').notNull().default(false),
    eligible: boolean('eligible').notNull().default(true),
    pending: boolean('pending').notNull().default(false),
    canSwitchRoles: boolean('can_switch_roles').notNull().default(false),
    /**
     * Internal staff (DESIGN §6): scoped to every issuer. Set only by internal administrators, never inferred
     * from "has no issuer membership"; a user who is neither internal nor a member of an issuer sees no tenant data.
     */
    isInternal: boolean('is_internal').notNull().default(false),
    brandingId: uuid('branding_id').references(() => brandings.brandingId),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    agreedTermsVersion: text('agreed_terms_version'),
    agreedPrivacyVersion: text('agreed_privacy_version'),
    /**
     * The home dashboard's visits: the latest one, and the one before it ("what changed since my last visit"). A
     * visit more than 30 minutes after the latest starts a new one (reloading the page keeps the same changes).
     */
    dashboardVisitedAt: timestamp('dashboard_visited_at', { withTimezone: true }),
    dashboardPreviousVisitAt: timestamp('dashboard_previous_visit_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_idp_unique').on(t.idProviderName, t.idpId)],
);

/** Catalogue of roles, kept in step with packages/shared/src/permissions.ts at start-up. */
export const roles = pgTable('roles', {
  role: text('role').primaryKey(),
  kind: text('kind').notNull(), // standard | tabbedView
  displayName: text('display_name').notNull(),
  description: text('description').notNull(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role')
      .notNull()
      .references(() => roles.role),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** A user's own extra permissions, on top of their roles'. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] })],
);
