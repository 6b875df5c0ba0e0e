/** The analysis admin dashboard's figures (GET /api/v1/analysis-admin/overview). */
import { queryOptions } from '@tanstack/react-query';
import { http, ok } from './client.ts';

export const analysisAdminKeys = {
  all: ['analysis-admin'] as const,
  overview: () => [...analysisAdminKeys.all, 'overview'] as const,
};

export const analysisAdminOverviewQuery = () =>
  queryOptions({
    queryKey: analysisAdminKeys.overview(),
    queryFn: () => ok(http.GET('/api/v1/analysis-admin/overview')),
    staleTime: 15_000,
  });
