/** Vendor lookup (BETA) and global insights calls, with their TanStack Query key factories. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  TChartViewId,
  TGlobalOrganizationKind,
  TGlobalOrganizationSort,
  TSlicerQuery,
} from '@sextant/shared/values';
import { http, ok } from './client.ts';

export interface VendorFilters {
  q: string;
  city?: string;
  postcode?: string;
  country?: string;
  taxId?: string;
}

const FILTERS = ['q', 'city', 'postcode', 'country', 'taxId'] as const;

/** Only the filled-in filters (the API refuses an empty country code). */
export const vendorQueryParams = (f: VendorFilters): Record<string, string> => {
  const filled: Record<string, string> = {};
  for (const k of FILTERS) {
    const v = f[k];
    if (v !== undefined && v.trim() !== '') filled[k] = v;
  }
  return filled;
};

/** The route answers CSV text only for ?format=csv, which these queries never ask for. */
const json = <D>(data: D | string, what: string): D => {
  if (typeof data === 'string') throw new Error(`The ${what} came back as text instead of JSON`);
  return data;
};

export const vendorKeys = {
  all: ['vendors'] as const,
  search: (f: VendorFilters) => [...vendorKeys.all, 'search', vendorQueryParams(f)] as const,
  detail: (id: string) => [...vendorKeys.all, 'detail', id] as const,
};

export const vendorSearchQuery = (f: VendorFilters) =>
  queryOptions({
    queryKey: vendorKeys.search(f),
    queryFn: async ({ signal }) =>
      json(
        await ok(
          http.GET('/api/v1/vendors/search', { params: { query: { ...vendorQueryParams(f), q: f.q } }, signal }),
        ),
        'vendor search',
      ),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export const vendorSearchCsvUrl = (f: VendorFilters) =>
  `/api/v1/vendors/search?${new URLSearchParams({ ...vendorQueryParams(f), limit: '100', format: 'csv' })}`;

export const vendorQuery = (id: string) =>
  queryOptions({
    queryKey: vendorKeys.detail(id),
    queryFn: ({ signal }) => ok(http.GET('/api/v1/vendors/{vendorId}', { params: { path: { vendorId: id } }, signal })),
    staleTime: 60_000,
  });

export const globalKeys = {
  all: ['global-insights'] as const,
  status: () => [...globalKeys.all, 'status'] as const,
  summary: (slice: TSlicerQuery) => [...globalKeys.all, 'summary', slice] as const,
  view: (view: TChartViewId, slice: TSlicerQuery) => [...globalKeys.all, 'view', view, slice] as const,
  organizations: (kind: TGlobalOrganizationKind | null, sort: TGlobalOrganizationSort, order: 'asc' | 'desc') =>
    [...globalKeys.all, 'organizations', kind, sort, order] as const,
};

export const globalStatusQuery = () =>
  queryOptions({
    queryKey: globalKeys.status(),
    queryFn: ({ signal }) => ok(http.GET('/api/v1/global-insights/status', { signal })),
    refetchInterval: (q) => (q.state.data?.state === 'Building' ? 1_000 : false),
  });

/** A 409 from the global-insights reads means "still being built": the page sends the user to the loading page. */
const BUILDING = { expected: [409] } as const;

export const globalSummaryQuery = (slice: TSlicerQuery) =>
  queryOptions({
    meta: BUILDING,
    queryKey: globalKeys.summary(slice),
    queryFn: ({ signal }) => ok(http.GET('/api/v1/global-insights/summary', { params: { query: slice }, signal })),
    staleTime: 60_000,
  });

export const globalViewQuery = (view: TChartViewId, slice: TSlicerQuery) =>
  queryOptions({
    meta: BUILDING,
    queryKey: globalKeys.view(view, slice),
    queryFn: async ({ signal }) =>
      json(
        await ok(
          http.GET('/api/v1/global-insights/views/{view}', { params: { path: { view }, query: slice }, signal }),
        ),
        'chart view',
      ),
    staleTime: 60_000,
  });

export const globalViewCsvUrl = (view: TChartViewId, slice: TSlicerQuery) =>
  `/api/v1/global-insights/views/${encodeURIComponent(view)}?${new URLSearchParams({ ...slice, format: 'csv' })}`;

export const globalOrganizationsQuery = (
  kind: TGlobalOrganizationKind | null,
  sort: TGlobalOrganizationSort,
  order: 'asc' | 'desc',
) =>
  queryOptions({
    meta: BUILDING,
    queryKey: globalKeys.organizations(kind, sort, order),
    queryFn: ({ signal }) =>
      ok(
        http.GET('/api/v1/global-insights/organizations', {
          params: { query: { ...(kind ? { kind } : {}), sort, order } },
          signal,
        }),
      ),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
