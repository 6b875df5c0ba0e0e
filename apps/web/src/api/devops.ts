/**
 * DevOps tools API: job maintenance, endpoint comparison, resource guard, SFTP sources, and the system switches of
 * the DevOps landing (integration verification, system mode, app timestamp, augmented text). One key factory;
 * mutations invalidate what they change.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TComparisonJob,
  TComparisonUser,
  TIntegrationCheck,
  TIntegrationConfigurations,
  TJobComparison,
  TJobMaintenanceAction,
  TJobMaintenanceList,
  TMaintenanceCommand,
  TResourceGuardState,
  TResourceHistory,
  TResourceLimits,
  TSftpConfig,
  TSftpConfigDetail,
  TSftpConfigInput,
  TSftpTestRequest,
  TSftpTestResult,
  TSystemMode,
  TUserComparison,
} from '@sextant/shared/values';
import { api } from './client.ts';
import { systemKeys } from './system.ts';
import { notify, notifyError } from '../components/notifications/notification-store.ts';
import { handleAuthorizationOutcome } from '../app/query-client.ts';

export const devopsKeys = {
  all: ['devops'] as const,
  maintenance: () => [...devopsKeys.all, 'job-maintenance'] as const,
  comparisonJobs: () => [...devopsKeys.all, 'comparison', 'jobs'] as const,
  comparison: (jobId: string, base: string, other: string) =>
    [...devopsKeys.all, 'comparison', 'job', jobId, base, other] as const,
  comparisonUsers: () => [...devopsKeys.all, 'comparison', 'users'] as const,
  guard: () => [...devopsKeys.all, 'resource-guard'] as const,
  guardHistory: (minutes: number) => [...devopsKeys.all, 'resource-guard', 'history', minutes] as const,
  sftpList: () => [...devopsKeys.all, 'sftp'] as const,
  sftp: (id: string) => [...devopsKeys.all, 'sftp', id] as const,
  integrations: () => [...devopsKeys.all, 'integrations'] as const,
  augmentedText: () => [...devopsKeys.all, 'augmented-text'] as const,
};

const MAINTENANCE = '/api/v1/devops/job-maintenance';
const COMPARISON = '/api/v1/endpoint-comparison';
const GUARD = '/api/v1/resource-guard';
const SFTP = '/api/v1/devops/sftp-configurations';

const isOpen = (c: TMaintenanceCommand | null) => Boolean(c && ['Blocked', 'Pending', 'InProgress'].includes(c.state));

/** Polled every 2 s while a maintenance action runs (its progress), else every 30 s. */
export const maintenanceQuery = () =>
  queryOptions({
    queryKey: devopsKeys.maintenance(),
    queryFn: () => api<TJobMaintenanceList>(MAINTENANCE),
    refetchInterval: (q) => (q.state.data?.jobs.some((j) => isOpen(j.lastAction)) ? 2_000 : 30_000),
  });

export function useMaintenanceAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, action }: { jobId: string; action: TJobMaintenanceAction }) =>
      api<TMaintenanceCommand>(`${MAINTENANCE}/${jobId}/actions`, { method: 'POST', body: { action } }),
    meta: { operation: 'Job maintenance' },
    onSuccess: () => qc.invalidateQueries({ queryKey: devopsKeys.maintenance() }),
  });
}

export const comparisonJobsQuery = () =>
  queryOptions({ queryKey: devopsKeys.comparisonJobs(), queryFn: () => api<TComparisonJob[]>(`${COMPARISON}/jobs`) });

export const jobComparisonQuery = (jobId: string, base: string | null, other: string | null) =>
  queryOptions({
    queryKey: devopsKeys.comparison(jobId, base ?? '', other ?? ''),
    queryFn: () =>
      api<TJobComparison>(`${COMPARISON}/jobs/${encodeURIComponent(jobId)}`, {
        query: { baseRunId: base, compareRunId: other },
      }),
    enabled: Boolean(base && other),
    staleTime: Infinity,
  });

export const comparisonUsersQuery = () =>
  queryOptions({
    queryKey: devopsKeys.comparisonUsers(),
    queryFn: () => api<TComparisonUser[]>(`${COMPARISON}/users`),
  });

export function useCompareUsers() {
  return useMutation({
    mutationFn: (body: { userA: string; userB: string }) =>
      api<TUserComparison>(`${COMPARISON}/users`, { method: 'POST', body }),
    meta: { operation: 'Compare users' },
  });
}

export function useStartRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => api(`/api/v1/jobs/${encodeURIComponent(jobId)}/runs`, { method: 'POST' }),
    meta: { operation: 'Re-run with the current engine' },
    onSuccess: () => qc.invalidateQueries({ queryKey: devopsKeys.comparisonJobs() }),
  });
}

export const resourceGuardQuery = () =>
  queryOptions({
    queryKey: devopsKeys.guard(),
    queryFn: () => api<TResourceGuardState>(GUARD),
    refetchInterval: 5_000,
  });

export const resourceHistoryQuery = (minutes: number) =>
  queryOptions({
    queryKey: devopsKeys.guardHistory(minutes),
    queryFn: () => api<TResourceHistory>(`${GUARD}/history`, { query: { minutes } }),
    refetchInterval: 15_000,
  });

export const saveLimits = (limits: TResourceLimits) =>
  api<TResourceGuardState>(`${GUARD}/limits`, { method: 'PUT', body: limits });

export function useRecordSample() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(`${GUARD}/samples`, { method: 'POST' }),
    meta: { operation: 'Record a resource sample' },
    onSuccess: () => qc.invalidateQueries({ queryKey: devopsKeys.guard() }),
  });
}

export const sftpListQuery = () =>
  queryOptions({ queryKey: devopsKeys.sftpList(), queryFn: () => api<TSftpConfig[]>(SFTP) });

export const sftpQuery = (id: string) =>
  queryOptions({
    queryKey: devopsKeys.sftp(id),
    queryFn: () => api<TSftpConfigDetail>(`${SFTP}/${encodeURIComponent(id)}`),
    refetchInterval: 10_000,
  });

export const saveSftp = (id: string | null, body: TSftpConfigInput) =>
  api<TSftpConfigDetail>(id ? `${SFTP}/${encodeURIComponent(id)}` : SFTP, { method: id ? 'PUT' : 'POST', body });

export const testSftp = (id: string | null, body: TSftpTestRequest) =>
  api<TSftpTestResult>(id ? `${SFTP}/${encodeURIComponent(id)}/test` : `${SFTP}/test`, { method: 'POST', body });

export function useSftpPull(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ commandId: number }>(`${SFTP}/${encodeURIComponent(id)}/pull`, { method: 'POST' }),
    meta: { operation: 'Pull now' },
    onSuccess: () => qc.invalidateQueries({ queryKey: devopsKeys.sftp(id) }),
  });
}

export function useDeleteSftp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`${SFTP}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    meta: { operation: 'Delete SFTP configuration' },
    onSuccess: () => qc.invalidateQueries({ queryKey: devopsKeys.sftpList() }),
  });
}

// ---------- system switches ----------

export const integrationConfigurationsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: [...devopsKeys.integrations(), 'configurations'],
    queryFn: () => api<TIntegrationConfigurations>('/api/v1/system-audit/get-integration-configurations'),
    enabled,
  });

export const verifyIntegrations = () =>
  api<TIntegrationCheck[]>('/api/v1/system-audit/verify-integrations-configuration');

export const augmentedTextQuery = () =>
  queryOptions({ queryKey: devopsKeys.augmentedText(), queryFn: () => api<boolean>('/api/v1/augmented-text') });

function useSwitch<T>(fn: (v: T) => Promise<unknown>, operation: string, key: readonly unknown[], done: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { operation, silent: true },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: key });
      notify('success', done);
    },
    onError: (error) => {
      if (!handleAuthorizationOutcome(error)) notifyError(error, operation);
    },
  });
}

export const useSetSystemMode = (done: string) =>
  useSwitch(
    (mode: TSystemMode) => api('/api/v1/system-mode', { method: 'POST', query: { mode } }),
    'Set the system mode',
    systemKeys.mode(),
    done,
  );

export const usePublishTimestamp = (done: string) =>
  useSwitch(
    () => api('/api/v1/system-data/app-timestamp', { method: 'POST', body: {} }),
    'Publish the app timestamp',
    systemKeys.appTimestamp(),
    done,
  );

export const useSetAugmentedText = (done: string) =>
  useSwitch(
    (status: boolean) => api('/api/v1/augmented-text', { method: 'POST', query: { status } }),
    'Set augmented text',
    devopsKeys.augmentedText(),
    done,
  );
