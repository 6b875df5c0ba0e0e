/**
 * Merge.dev connections of a job (issuer input data options MergeLink / MergeMagicLink): the job's input options,
 * the link token for Merge Link, the public-token exchange that imports the data, and a re-import.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http, ok } from './client.ts';
import { jobKeys } from './jobs.ts';

const job = (jobId: string) => ({ params: { path: { jobId } } });
const inputOptionsKey = (jobId: string) => [...jobKeys.detail(jobId), 'input-options'] as const;

export const jobInputOptionsQuery = (jobId: string) =>
  queryOptions({
    queryKey: inputOptionsKey(jobId),
    queryFn: () => ok(http.GET('/api/v1/jobs/{jobId}/input-options', job(jobId))),
    meta: { silent: true },
  });

function useInvalidateJob(jobId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: jobKeys.detail(jobId) });
}

export function useStartMergeLink(jobId: string) {
  return useMutation({
    mutationFn: () => ok(http.POST('/api/v1/jobs/{jobId}/merge/link-token', job(jobId))),
    meta: { silent: true },
  });
}

export function useCompleteMergeLink(jobId: string) {
  const invalidate = useInvalidateJob(jobId);
  return useMutation({
    mutationFn: (publicToken: string) =>
      ok(http.POST('/api/v1/jobs/{jobId}/merge/public-token', { ...job(jobId), body: { publicToken } })),
    onSettled: invalidate,
    meta: { silent: true },
  });
}

export function useMergeImport(jobId: string) {
  const invalidate = useInvalidateJob(jobId);
  return useMutation({
    mutationFn: () => ok(http.POST('/api/v1/jobs/{jobId}/merge/import', job(jobId))),
    onSettled: invalidate,
    meta: { silent: true },
  });
}

/** The input data options an issuer can have, each with whether this server can carry it out (issuer form). */
export const inputDataOptionsQuery = () =>
  queryOptions({
    queryKey: ['issuers', 'reference', 'input-data-options'] as const,
    queryFn: () => ok(http.GET('/api/v1/issuers/input-data-options')),
    staleTime: Infinity,
  });
