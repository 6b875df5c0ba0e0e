/** Where a job's files live, and the job as the caller may see it (404 for other tenants' jobs). */
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { notFound } from '../../lib/errors.ts';
import { jobVisibilityOf } from '../authorization/authorization.service.ts';
import { findVisibleJob, type JobRow } from './jobs.repo.ts';

/** Blob-store keys (lib/blob-store.ts) of a job's files: its folder, an upload, a run's folder. */
export const jobKey = (jobId: string) => `jobs/${jobId}`;
export const uploadKey = (jobId: string, fileId: string) => `${jobKey(jobId)}/uploads/${fileId}`;
export const runKey = (jobId: string, runNumber: number) => `${jobKey(jobId)}/runs/${runNumber}`;

/** The job when the caller may see it; 404 otherwise (other tenants' jobs do not exist for them). */
export async function visibleJob(ctx: AppContext, auth: AuthContext, jobId: string): Promise<NonNullable<JobRow>> {
  const row = await findVisibleJob(ctx.db, jobId, await jobVisibilityOf(ctx, auth));
  if (!row) throw notFound('Job');
  return row;
}
