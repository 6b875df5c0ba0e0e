/** /jobs/:jobId/use-cases/:useCaseId (JobUseCasesAccessor): a use case's opportunity and its suppliers. */
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatAmount, formatCount, formatPercent } from '../../../lib/format.ts';
import { JobLayout } from '../job-layout.tsx';
import { useCaseQuery } from '../suppliers/api.ts';
import { ResultsError } from '../suppliers/results-error.tsx';
import { SupplierTable } from '../suppliers/supplier-table.tsx';
import { NS } from '../suppliers/i18n.ts';
import { Figure } from './use-cases-page.tsx';

function UseCase({ jobId, useCaseId }: { jobId: string; useCaseId: string }) {
  const { t } = useTranslation(NS);
  const q = useQuery(useCaseQuery(jobId, useCaseId));
  const job = `/jobs/${encodeURIComponent(jobId)}`;
  const uc = q.data;
  return (
    <Stack spacing={2.5} data-testid="use-case-page">
      <Box>
        <Breadcrumbs sx={{ mb: 1 }}>
          <Link component={RouterLink} to={`${job}/use-cases`}>
            {t('useCases.back')}
          </Link>
          <Typography color="text.primary">{uc?.name ?? useCaseId}</Typography>
        </Breadcrumbs>
        {q.isError ? (
          <ResultsError error={q.error} onRetry={() => void q.refetch()} />
        ) : !uc ? (
          <Skeleton variant="rounded" height={140} />
        ) : (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h5" component="h2" data-testid="use-case-name">
              {uc.name}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
              {uc.description}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 2 }}>
              <Figure
                label={t('useCases.suppliers')}
                value={formatCount(uc.supplierCount)}
                testId="use-case-suppliers"
              />
              <Figure label={t('useCases.spend')} value={formatAmount(uc.spend, uc.currency)} testId="use-case-spend" />
              <Figure label={t('useCases.share')} value={formatPercent(uc.spendSharePercent)} />
              <Figure label={t('useCases.bps')} value={`${uc.rebateBps} bps`} />
              <Figure
                label={t('useCases.rebate')}
                value={formatAmount(uc.estimatedRebate, uc.currency)}
                testId="use-case-rebate"
              />
            </Box>
          </Paper>
        )}
      </Box>
      {uc && (
        <>
          <Typography variant="h6" component="h3">
            {t('useCases.suppliersOf')}
          </Typography>
          <SupplierTable
            jobId={jobId}
            list={{ jobId, useCaseId: uc.useCaseId }}
            useCase
            supplierHref={(r) =>
              `${job}/use-cases/${encodeURIComponent(uc.useCaseId)}/${encodeURIComponent(r.supplierKey)}`
            }
          />
        </>
      )}
    </Stack>
  );
}

export function Component() {
  const { useCaseId = '' } = useParams();
  return <JobLayout>{(job) => <UseCase jobId={job.id} useCaseId={useCaseId} />}</JobLayout>;
}
