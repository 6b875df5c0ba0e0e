/** Vendor lookup (BETA) and global insights calls, with their TanStack Query key factories. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  TChartViewData,
  TChartViewId,
  TGlobalInsightsStatus,
  TGlobalOrganizationKind,
  TGlobalOrganizations,
  TGlobalOrganizationSort,
  TGlobalSummary,
  TSlicerQuery,
  TVendorDetail,
  TVendorSearchResult,
} from '@sextant/shared/values';
import { api } from './client.ts';

export interface VendorFilters {
  q: string;
  city?: string;
  postcode?: string;
  country?: string;
  taxId?: string;
}

/** Only the filled-in filters (the API refuses an empty country code). */
export const vendorQueryParams = (f: VendorFilters): Record<string, string> =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as Record<
    string,
    string
  >;

export const vendorKeys = {
  all: ['vendors'] as const,
  search: (f: VendorFilters) => [...vendorKeys.all, 'search', vendorQueryParams(f)] as const,
  detail: (id: string) => [...vendorKeys.all, 'detail', id] as const,
};

export const vendorSearchQuery = (f: VendorFilters) =>
  queryOptions({
    queryKey: vendorKeys.search(f),
    queryFn: ({ signal }) =>
      api<TVendorSearchResult>('/api/v1/vendors/search', { query: vendorQueryParams(f), signal }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export const vendorSearchCsvUrl = (f: VendorFilters) =>
  `/api/v1/vendors/search?${new URLSearchParams({ ...vendorQueryParams(f), limit: '100', format: 'csv' })}`;

export const vendorQuery = (id: string) =>
  queryOptions({
    queryKey: vendorKeys.detail(id),
    queryFn: ({ signal }) => api<TVendorDetail>(`/api/v1/vendors/${encodeURIComponent(id)}`, { signal }),
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
    queryFn: ({ signal }) => api<TGlobalInsightsStatus>('/api/v1/global-insights/status', { signal }),
    refetchInterval: (q) => (q.state.data?.state === 'Building' ? 1_000 : false),
  });

export const globalSummaryQuery = (slice: TSlicerQuery) =>
  queryOptions({
    queryKey: globalKeys.summary(slice),
    queryFn: ({ signal }) => api<TGlobalSummary>('/api/v1/global-insights/summary', { query: slice, signal }),
    staleTime: 60_000,
  });

export const globalViewQuery = (view: TChartViewId, slice: TSlicerQuery) =>
  queryOptions({
    queryKey: globalKeys.view(view, slice),
    queryFn: ({ signal }) =>
      api<TChartViewData>(`/api/v1/global-insights/views/${encodeURIComponent(view)}`, { query: slice, signal }),
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
    queryKey: globalKeys.organizations(kind, sort, order),
    queryFn: ({ signal }) =>
      api<TGlobalOrganizations>('/api/v1/global-insights/organizations', {
        query: { ...(kind ? { kind } : {}), sort, order },
        signal,
      }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
