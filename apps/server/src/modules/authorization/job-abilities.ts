/**
 * What the caller may do with a job: one rule for the routes' checks, the job page (TJobDetails.abilities) and the
 * job list rows (TAuthMappedJobArtifact.abilities), so the web never works it out itself.
 */
import { ERROR_CODES, type TJobAbilities, type TJobStatus } from '@sextant/shared';
import type { AuthContext } from '../../plugins/access.ts';
import { forbidden, stateConflict } from '../../lib/errors.ts';

/** The fields of a job the rule reads. */
export interface JobForAbilities {
  ownerId: string;
  status: TJobStatus;
}

/** The owner, or a holder of Job_Update, may change a job's files and run it. */
export const isJobEditor = (auth: AuthContext, job: Pick<JobForAbilities, 'ownerId'>) =>
  job.ownerId === auth.user.id || auth.permissions.has('Job_Update');

/**
 * Refuses a change to a job's files or runs: 403 when the caller may not edit the job, 409 (JobProcessing) when
 * the job is processing.
 */
export function assertJobChangeable(auth: AuthContext, job: JobForAbilities, refusal: string): void {
  if (!isJobEditor(auth, job)) throw forbidden(refusal);
  if (job.status === 'Processing')
    throw stateConflict(
      ERROR_CODES.jobProcessing,
      'The job is processing; wait until it finishes to change its files or run it again',
    );
}

export function abilitiesOf(auth: AuthContext, job: JobForAbilities): TJobAbilities {
  const isOwner = job.ownerId === auth.user.id;
  const editor = isJobEditor(auth, job);
  return {
    canUpload: editor && job.status !== 'Processing',
    canRun: editor && job.status !== 'Processing',
    canRename: isOwner || auth.permissions.has('JobName_UPDATE'),
    canChangeOwner: auth.permissions.has('JobOwner_UPDATE'),
    canPublish: auth.permissions.has('AnalysisPublish'),
    canDelete: auth.permissions.has('Job_Delete'),
    canAssignUsers: auth.permissions.has('UserAssignment_EDIT'),
    canViewLogs: auth.permissions.has('JobLogs_VIEW'),
  };
}
