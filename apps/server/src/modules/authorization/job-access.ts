/**
 * The job as the caller may see it (404 for other tenants' jobs): the one "can this user see this job" check, at the
 * bottom of the modules so that every area reading a job (jobs, results, rulesets' dry run, campaigns, …) uses it.
 */
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { notFound } from '../../lib/errors.ts';
import { reloadInBackground } from '../../lib/refresh-ahead.ts';
import { jobVisibilityOf } from './authorization.service.ts';
import { findVisibleJob, findVisibleJobHead, type JobRow } from './authorization.repo.ts';
import { authCacheTtlMs } from '../../plugins/auth-cache.ts';
import {
  cachedJobHeadEntry,
  dropJobHead,
  jobAccessKey,
  sharedJobHeadLoad,
  storeJobHead,
  type JobHead,
} from './job-access-cache.ts';

/** The job when the caller may see it; 404 otherwise (other tenants' jobs do not exist for them). */
export async function visibleJob(ctx: AppContext, auth: AuthContext, jobId: string): Promise<NonNullable<JobRow>> {
  const row = await findVisibleJob(ctx.db, jobId, await jobVisibilityOf(ctx, auth));
  if (!row) throw notFound('Job');
  return row;
}

/**
 * What the results need of a job the caller may see (404 otherwise), from the job access cache
 * (job-access-cache.ts) when it holds the job for the caller's visibility: no database round trip per request. A hit
 * past its refresh point is reloaded in the background (the request does not wait); concurrent misses share a load.
 */
export async function visibleJobHead(ctx: AppContext, auth: AuthContext, jobId: string): Promise<JobHead> {
  const visibility = await jobVisibilityOf(ctx, auth);
  const key = jobAccessKey(jobId, visibility);
  const load = () =>
    sharedJobHeadLoad(key, async (generation) => {
      const row = await findVisibleJobHead(ctx.db, jobId, visibility);
      if (!row) {
        dropJobHead(key);
        return null;
      }
      const head: JobHead = { ...row, buyerName: row.buyerName ?? null };
      storeJobHead(generation, key, head, authCacheTtlMs(ctx.dbh.kind, ctx.config.SESSION_CACHE_TTL_SECONDS));
      return head;
    });
  const hit = cachedJobHeadEntry(key, Date.now());
  if (hit) {
    if (hit.refreshDue)
      reloadInBackground(load, (err) =>
        ctx.log.warn({ err }, 'job access cache: background reload failed (the entry expires at its TTL)'),
      );
    return hit.head;
  }
  const head = await load();
  if (!head) throw notFound('Job');
  return head;
}
