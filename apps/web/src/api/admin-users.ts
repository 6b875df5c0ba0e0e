/** User administration calls (SPEC §7 Users, Authorization): query-key factory, queries and mutations. */
import { queryOptions } from '@tanstack/react-query';
import type {
  TJobArtifactForUser,
  TMutationResult,
  TPagedResult,
  TPagingRequest,
  TPotentialUserIssuer,
  TRoleCatalogue,
  TUserCreate,
  TUserDetail,
  TUserExtraPermissions,
  TUserListRow,
  TUserListTab,
} from '@sextant/shared/values';
import { api } from './client.ts';

export const adminUserKeys = {
  all: ['admin-users'] as const,
  lists: () => [...adminUserKeys.all, 'list'] as const,
  list: (tab: TUserListTab) => [...adminUserKeys.lists(), tab] as const,
  details: () => [...adminUserKeys.all, 'detail'] as const,
  detail: (id: string) => [...adminUserKeys.details(), id] as const,
  issuers: (id: string) => [...adminUserKeys.detail(id), 'issuers'] as const,
  assignedJobs: (id: string) => [...adminUserKeys.detail(id), 'directly-assigned'] as const,
  roleCatalogue: () => [...adminUserKeys.all, 'role-catalogue'] as const,
  extraPermissions: (id: string) => [...adminUserKeys.detail(id), 'extra-permissions'] as const,
};

export const fetchUserTab = (tab: TUserListTab, req: TPagingRequest) =>
  api<TPagedResult<TUserListRow>>(`/api/v1/users/${tab}`, { body: req });

export const userDetailQuery = (id: string) =>
  queryOptions({ queryKey: adminUserKeys.detail(id), queryFn: () => api<TUserDetail>(`/api/v1/users/${id}`) });

export const potentialUserIssuersQuery = (id: string) =>
  queryOptions({
    queryKey: adminUserKeys.issuers(id),
    queryFn: () => api<TPotentialUserIssuer[]>(`/api/v1/users/${id}/potential-user-issuers`),
  });

export const fetchDirectlyAssigned = (userId: string, req: TPagingRequest) =>
  api<TPagedResult<TJobArtifactForUser>>('/api/v1/users/directly-assigned', { body: req, query: { userId } });

export const roleCatalogueQuery = () =>
  queryOptions({
    queryKey: adminUserKeys.roleCatalogue(),
    queryFn: () => api<TRoleCatalogue>('/api/v1/authorization/all-roles'),
    staleTime: 5 * 60_000,
  });

/** SPEC §5: deactivate, reactivate, invite (and approve) send the user id as a form field. */
const form = (fields: Record<string, string | null | undefined>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== null && v !== undefined) f.set(k, v);
  return f;
};

export const createUser = (body: TUserCreate) => api<TMutationResult & { id: string }>('/api/v1/users', { body });
export const inviteUser = (id: string) =>
  api<TMutationResult>('/api/v1/users/invite', { method: 'POST', body: form({ id }) });
export const deactivateUser = (id: string) =>
  api<TMutationResult>('/api/v1/users/deactivate', { method: 'PATCH', body: form({ id }) });
export const reactivateUser = (id: string) =>
  api<TMutationResult>('/api/v1/users/reactivate', { method: 'PATCH', body: form({ id }) });
export const approveUser = (id: string) =>
  api<TMutationResult>('/api/v1/users/approve', { method: 'PATCH', body: form({ id }) });
/** SPEC §5: id and brandingId; the branding is omitted when null (inherit the issuer's). */
export const setUserBranding = (id: string, brandingId: string | null) =>
  api<TMutationResult>('/api/v1/users/user-set-branding', { method: 'PATCH', body: form({ id, brandingId }) });
/** Internal staff (every issuer) or tenant user (their issuers only); internal administrators only. */
export const setUserInternal = (id: string, isInternal: boolean) =>
  api<TMutationResult>(`/api/v1/users/${id}/internal`, { method: 'PUT', body: { isInternal } });
export const setUserRoles = (userId: string, roles: string[]) =>
  api<boolean>(`/api/v1/authorization/${userId}/user-roles`, { body: { roles } });

/** The user's own extra permissions (with the permissions their roles give and what the caller may grant). */
export const extraPermissionsQuery = (userId: string) =>
  queryOptions({
    queryKey: adminUserKeys.extraPermissions(userId),
    queryFn: () => api<TUserExtraPermissions>(`/api/v1/users/${userId}/extra-permissions`),
  });
/** Replaces the user's extra permissions (only permissions the caller holds can be added or removed). */
export const setExtraPermissions = (userId: string, permissions: string[]) =>
  api<TUserExtraPermissions>(`/api/v1/users/${userId}/extra-permissions`, { method: 'PUT', body: { permissions } });
