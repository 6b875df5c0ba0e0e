/**
 * Read access to a job's results: the latest completed run's Parquet files and summary, queried through the shared
 * results DuckDB (engine.ts).
 *
 * `openResults` checks that the caller may see the job (tenant scope, 404 otherwise) and answers 409 while the job
 * has no completed run. Tables are exposed as `read_parquet(...)` expressions (`table('suppliers')`), so a query
 * only reads the columns and row groups it needs. Every module that reads run results goes through this file.
 */
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { DuckDBValue } from '@duckdb/node-api';
import { lit, type AnalysisSummary } from '@sextant/analysis';
import type { jobRuns } from '@sextant/db';
import type { TJobType } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { AppError, notFound } from '../errors.ts';
import { visibleJobHead } from '../../modules/authorization/index.ts';
import { refreshAtOf, reloadInBackground } from '../refresh-ahead.ts';
import { queryRows } from './engine.ts';
import { jobById, latestCompletedRun } from './results.repo.ts';

/** Result files of a run (packages/analysis aggregateResults). */
export const RESULT_TABLES = {
  suppliers: 'suppliers.parquet',
  views: 'views.parquet',
  scores: 'scores.parquet',
  useCases: 'use-cases.parquet',
  useCaseSuppliers: 'use-case-suppliers.parquet',
  /** every supplier's match in every loaded network (runs since several networks; docs/NETWORKS.md) */
  networks: 'networks.parquet',
} as const;
export type TResultTable = keyof typeof RESULT_TABLES;

export interface JobResults {
  jobId: string;
  jobName: string;
  jobType: TJobType;
  buyerName: string | null;
  issuerId: string;
  runId: string;
  runNumber: number;
  completedAt: string | null;
  /** Blob-store key of the run's folder (`jobs/<id>/runs/<n>`; its result files are under `<key>/results`). */
  key: string;
  /** Absolute folder holding the result files. */
  dir: string;
  summary: AnalysisSummary;
  /** Whether the run scored suppliers (base and advanced jobs). */
  scored: boolean;
  /** `read_parquet('<file>')` for a result table; 404 when the run did not write it. */
  table(name: TResultTable): string;
  has(name: TResultTable): boolean;
  /** Query rows as plain objects (BIGINT → number, DECIMAL → number, DATE → ISO string). `$1…` parameters. */
  all<T = Record<string, unknown>>(sql: string, params?: DuckDBValue[]): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string, params?: DuckDBValue[]): Promise<T | undefined>;
}

const summaryCache = new Map<string, AnalysisSummary>();

/** What the results need to know of their job. */
export interface ResultsJob {
  id: string;
  name: string;
  type: TJobType;
  issuerId: string;
  buyerName: string | null;
}

/** The latest completed run of a job the caller may see, with query helpers over its result files. */
export async function openResults(ctx: AppContext, auth: AuthContext, jobId: string): Promise<JobResults> {
  // the visibility check from the job access cache (modules/authorization job-access-cache.ts)
  return resultsOf(ctx, await visibleJobHead(ctx, auth, jobId));
}

/** The same for work without a caller (the pipeline warming caches): no visibility check. */
export async function openResultsForPipeline(ctx: AppContext, jobId: string): Promise<JobResults> {
  const job = await jobById(ctx.db, jobId);
  if (!job) throw notFound('Job');
  return resultsOf(ctx, { id: job.id, name: job.name, type: job.type, issuerId: job.issuerId, buyerName: null });
}

/**
 * The latest completed run of a job, shared by concurrent requests and kept LATEST_RUN_TTL_MS: a run completed by
 * another process shows within that time; one completed here is announced by forgetLatestRun. (Only which run's
 * results to show is cached; whether the caller may see the job is checked on every request.) A hit past its refresh
 * point (lib/refresh-ahead.ts) starts one background read and is served until that read replaces it, so the
 * requests of the moment the entry would have expired do not all wait for the database.
 */
export const LATEST_RUN_TTL_MS = 2_000;
type RunRow = typeof jobRuns.$inferSelect;
interface LatestRun {
  run: Promise<RunRow | undefined>;
  until: number;
  refreshAt: number;
  refreshing?: boolean;
}
const latestRuns = new Map<string, LatestRun>();

function latestRun(ctx: AppContext, jobId: string): Promise<RunRow | undefined> {
  const now = Date.now();
  const hit = latestRuns.get(jobId);
  if (hit && hit.until > now) {
    if (hit.refreshAt <= now && !hit.refreshing) refreshLatestRun(ctx, jobId, hit);
    return hit.run;
  }
  const run = latestCompletedRun(ctx.db, jobId);
  const entry: LatestRun = { run, until: now + LATEST_RUN_TTL_MS, refreshAt: refreshAtOf(now, LATEST_RUN_TTL_MS) };
  latestRuns.set(jobId, entry);
  run.catch(() => {
    if (latestRuns.get(jobId) === entry) latestRuns.delete(jobId);
  });
  if (latestRuns.size > 1_000) latestRuns.delete(latestRuns.keys().next().value!);
  return run;
}

/** Reads the latest run again; the answer replaces the entry unless it was forgotten or replaced meanwhile. */
function refreshLatestRun(ctx: AppContext, jobId: string, hit: LatestRun): void {
  const now = Date.now();
  hit.refreshing = reloadInBackground(
    async () => {
      const row = await latestCompletedRun(ctx.db, jobId);
      if (latestRuns.get(jobId) !== hit) return;
      latestRuns.set(jobId, {
        run: Promise.resolve(row),
        until: now + LATEST_RUN_TTL_MS,
        refreshAt: refreshAtOf(now, LATEST_RUN_TTL_MS),
      });
    },
    (err) => {
      hit.refreshing = false; // tried again by a later hit; the entry still expires at its TTL
      ctx.log.warn({ err }, 'latest run: background read failed');
    },
  );
}

/** A run of the job completed (or the job went): the next request reads the latest run again. */
export function forgetLatestRun(jobId: string): void {
  latestRuns.delete(jobId);
}

async function resultsOf(ctx: AppContext, job: ResultsJob): Promise<JobResults> {
  const jobId = job.id;
  const run = await latestRun(ctx, jobId);
  if (!run) throw new AppError(409, 'Conflict', 'This job has no results yet; run the analysis first');
  // a local folder: the run's results themselves, or their copy in the blob store's cache
  const dir = await ctx.blobs.localDir(`${run.resultPath}/results`);
  let summary = summaryCache.get(run.id);
  if (!summary) {
    const file = path.join(dir, 'summary.json');
    if (run.summary) summary = run.summary as AnalysisSummary;
    else if (existsSync(file)) summary = JSON.parse(readFileSync(file, 'utf8')) as AnalysisSummary;
    else throw notFound('Result summary');
    summaryCache.set(run.id, summary);
  }
  const fileOf = (name: TResultTable) => path.join(dir, RESULT_TABLES[name]);
  const has = (name: TResultTable) => existsSync(fileOf(name));
  return {
    jobId,
    jobName: job.name,
    jobType: job.type,
    buyerName: job.buyerName,
    issuerId: job.issuerId,
    runId: run.id,
    runNumber: run.runNumber,
    completedAt: run.completedAt?.toISOString() ?? null,
    key: run.resultPath,
    dir,
    summary,
    scored: summary.scores !== null,
    has,
    table: (name) => {
      if (!has(name)) throw notFound(`Result table ${name}`);
      return `read_parquet(${lit(fileOf(name))})`;
    },
    all: queryRows,
    one: async <T>(sql: string, params?: DuckDBValue[]) => (await queryRows<T>(sql, params))[0],
  };
}
