/**
 * Command types of feature modules that need the application context (data folder, configuration). They are
 * registered on the app's ProQ instance when the app is built, so API and worker processes both know them.
 * Context-free types live in proq/catalog.ts. The subscribers of the jobs area's events (a run completed, a job
 * deleted) are registered here too, in this order: results caches, global insights, campaign workflows, re-run changes.
 */
import type { AppContext } from '../context.ts';
import { jobCommandTypes } from './jobs/jobs.commands.ts';
import { devCommandTypes } from './dev/dev.service.ts';
import { campaignCommandTypes } from './campaigns/campaigns.commands.ts';
import { jobMaintenanceCommandTypes } from './job-maintenance/job-maintenance.service.ts';
import { sftpCommandTypes } from './sftp/sftp.service.ts';
import { mergeCommandTypes } from './merge/merge.commands.ts';
import { mlCommandTypes } from './ml-prediction/ml-prediction.commands.ts';
import { chatCommandTypes } from './chat/chat.commands.ts';
import { globalInsightsCommandTypes } from './global-insights/global-insights.service.ts';
import { subscribeToJobEvents } from './jobs/job-events.ts';
import { resultsJobEvents } from './results/job-events.ts';
import { globalInsightsJobEvents } from './global-insights/global-refresh.ts';
import { campaignJobEvents } from './campaigns/campaigns.commands.ts';
import { jobChangesCommandTypes, jobChangesJobEvents } from './job-changes/index.ts';
import { provideLearnedConversion } from './results/index.ts';
import { learnedConversionOfJob } from './campaigns/conversion.ts';

export function registerFeatureCommands(ctx: AppContext): void {
  subscribeToJobEvents('results', resultsJobEvents);
  subscribeToJobEvents('global-insights', globalInsightsJobEvents);
  subscribeToJobEvents('campaigns', campaignJobEvents);
  subscribeToJobEvents('job-changes', jobChangesJobEvents);
  // The business case shows the conversion learnt from campaign outcomes (campaigns build on the results).
  provideLearnedConversion(learnedConversionOfJob);
  for (const def of jobCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of devCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of campaignCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of jobMaintenanceCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of sftpCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of mergeCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of mlCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of chatCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of globalInsightsCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of jobChangesCommandTypes(ctx)) ctx.proq.registerCommandType(def);
}
