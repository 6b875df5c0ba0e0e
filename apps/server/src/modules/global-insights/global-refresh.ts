/**
 * Asks for the global insights to be rebuilt (a job's results changed or the job was deleted). Depends only on the
 * queue, so the jobs module can call it without loading the global insights module.
 */
import type { AppContext } from '../../context.ts';

export const REFRESH = 'globalInsights.refresh';

export async function enqueueGlobalRefresh(ctx: AppContext): Promise<void> {
  await ctx.proq.enqueue(ctx.db, {
    commandType: REFRESH,
    payload: {},
    category: 'analysis',
    tags: ['global-insights'],
    processingGroup: 'global-insights-refresh',
  });
}
