/**
 * Command types of feature modules that need the application context (data folder, configuration). They are
 * registered on the app's ProQ instance when the app is built, so API and worker processes both know them.
 * Context-free types live in proq/catalog.ts.
 */
import type { AppContext } from '../context.ts';
import { jobCommandTypes } from './jobs/jobs.commands.ts';
import { devCommandTypes } from './dev/dev.service.ts';
import { campaignCommandTypes } from './campaigns/campaigns.commands.ts';
import { jobMaintenanceCommandTypes } from './job-maintenance/job-maintenance.service.ts';
import { sftpCommandTypes } from './sftp/sftp.service.ts';
import { mlCommandTypes } from './ml-prediction/ml-prediction.commands.ts';
import { chatCommandTypes } from './chat/chat.commands.ts';
import { globalInsightsCommandTypes } from './global-insights/global-insights.service.ts';

export function registerFeatureCommands(ctx: AppContext): void {
  for (const def of jobCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of devCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of campaignCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of jobMaintenanceCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of sftpCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of mlCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of chatCommandTypes(ctx)) ctx.proq.registerCommandType(def);
  for (const def of globalInsightsCommandTypes(ctx)) ctx.proq.registerCommandType(def);
}
