/**
 * Sign-in: password (argon2id), magic link (hashed single-use token, ≤ 10 minutes), OIDC (code + PKCE, users
 * identified by (idProviderName, idpId)), sessions (random token in an HttpOnly cookie, SHA-256 in the table,
 * idle and absolute expiry) and role switching. Every outcome is audited without secrets.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import {
  ERROR_CODES,
  MAGIC_LINK_TTL_SECONDS,
  SIGN_IN_PURPOSES,
  sameOriginPath,
  platformOnlyIn,
  ROLE_PERMISSIONS,
  switchableRoles,
  type TRole,
  escapeHtml,
  PRODUCT_CODE_NAME,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import { publicUrl } from '../../config.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { AppError, badRequest, forbidden, rateLimited } from '../../lib/errors.ts';
import { hit, release, reset } from '../../lib/rate-limit.ts';
import { writeAudit } from '../../lib/audit.ts';
import { sendEmail } from '../../lib/email.ts';
import { renderBrandedEmail } from '../../lib/email-template.ts';
import { emailTextIn, SIGN_IN_LINK_EMAIL } from '../../lib/email-texts.ts';
import { emailBrandingOf } from '../../lib/email-branding.ts';
import { readOnlyError, SESSION_COOKIE, type AuthUser } from '../../plugins/access.ts';
import { getSetting } from '../system/index.ts';
import { invalidateSession, invalidateUser } from '../../plugins/auth-cache.ts';
import {
  consumeUsableSignInToken,
  deleteSession,
  deleteUserSessions,
  insertOidcFlow,
  insertSession,
  insertSignInToken,
  insertUserRow,
  purgeExpired,
  setSessionRoles,
  signInTokenByHash,
  takeOidcFlow,
  touchUserActivity,
  updateUserProfile,
  userByEmailCi,
  userById,
  userByIdentity,
  userByUsernameCi,
  usernameTaken,
} from './auth.repo.ts';
import { userDefaults } from './current-user.ts';

export type SignInMethod = 'password' | 'magic-link' | 'oidc';

/** Only same-origin paths, rebuilt by the URL parser, are followed after sign-in (no open redirects). */
export function safeCallbackUrl(url: string | null | undefined): string {
  return sameOriginPath(url) ?? '/';
}

/** Cookies are Secure when this request or the public URL is https. */
const secureCookies = (ctx: AppContext, req: FastifyRequest) =>
  req.protocol === 'https' || (ctx.config.PUBLIC_URL?.startsWith('https:') ?? false);

export async function createSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser,
  method: SignInMethod,
) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ctx.config.SESSION_ABSOLUTE_HOURS * 3_600_000);
  await ctx.db.transaction(async (tx) => {
    await insertSession(tx, {
      id: sha256(token),
      userId: user.id,
      expiresAt,
      method,
      ip: req.ip,
      userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
    });
    await touchUserActivity(tx, user.id);
    await writeAudit(
      tx,
      {
        action: 'auth.sign-in',
        targetType: 'user',
        targetId: user.id,
        userId: user.id,
        username: user.username,
        details: { method },
      },
      req,
    );
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(ctx, req),
    expires: expiresAt,
  });
  return token;
}

export async function destroySession(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const auth = req.auth;
  if (auth) {
    await ctx.db.transaction(async (tx) => {
      await deleteSession(tx, auth.sessionId);
      await writeAudit(tx, { action: 'auth.sign-out', targetType: 'user', targetId: auth.user.id }, req);
    });
    invalidateSession(auth.sessionId); // session cache (plugins/auth-cache.ts)
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Sign out every session of a user (deactivation). */
export async function destroyUserSessions(ctx: AppContext, userId: string): Promise<void> {
  await deleteUserSessions(ctx.db, userId);
  invalidateUser(userId); // session cache (plugins/auth-cache.ts)
}

export async function passwordLogin(
  ctx: AppContext,
  req: FastifyRequest,
  username: string,
  password: string,
): Promise<AuthUser> {
  const windowSeconds = ctx.config.LOGIN_WINDOW_MINUTES * 60;
  const accountKey = `login:account:${username.toLowerCase()}`;
  const ipKey = `login:ip:${req.ip}`;
  // Hit first, judge after: each attempt takes its own place in the window in one atomic statement, so of N parallel
  // attempts exactly the limit get a password check (peek-then-hit judged 7 of 25 parallel guesses against a limit
  // of 5, all 25 on PGlite).
  const [accountAttempts, ipAttempts] = await Promise.all([
    hit(ctx.db, accountKey, windowSeconds),
    hit(ctx.db, ipKey, windowSeconds),
  ]);
  if (
    accountAttempts > ctx.config.LOGIN_MAX_FAILURES_PER_ACCOUNT ||
    ipAttempts > ctx.config.LOGIN_MAX_FAILURES_PER_IP
  ) {
    await writeAudit(
      ctx.db,
      {
        action: 'auth.sign-in',
        targetType: 'username',
        targetId: username,
        outcome: 'denied',
        details: { reason: 'rate-limited' },
      },
      req,
    );
    throw rateLimited(`Too many failed sign-in attempts. Try again in ${ctx.config.LOGIN_WINDOW_MINUTES} minutes.`);
  }
  const user = await userByUsernameCi(ctx.db, username);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await writeAudit(
      ctx.db,
      {
        action: 'auth.sign-in',
        targetType: 'username',
        targetId: username,
        outcome: 'failure',
        userId: user?.id ?? null,
        username,
        details: { reason: 'invalid-credentials' },
      },
      req,
    );
    throw new AppError(401, ERROR_CODES.invalidCredentials, 'The username or password is incorrect');
  }
  // The right password: the attempt was not a failure (the account's count starts again, the address's loses it).
  await Promise.all([reset(ctx.db, accountKey), release(ctx.db, ipKey)]);
  if (user.isDeactivated) {
    await writeAudit(
      ctx.db,
      {
        action: 'auth.sign-in',
        targetType: 'user',
        targetId: user.id,
        outcome: 'denied',
        userId: user.id,
        username: user.username,
        details: { reason: 'deactivated' },
      },
      req,
    );
    throw new AppError(
      403,
      ERROR_CODES.accountDeactivated,
      'This account has been deactivated. Contact your administrator.',
    );
  }
  return user;
}

const GENERIC_MAGIC_LINK_MESSAGE =
  'If an account exists for that address, a sign-in link is on its way. It is valid for 10 minutes.';

export async function requestMagicLink(
  ctx: AppContext,
  req: FastifyRequest,
  email: string,
  callbackUrl?: string,
): Promise<string> {
  const normalised = email.trim().toLowerCase();
  const window = 15 * 60;
  const [perEmail, perIp] = await Promise.all([
    hit(ctx.db, `magic:email:${normalised}`, window),
    hit(ctx.db, `magic:ip:${req.ip}`, window),
  ]);
  if (perEmail > ctx.config.MAGIC_LINK_MAX_PER_EMAIL || perIp > ctx.config.MAGIC_LINK_MAX_PER_IP) {
    throw rateLimited('Too many sign-in links requested. Try again in 15 minutes.');
  }
  const user = await userByEmailCi(ctx.db, normalised);
  if (!user || user.isDeactivated) {
    await writeAudit(
      ctx.db,
      {
        action: 'auth.magic-link.request',
        targetType: 'email',
        targetId: normalised,
        outcome: 'failure',
        details: { reason: user ? 'deactivated' : 'unknown-email' },
      },
      req,
    );
    return GENERIC_MAGIC_LINK_MESSAGE;
  }
  const token = newToken();
  // The token and its audit row commit together; the email goes out after (SMTP is no part of the transaction).
  await ctx.db.transaction(async (tx) => {
    await insertSignInToken(tx, {
      tokenHash: sha256(token),
      purpose: 'magic-link',
      userId: user.id,
      email: normalised,
      callbackUrl: safeCallbackUrl(callbackUrl),
      expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_SECONDS * 1000),
    });
    await writeAudit(
      tx,
      {
        action: 'auth.magic-link.request',
        targetType: 'user',
        targetId: user.id,
        userId: user.id,
        username: user.username,
      },
      req,
    );
  });
  const link = `${publicUrl(ctx.config)}/login/magic?token=${encodeURIComponent(token)}`;
  // The reader's branding (their own, else their first issuer's) and language (their first issuer's).
  const defaults = await userDefaults(ctx, user);
  const branding = (await emailBrandingOf(ctx.db, ctx.config, defaults.branding?.brandingId)) ?? null;
  const texts = emailTextIn(SIGN_IN_LINK_EMAIL, defaults.language);
  const mail = renderBrandedEmail({
    branding,
    language: defaults.language,
    subject: texts.subject,
    body: texts.body,
    fields: { name: user.displayName, brand: branding?.brandingDisplayName ?? PRODUCT_CODE_NAME, link },
  });
  await sendEmail(ctx, {
    to: user.email!,
    subject: mail.subject,
    secrets: [token, encodeURIComponent(token), escapeHtml(encodeURIComponent(token))],
    text: mail.text,
    html: mail.html,
    ...(mail.from ? { from: mail.from } : {}),
  });
  return GENERIC_MAGIC_LINK_MESSAGE;
}

/** Why a sign-in token cannot be used, in words for the person holding the link. */
const SIGN_IN_TOKEN_REFUSALS = {
  'unknown-token': 'This sign-in link is not valid. Request a new one.',
  'not-a-sign-in-link': 'This link is not a sign-in link. Request a new one.',
  revoked: 'This sign-in link has been revoked by an administrator. Request a new one.',
  used: 'This sign-in link has already been used. Request a new one.',
  expired: 'This sign-in link has expired. Request a new one.',
} as const;

/**
 * Consumes a sign-in token atomically: at most one caller ever gets the user. Only sign-in purposes (magic-link,
 * invite) open a session: a job-upload link never does. A refusal names its reason (revoked, used, expired).
 */
export async function consumeSignInToken(
  ctx: AppContext,
  req: FastifyRequest,
  token: string,
): Promise<{ user: AuthUser; callbackUrl: string }> {
  const hash = sha256(token);
  const now = new Date();
  const used = await consumeUsableSignInToken(ctx.db, hash, now);
  const user = used?.userId ? await userById(ctx.db, used.userId) : undefined;
  if (!used || !user) {
    const row = used ? undefined : await signInTokenByHash(ctx.db, hash);
    const reason: keyof typeof SIGN_IN_TOKEN_REFUSALS = !row
      ? 'unknown-token'
      : !SIGN_IN_PURPOSES.includes(row.purpose)
        ? 'not-a-sign-in-link'
        : row.revokedAt
          ? 'revoked'
          : row.usedAt
            ? 'used'
            : 'expired';
    await writeAudit(
      ctx.db,
      {
        action: 'auth.sign-in',
        targetType: 'sign-in-token',
        targetId: row?.id ?? null,
        outcome: 'failure',
        details: { reason, method: 'magic-link' },
      },
      req,
    );
    throw new AppError(400, ERROR_CODES.invalidToken, SIGN_IN_TOKEN_REFUSALS[reason]);
  }
  if (user.isDeactivated)
    throw new AppError(
      403,
      ERROR_CODES.accountDeactivated,
      'This account has been deactivated. Contact your administrator.',
    );
  if (used.purpose === 'invite' && !user.email) throw badRequest('The invitation has no email address');
  return { user, callbackUrl: safeCallbackUrl(used.callbackUrl) };
}

/** Creates a single-use invitation link for a user (admin invite). */
export async function createInvitationLink(
  ctx: AppContext,
  user: AuthUser,
  ttlSeconds = MAGIC_LINK_TTL_SECONDS,
): Promise<string> {
  if (!user.email) throw badRequest('The user has no email address to invite');
  const token = newToken();
  await insertSignInToken(ctx.db, {
    tokenHash: sha256(token),
    purpose: 'invite',
    userId: user.id,
    email: user.email.toLowerCase(),
    callbackUrl: '/',
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return `${publicUrl(ctx.config)}/login/magic?token=${encodeURIComponent(token)}`;
}

export async function purgeExpiredAuthRows(ctx: AppContext): Promise<void> {
  await purgeExpired(ctx.db, new Date());
}

// ---------- OIDC ----------
let oidcConfig: Promise<oidc.Configuration> | undefined;
function oidcConfiguration(ctx: AppContext): Promise<oidc.Configuration> {
  const c = ctx.config;
  if (!c.oidcEnabled) throw new AppError(404, ERROR_CODES.notFound, 'Single sign-on is not configured');
  oidcConfig ??= oidc
    .discovery(
      new URL(c.OIDC_ISSUER_URL!),
      c.OIDC_CLIENT_ID!,
      c.OIDC_CLIENT_SECRET ? { client_secret: c.OIDC_CLIENT_SECRET } : undefined,
      undefined,
      c.OIDC_ALLOW_INSECURE ? { execute: [oidc.allowInsecureRequests] } : undefined,
    )
    .catch((err: unknown) => {
      oidcConfig = undefined;
      throw err;
    });
  return oidcConfig;
}
/** Forget the discovered provider (tests start a new one). */
export function resetOidcCache(): void {
  oidcConfig = undefined;
}

const oidcRedirectUri = (ctx: AppContext) => `${publicUrl(ctx.config)}/api/v1/auth/oidc/callback`;

/**
 * The browser that started a single sign-on keeps its `state` in this HttpOnly cookie; the callback is only
 * accepted with it. Without the binding, an attacker could start a sign-in, stop at the callback URL of their own
 * account and have a victim open it: the victim would be signed in as the attacker (login CSRF).
 */
export const OIDC_STATE_COOKIE = 'sextant_oidc_state';
const OIDC_COOKIE_PATH = '/api/v1/auth/oidc';
const OIDC_FLOW_SECONDS = 600;

/** Starts a single sign-on in this browser (state cookie set on `reply`); the identity provider's URL. */
export async function oidcStart(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  callbackUrl?: string,
): Promise<string> {
  const config = await oidcConfiguration(ctx);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await insertOidcFlow(ctx.db, {
    state,
    codeVerifier,
    nonce,
    callbackUrl: safeCallbackUrl(callbackUrl),
    expiresAt: new Date(Date.now() + OIDC_FLOW_SECONDS * 1000),
  });
  // SameSite=Lax: the provider's redirect back is a top-level GET navigation, which carries it.
  reply.setCookie(OIDC_STATE_COOKIE, state, {
    path: OIDC_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(ctx, req),
    maxAge: OIDC_FLOW_SECONDS,
  });
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: oidcRedirectUri(ctx),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    .toString();
}

export async function oidcCallback(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<{ user: AuthUser; callbackUrl: string }> {
  const config = await oidcConfiguration(ctx);
  const current = new URL(req.url, publicUrl(ctx.config));
  const state = current.searchParams.get('state');
  const browserState = req.cookies[OIDC_STATE_COOKIE];
  reply.clearCookie(OIDC_STATE_COOKIE, { path: OIDC_COOKIE_PATH });
  if (!state) throw badRequest('The sign-in response has no state');
  if (!browserState || !sameSecret(browserState, state))
    throw new AppError(
      400,
      ERROR_CODES.invalidToken,
      'This sign-in was not started in this browser (or it has expired). Start again.',
    );
  const flow = await takeOidcFlow(ctx.db, state);
  if (!flow || flow.expiresAt.getTime() < Date.now())
    throw new AppError(400, ERROR_CODES.invalidToken, 'This sign-in attempt has expired. Start again.');
  const tokens = await oidc.authorizationCodeGrant(config, current, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims?.sub) throw badRequest('The identity provider did not return a subject');
  // Providers may keep profile claims out of the ID token; then they come from the userinfo endpoint.
  const needsUserInfo = !idClaims.email && !idClaims.name && !idClaims.given_name;
  const claims: Record<string, unknown> & { sub: string } = needsUserInfo
    ? { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), sub: idClaims.sub }
    : idClaims;
  const provider = ctx.config.OIDC_PROVIDER_NAME;
  let user = await userByIdentity(ctx.db, provider, claims.sub);
  const email = typeof claims.email === 'string' ? claims.email : null;
  // Only the provider's explicit `email_verified: true` makes the email the person's (OIDC Core §5.1); without it the
  // email is kept for display but never links, merges or receives sign-in links (docs/SECURITY.md).
  const emailVerified = email !== null && claims.email_verified === true;
  const mode = await getSetting(ctx.db, 'systemMode');
  const givenName = typeof claims.given_name === 'string' ? claims.given_name : null;
  const surname = typeof claims.family_name === 'string' ? claims.family_name : null;
  const name =
    typeof claims.name === 'string'
      ? claims.name
      : [givenName, surname].filter(Boolean).join(' ') || email || claims.sub;
  if (!user) {
    // Read-only mode stops every write but signing in: a new identity is not provisioned until the mode is Live.
    if (mode !== 'Live') throw readOnlyError();
    // New identities are provisioned unapproved (lobby until an administrator approves); never linked by email.
    const username = await uniqueUsername(ctx, (email ?? `${provider}-${claims.sub}`).toLowerCase());
    user = await ctx.db.transaction(async (tx) => {
      const created = await insertUserRow(tx, {
        idProviderName: provider,
        idpId: claims.sub,
        username,
        email,
        emailVerified,
        displayName: name,
        givenName,
        surname,
        approved: false,
        pending: true,
      });
      await writeAudit(
        tx,
        {
          action: 'user.provisioned',
          targetType: 'user',
          targetId: created.id,
          userId: created.id,
          username,
          details: { provider },
        },
        req,
      );
      return created;
    });
  } else if (mode === 'Live') {
    // The provider's word on the email replaces ours: a changed or no longer verified email is unverified.
    user = await updateUserProfile(ctx.db, user.id, {
      email: email ?? user.email,
      emailVerified: email === null ? user.emailVerified : emailVerified,
      givenName: givenName ?? user.givenName,
      surname: surname ?? user.surname,
    });
    invalidateUser(user.id); // session cache (plugins/auth-cache.ts)
  }
  if (user.isDeactivated)
    throw new AppError(
      403,
      ERROR_CODES.accountDeactivated,
      'This account has been deactivated. Contact your administrator.',
    );
  return { user, callbackUrl: safeCallbackUrl(flow.callbackUrl) };
}

async function uniqueUsername(ctx: AppContext, wanted: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const candidate = i === 0 ? wanted : `${wanted}-${i + 1}`;
    if (!(await usernameTaken(ctx.db, candidate))) return candidate;
  }
  return `${wanted}-${newToken(4)}`;
}

/**
 * Replaces the session's roles (null: back to the user's own). Switching only narrows (DESIGN §6): every chosen
 * role must grant nothing beyond the user's own roles (switchableRoles); a refusal is audited.
 */
export async function switchRoles(ctx: AppContext, req: FastifyRequest, roles: TRole[] | null): Promise<void> {
  const auth = req.auth!;
  if (!auth.user.canSwitchRoles) throw forbidden('You cannot switch roles');
  if (roles) {
    const allowed = new Set(switchableRoles(auth.ownRoles, auth.user.isInternal));
    const refused = [...new Set(roles)].filter((r) => !allowed.has(r));
    if (refused.length) {
      const platformOnly = auth.user.isInternal
        ? []
        : refused.filter((r) => platformOnlyIn(ROLE_PERMISSIONS[r]).length);
      await writeAudit(
        ctx.db,
        {
          action: 'auth.roles.switch',
          targetType: 'user',
          targetId: auth.user.id,
          outcome: 'denied',
          details: { roles, refused },
        },
        req,
      );
      if (platformOnly.length)
        throw forbidden(
          `You cannot switch to ${platformOnly.join(', ')}: ${platformOnly.length === 1 ? 'it carries' : 'they carry'} permissions only internal staff may hold (${platformOnlyIn(platformOnly.flatMap((r) => ROLE_PERMISSIONS[r])).join(', ')})`,
        );
      throw forbidden(
        `You cannot switch to ${refused.join(', ')}: switching roles only narrows, and your own roles do not hold every permission of ${refused.length === 1 ? 'that role' : 'those roles'}`,
      );
    }
  }
  await ctx.db.transaction(async (tx) => {
    await setSessionRoles(tx, auth.sessionId, roles);
    await writeAudit(
      tx,
      {
        action: roles ? 'auth.roles.switch' : 'auth.roles.restore',
        targetType: 'user',
        targetId: auth.user.id,
        details: { roles },
      },
      req,
    );
  });
  invalidateSession(auth.sessionId); // session cache (plugins/auth-cache.ts)
}

/** Constant-time comparison of two secrets. */
function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(sha256(a), 'hex');
  const y = Buffer.from(sha256(b), 'hex');
  return timingSafeEqual(x, y);
}
