/**
 * /jobs/:jobId — a job's own address, as the job list links it: goes on to the job's first tab for this user (the
 * processing page while it runs), or to the no-access page when the job cannot be read.
 */
import { Navigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import LinearProgress from '@mui/material/LinearProgress';
import { jobQuery } from '../../api/jobs.ts';
import { useRequiredUser } from '../../app/current-user.ts';
import { jobHomePath } from './job-logic.ts';

export function Component() {
  const { jobId = '' } = useParams();
  const user = useRequiredUser();
  const q = useQuery({ ...jobQuery(jobId), retry: false });
  if (q.isError) return <Navigate replace to={`/jobs/${encodeURIComponent(jobId)}/no-access`} />;
  if (!q.data) return <LinearProgress data-testid="job-open-loading" />;
  return <Navigate replace to={jobHomePath(q.data, new Set(user.permissions))} />;
}
