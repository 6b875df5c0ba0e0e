import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TSignInTokenPurpose } from '@sextant/shared/values';
import { users } from './users.ts';
import { jobArtifacts } from './jobs.ts';

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

/**
 * Magic links, stored hashed: single-use sign-in tokens (magic links, invitations) and job-upload links (an
 * external user may upload files into one job until the link expires, is revoked or is finished; never a session).
 */
export const signInTokens = pgTable(
  'sign_in_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose').notNull().$type<TSignInTokenPurpose>(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    callbackUrl: text('callback_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** job-upload: the one job the link opens. */
    jobArtifactId: uuid('job_artifact_id').references(() => jobArtifacts.id, { onDelete: 'cascade' }),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /** job-upload: uploads made with the link and the last one. */
    useCount: integer('use_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('sign_in_tokens_email_idx').on(t.email),
    index('sign_in_tokens_created_idx').on(t.createdAt),
    index('sign_in_tokens_job_idx').on(t.jobArtifactId),
  ],
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
