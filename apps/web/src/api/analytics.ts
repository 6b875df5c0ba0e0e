/** Analytics query calls (/api/v1/analytics): views catalogue, runs, saved reports, CSV downloads. */
import { queryOptions } from '@tanstack/react-query';
import type {
  TAnalyticsReportInput,
  TAnalyticsReportUpdate,
  TAnalyticsRunRequest,
  TAnalyticsValues,
  TPagingRequest,
} from '@sextant/shared/values';
import { download, http, ok } from './client.ts';

const report = (id: string) => ({ params: { path: { id } } });

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
    queryFn: () => ok(http.GET('/api/v1/analytics/views')),
    staleTime: 5 * 60_000,
  });
export const fetchReports = (req: TPagingRequest) => ok(http.POST('/api/v1/analytics/reports/get', { body: req }));
export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: analyticsKeys.detail(id),
    queryFn: () => ok(http.GET('/api/v1/analytics/reports/{id}', report(id))),
  });

export const runQuery = (body: TAnalyticsRunRequest) => ok(http.POST('/api/v1/analytics/run', { body }));
export const runReport = (id: string, values: TAnalyticsValues) =>
  ok(http.POST('/api/v1/analytics/reports/{id}/run', { ...report(id), body: { values } }));
export const createReport = (body: TAnalyticsReportInput) => ok(http.POST('/api/v1/analytics/reports', { body }));
export const updateReport = (id: string, body: TAnalyticsReportUpdate) =>
  ok(http.PUT('/api/v1/analytics/reports/{id}', { ...report(id), body }));
export const deleteReport = (id: string) => ok(http.DELETE('/api/v1/analytics/reports/{id}', report(id)));

/** The CSV download URL of a saved report with its parameter values as query-string fields. */
export function reportCsvUrl(id: string, values: TAnalyticsValues): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== null && v !== undefined && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `/api/v1/analytics/reports/${id}/csv${s ? `?${s}` : ''}`;
}

/** Downloads an ad-hoc query's rows as CSV (POST, so the SQL never lands in a URL). */
export async function downloadQueryCsv(body: TAnalyticsRunRequest): Promise<void> {
  await download(http.POST('/api/v1/analytics/run/csv', { body, parseAs: 'blob' }), 'analytics-query.csv');
}
