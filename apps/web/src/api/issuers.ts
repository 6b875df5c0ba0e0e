/** Issuer administration calls (SPEC §7 Issuers) and the brandings list used by admin forms. */
import { queryOptions } from '@tanstack/react-query';
import type {
  TBranding,
  TIssuer,
  TIssuerCreate,
  TIssuerFull,
  TIssuerMemberAdd,
  TIssuerMemberSummary,
  TIssuerMemberUpdate,
  TIssuerUpdate,
  TSupplierListEntry,
  TSupplierListEntryAdd,
  TSupplierListsSummary,
  TSupplierListType,
  TSupplierListUploadResult,
  TMutationResult,
  TPagedResult,
  TPagingRequest,
  TUserSummary,
} from '@sextant/shared/values';
import { api } from './client.ts';

export const issuerKeys = {
  all: ['issuers'] as const,
  lists: () => [...issuerKeys.all, 'list'] as const,
  options: () => [...issuerKeys.all, 'options'] as const,
  details: () => [...issuerKeys.all, 'detail'] as const,
  detail: (id: string) => [...issuerKeys.details(), id] as const,
  reference: (what: string) => [...issuerKeys.all, 'reference', what] as const,
  assignedToUser: (userId: string) => [...issuerKeys.all, 'assigned-user-issuers', userId] as const,
  potentialUsers: (id: string, search: string) => [...issuerKeys.detail(id), 'potential-users', search] as const,
  supplierLists: (id: string) => [...issuerKeys.detail(id), 'supplier-lists'] as const,
  supplierList: (id: string, listType: string, search: string) =>
    [...issuerKeys.supplierLists(id), listType, search] as const,
};

export const fetchIssuers = (req: TPagingRequest) => api<TPagedResult<TIssuer>>('/api/v1/issuers/get', { body: req });

/** Every issuer the caller may read, for pick lists (sorted by name). */
export const issuerOptionsQuery = () =>
  queryOptions({
    queryKey: issuerKeys.options(),
    queryFn: async () =>
      (await fetchIssuers({ pageSize: 500, orderBy: { propertyName: 'name', direction: 'asc' } })).collection,
    staleTime: 60_000,
  });

export const issuerFullQuery = (id: string) =>
  queryOptions({ queryKey: issuerKeys.detail(id), queryFn: () => api<TIssuerFull>(`/api/v1/issuers/${id}/full`) });

export const capabilitiesQuery = () =>
  queryOptions({
    queryKey: issuerKeys.reference('capabilities'),
    queryFn: () => api<{ id: string; name: string }[]>('/api/v1/issuers/getAllCapabilities'),
    staleTime: Infinity,
  });
export const lockboxesQuery = () =>
  queryOptions({
    queryKey: issuerKeys.reference('lockboxes'),
    queryFn: () => api<{ key: string; label: string }[]>('/api/v1/issuers/getAllVirtualLockboxesAvailableToIssuers'),
    staleTime: Infinity,
  });
export const languagesQuery = () =>
  queryOptions({
    queryKey: issuerKeys.reference('languages'),
    queryFn: () => api<{ key: string; name: string }[]>('/api/v1/issuers/getAllIssuerLanguages'),
    staleTime: Infinity,
  });
export const brandingsQuery = () =>
  queryOptions({
    queryKey: ['brandings', 'all'],
    queryFn: () => api<TBranding[]>('/api/v2/brandings/all'),
    staleTime: 5 * 60_000,
  });

export const potentialIssuerUsersQuery = (issuerId: string, search: string) =>
  queryOptions({
    queryKey: issuerKeys.potentialUsers(issuerId, search),
    queryFn: () =>
      api<TUserSummary[]>('/api/v1/users/potential-issuer-users', { query: { issuerId, search: search || undefined } }),
  });

export const createIssuer = (body: TIssuerCreate) => api<TMutationResult & { id: string }>('/api/v1/issuers', { body });
export const updateIssuer = (id: string, body: TIssuerUpdate) =>
  api<TMutationResult>('/api/v1/issuers', { method: 'PUT', body, query: { id } });
export const deleteIssuer = (id: string) => api<TMutationResult>(`/api/v1/issuers/${id}`, { method: 'DELETE' });

/** Issuer members (/admin/issuer-manager/{issuerId}/users); each change answers the new member list. */
const membersUrl = (issuerId: string, userId?: string) =>
  `/api/v1/issuers/${issuerId}/members${userId ? `/${userId}` : ''}`;
export const addIssuerMember = (issuerId: string, body: TIssuerMemberAdd) =>
  api<TIssuerMemberSummary[]>(membersUrl(issuerId), { body });
export const updateIssuerMember = (issuerId: string, userId: string, body: TIssuerMemberUpdate) =>
  api<TIssuerMemberSummary[]>(membersUrl(issuerId, userId), { method: 'PATCH', body });
export const removeIssuerMember = (issuerId: string, userId: string) =>
  api<TIssuerMemberSummary[]>(membersUrl(issuerId, userId), { method: 'DELETE' });

/** Supplier include / exclude lists of an issuer (used by the analysis). */
const listsUrl = (issuerId: string, listType?: TSupplierListType) =>
  `/api/v1/issuers/${issuerId}/supplier-lists${listType ? `/${listType}` : ''}`;
export const supplierListsSummaryQuery = (issuerId: string) =>
  queryOptions({
    queryKey: issuerKeys.supplierLists(issuerId),
    queryFn: () => api<TSupplierListsSummary>(listsUrl(issuerId)),
  });
export const fetchSupplierList = (issuerId: string, listType: TSupplierListType, search: string, req: TPagingRequest) =>
  api<TPagedResult<TSupplierListEntry>>(listsUrl(issuerId, listType), {
    query: { pageNumber: req.pageNumber ?? 1, pageSize: req.pageSize ?? 25, search: search || undefined },
  });
export const uploadSupplierList = (
  issuerId: string,
  listType: TSupplierListType,
  file: File,
  mode: 'replace' | 'append',
) => {
  const body = new FormData();
  body.set('file', file);
  return api<TSupplierListUploadResult>(`${listsUrl(issuerId, listType)}/upload`, {
    method: 'POST',
    body,
    query: { mode },
  });
};
export const addSupplierListEntry = (issuerId: string, listType: TSupplierListType, body: TSupplierListEntryAdd) =>
  api<TSupplierListEntry>(`${listsUrl(issuerId, listType)}/entries`, { body });
export const removeSupplierListEntry = (issuerId: string, listType: TSupplierListType, entryId: string) =>
  api<TMutationResult>(`${listsUrl(issuerId, listType)}/entries/${entryId}`, { method: 'DELETE' });
export const clearSupplierList = (issuerId: string, listType: TSupplierListType) =>
  api<TMutationResult>(listsUrl(issuerId, listType), { method: 'DELETE' });
