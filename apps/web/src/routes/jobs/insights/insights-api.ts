/**
 * Results API of the summary, insights, insights report and presentation pages: one query-key factory and the
 * query options (TanStack Query), plus the download URLs (chart CSV, PPTX, report PDF).
 */
import { queryOptions } from '@tanstack/react-query';
import type { TChartViewData, TChartViewId, TJobSummary, TPresentationDeck, TSlicerQuery } from '@sextant/shared';
import { api } from '../../../api/client.ts';

const base = (jobId: string) => `/api/v1/jobs/${encodeURIComponent(jobId)}`;

export const resultKeys = {
  all: (jobId: string) => ['jobs', jobId, 'results'] as const,
  summary: (jobId: string, slice: TSlicerQuery) => [...resultKeys.all(jobId), 'summary', slice] as const,
  view: (jobId: string, view: TChartViewId, slice: TSlicerQuery) =>
    [...resultKeys.all(jobId), 'view', view, slice] as const,
  deck: (jobId: string) => [...resultKeys.all(jobId), 'presentation'] as const,
};

export const summaryQuery = (jobId: string, slice: TSlicerQuery) =>
  queryOptions({
    queryKey: resultKeys.summary(jobId, slice),
    queryFn: ({ signal }) => api<TJobSummary>(`${base(jobId)}/results/summary`, { query: slice, signal }),
    staleTime: 60_000,
  });

export const viewQuery = (jobId: string, view: TChartViewId, slice: TSlicerQuery) =>
  queryOptions({
    queryKey: resultKeys.view(jobId, view, slice),
    queryFn: ({ signal }) =>
      api<TChartViewData>(`${base(jobId)}/results/views/${encodeURIComponent(view)}`, { query: slice, signal }),
    staleTime: 60_000,
  });

export const deckQuery = (jobId: string) =>
  queryOptions({
    queryKey: resultKeys.deck(jobId),
    queryFn: ({ signal }) => api<TPresentationDeck>(`${base(jobId)}/presentation`, { signal }),
    staleTime: 60_000,
  });

export const viewCsvUrl = (jobId: string, view: TChartViewId, slice: TSlicerQuery) =>
  `${base(jobId)}/results/views/${encodeURIComponent(view)}?${new URLSearchParams({ ...slice, format: 'csv' })}`;
export const pptxUrl = (jobId: string) => `${base(jobId)}/presentation/pptx`;
export const insightsPdfUrl = (jobId: string) => `${base(jobId)}/reports/insights/pdf`;
