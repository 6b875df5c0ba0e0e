/**
 * Jobs API (SPEC §7 Job artifacts, Authorization, Concurrency): one query-key factory, query options
 * and mutations. Mutations invalidate the job lists and the job's detail (Medusa style).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TColumnMapping,
  TInputKind,
  TJobDetails,
  TJobType,
  TPagingRequest,
  TRunChangeKind,
  TUserSummary,
} from '@sextant/shared/values';
import { ApiError, http, ok, withForm, type TResponse } from './client.ts';

export type TCreationOption = TResponse<'/api/v1/jobs/creation-options', 'get'>[number];

export const jobKeys = {
  all: ['jobs'] as const,
  lists: () => [...jobKeys.all, 'list'] as const,
  list: (req?: TPagingRequest) => [...jobKeys.lists(), req ?? {}] as const,
  owners: () => [...jobKeys.all, 'owners'] as const,
  creationOptions: () => [...jobKeys.all, 'creation-options'] as const,
  details: () => [...jobKeys.all, 'detail'] as const,
  detail: (jobId: string) => [...jobKeys.details(), jobId] as const,
  logs: (jobId: string) => [...jobKeys.detail(jobId), 'logs'] as const,
  commands: (jobId: string) => [...jobKeys.detail(jobId), 'commands'] as const,
  admin: (jobId: string) => [...jobKeys.detail(jobId), 'admin'] as const,
  userCandidates: (issuerId: string, search: string) => [...jobKeys.all, 'user-candidates', issuerId, search] as const,
  ownerCandidates: (issuerId: string) => [...jobKeys.all, 'owner-candidates', issuerId] as const,
  activeUsers: (jobId: string) => ['concurrency', 'JobArtifact', jobId, 'active-users'] as const,
};

const job = (jobId: string) => ({ params: { path: { jobId } } });

export const fetchJobList = (req: TPagingRequest) =>
  ok(http.POST('/api/v1/authorization/auth-mapped-job-artifacts', { body: req }));

export const jobOwnersQuery = () =>
  queryOptions({
    queryKey: jobKeys.owners(),
    queryFn: () => ok(http.GET('/api/v1/authorization/job-owners-filter-items')),
    staleTime: 60_000,
  });

export const creationOptionsQuery = () =>
  queryOptions({
    queryKey: jobKeys.creationOptions(),
    queryFn: () => ok(http.GET('/api/v1/jobs/creation-options')),
    meta: { operation: 'Loading issuers and buyers' },
  });

/** The job is working on a run (polled every 2 s on the processing page). */
export const isProcessing = (job: TJobDetails | undefined) =>
  Boolean(
    job && (job.status === 'Processing' || job.runs[0]?.status === 'Queued' || job.runs[0]?.status === 'Running'),
  );

/** A job; a 404 (missing or not visible to the caller) is left to the page, which answers /no-access. */
export const jobQuery = (jobId: string, opts: { poll?: boolean } = {}) =>
  queryOptions({
    queryKey: jobKeys.detail(jobId),
    queryFn: () => ok(http.GET('/api/v1/jobs/{jobId}', job(jobId))),
    retry: false,
    meta: { silent: true },
    refetchInterval: (q) => (opts.poll && isProcessing(q.state.data) ? 2_000 : false),
  });

export const jobLogsPage = (jobId: string, beforeId?: number, limit = 50) =>
  ok(http.GET('/api/v1/jobs/{jobId}/logs', { params: { path: { jobId }, query: { limit, beforeId } } }));

export const jobCommandsQuery = (jobId: string, enabled: boolean) =>
  queryOptions({
    queryKey: jobKeys.commands(jobId),
    queryFn: () => ok(http.GET('/api/v1/proq/queued-commands-quick-view/{jobId}', job(jobId))),
    enabled,
    refetchInterval: 4_000,
    meta: { silent: true },
  });

export const jobAdminQuery = (jobId: string) =>
  queryOptions({
    queryKey: jobKeys.admin(jobId),
    queryFn: () => ok(http.GET('/api/v1/job-artifacts/{id}/admin', artifact(jobId))),
    meta: { operation: 'Loading the job’s users' },
  });

/**
 * Users who could be given access to a job: the members of the job's issuer (GET /issuers/{id}/full, Issuer_View),
 * else every user the caller administers (GET /users, UserManagement_VIEW).
 */
export const userCandidatesQuery = (issuerId: string, source: 'issuer' | 'users') =>
  queryOptions({
    queryKey: [...jobKeys.userCandidates(issuerId, ''), source],
    queryFn: async (): Promise<TUserSummary[]> =>
      source === 'issuer'
        ? (await ok(http.GET('/api/v1/issuers/{id}/full', { params: { path: { id: issuerId } } }))).members.map(
            (m) => ({
              id: m.userId,
              username: m.username,
              displayName: m.displayName,
              email: null,
            }),
          )
        : ok(http.GET('/api/v1/users')),
    staleTime: 30_000,
    meta: { operation: 'Loading users' },
  });

export const ownerCandidatesQuery = (issuerId: string) =>
  queryOptions({
    queryKey: jobKeys.ownerCandidates(issuerId),
    queryFn: () => ok(http.GET('/api/v1/users/potential-job-analysis-owners', { params: { query: { issuerId } } })),
    staleTime: 30_000,
    meta: { operation: 'Loading possible owners' },
  });

export const activeUsersQuery = (jobId: string, enabled: boolean, interval: number) =>
  queryOptions({
    queryKey: jobKeys.activeUsers(jobId),
    queryFn: () => ok(http.GET('/api/v1/concurrency/active-entity-users', { params: { query: entity(jobId) } })),
    enabled,
    refetchInterval: interval,
    meta: { silent: true },
  });

/** Streamed by the server with the columns of the issuer's datapoint profile. */
export type TDownloadKind = 'analysis-data' | 'matched-data-only' | 'onboarding';

export const downloadUrl = (jobId: string, kind: TDownloadKind, format: 'csv' | 'xlsx') =>
  `/api/v1/jobs/${encodeURIComponent(jobId)}/downloads/${kind}?format=${format}`;

// ——— calls ———

export const createJob = (input: {
  name: string;
  type: TJobType;
  issuerId: string;
  buyerId?: string;
  newBuyerName?: string;
}) => ok(http.POST('/api/v1/job-artifacts', { params: { query: input } }));

export const uploadJobFile = (jobId: string, dataKind: TInputKind, file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return ok(
    http.POST('/api/v1/jobs/{jobId}/files', {
      params: { path: { jobId }, query: { dataKind } },
      middleware: [withForm(form)],
    }),
  );
};

export const entity = (jobId: string) => ({ entityType: 'JobArtifact' as const, entityId: jobId });
const artifact = (id: string) => ({ params: { path: { id } } });
export const concurrency = {
  heartbeat: (jobId: string, userId: string, scope: string) =>
    ok(http.POST('/api/v1/concurrency/try-set-entity-active-user', { body: { ...entity(jobId), userId, scope } })),
  tryLock: (jobId: string) =>
    ok(http.POST('/api/v1/concurrency/try-set-exclusive-write-access', { body: entity(jobId) })),
  forceLock: (jobId: string) =>
    ok(http.POST('/api/v1/concurrency/force-set-exclusive-write-access', { body: entity(jobId) })),
  requestLock: (jobId: string) =>
    ok(http.POST('/api/v1/concurrency/request-exclusive-write-access', { body: entity(jobId) })),
  denyLock: (jobId: string) =>
    ok(http.POST('/api/v1/concurrency/deny-exclusive-write-access', { params: { query: entity(jobId) } })),
};

// ——— mutations ———

function useInvalidate() {
  const qc = useQueryClient();
  return (jobId?: string) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: jobKeys.lists() }),
      qc.invalidateQueries({ queryKey: jobKeys.owners() }),
      jobId ? qc.invalidateQueries({ queryKey: jobKeys.detail(jobId) }) : undefined,
    ]);
}

/** Mutations whose errors the page shows inline (field errors beside their fields) are `silent`. */
const inline = { meta: { silent: true } } as const;

export function useCreateJob() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: createJob, onSuccess: (r) => invalidate(r.id), ...inline });
}

export function useRenameJob() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ jobId, name }: { jobId: string; name: string }) =>
      ok(http.PATCH('/api/v1/jobs/{jobId}', { ...job(jobId), body: { name } })),
    onSuccess: (_r, v) => invalidate(v.jobId),
    ...inline,
  });
}

export function useChangeOwner() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ jobId, ownerId }: { jobId: string; ownerId: string }) =>
      ok(http.PATCH('/api/v1/job-artifacts/{id}/owner', { ...artifact(jobId), body: { ownerId } })),
    onSuccess: (_r, v) => invalidate(v.jobId),
    ...inline,
  });
}

export function usePublishJob() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ jobId, isPublished }: { jobId: string; isPublished: boolean }) =>
      ok(http.POST('/api/v1/jobs/{jobId}/publish', { ...job(jobId), body: { isPublished } })),
    onSuccess: (_r, v) => invalidate(v.jobId),
    meta: { operation: 'Publishing the job' },
  });
}

export function useDeleteJob() {
  const invalidate = useInvalidate();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => ok(http.DELETE('/api/v1/jobs/{jobId}', job(jobId))),
    onSuccess: (_r, jobId) => {
      qc.removeQueries({ queryKey: jobKeys.detail(jobId) });
      return invalidate();
    },
    ...inline,
  });
}

export function useUploadFile(jobId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ dataKind, file }: { dataKind: TInputKind; file: File }) => uploadJobFile(jobId, dataKind, file),
    onSuccess: () => invalidate(jobId),
    ...inline,
  });
}

export function useUpdateMapping(jobId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ fileId, mapping }: { fileId: string; mapping: TColumnMapping }) =>
      ok(
        http.PUT('/api/v1/jobs/{jobId}/files/{fileId}/mapping', {
          params: { path: { jobId, fileId } },
          body: { mapping },
        }),
      ),
    onSuccess: () => invalidate(jobId),
    ...inline,
  });
}

/** Reads a file from another header row or worksheet (the mapping step's "header row" and "worksheet" pickers). */
export function useUpdateLayout(jobId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ fileId, ...body }: { fileId: string; headerRow?: number; sheet?: string }) =>
      ok(http.PUT('/api/v1/jobs/{jobId}/files/{fileId}/layout', { params: { path: { jobId, fileId } }, body })),
    onSuccess: () => invalidate(jobId),
    ...inline,
  });
}

export function useDeleteFile(jobId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (fileId: string) =>
      ok(http.DELETE('/api/v1/jobs/{jobId}/files/{fileId}', { params: { path: { jobId, fileId } } })),
    onSuccess: () => invalidate(jobId),
    meta: { operation: 'Removing the file' },
  });
}

export function useStartRun(jobId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => ok(http.POST('/api/v1/jobs/{jobId}/runs', job(jobId))),
    onSuccess: () => invalidate(jobId),
    ...inline,
  });
}

export function useRetryRun(jobId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (runId: string) =>
      ok(http.POST('/api/v1/jobs/{jobId}/runs/{runId}/retry', { params: { path: { jobId, runId } } })),
    onSuccess: () => invalidate(jobId),
    meta: { operation: 'Retrying the step' },
  });
}

export function useAssignUser(jobId: string) {
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ userId, isAssigned }: { userId: string; isAssigned: boolean }) =>
      ok(
        http.PUT('/api/v1/job-artifacts/update-job-artifact-user-assignment', {
          body: { jobArtifactId: jobId, userId, isAssigned },
        }),
      ),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: jobKeys.admin(jobId) }), invalidate(jobId)]),
    meta: { operation: 'Changing the job’s users' },
  });
}

/** Field errors of a failed call by path (the last path segment), for showing beside their fields. */
export function fieldErrors(e: unknown): Record<string, string> {
  if (!(e instanceof ApiError) || !e.errors) return {};
  return Object.fromEntries(e.errors.map((x) => [String(x.path).split('.').pop() ?? String(x.path), x.message]));
}

export const errorMessage = (e: unknown): string | null => (e ? (e instanceof Error ? e.message : String(e)) : null);

/** What changed since the previous run (GET /jobs/{jobId}/changes): totals and one page of suppliers; 404 before a re-run. */
export const runChangesQuery = (
  jobId: string,
  q: { pageNumber: number; pageSize: number; kind?: TRunChangeKind },
  resultRunId: string | null,
) =>
  queryOptions({
    queryKey: [...jobKeys.detail(jobId), 'changes', resultRunId, q] as const,
    queryFn: () => ok(http.GET('/api/v1/jobs/{jobId}/changes', { params: { path: { jobId }, query: q } })),
    retry: false,
    meta: { silent: true },
  });

export const runChangesDownloadUrl = (jobId: string, format: 'csv' | 'xlsx', kind?: TRunChangeKind) =>
  `/api/v1/jobs/${encodeURIComponent(jobId)}/changes?format=${format}${kind ? `&kind=${kind}` : ''}`;
