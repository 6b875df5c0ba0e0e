import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Server-side sessions; the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(), // sha256(token) hex
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Roles chosen through the role switcher; null = the user's own roles. */
    activeRoles: jsonb('active_roles').$type<string[] | null>(),
    method: text('method').notNull(), // password | magic-link | oidc
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use sign-in tokens (magic links, invitations), stored hashed. */
export const signInTokens = pgTable(
  'sign_in_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose').notNull(), // magic-link | invite
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    callbackUrl: text('callback_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_tokens_email_idx').on(t.email)],
);

/** In-flight OIDC authorizations (state → PKCE verifier and nonce). */
export const oidcFlows = pgTable('oidc_flows', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  callbackUrl: text('callback_url'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Fixed-window counters for rate limits shared by every API node (login failures, magic-link requests). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
