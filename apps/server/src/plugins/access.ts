/**
 * Sign-in state and permission enforcement for every route.
 *
 * Each route declares `config.access`: `{ public: true }` or `{ permissions: [...] }` (an empty list means any
 * signed-in, eligible user). A route without a declaration is refused at start-up. On each request the session
 * cookie is resolved to the user, their effective roles (a role switch replaces them) and permissions, then:
 * unauthenticated → 401, expired → 401 SessionExpired, environment mismatch → 503, missing permission → 403
 * (audited), system in maintenance → 503 unless SystemMaintenanceMode_IGNORE, read-only mode → writes refused
 * (public routes too; only signing in and out pass, see docs/SECURITY.md "System modes").
 * A user who is not internal staff never holds a platform-only permission (PLATFORM_ONLY_PERMISSIONS), however it
 * was granted: it is dropped when the session loads, so the route refuses it and the UI hides it.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { users } from '@sextant/db';
import {
  ERROR_CODES,
  hasAll,
  isGrant,
  isPlatformOnly,
  PLATFORM_ONLY_PERMISSIONS,
  permissionsOf,
  switchableRoles,
  ZRole,
  type TGrant,
  type TIssuerMemberRole,
  type TRole,
} from '@sextant/shared';
import type { AppContext } from '../context.ts';
import { sha256 } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import { reloadInBackground } from '../lib/refresh-ahead.ts';
import { writeAudit } from '../lib/audit.ts';
import { getSetting } from '../modules/system/settings.repo.ts';
import {
  authCacheTtlMs,
  cachedAuth,
  dropCachedSession,
  sessionRefreshDue,
  sharedSessionLoad,
  storeAuth,
} from './auth-cache.ts';
import { deleteSession, sessionWithAccess, touchSession } from '../modules/auth/auth.repo.ts';

export type AppEnvironment = 'development' | 'test' | 'production';

export type RouteAccess =
  | {
      public: true;
      allowInMaintenance?: boolean;
      /** May be used in read-only mode although it writes: signing in and out only (docs/SECURITY.md). */
      allowInReadOnly?: boolean;
    }
  | {
      public?: false;
      /** All of these must be held. */
      permissions: readonly TGrant[];
      /**
       * The user's canSwitchRoles flag: 'required' on top of the permissions (role switching itself),
       * 'alternative' instead of them (e.g. listing all roles: User_CRUD or a user who can switch).
       */
      canSwitchRoles?: 'required' | 'alternative';
      environments?: readonly AppEnvironment[];
      allowInMaintenance?: boolean;
      /** May be used in read-only mode although it writes (sign-out, role switch, preferences). */
      allowInReadOnly?: boolean;
      /** Ineligible (unapproved) users may call it: the lobby needs these. */
      allowIneligible?: boolean;
    };

export type AuthUser = typeof users.$inferSelect;
export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}
export interface AuthContext {
  user: AuthUser;
  sessionId: string;
  sessionExpiresAt: Date;
  roles: TRole[];
  ownRoles: TRole[];
  roleSwitchActive: boolean;
  /** Grants held (roles' permissions, extra permissions, public flags); `has` takes only known grant names. */
  permissions: ReadonlySet<TGrant>;
  issuerIds: string[];
  /** The user's issuer memberships with their role there (loaded with the session; absent in hand-made contexts). */
  memberships?: { issuerId: string; role: TIssuerMemberRole }[];
  eligible: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    authError: 'SessionExpired' | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** Every API route with its declared access (read by the role × route test and the docs). */
    accessRegistry: RegisteredRoute[];
  }
}

export const SESSION_COOKIE = 'sextant_session';
/** API and chat routes must declare access; documentation and static web files are public. */
const isApiUrl = (url: string) => (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/chat/');
const TOUCH_EVERY_MS = 60_000;
const PROBE_URLS = new Set(['/health/live', '/health/ready', '/metrics']);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a declared access passes for a signed-in context (used by enforcement and by the role × route test). */
export function accessAllows(
  access: RouteAccess,
  auth: { permissions: ReadonlySet<TGrant>; user: Pick<AuthUser, 'canSwitchRoles'> } | null,
): boolean {
  if (access.public) return true;
  if (!auth) return false;
  const held = hasAll(auth.permissions, access.permissions);
  if (access.canSwitchRoles === 'required') return held && auth.user.canSwitchRoles;
  if (access.canSwitchRoles === 'alternative') return held || auth.user.canSwitchRoles;
  return held;
}

export function isEligible(user: AuthUser): boolean {
  return user.approved && user.eligible && !user.pending && !user.isDeactivated;
}

/**
 * The signed-in context of a session token: from the short-lived session cache (auth-cache.ts) when it holds the
 * session and the session has not expired, otherwise from the database (and then cached). A hit past its entry's
 * refresh point also reloads the entry in the background (the request does not wait); concurrent misses of one
 * session share one load.
 */
export async function loadAuth(ctx: AppContext, token: string): Promise<AuthContext | 'expired' | null> {
  const id = sha256(token);
  const now = Date.now();
  const hit = cachedAuth(id);
  if (hit && hit.auth.sessionExpiresAt.getTime() > now) {
    if (now - hit.lastSeenAt > TOUCH_EVERY_MS) {
      // Activity at most once a minute, in one statement; the entry's idle clock restarts with it.
      hit.lastSeenAt = now;
      await touchSession(ctx.dbh, id, new Date(now));
    }
    if (sessionRefreshDue(id, hit, now))
      reloadInBackground(
        () => reloadAuth(ctx, id, true),
        (err) => ctx.log.warn({ err }, 'session cache: background reload failed (the entry expires at its TTL)'),
      );
    return hit.auth;
  }
  const loaded = await reloadAuth(ctx, id, false);
  return loaded === 'expired' || loaded === null ? loaded : loaded.auth;
}

/**
 * Reads a session from the database (one load at a time per session and cache generation) and caches it, or drops
 * its cached entry when it is gone or has ended. A background reload leaves an ended session's row to the next
 * request, which then answers SessionExpired as before.
 */
function reloadAuth(
  ctx: AppContext,
  id: string,
  background: boolean,
): Promise<{ auth: AuthContext; lastSeenAt: number } | 'expired' | null> {
  return sharedSessionLoad(id, async (generation) => {
    const loaded = await loadAuthFromDb(ctx, id, Date.now(), ctx.config.SESSION_IDLE_MINUTES * 60_000, background);
    if (loaded && loaded !== 'expired')
      storeAuth(generation, loaded, authCacheTtlMs(ctx.dbh.kind, ctx.config.SESSION_CACHE_TTL_SECONDS));
    else dropCachedSession(id);
    return loaded;
  });
}

async function loadAuthFromDb(
  ctx: AppContext,
  id: string,
  now: number,
  idleMs: number,
  keepEnded = false,
): Promise<{ auth: AuthContext; lastSeenAt: number } | 'expired' | null> {
  const row = await sessionWithAccess(ctx.db, id);
  if (!row) return null;
  if (row.s.expiresAt.getTime() <= now || row.s.lastSeenAt.getTime() + idleMs <= now || row.u.isDeactivated) {
    if (!keepEnded) await deleteSession(ctx.db, id);
    return 'expired';
  }
  const memberRows = row.memberships;
  const ownRoles = row.roles.filter((r): r is TRole => ZRole.safeParse(r).success);
  // A switch only narrows (DESIGN §6): a stored choice is cut back to the roles the own roles still cover.
  const internal = row.u.isInternal === true;
  const switchable =
    row.s.activeRoles && row.u.canSwitchRoles ? new Set<string>(switchableRoles(ownRoles, internal)) : null;
  const kept = switchable ? row.s.activeRoles!.filter((r): r is TRole => switchable.has(r)) : [];
  const switched = kept.length ? kept : null;
  const roles = switched ?? ownRoles;
  const permissions = permissionsOf(roles, row.permissions.filter(isGrant));
  // Platform-only permissions (packages/shared PLATFORM_ONLY_PERMISSIONS) count only for internal staff, however they
  // were granted (before the grant checks refused them, or while the user was internal).
  if (!internal) for (const p of PLATFORM_ONLY_PERMISSIONS) permissions.delete(p);
  if (ctx.config.PUBLIC_FLAG_APP_CONFIG) permissions.add('AppConfig_VIEW');
  if (ctx.config.PUBLIC_FLAG_MEMORY_TESTING) permissions.add('MemoryTesting');
  let lastSeenAt = row.s.lastSeenAt.getTime();
  if (now - lastSeenAt > TOUCH_EVERY_MS) {
    await touchSession(ctx.dbh, id, new Date(now));
    lastSeenAt = now;
  }
  const auth: AuthContext = {
    user: row.u,
    sessionId: id,
    sessionExpiresAt: row.s.expiresAt,
    roles,
    ownRoles,
    roleSwitchActive: Boolean(switched),
    permissions,
    issuerIds: memberRows.map((m) => m.issuerId),
    memberships: memberRows.map((m) => ({ issuerId: m.issuerId, role: m.role })),
    eligible: isEligible(row.u),
  };
  return { auth, lastSeenAt };
}

export const readOnlyError = () =>
  new AppError(503, ERROR_CODES.readOnly, 'The system is in read-only mode; changes are not possible right now');

function fail(reply: FastifyReply, err: AppError) {
  return reply
    .code(err.statusCode)
    .send({ success: false, statusCode: err.statusCode, code: err.code, message: err.message });
}

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('authError', null);
  const registry: RegisteredRoute[] = [];
  app.decorate('accessRegistry', registry);

  app.addHook('onRoute', (route) => {
    if (!route.config?.access) {
      // Documentation and static web files are public; every API and chat route must declare its access.
      if (!isApiUrl(route.url)) {
        route.config = { ...(route.config ?? {}), access: { public: true, allowInMaintenance: true } };
        return;
      }
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
    const access = route.config.access;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && isApiUrl(route.url)) registry.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    // Probes and metrics answer without a session (and without the database, when it is down).
    if (PROBE_URLS.has(req.routeOptions.url ?? '')) return;
    const token = req.cookies[SESSION_COOKIE];
    if (token) {
      const auth = await loadAuth(app.ctx, token);
      if (auth === 'expired') {
        req.authError = 'SessionExpired';
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      } else req.auth = auth;
    }
    const access = req.routeOptions.config?.access;
    if (!access) return; // 404s and static files
    const mode = await getSetting(app.ctx.db, 'systemMode');
    const ignoresMaintenance = req.auth?.permissions.has('SystemMaintenanceMode_IGNORE') ?? false;
    if (mode === 'Maintenance' && !access.allowInMaintenance && !ignoresMaintenance) {
      return fail(
        reply,
        new AppError(
          503,
          ERROR_CODES.maintenance,
          'The system is currently offline for essential maintenance. Please check back again later. We apologize for any inconvenience',
        ),
      );
    }
    // Read-only mode stops every write, public routes included (an enrolment decision, an upload through a link);
    // only routes flagged allowInReadOnly (signing in and out, the mode switch) and SystemMaintenanceMode_IGNORE pass.
    const readOnlyRefusal =
      mode === 'ReadOnly' && WRITE_METHODS.has(req.method) && !access.allowInReadOnly && !ignoresMaintenance;
    if (access.public) {
      if (readOnlyRefusal) return fail(reply, readOnlyError());
      return;
    }
    if (!req.auth) {
      return req.authError === 'SessionExpired'
        ? fail(reply, new AppError(401, ERROR_CODES.sessionExpired, 'Your session has expired. Please sign in again.'))
        : fail(reply, new AppError(401, ERROR_CODES.unauthenticated, 'Please sign in'));
    }
    if (access.environments && !access.environments.includes(app.ctx.config.APP_ENV)) {
      return fail(
        reply,
        new AppError(
          503,
          ERROR_CODES.environmentMismatch,
          `This is not available in the ${app.ctx.config.APP_ENV} environment`,
        ),
      );
    }
    if (!req.auth.eligible && !access.allowIneligible) {
      return fail(
        reply,
        new AppError(403, ERROR_CODES.ineligible, 'Your account is not yet approved for this application'),
      );
    }
    if (!accessAllows(access, req.auth)) {
      const missing = access.permissions.filter((p) => !req.auth!.permissions.has(p));
      await writeAudit(
        app.ctx.db,
        {
          action: 'permission.denied',
          targetType: 'route',
          targetId: `${req.method} ${req.routeOptions.url}`,
          outcome: 'denied',
          details: { missing },
        },
        req,
      );
      const platformOnly = req.auth.user.isInternal ? [] : missing.filter(isPlatformOnly);
      const needs = missing.length
        ? `${missing.join(', ')}${platformOnly.length ? `; only internal staff may hold ${platformOnly.join(', ')}` : ''}`
        : 'the ability to switch roles';
      return fail(
        reply,
        new AppError(403, ERROR_CODES.forbidden, `You do not have permission to do this (needs ${needs})`),
      );
    }
    if (readOnlyRefusal) return fail(reply, readOnlyError());
  });
});

/** The signed-in context of a request whose route declared permissions (never null there). */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(401, ERROR_CODES.unauthenticated, 'Please sign in');
  return req.auth;
}
