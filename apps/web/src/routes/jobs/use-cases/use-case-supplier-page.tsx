/** /jobs/:jobId/use-cases/:useCaseId/:supplierKey (JobUseCasesAccessor): a supplier in the context of a use case. */
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Skeleton from '@mui/material/Skeleton';
import { JobLayout } from '../job-layout.tsx';
import { useCaseQuery } from '../suppliers/api.ts';
import { ResultsError } from '../suppliers/results-error.tsx';
import { SupplierView } from '../suppliers/supplier-view.tsx';

function InUseCase({ jobId, useCaseId, supplierKey }: { jobId: string; useCaseId: string; supplierKey: string }) {
  const q = useQuery(useCaseQuery(jobId, useCaseId));
  if (q.isError) return <ResultsError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton variant="rounded" height={200} />;
  return <SupplierView jobId={jobId} supplierKey={supplierKey} useCase={q.data} />;
}

export function Component() {
  const { useCaseId = '', supplierKey = '' } = useParams();
  return <JobLayout>{(job) => <InUseCase jobId={job.id} useCaseId={useCaseId} supplierKey={supplierKey} />}</JobLayout>;
}
