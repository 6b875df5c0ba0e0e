/**
 * ProQ API (SPEC §7, /api/v1/proq) for the DevOps pages and the navbar quick views: one query-key factory;
 * retry/cancel invalidate every ProQ query so counts, lists, the detail drawer and the workflow redraw.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PROQ_BASE,
  PROQ_QUICK_VIEW_POLL_MS,
  type TNamedCount,
  type TPagedResult,
  type TPagingRequest,
  type TProqBackgroundService,
  type TProqBackoffStrategy,
  type TProqCommand,
  type TProqMonitoringData,
  type TProqQuickViewRow,
  type TProqStatus,
  type TProqWorker,
} from '@sextant/shared/values';
import { api } from './client.ts';
import { notify, notifyError } from '../components/notifications/notification-store.ts';
import { handleAuthorizationOutcome } from '../app/query-client.ts';

export type TProqList = 'queued' | 'error' | 'completed';

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
const enc = encodeURIComponent;

/** Navbar status (badge): polled every 4 s (SPEC §7). */
export const proqStatusQuery = (enabled = true) =>
  queryOptions({
    queryKey: proqKeys.status(),
    queryFn: () => api<TProqStatus>(`${PROQ_BASE}/proq-status-details`),
    enabled,
    refetchInterval: PROQ_QUICK_VIEW_POLL_MS,
    retry: false,
    meta: silent,
  });

export const proqQuickViewQuery = (jobId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: proqKeys.quickView(jobId ?? undefined),
    queryFn: () =>
      api<TProqQuickViewRow[]>(
        jobId ? `${PROQ_BASE}/queued-commands-quick-view/${enc(jobId)}` : `${PROQ_BASE}/proq-commands-info`,
      ),
    enabled,
    refetchInterval: PROQ_QUICK_VIEW_POLL_MS,
    retry: false,
    meta: silent,
  });

export const monitoringQuery = () =>
  queryOptions({
    queryKey: proqKeys.monitoring(),
    queryFn: () => api<TProqMonitoringData>(`${PROQ_BASE}/get-proqmonitoring-data`),
    meta: { operation: 'Loading ProQ monitoring data' },
  });

export const queuedCountsQuery = (groupBy: 'commandType' | 'state' | 'category') =>
  queryOptions({
    queryKey: proqKeys.counts(groupBy),
    queryFn: () => api<TNamedCount[]>(`${PROQ_BASE}/queued-commands-count`, { query: { groupBy } }),
    meta: silent,
  });

export const workersQuery = () =>
  queryOptions({
    queryKey: proqKeys.workers(),
    queryFn: () => api<TProqWorker[]>(`${PROQ_BASE}/workers`),
    meta: silent,
  });

export const backoffQuery = () =>
  queryOptions({
    queryKey: proqKeys.backoff(),
    queryFn: () => api<TProqBackoffStrategy>(`${PROQ_BASE}/get-proq-backoff-strategy-data`),
    meta: silent,
  });

export const commandTypesQuery = () =>
  queryOptions({
    queryKey: proqKeys.commandTypes(),
    queryFn: () => api<string[]>(`${PROQ_BASE}/get-proq-command-types`),
    staleTime: 60_000,
    meta: silent,
  });

export const commandQuery = (id: number) =>
  queryOptions({
    queryKey: proqKeys.detail(id),
    queryFn: () => api<TProqCommand>(`${PROQ_BASE}/commands/${id}`),
    meta: { operation: 'Loading the command' },
  });

/** A job's commands (workflow view); polled every 4 s while any is not finished. */
export const jobWorkflowQuery = (jobId: string | null) =>
  queryOptions({
    queryKey: proqKeys.job(jobId ?? ''),
    queryFn: () => api<TProqCommand[]>(`${PROQ_BASE}/jobs/${enc(jobId ?? '')}/commands`),
    enabled: Boolean(jobId),
    refetchInterval: (q) =>
      q.state.data?.some((c) => c.state === 'Blocked' || c.state === 'Pending' || c.state === 'InProgress')
        ? PROQ_QUICK_VIEW_POLL_MS
        : false,
    meta: { operation: "Loading the job's commands" },
  });

const LIST_PATH: Record<TProqList, string> = {
  queued: 'queued-commands',
  error: 'error-commands',
  completed: 'completed-commands',
};
export const fetchCommandPage = (kind: TProqList, req: TPagingRequest) =>
  api<TPagedResult<TProqCommand>>(`${PROQ_BASE}/${LIST_PATH[kind]}`, { body: req });

/** Retry (Error/Canceled) or cancel (Blocked/Pending/InProgress, optional reason); errors become notifications. */
export function useCommandAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; action: 'retry' | 'cancel'; reason?: string }) =>
      api<TProqCommand>(`${PROQ_BASE}/commands/${v.id}/${v.action}`, {
        method: 'POST',
        body: v.action === 'cancel' ? (v.reason?.trim() ? { reason: v.reason.trim() } : {}) : undefined,
      }),
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
    queryFn: () => api<TProqBackgroundService>(`${PROQ_BASE}/background-service`),
    meta: silent,
  });

/** Pauses or resumes every ProQ worker (BackgroundService_TOGGLE); running commands finish either way. */
export function useBackgroundServiceToggle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (running: boolean) =>
      api<TProqBackgroundService>(`${PROQ_BASE}/background-service?running=${running}`, { method: 'POST' }),
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
