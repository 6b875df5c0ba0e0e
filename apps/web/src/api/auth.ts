/** Sign-in, session and role-switching calls (SPEC §4, §7 Authorization). */
import { queryOptions } from '@tanstack/react-query';
import type { TAuthMethods, TCurrentUser, TMutationResult, TPublicBranding, TRoleEntry } from '@sextant/shared/values';
import { api } from './client.ts';

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
    queryFn: () => api<TCurrentUser>('/api/v1/auth/me'),
    staleTime: 60_000,
    retry: false,
    retryOnMount: false,
  });

export const authMethodsQuery = () =>
  queryOptions({
    queryKey: authKeys.methods(),
    queryFn: () => api<TAuthMethods>('/api/v1/auth/methods'),
    staleTime: 5 * 60_000,
  });

export const publicBrandingQuery = () =>
  queryOptions({
    queryKey: authKeys.publicBranding(),
    queryFn: () => api<TPublicBranding>('/api/v2/brandings/by-domain'),
    staleTime: Infinity,
    retry: 1,
  });

export const switchableRolesQuery = () =>
  queryOptions({
    queryKey: authKeys.switchableRoles(),
    queryFn: () => api<TRoleEntry[]>('/api/v1/auth/switchable-roles'),
    staleTime: 5 * 60_000,
  });

export const eligibilityQuery = () =>
  queryOptions({
    queryKey: authKeys.eligibility(),
    queryFn: () => api<{ eligible: boolean; reason: string | null }>('/api/v1/users/user-eligible-status'),
    retry: false,
  });

export interface TLoginResult extends TMutationResult {
  user: TCurrentUser;
}
export interface TMagicVerifyResult extends TLoginResult {
  callbackUrl?: string | null;
}

export const login = (username: string, password: string) =>
  api<TLoginResult>('/api/v1/auth/login', { body: { username, password } });
export const logout = () => api<TMutationResult>('/api/v1/auth/logout', { method: 'POST', body: {} });
export const requestMagicLink = (email: string, callbackUrl?: string) =>
  api<TMutationResult>('/api/v1/auth/magic-link', { body: { email, ...(callbackUrl ? { callbackUrl } : {}) } });
export const verifyMagicLink = (token: string) =>
  api<TMagicVerifyResult>('/api/v1/auth/magic-link/verify', { body: { token } });
export const switchRoles = (roles: string[]) => api<TCurrentUser>('/api/v1/auth/switch-roles', { body: { roles } });
export const resetRoles = () => api<TCurrentUser>('/api/v1/auth/switch-roles', { method: 'DELETE' });
export const oidcStartUrl = (callbackUrl: string) =>
  `/api/v1/auth/oidc/start?callbackUrl=${encodeURIComponent(callbackUrl)}`;
