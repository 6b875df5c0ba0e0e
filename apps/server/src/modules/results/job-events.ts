/** What the results area does when a run of a job completes or a job is deleted (subscriber of jobs' job events). */
import type { JobEventSubscriber } from '../jobs/index.ts';
import { forgetLatestRun } from '../../lib/duckdb/index.ts';
import { inBackground } from '../../lib/background.ts';
import { dropSupplierCaches, warmSupplierCache } from './supplier-cache.ts';

const WARM_RETRY_MS = 2_000;

export const resultsJobEvents: JobEventSubscriber = {
  async runCompleted(ctx, { jobId }) {
    forgetLatestRun(jobId); // the short-lived latest-run cache of this process
    // The supplier table's cache, built now rather than on the first request (seconds on a large job).
    // (app.close() waits for it: lib/background.ts)
    // A failed warm-up is tried once more after a pause (it reads files other run-completed work may still be
    // reading), then only logged: the first request builds the cache instead.
    inBackground(
      ctx,
      warmSupplierCache(ctx, jobId)
        .catch(async (err: unknown) => {
          ctx.log.warn({ err, jobId }, 'Supplier results cache not warmed; trying again');
          await new Promise((r) => setTimeout(r, WARM_RETRY_MS));
          await warmSupplierCache(ctx, jobId);
        })
        .catch((err: unknown) => ctx.log.error({ err, jobId }, 'Supplier results cache not warmed')),
    );
  },
  // Derived caches of its results.
  jobDeleted: (ctx, { jobId }) => dropSupplierCaches(ctx, jobId),
};
