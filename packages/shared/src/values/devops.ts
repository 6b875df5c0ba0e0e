/**
 * DevOps area values without zod (job maintenance, endpoint comparison, resource guard, SFTP sources); devops.ts
 * adds the schemas.
 */

/** What job maintenance can do to a job; each runs as a ProQ command. */
export const JOB_MAINTENANCE_ACTIONS = ['rerun', 'cleanIntermediates', 'deleteResults', 'deleteJob'] as const;
export type TJobMaintenanceAction = (typeof JOB_MAINTENANCE_ACTIONS)[number];

export const JOB_MAINTENANCE_ACTION_LABELS: Record<TJobMaintenanceAction, string> = {
  rerun: 'Re-run',
  cleanIntermediates: 'Clean intermediates',
  deleteResults: 'Delete results',
  deleteJob: 'Delete job',
};

/** A run queued or running for longer than this is reported as stale. */
export const STALE_RUN_HOURS = 6;

/** Sections of a job comparison (what the results API answers for a run). */
export const COMPARISON_SECTIONS = ['summary', 'views', 'suppliers'] as const;
export type TComparisonSection = (typeof COMPARISON_SECTIONS)[number];

export const DIFF_KINDS = ['added', 'removed', 'changed'] as const;
export type TDiffKind = (typeof DIFF_KINDS)[number];

/** At most this many differences are listed per section (the total is always counted). */
export const MAX_LISTED_DIFFERENCES = 500;

/** Measured resources; each may have a limit (null = no limit). */
export const RESOURCE_METRICS = ['cpu', 'memory', 'disk', 'dbSize', 'duckdbMemory', 'queueDepth'] as const;
export type TResourceMetric = (typeof RESOURCE_METRICS)[number];

export const RESOURCE_METRIC_LABELS: Record<TResourceMetric, string> = {
  cpu: 'CPU',
  memory: 'Memory',
  disk: 'Disk',
  dbSize: 'Database size',
  duckdbMemory: 'DuckDB memory',
  queueDepth: 'Queue depth',
};

/** A resource at or above this share of its limit is "near": shown as a warning. */
export const RESOURCE_NEAR_RATIO = 0.9;

export const RESOURCE_LEVELS = ['ok', 'near', 'exceeded'] as const;
export type TResourceLevel = (typeof RESOURCE_LEVELS)[number];

/** Kinds of heavy work the resource guard can refuse. */
export const HEAVY_WORK_KINDS = ['run', 'upload', 'export'] as const;
export type THeavyWorkKind = (typeof HEAVY_WORK_KINDS)[number];

export const SFTP_AUTH_METHODS = ['password', 'privateKey'] as const;
export type TSftpAuthMethod = (typeof SFTP_AUTH_METHODS)[number];

export const SFTP_PULL_STATUSES = ['ok', 'failed'] as const;
export type TSftpPullStatus = (typeof SFTP_PULL_STATUSES)[number];

/** Schedule bounds in minutes (null = manual pulls only). */
export const SFTP_SCHEDULE_MIN_MINUTES = 5;
export const SFTP_SCHEDULE_MAX_MINUTES = 7 * 24 * 60;

/** Whether a file name matches a glob of `*` and `?` (case-insensitive), e.g. "spend-*.csv". */
export function matchesFilePattern(name: string, pattern: string): boolean {
  const re = pattern
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${re}$`, 'i').test(name);
}
