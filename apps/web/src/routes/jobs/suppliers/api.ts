/**
 * Supplier and use case results API (issue #7): query-key factory and query options for
 * /api/v1/jobs/{jobId}/results/suppliers…, /use-cases… and /use-cases-report.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  supplierListSearch,
  type TSupplierColumns,
  type TSupplierDetail,
  type TSupplierListParams,
  type TSupplierPage,
  type TUseCaseDetail,
  type TUseCaseList,
  type TUseCasesReport,
} from '@sextant/shared/results-suppliers';
import { api } from '../../../api/client.ts';

const enc = encodeURIComponent;
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
    queryFn: () => api<TSupplierColumns>(`${suppliersUrl(jobId)}/columns`),
    staleTime: 5 * 60_000,
    meta: { operation: 'Loading supplier columns' },
  });

export const fetchSupplierPage = (url: string, params: TSupplierListParams) =>
  api<TSupplierPage>(url, { query: supplierListSearch(params) });

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
    queryFn: () => api<TSupplierDetail>(`${suppliersUrl(jobId)}/${enc(key)}`),
    meta: { operation: 'Loading supplier' },
  });

export const useCasesQuery = (jobId: string) =>
  queryOptions({
    queryKey: supplierKeys.useCases(jobId),
    queryFn: () => api<TUseCaseList>(`${resultsBase(jobId)}/use-cases`),
    meta: { operation: 'Loading use cases' },
  });

export const useCaseQuery = (jobId: string, useCaseId: string) =>
  queryOptions({
    queryKey: supplierKeys.useCase(jobId, useCaseId),
    queryFn: () => api<TUseCaseDetail>(`${resultsBase(jobId)}/use-cases/${enc(useCaseId)}`),
    meta: { operation: 'Loading use case' },
  });

export const useCasesReportQuery = (jobId: string) =>
  queryOptions({
    queryKey: supplierKeys.report(jobId),
    queryFn: () => api<TUseCasesReport>(`${resultsBase(jobId)}/use-cases-report`),
    meta: { operation: 'Loading Use Cases Report' },
  });

export const pdfUrlOfUseCases = (jobId: string) => `/api/v1/jobs/${enc(jobId)}/reports/use-cases/pdf`;
