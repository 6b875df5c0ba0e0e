/** Sign-in, session and role-switching calls (SPEC §4, §7 Authorization). */
import { queryOptions } from '@tanstack/react-query';
import { http, ok, type TRequest } from './client.ts';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  methods: () => [...authKeys.all, 'methods'] as const,
  switchableRoles: () => [...authKeys.all, 'switchable-roles'] as const,
  publicBranding: () => ['brandings', 'by-domain'] as const,
  eligibility: () => ['users', 'eligible-status'] as const,
};

export const meQuery = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: () => ok(http.GET('/api/v1/auth/me')),
    staleTime: 60_000,
    retry: false,
    retryOnMount: false,
  });

export const authMethodsQuery = () =>
  queryOptions({
    queryKey: authKeys.methods(),
    queryFn: () => ok(http.GET('/api/v1/auth/methods')),
    staleTime: 5 * 60_000,
  });

export const publicBrandingQuery = () =>
  queryOptions({
    queryKey: authKeys.publicBranding(),
    queryFn: () => ok(http.GET('/api/v2/brandings/by-domain')),
    staleTime: Infinity,
    retry: 1,
  });

export const switchableRolesQuery = () =>
  queryOptions({
    queryKey: authKeys.switchableRoles(),
    queryFn: () => ok(http.GET('/api/v1/auth/switchable-roles')),
    staleTime: 5 * 60_000,
  });

export const eligibilityQuery = () =>
  queryOptions({
    queryKey: authKeys.eligibility(),
    queryFn: () => ok(http.GET('/api/v1/users/user-eligible-status')),
    retry: false,
  });

export const login = (username: string, password: string) =>
  ok(http.POST('/api/v1/auth/login', { body: { username, password } }));
export const logout = () => ok(http.POST('/api/v1/auth/logout'));
export const requestMagicLink = (email: string, callbackUrl?: string) =>
  ok(http.POST('/api/v1/auth/magic-link', { body: { email, ...(callbackUrl ? { callbackUrl } : {}) } }));
export const verifyMagicLink = (token: string) => ok(http.POST('/api/v1/auth/magic-link/verify', { body: { token } }));
export const switchRoles = (roles: TRequest<'/api/v1/auth/switch-roles', 'post'>['roles']) =>
  ok(http.POST('/api/v1/auth/switch-roles', { body: { roles } }));
export const resetRoles = () => ok(http.DELETE('/api/v1/auth/switch-roles'));
export const oidcStartUrl = (callbackUrl: string) =>
  `/api/v1/auth/oidc/start?callbackUrl=${encodeURIComponent(callbackUrl)}`;
