/** Analytics query calls (/api/v1/analytics): views catalogue, runs, saved reports, CSV downloads. */
import { queryOptions } from '@tanstack/react-query';
import type {
  TAnalyticsCatalog,
  TAnalyticsReport,
  TAnalyticsReportInput,
  TAnalyticsReportUpdate,
  TAnalyticsResult,
  TAnalyticsRunRequest,
  TAnalyticsValues,
  TMutationResult,
  TPagedResult,
  TPagingRequest,
} from '@sextant/shared/values';
import { ApiError, api } from './client.ts';

export const analyticsKeys = {
  all: ['analytics'] as const,
  views: () => [...analyticsKeys.all, 'views'] as const,
  lists: () => [...analyticsKeys.all, 'reports', 'list'] as const,
  details: () => [...analyticsKeys.all, 'reports', 'detail'] as const,
  detail: (id: string) => [...analyticsKeys.details(), id] as const,
};

export const analyticsCatalogQuery = () =>
  queryOptions({
    queryKey: analyticsKeys.views(),
    queryFn: () => api<TAnalyticsCatalog>('/api/v1/analytics/views'),
    staleTime: 5 * 60_000,
  });
export const fetchReports = (req: TPagingRequest) =>
  api<TPagedResult<TAnalyticsReport>>('/api/v1/analytics/reports/get', { body: req });
export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: analyticsKeys.detail(id),
    queryFn: () => api<TAnalyticsReport>(`/api/v1/analytics/reports/${id}`),
  });

export const runQuery = (body: TAnalyticsRunRequest) => api<TAnalyticsResult>('/api/v1/analytics/run', { body });
export const runReport = (id: string, values: TAnalyticsValues) =>
  api<TAnalyticsResult>(`/api/v1/analytics/reports/${id}/run`, { body: { values } });
export const createReport = (body: TAnalyticsReportInput) =>
  api<TMutationResult & { id: string }>('/api/v1/analytics/reports', { body });
export const updateReport = (id: string, body: TAnalyticsReportUpdate) =>
  api<TMutationResult>(`/api/v1/analytics/reports/${id}`, { method: 'PUT', body });
export const deleteReport = (id: string) =>
  api<TMutationResult>(`/api/v1/analytics/reports/${id}`, { method: 'DELETE' });

/** The CSV download URL of a saved report with its parameter values as query-string fields. */
export function reportCsvUrl(id: string, values: TAnalyticsValues): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== null && v !== undefined && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `/api/v1/analytics/reports/${id}/csv${s ? `?${s}` : ''}`;
}

/** Downloads an ad-hoc query's rows as CSV (POST, so the SQL never lands in a URL). */
export async function downloadQueryCsv(body: TAnalyticsRunRequest): Promise<void> {
  const res = await fetch('/api/v1/analytics/run/csv', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok)
    throw new ApiError(res.status, (await res.json().catch(() => null)) as never, '/api/v1/analytics/run/csv', 'POST');
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'analytics-query.csv';
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
