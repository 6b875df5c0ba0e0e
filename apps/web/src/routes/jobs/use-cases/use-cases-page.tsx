/** /jobs/:jobId/use-cases (JobUseCasesAccessor): every use case of the job as a card with its opportunity. */
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TUseCase } from '@sextant/shared/values';
import { formatAmount, formatCount, formatPercent } from '../../../lib/format.ts';
import { JobLayout } from '../job-layout.tsx';
import { useCasesQuery } from '../suppliers/api.ts';
import { ResultsError } from '../suppliers/results-error.tsx';
import { NS } from '../suppliers/i18n.ts';
import { NotOfferedNote } from '../summary/not-offered-note.tsx';

export function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

function UseCaseCard({ jobId, uc, currency }: { jobId: string; uc: TUseCase; currency: string }) {
  const { t } = useTranslation(NS);
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={`use-case-${uc.useCaseId}`}>
      <CardActionArea
        component={RouterLink}
        to={`/jobs/${encodeURIComponent(jobId)}/use-cases/${encodeURIComponent(uc.useCaseId)}`}
        sx={{ height: '100%', alignItems: 'stretch', display: 'flex', flexDirection: 'column' }}
        aria-label={`${t('useCases.open')}: ${uc.name}`}
      >
        <CardContent sx={{ flex: 1, width: '100%' }}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem' }}>
              {uc.name}
            </Typography>
            <Chip size="small" label={`${uc.rebateBps} bps`} variant="outlined" />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            {uc.description}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1.5 }}>
            <Figure label={t('useCases.suppliers')} value={formatCount(uc.supplierCount)} testId="use-case-suppliers" />
            <Figure label={t('useCases.spend')} value={formatAmount(uc.spend, currency)} testId="use-case-spend" />
            <Figure
              label={t('useCases.rebate')}
              value={formatAmount(uc.estimatedRebate, currency)}
              testId="use-case-rebate"
            />
          </Box>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, uc.spendSharePercent)}
            sx={{ mt: 2, height: 6, borderRadius: 3 }}
          />
          <Typography variant="caption" color="text.secondary">
            {formatPercent(uc.spendSharePercent)} {t('useCases.share')}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function Component() {
  const { t } = useTranslation(NS);
  return (
    <JobLayout>
      {(job) => <UseCases jobId={job.id} title={t('useCases.title')} subtitle={t('useCases.subtitle')} />}
    </JobLayout>
  );
}

function UseCases({ jobId, title, subtitle }: { jobId: string; title: string; subtitle: string }) {
  const { t } = useTranslation(NS);
  const q = useQuery(useCasesQuery(jobId));
  return (
    <Stack spacing={2} data-testid="use-cases-page">
      <div>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {subtitle}
        </Typography>
      </div>
      <NotOfferedNote offer={q.data?.offer} />
      {q.isError ? (
        <ResultsError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' }, gap: 2 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={200} />
          ))}
        </Box>
      ) : q.data.useCases.length === 0 ? (
        <Typography color="text.secondary">{t('useCases.none')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' }, gap: 2 }}>
          {q.data.useCases.map((uc) => (
            <UseCaseCard key={uc.useCaseId} jobId={jobId} uc={uc} currency={q.data.currency} />
          ))}
        </Box>
      )}
    </Stack>
  );
}
