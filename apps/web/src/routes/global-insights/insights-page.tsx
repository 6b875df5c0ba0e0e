/**
 * /global-insights/insights (GlobalInsightsView): headline figures and the job insights' chart views × slicers over
 * every job the user may see (the same panel as a job's insights), a merchant counted once across buyers.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { globalSummaryQuery, globalViewCsvUrl, globalViewQuery } from '../../api/vendors.ts';
import { formatAmount, formatAmountCompact, formatCount, formatPercent } from '../../lib/format.ts';
import { ChartViewsPanel, type ChartViewQuery } from '../jobs/insights/insights-page.tsx';
import { useSlice } from '../jobs/insights/slicer-select.tsx';
import { ResultsError } from '../jobs/insights/results-error.tsx';
import { GlobalHeader, useLoadingRedirect } from './global-nav.tsx';

function Figure({
  label,
  value,
  title,
  caption,
  testId,
}: {
  label: string;
  value: ReactNode;
  /** The full value on hover, when `value` is compact. */
  title?: string;
  caption?: string;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        variant="h5"
        sx={{ fontWeight: 700, mt: 0.5, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        title={title}
        data-testid={`${testId}-value`}
      >
        {value}
      </Typography>
      {caption && (
        <Typography variant="caption" color="text.secondary">
          {caption}
        </Typography>
      )}
    </Paper>
  );
}

export function Component() {
  const { t } = useTranslation('global-insights');
  // the slice of the URL: the views panel's slicer sets it, and the figures follow it
  const [slice] = useSlice();
  const s = useQuery({ ...globalSummaryQuery(slice), placeholderData: (p) => p });
  const building = useLoadingRedirect(s.error);
  const d = s.data;
  return (
    <Stack spacing={2.5} data-testid="global-insights-page">
      <GlobalHeader />
      {s.isError && !building ? (
        <ResultsError error={s.error} onRetry={() => void s.refetch()} />
      ) : !d ? (
        <Skeleton variant="rounded" height={96} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', xl: 'repeat(6, 1fr)' },
          }}
          data-spend={d.spend}
        >
          <Figure
            testId="global-buyers"
            label={t('figures.buyers')}
            value={formatCount(d.buyers)}
            caption={t('figures.buyersCaption', { issuers: d.issuers, jobs: d.jobs })}
          />
          <Figure
            testId="global-suppliers"
            label={t('figures.suppliers')}
            value={formatCount(d.suppliers)}
            caption={t('figures.suppliersCaption', { rows: formatCount(d.supplierRows) })}
          />
          <Figure
            testId="global-spend"
            label={t('figures.spend')}
            value={formatAmountCompact(d.spend, d.currency)}
            title={formatAmount(d.spend, d.currency)}
          />
          <Figure
            testId="global-matched"
            label={t('figures.matched')}
            value={formatPercent(d.matched.spendShare)}
            caption={t('figures.matchedCaption', { share: formatPercent(d.matched.supplierShare) })}
          />
          <Figure
            testId="global-card-capable"
            label={t('figures.cardCapable')}
            value={formatAmountCompact(d.cardCapableSpend, d.currency)}
            title={formatAmount(d.cardCapableSpend, d.currency)}
          />
          <Figure
            testId="global-rebate"
            label={t('figures.rebate')}
            value={formatAmountCompact(d.estimatedRebate, d.currency)}
            title={formatAmount(d.estimatedRebate, d.currency)}
          />
        </Box>
      )}
      {d && d.currencies.length > 1 && (
        <Typography variant="caption" color="text.secondary">
          {t('figures.currencies', { list: d.currencies.join(', ') })}
        </Typography>
      )}
      {d && (
        <ChartViewsPanel
          title={t('views.title')}
          subtitle={t('views.subtitle')}
          query={(view, sl) => globalViewQuery(view, sl) as unknown as ChartViewQuery}
          csvUrl={globalViewCsvUrl}
        />
      )}
    </Stack>
  );
}
