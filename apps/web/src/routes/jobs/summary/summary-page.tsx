/**
 * /jobs/:jobId/summary (JobSummaryAccessor): headline figures, the card capability waterfall and the score level
 * and confidence distributions of the job's latest results, under the slicer chosen (kept in the URL).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { TJobDetails } from '@sextant/shared/values';
import type { TMeasure } from '../../../components/charts/builders.ts';
import { JobLayout } from '../job-layout.tsx';
import { summaryQuery } from '../insights/insights-api.ts';
import { SlicerSelect, useSlice } from '../insights/slicer-select.tsx';
import { ResultsError } from '../insights/results-error.tsx';
import { CapabilityWaterfall, HeadlineFigures, ScoreDistributions, Section } from './summary-sections.tsx';
import { NotOfferedNote } from './not-offered-note.tsx';

export function MeasureToggle({ value, onChange }: { value: TMeasure; onChange: (m: TMeasure) => void }) {
  const { t } = useTranslation('insights');
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_, v: TMeasure | null) => v && onChange(v)}
      aria-label={t('measure.label')}
    >
      <ToggleButton value="spend" data-testid="measure-spend">
        {t('measure.spend')}
      </ToggleButton>
      <ToggleButton value="supplierCount" data-testid="measure-suppliers">
        {t('measure.suppliers')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

function SummaryBody({ job }: { job: TJobDetails }) {
  const { t } = useTranslation('insights');
  const [slice, setSlice] = useSlice();
  const q = useQuery({ ...summaryQuery(job.id, slice), placeholderData: (prev) => prev });
  const [wfMeasure, setWfMeasure] = useState<TMeasure>('spend');
  const [scoreMeasure, setScoreMeasure] = useState<TMeasure>('supplierCount');
  return (
    <Stack spacing={3} data-testid="summary-page">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h2">
            {t('summary.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('summary.subtitle')}
          </Typography>
        </Box>
        <SlicerSelect value={slice} onChange={setSlice} />
      </Box>
      {q.isError ? (
        <ResultsError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Stack spacing={2} data-testid="summary-loading">
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={320} />
        </Stack>
      ) : (
        <Stack spacing={3} sx={{ opacity: q.isPlaceholderData ? 0.6 : 1 }} aria-busy={q.isFetching}>
          {q.data.suppliers === 0 && <Alert severity="info">{t('summary.emptySlice')}</Alert>}
          <NotOfferedNote offer={q.data.offer} />
          <HeadlineFigures summary={q.data} />
          <Section
            title={t('sections.waterfall')}
            subtitle={t('sections.waterfallHint')}
            actions={<MeasureToggle value={wfMeasure} onChange={setWfMeasure} />}
            testId="summary-waterfall"
          >
            <CapabilityWaterfall summary={q.data} measure={wfMeasure} />
          </Section>
          <Section
            title={t('sections.scores')}
            subtitle={t('sections.scoresHint')}
            actions={<MeasureToggle value={scoreMeasure} onChange={setScoreMeasure} />}
            testId="summary-scores"
          >
            <ScoreDistributions summary={q.data} measure={scoreMeasure} />
          </Section>
        </Stack>
      )}
    </Stack>
  );
}

export function Component() {
  return <JobLayout>{(job) => <SummaryBody job={job} />}</JobLayout>;
}
