/** Acceptance-model monitoring calls (/api/v1/ml-prediction). */
import { queryOptions } from '@tanstack/react-query';
import type { TMlJobDetail, TMlOverview } from '@sextant/shared/values';
import { api } from './client.ts';

export const mlKeys = {
  all: ['ml-prediction'] as const,
  overview: () => [...mlKeys.all, 'jobs'] as const,
  job: (jobId: string) => [...mlKeys.all, 'job', jobId] as const,
};

export const mlOverviewQuery = () =>
  queryOptions({ queryKey: mlKeys.overview(), queryFn: () => api<TMlOverview>('/api/v1/ml-prediction/jobs') });

export const mlJobQuery = (jobId: string) =>
  queryOptions({
    queryKey: mlKeys.job(jobId),
    queryFn: () => api<TMlJobDetail>(`/api/v1/ml-prediction/jobs/${jobId}`),
  });
