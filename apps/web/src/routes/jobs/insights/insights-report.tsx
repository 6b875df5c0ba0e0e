/**
 * The Insights Report body (a document): cover, headline figures, card capability waterfall, score distributions
 * and each chart view's top categories as chart and table. Shown in the Insights Report tab and, as the printable
 * report `insights`, inside the printable frame, where charts draw without animation and the body marks
 * `data-print-ready="true"` once every chart has finished.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CHART_VIEW_GROUPS, CHART_VIEW_GROUP_LABELS, groupDefaultView } from '@sextant/shared/values';
import type { TPrintableProps } from '../printable/registry.ts';
import { CapabilityWaterfall, HeadlineFigures, ScoreDistributions, Section } from '../summary/summary-sections.tsx';
import { summaryQuery, viewQuery } from './insights-api.ts';
import { ViewChart, ViewTable } from './insights-page.tsx';
import { ResultsError } from './results-error.tsx';

/** Categories of each view shown in the report. */
export const REPORT_TOP_N = 10;
const OVERALL = { slicer: 'Overall', slicerValue: 'ALL' } as const;
const REPORT_VIEWS = CHART_VIEW_GROUPS.map(groupDefaultView);

/** True once every chart inside the element reports data-chart-ready="true". */
function useChartsReady(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el) return;
    const check = () => {
      const charts = el.querySelectorAll('[data-chart-ready]');
      setReady(charts.length > 0 && [...charts].every((c) => c.getAttribute('data-chart-ready') === 'true'));
    };
    check();
    const mo = new MutationObserver(check);
    mo.observe(el, { attributes: true, attributeFilter: ['data-chart-ready'], subtree: true, childList: true });
    return () => mo.disconnect();
  }, [enabled]);
  return [ref, ready] as const;
}

export default function InsightsReport({ jobId }: TPrintableProps) {
  const { t } = useTranslation('insights');
  const summary = useQuery(summaryQuery(jobId, OVERALL));
  const views = useQueries({ queries: REPORT_VIEWS.map((v) => viewQuery(jobId, v, OVERALL)) });
  const loaded = !!summary.data && views.every((v) => v.data);
  const [ref, chartsReady] = useChartsReady(loaded);
  const failed = summary.error ?? views.find((v) => v.error)?.error;

  if (failed) return <ResultsError error={failed} onRetry={() => void summary.refetch()} />;
  if (!loaded)
    return (
      <Stack spacing={2} data-testid="report-loading" data-print-ready="false">
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  const s = summary.data!;
  return (
    <Stack spacing={3} ref={ref} data-testid="insights-report" data-print-ready={chartsReady ? 'true' : 'false'}>
      <Box
        sx={{ py: { xs: 3, sm: 5 }, px: { xs: 2, sm: 4 }, borderLeft: 6, borderColor: 'primary.main' }}
        data-testid="report-cover"
      >
        <Typography variant="overline" color="primary">
          {t('report.kicker')}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 700 }} data-testid="report-job-name">
          {s.jobName}
        </Typography>
        <Typography variant="h6" color="text.secondary">
          {t('report.buyer', { buyer: s.buyerName ?? '—' })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('report.date', { date: (s.completedAt ?? '').slice(0, 10) })}
        </Typography>
      </Box>
      <Section title={t('sections.headline')}>
        <HeadlineFigures summary={s} />
      </Section>
      <Section title={t('sections.waterfall')} subtitle={t('sections.waterfallHint')}>
        <CapabilityWaterfall summary={s} />
      </Section>
      <Section title={t('sections.scores')} subtitle={t('sections.scoresHint')}>
        <ScoreDistributions summary={s} />
      </Section>
      {views.map((v, i) => {
        const d = v.data!;
        const group = CHART_VIEW_GROUPS[i]!;
        return (
          <Section
            key={d.view}
            title={t(`views.${group}`, { defaultValue: CHART_VIEW_GROUP_LABELS[group] })}
            subtitle={t('report.viewHint', { n: Math.min(REPORT_TOP_N, d.categories.length), label: d.label })}
            testId={`report-view-${d.view}`}
          >
            <ViewChart data={d} measure="spend" limit={REPORT_TOP_N} testId={`report-chart-${d.view}`} />
            <Divider sx={{ my: 2 }} />
            <ViewTable data={d} limit={REPORT_TOP_N} />
          </Section>
        );
      })}
    </Stack>
  );
}
