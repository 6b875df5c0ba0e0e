/**
 * The job as the caller may see it (404 for other tenants' jobs): the one "can this user see this job" check, at the
 * bottom of the modules so that every area reading a job (jobs, results, rulesets' dry run, campaigns, …) uses it.
 */
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { notFound } from '../../lib/errors.ts';
import { jobVisibilityOf } from './authorization.service.ts';
import { findVisibleJob, type JobRow } from './authorization.repo.ts';

/** The job when the caller may see it; 404 otherwise (other tenants' jobs do not exist for them). */
export async function visibleJob(ctx: AppContext, auth: AuthContext, jobId: string): Promise<NonNullable<JobRow>> {
  const row = await findVisibleJob(ctx.db, jobId, await jobVisibilityOf(ctx, auth));
  if (!row) throw notFound('Job');
  return row;
}
