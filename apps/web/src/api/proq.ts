/**
 * ProQ API (SPEC §7, /api/v1/proq) for the DevOps pages and the navbar quick views: one query-key factory;
 * retry/cancel invalidate every ProQ query so counts, lists, the detail drawer and the workflow redraw.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PROQ_QUICK_VIEW_POLL_MS, type TPagingRequest } from '@sextant/shared/values';
import { http, ok } from './client.ts';
import { notify, notifyError } from '../components/notifications/notification-store.ts';
import { handleAuthorizationOutcome } from '../app/query-client.ts';

/** The command lists of the monitoring page, by their routes. */
const LIST_PATH = {
  queued: '/api/v1/proq/queued-commands',
  error: '/api/v1/proq/error-commands',
  completed: '/api/v1/proq/completed-commands',
} as const;
export type TProqList = keyof typeof LIST_PATH;

export const proqKeys = {
  all: ['proq'] as const,
  status: () => [...proqKeys.all, 'status-details'] as const,
  quickView: (jobId?: string) =>
    jobId ? ([...proqKeys.all, 'quick-view', jobId] as const) : ([...proqKeys.all, 'quick-view'] as const),
  monitoring: () => [...proqKeys.all, 'monitoring'] as const,
  counts: (groupBy: 'commandType' | 'state' | 'category') => [...proqKeys.all, 'counts', groupBy] as const,
  workers: () => [...proqKeys.all, 'workers'] as const,
  backoff: () => [...proqKeys.all, 'backoff'] as const,
  commandTypes: () => [...proqKeys.all, 'command-types'] as const,
  list: (kind: TProqList) => [...proqKeys.all, 'list', kind] as const,
  detail: (id: number) => [...proqKeys.all, 'command', id] as const,
  job: (jobId: string) => [...proqKeys.all, 'job', jobId] as const,
  backgroundService: () => [...proqKeys.all, 'background-service'] as const,
};

const silent = { silent: true };

/** Navbar status (badge): polled every 4 s (SPEC §7). */
export const proqStatusQuery = (enabled = true) =>
  queryOptions({
    queryKey: proqKeys.status(),
    queryFn: () => ok(http.GET('/api/v1/proq/proq-status-details')),
    enabled,
    refetchInterval: PROQ_QUICK_VIEW_POLL_MS,
    retry: false,
    meta: silent,
  });

export const proqQuickViewQuery = (jobId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: proqKeys.quickView(jobId ?? undefined),
    queryFn: () =>
      ok(
        jobId
          ? http.GET('/api/v1/proq/queued-commands-quick-view/{jobId}', { params: { path: { jobId } } })
          : http.GET('/api/v1/proq/proq-commands-info'),
      ),
    enabled,
    refetchInterval: PROQ_QUICK_VIEW_POLL_MS,
    retry: false,
    meta: silent,
  });

export const monitoringQuery = () =>
  queryOptions({
    queryKey: proqKeys.monitoring(),
    queryFn: () => ok(http.GET('/api/v1/proq/get-proqmonitoring-data')),
    meta: { operation: 'Loading ProQ monitoring data' },
  });

export const queuedCountsQuery = (groupBy: 'commandType' | 'state' | 'category') =>
  queryOptions({
    queryKey: proqKeys.counts(groupBy),
    queryFn: () => ok(http.GET('/api/v1/proq/queued-commands-count', { params: { query: { groupBy } } })),
    meta: silent,
  });

export const workersQuery = () =>
  queryOptions({
    queryKey: proqKeys.workers(),
    queryFn: () => ok(http.GET('/api/v1/proq/workers')),
    meta: silent,
  });

export const backoffQuery = () =>
  queryOptions({
    queryKey: proqKeys.backoff(),
    queryFn: () => ok(http.GET('/api/v1/proq/get-proq-backoff-strategy-data')),
    meta: silent,
  });

export const commandTypesQuery = () =>
  queryOptions({
    queryKey: proqKeys.commandTypes(),
    queryFn: () => ok(http.GET('/api/v1/proq/get-proq-command-types')),
    staleTime: 60_000,
    meta: silent,
  });

export const commandQuery = (id: number) =>
  queryOptions({
    queryKey: proqKeys.detail(id),
    queryFn: () => ok(http.GET('/api/v1/proq/commands/{id}', { params: { path: { id } } })),
    meta: { operation: 'Loading the command' },
  });

/** A job's commands (workflow view); polled every 4 s while any is not finished. */
export const jobWorkflowQuery = (jobId: string | null) =>
  queryOptions({
    queryKey: proqKeys.job(jobId ?? ''),
    queryFn: () => ok(http.GET('/api/v1/proq/jobs/{jobId}/commands', { params: { path: { jobId: jobId ?? '' } } })),
    enabled: Boolean(jobId),
    refetchInterval: (q) =>
      q.state.data?.some((c) => c.state === 'Blocked' || c.state === 'Pending' || c.state === 'InProgress')
        ? PROQ_QUICK_VIEW_POLL_MS
        : false,
    meta: { operation: "Loading the job's commands" },
  });

export const fetchCommandPage = (kind: TProqList, req: TPagingRequest) => ok(http.POST(LIST_PATH[kind], { body: req }));

/** Retry (Error/Canceled) or cancel (Blocked/Pending/InProgress, optional reason); errors become notifications. */
export function useCommandAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; action: 'retry' | 'cancel'; reason?: string }) =>
      ok(
        v.action === 'cancel'
          ? http.POST('/api/v1/proq/commands/{id}/cancel', {
              params: { path: { id: v.id } },
              body: v.reason?.trim() ? { reason: v.reason.trim() } : {},
            })
          : http.POST('/api/v1/proq/commands/{id}/retry', { params: { path: { id: v.id } } }),
      ),
    meta: silent,
    onSuccess: async (c, v) => {
      qc.setQueryData(proqKeys.detail(c.id), c);
      await qc.invalidateQueries({ queryKey: proqKeys.all });
      notify('success', v.action === 'retry' ? `Command #${c.id} queued again` : `Command #${c.id} canceled`);
    },
    onError: (error, v) => {
      if (handleAuthorizationOutcome(error)) return;
      notifyError(error, v.action === 'retry' ? 'Retrying the command' : 'Canceling the command');
    },
  });
}

/** Background service toggle state (paused or taking commands). */
export const backgroundServiceQuery = () =>
  queryOptions({
    queryKey: proqKeys.backgroundService(),
    queryFn: () => ok(http.GET('/api/v1/proq/background-service')),
    meta: silent,
  });

/** Pauses or resumes every ProQ worker (BackgroundService_TOGGLE); running commands finish either way. */
export function useBackgroundServiceToggle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (running: boolean) =>
      ok(http.POST('/api/v1/proq/background-service', { params: { query: { running: running ? 'true' : 'false' } } })),
    meta: silent,
    onSuccess: async (state) => {
      qc.setQueryData(proqKeys.backgroundService(), state);
      await qc.invalidateQueries({ queryKey: proqKeys.all });
      notify(
        'success',
        state.paused ? 'Background service paused: workers take no new commands' : 'Background service resumed',
      );
    },
    onError: (error) => {
      if (handleAuthorizationOutcome(error)) return;
      notifyError(error, 'Switching the background service');
    },
  });
}
