/**
 * Command types of feature modules that need the application context (data folder, configuration). They are
 * registered on the app's ProQ instance when the app is built, so API and worker processes both know them.
 * Context-free types live in proq/catalog.ts.
 */
import type { AppContext } from '../context.ts';
import { jobCommandTypes } from './jobs/jobs.commands.ts';
import { globalInsightsCommandTypes } from './global-insights/global-insights.service.ts';

export function registerFeatureCommands(ctx: AppContext): void {
  for (const def of jobCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of globalInsightsCommandTypes(ctx)) ctx.proq.registerCommandType(def);
}
