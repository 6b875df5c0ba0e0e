/** Where a job's files live, and the job as the caller may see it (404 for other tenants' jobs). */
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { notFound } from '../../lib/errors.ts';
import { jobVisibilityOf } from '../authorization/authorization.service.ts';
import { findVisibleJob, type JobRow } from './jobs.repo.ts';

export const jobDir = (ctx: AppContext, jobId: string) => path.join(ctx.config.dataDir, 'jobs', jobId);
export const runDir = (ctx: AppContext, jobId: string, runNumber: number) =>
  path.join(jobDir(ctx, jobId), 'runs', String(runNumber));

/** The job when the caller may see it; 404 otherwise (other tenants' jobs do not exist for them). */
export async function visibleJob(ctx: AppContext, auth: AuthContext, jobId: string): Promise<NonNullable<JobRow>> {
  const row = await findVisibleJob(ctx.db, jobId, await jobVisibilityOf(ctx, auth));
  if (!row) throw notFound('Job');
  return row;
}
