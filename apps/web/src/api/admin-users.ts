/** User administration calls (SPEC §7 Users, Authorization): query-key factory, queries and mutations. */
import { queryOptions } from '@tanstack/react-query';
import type { TPagingRequest, TUserCreate, TUserListTab } from '@sextant/shared/values';
import { http, ok, withForm, type TRequest } from './client.ts';

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
  ok(http.POST(`/api/v1/users/${tab}`, { body: req }));

export const userDetailQuery = (id: string) =>
  queryOptions({ queryKey: adminUserKeys.detail(id), queryFn: () => ok(http.GET('/api/v1/users/{id}', user(id))) });

export const potentialUserIssuersQuery = (id: string) =>
  queryOptions({
    queryKey: adminUserKeys.issuers(id),
    queryFn: () => ok(http.GET('/api/v1/users/{id}/potential-user-issuers', user(id))),
  });

export const fetchDirectlyAssigned = (userId: string, req: TPagingRequest) =>
  ok(http.POST('/api/v1/users/directly-assigned', { params: { query: { userId } }, body: req }));

export const roleCatalogueQuery = () =>
  queryOptions({
    queryKey: adminUserKeys.roleCatalogue(),
    queryFn: () => ok(http.GET('/api/v1/authorization/all-roles')),
    staleTime: 5 * 60_000,
  });

/** SPEC §5: deactivate, reactivate, invite (and approve) send the user id as a form field. */
const form = (fields: Record<string, string | null | undefined>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== null && v !== undefined) f.set(k, v);
  return withForm(f);
};
const user = (id: string) => ({ params: { path: { id } } });

export const createUser = (body: TUserCreate) => ok(http.POST('/api/v1/users', { body }));
/** User_Delete: what deleting the user erases (the confirmation names it), then the deletion. */
export const userDeletionPreview = (id: string) => ok(http.GET('/api/v1/users/{id}/deletion-preview', user(id)));
export const deleteUser = (id: string) => ok(http.DELETE('/api/v1/users/{id}', user(id)));
export const inviteUser = (id: string) => ok(http.POST('/api/v1/users/invite', { middleware: [form({ id })] }));
export const deactivateUser = (id: string) =>
  ok(http.PATCH('/api/v1/users/deactivate', { middleware: [form({ id })] }));
export const reactivateUser = (id: string) =>
  ok(http.PATCH('/api/v1/users/reactivate', { middleware: [form({ id })] }));
export const approveUser = (id: string) => ok(http.PATCH('/api/v1/users/approve', { middleware: [form({ id })] }));
/** SPEC §5: id and brandingId; the branding is omitted when null (inherit the issuer's). */
export const setUserBranding = (id: string, brandingId: string | null) =>
  ok(http.PATCH('/api/v1/users/user-set-branding', { middleware: [form({ id, brandingId })] }));
/** Internal staff (every issuer) or tenant user (their issuers only); internal administrators only. */
export const setUserInternal = (id: string, isInternal: boolean) =>
  ok(http.PUT('/api/v1/users/{id}/internal', { ...user(id), body: { isInternal } }));
export const setUserRoles = (
  userId: string,
  roles: TRequest<'/api/v1/authorization/{userId}/user-roles', 'post'>['roles'],
) => ok(http.POST('/api/v1/authorization/{userId}/user-roles', { params: { path: { userId } }, body: { roles } }));

/** The user's own extra permissions (with the permissions their roles give and what the caller may grant). */
export const extraPermissionsQuery = (userId: string) =>
  queryOptions({
    queryKey: adminUserKeys.extraPermissions(userId),
    queryFn: () => ok(http.GET('/api/v1/users/{id}/extra-permissions', user(userId))),
  });
/** Replaces the user's extra permissions (only permissions the caller holds can be added or removed). */
export const setExtraPermissions = (
  userId: string,
  permissions: TRequest<'/api/v1/users/{id}/extra-permissions', 'put'>['permissions'],
) => ok(http.PUT('/api/v1/users/{id}/extra-permissions', { ...user(userId), body: { permissions } }));
