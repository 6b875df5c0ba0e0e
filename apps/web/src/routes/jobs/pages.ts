/**
 * Page modules of the jobs area and the job list, by route id (registered in the shell's PAGES map), and the data
 * requests their route loaders start (prefetchPageData).
 */
import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import { jobQuery } from '../../api/jobs.ts';
import { queryClient } from '../../app/query-client.ts';
import { loadECharts } from '../../components/charts/chart.tsx';
import { sliceFromParams, summaryQuery, viewFromParams, viewQuery } from './insights/insights-api.ts';

type TPageModule = { Component: ComponentType };

/** Chart pages fetch ECharts alongside their own module (not after it), so the first chart is not one round trip late. */
const withCharts =
  (load: () => Promise<TPageModule>): (() => Promise<TPageModule>) =>
  () => {
    void loadECharts().catch(() => undefined);
    return load();
  };

export const JOB_PAGES: Record<string, () => Promise<TPageModule>> = {
  analysis: () => import('../analysis/analysis-page.tsx'),
  jobsLoading: () => import('./loading-page.tsx'),
  jobOpen: () => import('./open-page.tsx'),
  jobCreate: () => import('./create-page.tsx'),
  jobWorkflow: () => import('./workflow-page.tsx'),
  jobDetails: () => import('./details-page.tsx'),
  jobLogs: () => import('./logs-page.tsx'),
  jobUsers: () => import('./users-page.tsx'),
  jobUsersAssigned: () => import('./users-page.tsx'),
  jobAnalysisDataDownload: () => import('./downloads-page.tsx'),
  jobMatchedDataOnlyDownload: () => import('./downloads-page.tsx'),
  jobNoAccess: () => import('./no-access-page.tsx'),
  jobSummary: withCharts(() => import('./summary/summary-page.tsx')),
  jobInsights: withCharts(() => import('./insights/insights-page.tsx')),
  jobSuppliers: () => import('./suppliers/suppliers-page.tsx'),
  jobSupplier: () => import('./suppliers/supplier-page.tsx'),
  jobReportInsights: withCharts(() => import('./insights/insights-report-page.tsx')),
  jobPresentation: withCharts(() => import('./presentation/presentation-page.tsx')),
  jobReportUseCases: () => import('./use-cases/use-cases-report-page.tsx'),
  jobUseCases: () => import('./use-cases/use-cases-page.tsx'),
  jobUseCase: () => import('./use-cases/use-case-page.tsx'),
  jobUseCaseSupplier: () => import('./use-cases/use-case-supplier-page.tsx'),
  jobBusinessCaseCalculator: withCharts(() => import('./business-case/calculator-page.tsx')),
  jobBusinessCaseDownload: () => import('./business-case/download-page.tsx'),
  jobPrintable: () => import('./printable/printable-page.tsx'),
};

type TPrefetch = (jobId: string, search: URLSearchParams) => void;

/** The first request of a result page (its own query then finds it in the cache). */
const PAGE_PREFETCH: Record<string, TPrefetch> = {
  jobSummary: (jobId, search) => void queryClient.prefetchQuery(summaryQuery(jobId, sliceFromParams(search))),
  jobInsights: (jobId, search) =>
    void queryClient.prefetchQuery(viewQuery(jobId, viewFromParams(search), sliceFromParams(search))),
};

/**
 * Started by the route loader of every page (after the permission check) so the data loads alongside the page's
 * module instead of after it has rendered: on a job page the job (which the job frame renders at once instead of a
 * skeleton first) and, once the job shows it has results, a result page's first request.
 */
export function prefetchPageData(routeId: string, params: Params, search: URLSearchParams): void {
  const { jobId } = params;
  if (!jobId) return;
  const prefetch = PAGE_PREFETCH[routeId];
  void queryClient
    .ensureQueryData(jobQuery(jobId))
    // only a job with a completed run has results: the results tabs of any other say why instead (job-layout.tsx),
    // and a prefetch answered 409 would show an error notification
    .then((job) => job.resultRunId && prefetch?.(jobId, search))
    .catch(() => undefined);
}
