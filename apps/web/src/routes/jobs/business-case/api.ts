/** Business case API (query-key factory, queries, save, downloads). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiError, TBusinessCase, TBusinessCaseInputs } from '@sextant/shared/values';
import { api, ApiError } from '../../../api/client.ts';

const path = (jobId: string) => `/api/v1/jobs/${encodeURIComponent(jobId)}/business-case`;

export const businessCaseKeys = {
  all: (jobId: string) => ['jobs', 'detail', jobId, 'business-case'] as const,
  calculator: (jobId: string) => [...businessCaseKeys.all(jobId), 'calculator'] as const,
  summary: (jobId: string) => [...businessCaseKeys.all(jobId), 'summary'] as const,
};

export const businessCaseQuery = (jobId: string) =>
  queryOptions({
    queryKey: businessCaseKeys.calculator(jobId),
    queryFn: () => api<TBusinessCase>(path(jobId)),
    retry: false,
  });

/** The saved case for the download page and the printable report (Business Case Download permission). */
export const businessCaseSummaryQuery = (jobId: string) =>
  queryOptions({
    queryKey: businessCaseKeys.summary(jobId),
    queryFn: () => api<TBusinessCase>(`${path(jobId)}/summary`),
    retry: false,
  });

export function useSaveBusinessCase(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (inputs: TBusinessCaseInputs) => api<TBusinessCase>(path(jobId), { method: 'PUT', body: inputs }),
    onSuccess: (data) => {
      qc.setQueryData(businessCaseKeys.calculator(jobId), data);
      void qc.invalidateQueries({ queryKey: businessCaseKeys.summary(jobId) });
    },
  });
}

export const businessCaseXlsxUrl = (jobId: string) => `${path(jobId)}/download?format=xlsx`;
export const reportPdfUrl = (jobId: string, type: string) =>
  `/api/v1/jobs/${encodeURIComponent(jobId)}/reports/${encodeURIComponent(type)}/pdf`;

/** Fetches a file and hands it to the browser as a download; API errors are thrown as ApiError. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as Partial<TApiError> | null;
    throw new ApiError(res.status, body, url, 'GET');
  }
  const blob = await res.blob();
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd)?.[1];
  const plain = /filename="([^"]+)"/i.exec(cd)?.[1];
  const name = star ? decodeURIComponent(star) : (plain ?? fallbackName);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
