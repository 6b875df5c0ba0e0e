/** /jobs/:jobId/suppliers (JobSuppliersAccessor): the job's suppliers in the server-paged supplier table. */
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { JobLayout } from '../job-layout.tsx';
import { SupplierTable } from './supplier-table.tsx';
import { NS } from './i18n.ts';

export function Component() {
  const { t } = useTranslation(NS);
  return (
    <JobLayout>
      {(job) => (
        <Stack spacing={2} data-testid="suppliers-page">
          <div>
            <Typography variant="h5" component="h2">
              {t('suppliers.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('suppliers.subtitle')}
            </Typography>
          </div>
          <SupplierTable
            jobId={job.id}
            list={{ jobId: job.id }}
            supplierHref={(r) => `/jobs/${encodeURIComponent(job.id)}/suppliers/${encodeURIComponent(r.supplierKey)}`}
          />
        </Stack>
      )}
    </JobLayout>
  );
}
