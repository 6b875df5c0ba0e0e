/**
 * Asks for the global insights to be rebuilt when a job's results changed or the job was deleted: a subscriber of
 * jobs' job events (job-events.ts) that enqueues the refresh command.
 */
import type { AppContext } from '../../context.ts';
import type { JobEventSubscriber } from '../jobs/index.ts';

export const REFRESH = 'globalInsights.refresh';

async function enqueueGlobalRefresh(ctx: AppContext): Promise<void> {
  await ctx.proq.enqueue(ctx.db, {
    commandType: REFRESH,
    payload: {},
    category: 'analysis',
    tags: ['global-insights'],
    processingGroup: 'global-insights-refresh',
  });
}

/** The global insights of the users who see the job are built again in the background. */
export const globalInsightsJobEvents: JobEventSubscriber = {
  runCompleted: (ctx) => enqueueGlobalRefresh(ctx),
  jobDeleted: (ctx) => enqueueGlobalRefresh(ctx),
};
