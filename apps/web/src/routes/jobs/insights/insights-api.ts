/**
 * Results API of the summary, insights, insights report and presentation pages: one query-key factory and the
 * query options (TanStack Query), the download URLs (chart CSV, PPTX, report PDF) and the view and slice of a URL
 * (kept light: the route loaders read them to start a page's data request while its module still loads).
 */
import { queryOptions } from '@tanstack/react-query';
import {
  CHART_VIEW_IDS,
  SLICERS,
  SLICER_NAMES,
  type TChartViewId,
  type TSlicer,
  type TSlicerQuery,
} from '@sextant/shared/values';
import { http, ok } from '../../../api/client.ts';

const isView = (v: string | null): v is TChartViewId => !!v && (CHART_VIEW_IDS as readonly string[]).includes(v);
/** The chart view of the URL's ?view= (country when absent or unknown). */
export const viewFromParams = (params: URLSearchParams): TChartViewId => {
  const v = params.get('view');
  return isView(v) ? v : 'country';
};

const isSlicer = (s: string | null): s is TSlicer => !!s && (SLICER_NAMES as string[]).includes(s);
/** The slice of the URL's ?slicer=&slicerValue= (Overall/ALL when absent or unknown). */
export function sliceFromParams(params: URLSearchParams): TSlicerQuery {
  const raw = params.get('slicer');
  const slicer: TSlicer = isSlicer(raw) ? raw : 'Overall';
  const values = SLICERS[slicer] as readonly string[];
  const v = params.get('slicerValue');
  return { slicer, slicerValue: v !== null && values.includes(v) ? v : values[0]! };
}

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
    queryFn: ({ signal }) =>
      ok(http.GET('/api/v1/jobs/{jobId}/results/summary', { params: { path: { jobId }, query: slice }, signal })),
    staleTime: 60_000,
  });

export const viewQuery = (jobId: string, view: TChartViewId, slice: TSlicerQuery) =>
  queryOptions({
    queryKey: resultKeys.view(jobId, view, slice),
    queryFn: async ({ signal }) => {
      const data = await ok(
        http.GET('/api/v1/jobs/{jobId}/results/views/{view}', {
          params: { path: { jobId, view }, query: slice },
          signal,
        }),
      );
      // The route answers CSV text only for ?format=csv, which this query never asks for.
      if (typeof data === 'string') throw new Error('The chart view came back as text instead of JSON');
      return data;
    },
    staleTime: 60_000,
  });

export const deckQuery = (jobId: string) =>
  queryOptions({
    queryKey: resultKeys.deck(jobId),
    queryFn: ({ signal }) => ok(http.GET('/api/v1/jobs/{jobId}/presentation', { params: { path: { jobId } }, signal })),
    staleTime: 60_000,
  });

export const viewCsvUrl = (jobId: string, view: TChartViewId, slice: TSlicerQuery) =>
  `${base(jobId)}/results/views/${encodeURIComponent(view)}?${new URLSearchParams({ ...slice, format: 'csv' })}`;
export const pptxUrl = (jobId: string) => `${base(jobId)}/presentation/pptx`;
export const insightsPdfUrl = (jobId: string) => `${base(jobId)}/reports/insights/pdf`;
