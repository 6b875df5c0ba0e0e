/** Issuer administration calls (SPEC §7 Issuers) and the brandings list used by admin forms. */
import { queryOptions } from '@tanstack/react-query';
import type {
  TAcceptanceFeeRow,
  TIssuerCreate,
  TIssuerMemberAdd,
  TIssuerMemberUpdate,
  TIssuerUpdate,
  TSupplierListEntryAdd,
  TSupplierListType,
  TPagingRequest,
} from '@sextant/shared/values';
import { http, ok, withForm } from './client.ts';

const issuer = (id: string) => ({ params: { path: { id } } });

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

export const fetchIssuers = (req: TPagingRequest) => ok(http.POST('/api/v1/issuers/get', { body: req }));

/** Every issuer the caller may read, for pick lists (sorted by name). */
export const issuerOptionsQuery = () =>
  queryOptions({
    queryKey: issuerKeys.options(),
    queryFn: async () =>
      (await fetchIssuers({ pageSize: 500, orderBy: { propertyName: 'name', direction: 'asc' } })).collection,
    staleTime: 60_000,
  });

export const issuerFullQuery = (id: string) =>
  queryOptions({
    queryKey: issuerKeys.detail(id),
    queryFn: () => ok(http.GET('/api/v1/issuers/{id}/full', issuer(id))),
  });

export const capabilitiesQuery = () =>
  queryOptions({
    queryKey: issuerKeys.reference('capabilities'),
    queryFn: () => ok(http.GET('/api/v1/issuers/getAllCapabilities')),
    staleTime: Infinity,
  });
export const lockboxesQuery = () =>
  queryOptions({
    queryKey: issuerKeys.reference('lockboxes'),
    queryFn: () => ok(http.GET('/api/v1/issuers/getAllVirtualLockboxesAvailableToIssuers')),
    staleTime: Infinity,
  });
export const languagesQuery = () =>
  queryOptions({
    queryKey: issuerKeys.reference('languages'),
    queryFn: () => ok(http.GET('/api/v1/issuers/getAllIssuerLanguages')),
    staleTime: Infinity,
  });
export const brandingsQuery = () =>
  queryOptions({
    queryKey: ['brandings', 'all'],
    queryFn: () => ok(http.GET('/api/v2/brandings/all')),
    staleTime: 5 * 60_000,
  });

export const potentialIssuerUsersQuery = (issuerId: string, search: string) =>
  queryOptions({
    queryKey: issuerKeys.potentialUsers(issuerId, search),
    queryFn: () =>
      ok(
        http.GET('/api/v1/users/potential-issuer-users', {
          params: { query: { issuerId, search: search || undefined } },
        }),
      ),
  });

export const createIssuer = (body: TIssuerCreate) => ok(http.POST('/api/v1/issuers', { body }));
export const updateIssuer = (id: string, body: TIssuerUpdate) =>
  ok(http.PUT('/api/v1/issuers', { params: { query: { id } }, body }));
export const deleteIssuer = (id: string) => ok(http.DELETE('/api/v1/issuers/{id}', issuer(id)));

/** Issuer members (/admin/issuer-manager/{issuerId}/users); each change answers the new member list. */
const member = (id: string, userId: string) => ({ params: { path: { id, userId } } });
export const addIssuerMember = (issuerId: string, body: TIssuerMemberAdd) =>
  ok(http.POST('/api/v1/issuers/{id}/members', { ...issuer(issuerId), body }));
export const updateIssuerMember = (issuerId: string, userId: string, body: TIssuerMemberUpdate) =>
  ok(http.PATCH('/api/v1/issuers/{id}/members/{userId}', { ...member(issuerId, userId), body }));
export const removeIssuerMember = (issuerId: string, userId: string) =>
  ok(http.DELETE('/api/v1/issuers/{id}/members/{userId}', member(issuerId, userId)));

/** Supplier include / exclude lists of an issuer (used by the analysis). */
const list = (id: string, listType: TSupplierListType) => ({ path: { id, listType } });
export const supplierListsSummaryQuery = (issuerId: string) =>
  queryOptions({
    queryKey: issuerKeys.supplierLists(issuerId),
    queryFn: () => ok(http.GET('/api/v1/issuers/{id}/supplier-lists', issuer(issuerId))),
  });
export const fetchSupplierList = (issuerId: string, listType: TSupplierListType, search: string, req: TPagingRequest) =>
  ok(
    http.GET('/api/v1/issuers/{id}/supplier-lists/{listType}', {
      params: {
        ...list(issuerId, listType),
        query: { pageNumber: req.pageNumber ?? 1, pageSize: req.pageSize ?? 25, search: search || undefined },
      },
    }),
  );
export const uploadSupplierList = (
  issuerId: string,
  listType: TSupplierListType,
  file: File,
  mode: 'replace' | 'append',
) => {
  const body = new FormData();
  body.set('file', file);
  return ok(
    http.POST('/api/v1/issuers/{id}/supplier-lists/{listType}/upload', {
      params: { ...list(issuerId, listType), query: { mode } },
      middleware: [withForm(body)],
    }),
  );
};
export const addSupplierListEntry = (issuerId: string, listType: TSupplierListType, body: TSupplierListEntryAdd) =>
  ok(http.POST('/api/v1/issuers/{id}/supplier-lists/{listType}/entries', { params: list(issuerId, listType), body }));
export const removeSupplierListEntry = (issuerId: string, listType: TSupplierListType, entryId: string) =>
  ok(
    http.DELETE('/api/v1/issuers/{id}/supplier-lists/{listType}/entries/{entryId}', {
      params: { path: { id: issuerId, listType, entryId } },
    }),
  );
export const clearSupplierList = (issuerId: string, listType: TSupplierListType) =>
  ok(http.DELETE('/api/v1/issuers/{id}/supplier-lists/{listType}', { params: list(issuerId, listType) }));

/** Replace the issuer's acceptance fee table (null: back to the defaults). */
export const updateIssuerAcceptanceFees = (issuerId: string, acceptanceFees: TAcceptanceFeeRow[] | null) =>
  ok(
    http.POST('/api/v1/issuers/issuer-admin-acceptance-fees', {
      params: { query: { issuerId } },
      body: { acceptanceFees },
    }),
  );
