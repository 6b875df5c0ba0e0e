/** /jobs/:jobId/suppliers/:supplierKey (JobSuppliersAccessor): one supplier of the job's results. */
import { useParams } from 'react-router';
import { JobLayout } from '../job-layout.tsx';
import { SupplierView } from './supplier-view.tsx';

export function Component() {
  const { supplierKey = '' } = useParams();
  return <JobLayout>{(job) => <SupplierView jobId={job.id} supplierKey={supplierKey} />}</JobLayout>;
}
