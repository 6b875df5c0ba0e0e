/** Acceptance-model monitoring calls (/api/v1/ml-prediction). */
import { queryOptions } from '@tanstack/react-query';
import { http, ok } from './client.ts';

export const mlKeys = {
  all: ['ml-prediction'] as const,
  overview: () => [...mlKeys.all, 'jobs'] as const,
  job: (jobId: string) => [...mlKeys.all, 'job', jobId] as const,
};

export const mlOverviewQuery = () =>
  queryOptions({ queryKey: mlKeys.overview(), queryFn: () => ok(http.GET('/api/v1/ml-prediction/jobs')) });

export const mlJobQuery = (jobId: string) =>
  queryOptions({
    queryKey: mlKeys.job(jobId),
    queryFn: () => ok(http.GET('/api/v1/ml-prediction/jobs/{jobId}', { params: { path: { jobId } } })),
  });
