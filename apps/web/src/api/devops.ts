/**
 * DevOps tools API: job maintenance, endpoint comparison, resource guard, SFTP sources, and the system switches of
 * the DevOps landing (integration verification, system mode, app timestamp, augmented text). One key factory;
 * mutations invalidate what they change.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TJobMaintenanceAction, TMaintenanceCommand, TResourceLimits, TSystemMode } from '@sextant/shared/values';
import { http, ok, type TRequest } from './client.ts';

export type TSftpConfigBody = TRequest<'/api/v1/devops/sftp-configurations', 'post'>;
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

const sftp = (configId: string) => ({ params: { path: { configId } } });

const isOpen = (c: TMaintenanceCommand | null) => Boolean(c && ['Blocked', 'Pending', 'InProgress'].includes(c.state));

/** Polled every 2 s while a maintenance action runs (its progress), else every 30 s. */
export const maintenanceQuery = () =>
  queryOptions({
    queryKey: devopsKeys.maintenance(),
    queryFn: () => ok(http.GET('/api/v1/devops/job-maintenance')),
    refetchInterval: (q) => (q.state.data?.jobs.some((j) => isOpen(j.lastAction)) ? 2_000 : 30_000),
  });

export function useMaintenanceAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, action }: { jobId: string; action: TJobMaintenanceAction }) =>
      ok(
        http.POST('/api/v1/devops/job-maintenance/{jobId}/actions', { params: { path: { jobId } }, body: { action } }),
      ),
    meta: { operation: 'Job maintenance' },
    onSuccess: () => qc.invalidateQueries({ queryKey: devopsKeys.maintenance() }),
  });
}

export const comparisonJobsQuery = () =>
  queryOptions({
    queryKey: devopsKeys.comparisonJobs(),
    queryFn: () => ok(http.GET('/api/v1/endpoint-comparison/jobs')),
  });

export const jobComparisonQuery = (jobId: string, base: string | null, other: string | null) =>
  queryOptions({
    queryKey: devopsKeys.comparison(jobId, base ?? '', other ?? ''),
    queryFn: () =>
      ok(
        http.GET('/api/v1/endpoint-comparison/jobs/{jobId}', {
          params: { path: { jobId }, query: { baseRunId: base ?? '', compareRunId: other ?? '' } },
        }),
      ),
    enabled: Boolean(base && other),
    staleTime: Infinity,
  });

export const comparisonUsersQuery = () =>
  queryOptions({
    queryKey: devopsKeys.comparisonUsers(),
    queryFn: () => ok(http.GET('/api/v1/endpoint-comparison/users')),
  });

export function useCompareUsers() {
  return useMutation({
    mutationFn: (body: { userA: string; userB: string }) =>
      ok(http.POST('/api/v1/endpoint-comparison/users', { body })),
    meta: { operation: 'Compare users' },
  });
}

export function useStartRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => ok(http.POST('/api/v1/jobs/{jobId}/runs', { params: { path: { jobId } } })),
    meta: { operation: 'Re-run with the current engine' },
    onSuccess: () => qc.invalidateQueries({ queryKey: devopsKeys.comparisonJobs() }),
  });
}

export const resourceGuardQuery = () =>
  queryOptions({
    queryKey: devopsKeys.guard(),
    queryFn: () => ok(http.GET('/api/v1/resource-guard')),
    refetchInterval: 5_000,
  });

export const resourceHistoryQuery = (minutes: number) =>
  queryOptions({
    queryKey: devopsKeys.guardHistory(minutes),
    queryFn: () => ok(http.GET('/api/v1/resource-guard/history', { params: { query: { minutes } } })),
    refetchInterval: 15_000,
  });

export const saveLimits = (limits: TResourceLimits) => ok(http.PUT('/api/v1/resource-guard/limits', { body: limits }));

export function useRecordSample() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => ok(http.POST('/api/v1/resource-guard/samples')),
    meta: { operation: 'Record a resource sample' },
    onSuccess: () => qc.invalidateQueries({ queryKey: devopsKeys.guard() }),
  });
}

export const sftpListQuery = () =>
  queryOptions({ queryKey: devopsKeys.sftpList(), queryFn: () => ok(http.GET('/api/v1/devops/sftp-configurations')) });

export const sftpQuery = (id: string) =>
  queryOptions({
    queryKey: devopsKeys.sftp(id),
    queryFn: () => ok(http.GET('/api/v1/devops/sftp-configurations/{configId}', sftp(id))),
    refetchInterval: 10_000,
  });

export const saveSftp = (id: string | null, body: TSftpConfigBody) =>
  ok(
    id
      ? http.PUT('/api/v1/devops/sftp-configurations/{configId}', { ...sftp(id), body })
      : http.POST('/api/v1/devops/sftp-configurations', { body }),
  );

export const testSftp = (id: string | null, body: TRequest<'/api/v1/devops/sftp-configurations/test', 'post'>) =>
  ok(
    id
      ? http.POST('/api/v1/devops/sftp-configurations/{configId}/test', { ...sftp(id), body })
      : http.POST('/api/v1/devops/sftp-configurations/test', { body }),
  );

export function useSftpPull(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => ok(http.POST('/api/v1/devops/sftp-configurations/{configId}/pull', sftp(id))),
    meta: { operation: 'Pull now' },
    onSuccess: () => qc.invalidateQueries({ queryKey: devopsKeys.sftp(id) }),
  });
}

/** A manager accepts the host key a server now presents (after its key was changed on purpose); audited. */
export function useAcceptSftpHostKey(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (hostKeyFingerprint: string) =>
      ok(
        http.PUT('/api/v1/devops/sftp-configurations/{configId}/host-key', {
          ...sftp(id),
          body: { hostKeyFingerprint },
        }),
      ),
    meta: { operation: 'Accept host key' },
    onSuccess: () => qc.invalidateQueries({ queryKey: devopsKeys.sftp(id) }),
  });
}

export function useDeleteSftp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ok(http.DELETE('/api/v1/devops/sftp-configurations/{configId}', sftp(id))),
    meta: { operation: 'Delete SFTP configuration' },
    onSuccess: () => qc.invalidateQueries({ queryKey: devopsKeys.sftpList() }),
  });
}

// ---------- system switches ----------

export const integrationConfigurationsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: [...devopsKeys.integrations(), 'configurations'],
    queryFn: () => ok(http.GET('/api/v1/system-audit/get-integration-configurations')),
    enabled,
  });

export const verifyIntegrations = () => ok(http.GET('/api/v1/system-audit/verify-integrations-configuration'));

/** The end-to-end test run (E2ETestRun): a command through the queue, then its outcome by correlation id. */
export const startEndToEndRun = () => ok(http.POST('/api/v1/system-audit/system-health-check'));
export const endToEndRunOutcome = (correlationId: string) =>
  ok(http.POST('/api/v1/system-audit/command-execute-validate', { params: { query: { correlationId } } }));

export const augmentedTextQuery = () =>
  queryOptions({ queryKey: devopsKeys.augmentedText(), queryFn: () => ok(http.GET('/api/v1/augmented-text')) });

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
    (mode: TSystemMode) => ok(http.POST('/api/v1/system-mode', { params: { query: { mode } } })),
    'Set the system mode',
    systemKeys.mode(),
    done,
  );

export const usePublishTimestamp = (done: string) =>
  useSwitch(
    () => ok(http.POST('/api/v1/system-data/app-timestamp', { body: {} })),
    'Publish the app timestamp',
    systemKeys.appTimestamp(),
    done,
  );

export const useSetAugmentedText = (done: string) =>
  useSwitch(
    (status: boolean) =>
      ok(http.POST('/api/v1/augmented-text', { params: { query: { status: status ? 'true' : 'false' } } })),
    'Set augmented text',
    devopsKeys.augmentedText(),
    done,
  );
