/** /api/v1/auth: password, magic-link and OIDC sign-in, sign-out, current user, role switching. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_CODES,
  ROLE_DESCRIPTIONS,
  ZAuthMethods,
  ZCurrentUser,
  ZLoginBody,
  ZMagicLinkRequest,
  ZMagicLinkVerify,
  ZMutationResult,
  ZOidcStartQuery,
  ZRoleEntry,
  ZSwitchRolesBody,
  switchableRoles,
} from '@sextant/shared';
import { authOf, loadAuth, SESSION_COOKIE, type AuthUser } from '../../plugins/access.ts';
import { AppError } from '../../lib/errors.ts';
import { currentUserView, userDefaults } from './current-user.ts';
import {
  consumeSignInToken,
  createSession,
  destroySession,
  oidcCallback,
  oidcStart,
  passwordLogin,
  requestMagicLink,
  switchRoles,
} from './auth.service.ts';

const tags = ['Auth'];
const ZSignedIn = ZMutationResult.extend({ user: ZCurrentUser, callbackUrl: z.string().optional() });

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/v1/auth/methods', {
    config: { access: { public: true, allowInMaintenance: true } },
    schema: { tags, summary: 'Sign-in methods offered on the login page', response: { 200: ZAuthMethods } },
    handler: async () => ({
      password: true,
      magicLink: true,
      oidc: {
        enabled: ctx.config.oidcEnabled,
        displayName: ctx.config.oidcEnabled ? ctx.config.OIDC_DISPLAY_NAME : null,
      },
    }),
  });

  r.post('/api/v1/auth/login', {
    config: { access: { public: true, allowInMaintenance: true, allowInReadOnly: true } },
    schema: {
      tags,
      summary: 'Password sign-in; sets the session cookie',
      body: ZLoginBody,
      response: { 200: ZSignedIn },
    },
    handler: async (req, reply) => {
      const user = await passwordLogin(ctx, req, req.body.username, req.body.password);
      const auth = await signIn(req, reply, user, 'password');
      return { success: true, statusCode: 200, message: 'Signed in', user: auth };
    },
  });

  r.post('/api/v1/auth/logout', {
    config: { access: { public: true, allowInMaintenance: true, allowInReadOnly: true } },
    schema: { tags, summary: 'Sign out of this session', response: { 200: ZMutationResult } },
    handler: async (req, reply) => {
      await destroySession(ctx, req, reply);
      return { success: true, statusCode: 200, message: 'Signed out' };
    },
  });

  r.get('/api/v1/auth/me', {
    config: { access: { permissions: [], allowIneligible: true, allowInMaintenance: true } },
    schema: { tags, summary: 'The signed-in user with roles and permissions', response: { 200: ZCurrentUser } },
    handler: async (req, reply) => {
      const auth = authOf(req);
      // SPEC §4: a user whose branding domain differs from this host is signed out and sent to their domain.
      const known = await userDefaults(ctx, auth.user);
      if (!ctx.config.CROSS_ORIGIN_MODE) {
        const { branding } = known;
        if (branding?.fullDomainName && branding.fullDomainName.toLowerCase() !== req.hostname.toLowerCase()) {
          await destroySession(ctx, req, reply);
          const redirectTo = `${req.protocol}://${branding.fullDomainName}/login?error=DomainRedirect`;
          throw new AppError(401, ERROR_CODES.domainRedirect, `Please sign in at ${redirectTo}`);
        }
      }
      return currentUserView(ctx, auth, known);
    },
  });

  r.post('/api/v1/auth/magic-link', {
    config: { access: { public: true, allowInReadOnly: true } },
    schema: {
      tags,
      summary: 'Email a single-use sign-in link (rate-limited)',
      body: ZMagicLinkRequest,
      response: { 200: ZMutationResult },
    },
    handler: async (req) => {
      const message = await requestMagicLink(ctx, req, req.body.email, req.body.callbackUrl);
      return { success: true, statusCode: 200, message };
    },
  });

  r.post('/api/v1/auth/magic-link/verify', {
    config: { access: { public: true, allowInReadOnly: true } },
    schema: {
      tags,
      summary: 'Confirm a sign-in link: consumes the token and signs in',
      body: ZMagicLinkVerify,
      response: { 200: ZSignedIn },
    },
    handler: async (req, reply) => {
      const { user, callbackUrl } = await consumeSignInToken(ctx, req, req.body.token);
      const view = await signIn(req, reply, user, 'magic-link');
      return { success: true, statusCode: 200, message: 'Signed in', user: view, callbackUrl };
    },
  });

  r.get('/api/v1/auth/oidc/start', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: 'Start single sign-on (redirects to the identity provider)',
      querystring: ZOidcStartQuery,
    },
    handler: async (req, reply) => reply.redirect(await oidcStart(ctx, req, reply, req.query.callbackUrl)),
  });

  r.get('/api/v1/auth/oidc/callback', {
    config: { access: { public: true } },
    schema: { tags, summary: 'Identity provider callback (authorization code + PKCE)' },
    handler: async (req, reply) => {
      try {
        const { user, callbackUrl } = await oidcCallback(ctx, req, reply);
        await createSession(ctx, req, reply, user, 'oidc');
        return reply.redirect(callbackUrl);
      } catch (err) {
        req.log.warn({ err }, 'OIDC sign-in failed');
        const code = err instanceof AppError ? err.code : 'SsoFailed';
        return reply.redirect(`/login?error=${encodeURIComponent(code)}`);
      }
    },
  });

  r.get('/api/v1/auth/switchable-roles', {
    config: { access: { permissions: [], canSwitchRoles: 'required', allowInReadOnly: true } },
    schema: {
      tags,
      summary: 'The roles this user may switch to: those granting nothing beyond their own roles (a switch narrows)',
      response: { 200: z.array(ZRoleEntry) },
    },
    handler: async (req) => {
      const auth = authOf(req);
      return switchableRoles(auth.ownRoles, auth.user.isInternal).map((role) => ({ role, ...ROLE_DESCRIPTIONS[role] }));
    },
  });

  r.post('/api/v1/auth/switch-roles', {
    config: { access: { permissions: [], canSwitchRoles: 'required', allowInReadOnly: true } },
    schema: {
      tags,
      summary: 'Replace this session’s roles with the chosen ones (canSwitchRoles; only roles within the own roles)',
      body: ZSwitchRolesBody,
      response: { 200: ZCurrentUser },
    },
    handler: async (req) => {
      await switchRoles(ctx, req, req.body.roles);
      return reloadView(req);
    },
  });

  r.delete('/api/v1/auth/switch-roles', {
    config: { access: { permissions: [], canSwitchRoles: 'required', allowInReadOnly: true } },
    schema: { tags, summary: 'Return to the user’s own roles', response: { 200: ZCurrentUser } },
    handler: async (req) => {
      await switchRoles(ctx, req, null);
      return reloadView(req);
    },
  });

  async function signIn(req: FastifyRequest, reply: FastifyReply, user: AuthUser, method: 'password' | 'magic-link') {
    const token = await createSession(ctx, req, reply, user, method);
    const auth = await loadAuth(ctx, token);
    if (!auth || auth === 'expired') throw new Error('Session vanished right after sign-in');
    return currentUserView(ctx, auth);
  }

  async function reloadView(req: FastifyRequest) {
    const token = req.cookies[SESSION_COOKIE]!;
    const auth = await loadAuth(ctx, token);
    if (!auth || auth === 'expired') throw new AppError(401, ERROR_CODES.sessionExpired, 'Your session has expired');
    return currentUserView(ctx, auth);
  }
}
