/**
 * DevOps area contracts: job maintenance, endpoint comparison (runs and users), the resource guard and per-issuer
 * SFTP sources. Secrets of an SFTP source are write-only: requests may carry them, no response does.
 */
import { z } from 'zod';
import { ZJobType, ZProqCommandState } from './enums.ts';
import { RUN_STATUSES, JOB_STATUSES } from './jobs.ts';
import {
  COMPARISON_SECTIONS,
  DIFF_KINDS,
  HEAVY_WORK_KINDS,
  JOB_MAINTENANCE_ACTIONS,
  RESOURCE_LEVELS,
  RESOURCE_METRICS,
  SFTP_AUTH_METHODS,
  SFTP_PULL_STATUSES,
  SFTP_SCHEDULE_MAX_MINUTES,
  SFTP_SCHEDULE_MIN_MINUTES,
} from './values/devops.ts';
export * from './values/devops.ts';

// ---------- job maintenance ----------

export const ZJobMaintenanceAction = z.enum(JOB_MAINTENANCE_ACTIONS);

export const ZJobStorage = z.object({
  /** Uploaded files. */
  filesBytes: z.number(),
  /** Parquet results and intermediates of every run. */
  parquetBytes: z.number(),
  /** Intermediate files of runs (work folders), part of parquetBytes; what "clean intermediates" removes. */
  intermediateBytes: z.number(),
  /** Derived caches (supplier table caches). */
  cacheBytes: z.number(),
  totalBytes: z.number(),
});
export type TJobStorage = z.infer<typeof ZJobStorage>;

export const ZMaintenanceCommand = z.object({
  commandId: z.number().int(),
  action: ZJobMaintenanceAction,
  state: ZProqCommandState,
  progressPercent: z.number().nullable(),
  progressMessage: z.string().nullable(),
  message: z.string().nullable(),
  queuedDate: z.string(),
});
export type TMaintenanceCommand = z.infer<typeof ZMaintenanceCommand>;

export const ZMaintenanceJob = z.object({
  id: z.uuid(),
  name: z.string(),
  type: ZJobType,
  status: z.enum(JOB_STATUSES),
  issuerId: z.uuid(),
  issuerName: z.string(),
  buyerName: z.string().nullable(),
  isHidden: z.boolean(),
  createdOn: z.string(),
  storage: ZJobStorage,
  runs: z.number().int(),
  lastRun: z
    .object({
      id: z.uuid(),
      runNumber: z.number().int(),
      status: z.enum(RUN_STATUSES),
      createdAt: z.string(),
      completedAt: z.string().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  failedRuns: z.number().int(),
  /** Runs queued or running for longer than STALE_RUN_HOURS. */
  staleRuns: z.number().int(),
  /** The latest maintenance command of the job (progress while it runs). */
  lastAction: ZMaintenanceCommand.nullable(),
});
export type TMaintenanceJob = z.infer<typeof ZMaintenanceJob>;

export const ZJobMaintenanceList = z.object({
  jobs: z.array(ZMaintenanceJob),
  totals: z.object({ jobs: z.number().int(), totalBytes: z.number(), failedRuns: z.number(), staleRuns: z.number() }),
  /** Hidden jobs (HiddenJobsCount_VIEW only; null for others). */
  hiddenJobsCount: z.number().int().nullable(),
});
export type TJobMaintenanceList = z.infer<typeof ZJobMaintenanceList>;

export const ZJobMaintenanceRequest = z.object({ action: ZJobMaintenanceAction });
export type TJobMaintenanceRequest = z.infer<typeof ZJobMaintenanceRequest>;

// ---------- endpoint comparison ----------

export const ZJsonDifference = z.object({
  /** JSON path, e.g. `$.views[2].rows[0].spend` or `$.suppliers["S-17"].matchStatus`. */
  path: z.string(),
  kind: z.enum(DIFF_KINDS),
  before: z.unknown(),
  after: z.unknown(),
});
export type TJsonDifference = z.infer<typeof ZJsonDifference>;

export const ZDiffSection = z.object({
  name: z.string(),
  totalDifferences: z.number().int(),
  /** The first MAX_LISTED_DIFFERENCES differences. */
  differences: z.array(ZJsonDifference),
  truncated: z.boolean(),
});
export type TDiffSection = z.infer<typeof ZDiffSection>;

export const ZComparableRun = z.object({
  id: z.uuid(),
  runNumber: z.number().int(),
  status: z.enum(RUN_STATUSES),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  scoringRulesetVersion: z.string().nullable(),
  confidenceRulesetVersion: z.string().nullable(),
});
export type TComparableRun = z.infer<typeof ZComparableRun>;

export const ZComparisonJob = z.object({
  id: z.uuid(),
  name: z.string(),
  type: ZJobType,
  issuerName: z.string(),
  buyerName: z.string().nullable(),
  runs: z.array(ZComparableRun),
});
export type TComparisonJob = z.infer<typeof ZComparisonJob>;

export const ZJobComparisonQuery = z.object({
  baseRunId: z.uuid('Choose the run to compare from'),
  compareRunId: z.uuid('Choose the run to compare with'),
});
export const ZComparisonSection = z.enum(COMPARISON_SECTIONS);

export const ZJobComparison = z.object({
  job: ZComparisonJob,
  base: ZComparableRun,
  compare: ZComparableRun,
  sections: z.array(ZDiffSection.extend({ name: ZComparisonSection })),
});
export type TJobComparison = z.infer<typeof ZJobComparison>;

export const ZComparisonUser = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
});
export type TComparisonUser = z.infer<typeof ZComparisonUser>;

export const ZUserComparisonRequest = z.object({
  userA: z.uuid('Choose the first user'),
  userB: z.uuid('Choose the second user'),
});
export type TUserComparisonRequest = z.infer<typeof ZUserComparisonRequest>;

export const ZUserComparison = z.object({
  userA: ZComparisonUser,
  userB: ZComparisonUser,
  endpoints: z.array(ZDiffSection.extend({ method: z.string(), statusA: z.number().int(), statusB: z.number().int() })),
});
export type TUserComparison = z.infer<typeof ZUserComparison>;

// ---------- resource guard ----------

export const ZResourceMetric = z.enum(RESOURCE_METRICS);

export const ZResourceSample = z.object({
  at: z.string(),
  cpuPercent: z.number(),
  memoryPercent: z.number(),
  memoryUsedBytes: z.number(),
  memoryTotalBytes: z.number(),
  diskPercent: z.number(),
  diskUsedBytes: z.number(),
  diskTotalBytes: z.number(),
  dbSizeBytes: z.number(),
  duckdbMemoryBytes: z.number(),
  queueDepth: z.number().int(),
  rssBytes: z.number(),
});
export type TResourceSample = z.infer<typeof ZResourceSample>;

const limit = (max: number, what: string) =>
  z
    .number({ error: `${what}: enter a number or leave it empty` })
    .positive(`${what} must be above 0`)
    .max(max, `${what} must be at most ${max}`)
    .nullable();

/** Limits; null = no limit. Percentages of the machine; sizes in MB. */
export const ZResourceLimits = z.object({
  cpuPercent: limit(100, 'CPU limit'),
  memoryPercent: limit(100, 'Memory limit'),
  diskPercent: limit(100, 'Disk limit'),
  dbSizeMb: limit(10_000_000, 'Database size limit'),
  duckdbMemoryMb: limit(1_000_000, 'DuckDB memory limit'),
  queueDepth: limit(10_000_000, 'Queue depth limit'),
});
export type TResourceLimits = z.infer<typeof ZResourceLimits>;

export const ZResourceStatus = z.object({
  metric: ZResourceMetric,
  value: z.number(),
  limit: z.number().nullable(),
  /** value / limit (0 without a limit). */
  ratio: z.number(),
  level: z.enum(RESOURCE_LEVELS),
});
export type TResourceStatus = z.infer<typeof ZResourceStatus>;

export const ZResourceGuardState = z.object({
  sample: ZResourceSample,
  limits: ZResourceLimits,
  statuses: z.array(ZResourceStatus),
  /** Heavy work refused right now, with the reason (empty when everything is accepted). */
  refusing: z.array(z.object({ kind: z.enum(HEAVY_WORK_KINDS), reason: z.string() })),
  sampleIntervalSeconds: z.number().int(),
  limitsUpdatedAt: z.string().nullable(),
  limitsUpdatedBy: z.string().nullable(),
});
export type TResourceGuardState = z.infer<typeof ZResourceGuardState>;

export const ZResourceHistoryQuery = z.object({
  minutes: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(60),
});
export const ZResourceHistory = z.object({ samples: z.array(ZResourceSample) });
export type TResourceHistory = z.infer<typeof ZResourceHistory>;

// ---------- SFTP sources ----------

export const ZSftpAuthMethod = z.enum(SFTP_AUTH_METHODS);

const ZSftpConnection = z.object({
  host: z
    .string()
    .trim()
    .min(1, 'Enter the host')
    .max(253)
    .regex(/^[A-Za-z0-9.:[\]-]+$/, 'Enter a host name or IP address'),
  port: z.coerce.number().int('Enter a whole port number').min(1).max(65535).default(22),
  username: z.string().trim().min(1, 'Enter the user name').max(200),
  authMethod: ZSftpAuthMethod,
  /** Write-only. On update, leave out to keep the stored one. */
  password: z.string().min(1).max(1000).optional(),
  /** Write-only (OpenSSH or PEM private key). On update, leave out to keep the stored one. */
  privateKey: z.string().min(1).max(20_000).optional(),
  /** Write-only. */
  passphrase: z.string().max(1000).optional(),
  folder: z.string().trim().min(1, 'Enter the folder, e.g. /outgoing').max(500).default('/'),
  filePattern: z.string().trim().min(1, 'Enter a file pattern, e.g. *.csv').max(200).default('*.csv'),
});

export const ZSftpConfigInput = ZSftpConnection.extend({
  issuerId: z.uuid('Choose the issuer'),
  name: z.string().trim().min(1, 'Enter a name').max(200),
  buyerId: z.uuid('Choose the buyer the files are for'),
  jobType: ZJobType,
  /** Add pulled files to this job and re-run it, instead of creating one job per file. */
  targetJobId: z.uuid().nullable().optional(),
  scheduleMinutes: z
    .number()
    .int()
    .min(SFTP_SCHEDULE_MIN_MINUTES, `Pull at most every ${SFTP_SCHEDULE_MIN_MINUTES} minutes`)
    .max(SFTP_SCHEDULE_MAX_MINUTES, 'Pull at least once a week')
    .nullable()
    .default(null),
  enabled: z.boolean().default(true),
});
export type TSftpConfigInput = z.input<typeof ZSftpConfigInput>;

/** A connection test of unsaved settings (the create form), or of a saved source with changed fields. */
export const ZSftpTestRequest = ZSftpConnection;
export type TSftpTestRequest = z.input<typeof ZSftpTestRequest>;

export const ZSftpRemoteFile = z.object({
  name: z.string(),
  size: z.number(),
  modifiedAt: z.string(),
  matches: z.boolean(),
});

/** An OpenSSH host key fingerprint: "SHA256:" and 43 characters of unpadded base64. */
export const ZHostKeyFingerprint = z
  .string()
  .trim()
  .regex(/^SHA256:[A-Za-z0-9+/]{43}$/, 'Enter the host key fingerprint as SHA256:… (43 characters after the colon)');

export const ZSftpTestResult = z.object({
  success: z.boolean(),
  /** A summary (never the socket's or server's own error text). */
  message: z.string(),
  files: z.array(ZSftpRemoteFile),
  /** The host key the server presented, when the handshake got that far. */
  hostKeyFingerprint: z.string().nullable(),
  /** The test pinned this key on the saved source (its first connection). */
  hostKeyPinned: z.boolean(),
});
export type TSftpTestResult = z.infer<typeof ZSftpTestResult>;

export const ZSftpConfig = z.object({
  id: z.uuid(),
  issuerId: z.uuid(),
  issuerName: z.string(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  authMethod: ZSftpAuthMethod,
  /** Whether a password / key is stored (never the secret itself). */
  hasPassword: z.boolean(),
  hasPrivateKey: z.boolean(),
  folder: z.string(),
  filePattern: z.string(),
  buyerId: z.uuid().nullable(),
  buyerName: z.string().nullable(),
  jobType: ZJobType,
  targetJobId: z.uuid().nullable(),
  targetJobName: z.string().nullable(),
  scheduleMinutes: z.number().int().nullable(),
  enabled: z.boolean(),
  /** The pinned host key (pinned on the first connection; changed only by a manager accepting a new one). */
  hostKeyFingerprint: z.string().nullable(),
  hostKeyPinnedAt: z.string().nullable(),
  lastPullAt: z.string().nullable(),
  lastPullStatus: z.enum(SFTP_PULL_STATUSES).nullable(),
  lastPullMessage: z.string().nullable(),
  nextPullAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSftpConfig = z.infer<typeof ZSftpConfig>;

export const ZSftpPulledFile = z.object({
  id: z.number().int(),
  remotePath: z.string(),
  sizeBytes: z.number(),
  jobId: z.uuid().nullable(),
  jobName: z.string().nullable(),
  pulledAt: z.string(),
});
export type TSftpPulledFile = z.infer<typeof ZSftpPulledFile>;

export const ZSftpConfigDetail = ZSftpConfig.extend({ pulls: z.array(ZSftpPulledFile) });
export type TSftpConfigDetail = z.infer<typeof ZSftpConfigDetail>;

/** A manager accepts a new host key for a source (after checking it with the server's administrator). */
export const ZSftpHostKeyAccept = z.object({ hostKeyFingerprint: ZHostKeyFingerprint });
export type TSftpHostKeyAccept = z.input<typeof ZSftpHostKeyAccept>;

export const ZSftpPullResult = z.object({ commandId: z.number().int() });

export const ZSftpConfigParams = z.object({ configId: z.uuid('SFTP configuration id must be an id') });
