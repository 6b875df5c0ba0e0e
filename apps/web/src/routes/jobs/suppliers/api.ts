/**
 * Supplier and use case results API: query-key factory and query options for
 * /api/v1/jobs/{jobId}/results/suppliers…, /use-cases… and /use-cases-report.
 */
import { queryOptions } from '@tanstack/react-query';
import { supplierListSearch, type TSupplierListParams } from '@sextant/shared/results-suppliers';
import { http, ok } from '../../../api/client.ts';

const enc = encodeURIComponent;
const job = (jobId: string) => ({ params: { path: { jobId } } });
export const resultsBase = (jobId: string) => `/api/v1/jobs/${enc(jobId)}/results`;
export const suppliersUrl = (jobId: string) => `${resultsBase(jobId)}/suppliers`;
export const suppliersOfUseCaseUrl = (jobId: string, useCaseId: string) =>
  `${resultsBase(jobId)}/use-cases/${enc(useCaseId)}/suppliers`;

export const supplierKeys = {
  all: (jobId: string) => ['jobs', jobId, 'results', 'suppliers'] as const,
  columns: (jobId: string) => [...supplierKeys.all(jobId), 'columns'] as const,
  list: (url: string) => [...supplierKeys.all(url), 'list'] as const,
  detail: (jobId: string, key: string) => [...supplierKeys.all(jobId), 'detail', key] as const,
  useCases: (jobId: string) => ['jobs', jobId, 'results', 'use-cases'] as const,
  useCase: (jobId: string, id: string) => [...supplierKeys.useCases(jobId), id] as const,
  report: (jobId: string) => ['jobs', jobId, 'results', 'use-cases-report'] as const,
};

export const supplierColumnsQuery = (jobId: string) =>
  queryOptions({
    queryKey: supplierKeys.columns(jobId),
    queryFn: () => ok(http.GET('/api/v1/jobs/{jobId}/results/suppliers/columns', job(jobId))),
    staleTime: 5 * 60_000,
    meta: { operation: 'Loading supplier columns' },
  });

/** A supplier list: the job's suppliers, or a use case's when useCaseId is set. */
export interface TSupplierList {
  jobId: string;
  useCaseId?: string;
}

export const supplierListUrl = ({ jobId, useCaseId }: TSupplierList) =>
  useCaseId === undefined ? suppliersUrl(jobId) : suppliersOfUseCaseUrl(jobId, useCaseId);

export const fetchSupplierPage = ({ jobId, useCaseId }: TSupplierList, params: TSupplierListParams) => {
  const query = supplierListSearch(params);
  return useCaseId === undefined
    ? ok(http.GET('/api/v1/jobs/{jobId}/results/suppliers', { params: { path: { jobId }, query } }))
    : ok(
        http.GET('/api/v1/jobs/{jobId}/results/use-cases/{useCaseId}/suppliers', {
          params: { path: { jobId, useCaseId }, query },
        }),
      );
};

/** Link of an export of every filtered, sorted row. */
export function exportHref(url: string, params: TSupplierListParams, format: 'csv' | 'xlsx'): string {
  const q = new URLSearchParams({ ...supplierListSearch({ ...params, pageNumber: 1 }), format });
  q.delete('pageNumber');
  q.delete('pageSize');
  return `${url}?${q.toString()}`;
}

export const supplierDetailQuery = (jobId: string, key: string) =>
  queryOptions({
    queryKey: supplierKeys.detail(jobId, key),
    queryFn: () =>
      ok(
        http.GET('/api/v1/jobs/{jobId}/results/suppliers/{supplierKey}', {
          params: { path: { jobId, supplierKey: key } },
        }),
      ),
    meta: { operation: 'Loading supplier' },
  });

export const useCasesQuery = (jobId: string) =>
  queryOptions({
    queryKey: supplierKeys.useCases(jobId),
    queryFn: () => ok(http.GET('/api/v1/jobs/{jobId}/results/use-cases', job(jobId))),
    meta: { operation: 'Loading use cases' },
  });

export const useCaseQuery = (jobId: string, useCaseId: string) =>
  queryOptions({
    queryKey: supplierKeys.useCase(jobId, useCaseId),
    queryFn: () =>
      ok(http.GET('/api/v1/jobs/{jobId}/results/use-cases/{useCaseId}', { params: { path: { jobId, useCaseId } } })),
    meta: { operation: 'Loading use case' },
  });

export const useCasesReportQuery = (jobId: string) =>
  queryOptions({
    queryKey: supplierKeys.report(jobId),
    queryFn: () => ok(http.GET('/api/v1/jobs/{jobId}/results/use-cases-report', job(jobId))),
    meta: { operation: 'Loading Use Cases Report' },
  });

export const pdfUrlOfUseCases = (jobId: string) => `/api/v1/jobs/${enc(jobId)}/reports/use-cases/pdf`;
