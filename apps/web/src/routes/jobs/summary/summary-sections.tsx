/**
 * Sections of a job summary, shared by the Summary tab, the Insights Report and the presentation: headline
 * figure cards, the card capability waterfall (half-pie donut + table) and the score level / confidence
 * distributions (stacked bars). Figures are formatted as SPEC §9 says.
 */
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { TRANSACTION_COUNTS, type TJobSummary } from '@sextant/shared/values';
import { EChart } from '../../../components/charts/chart.tsx';
import { chartColors, type TMeasure } from '../../../components/charts/builders.ts';
import { scoreDistributionCharts, waterfallChart } from './summary-charts.ts';
import { formatAmount, formatAmountCompact, formatCount, formatPercent } from '../../../lib/format.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';

export function useChartColors() {
  const theme = useTheme();
  return useMemo(() => chartColors(theme), [theme]);
}

/** Whether charts render for print (printable frame): no animation. */
export function usePrintMode(): boolean {
  return useTheme().sextant?.printable ?? false;
}

export function Section({
  title,
  subtitle,
  actions,
  children,
  testId,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, breakInside: 'avoid' }} data-testid={testId}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h6" component="h3">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

function Figure({
  label,
  value,
  title,
  note,
  noteTitle,
  testId,
}: {
  label: string;
  value: string;
  /** The full value on hover, when `value` is compact. */
  title?: string;
  note?: string;
  noteTitle?: string;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ textTransform: 'uppercase', letterSpacing: 0.5, fontWeight: 600 }}
      >
        {label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700, mt: 0.5, whiteSpace: 'nowrap' }}
        title={title}
        data-testid={`${testId}-value`}
      >
        {value}
      </Typography>
      {note && (
        <Typography variant="body2" color="text.secondary" title={noteTitle} data-testid={`${testId}-note`}>
          {note}
        </Typography>
      )}
    </Paper>
  );
}

export function HeadlineFigures({ summary: s }: { summary: TJobSummary }) {
  const { t } = useTranslation('insights');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
        <Figure label={t('figures.suppliers')} value={formatCount(s.suppliers)} testId="figure-suppliers" />
        <Figure
          label={t('figures.spend')}
          value={formatAmountCompact(s.spend, s.currency)}
          title={formatAmount(s.spend, s.currency)}
          testId="figure-spend"
        />
        <Figure
          label={t('figures.matchedSuppliers')}
          value={formatPercent(s.matched.supplierShare)}
          note={t('figures.ofSuppliers', { count: s.matched.suppliers, n: formatCount(s.matched.suppliers) })}
          testId="figure-matched-suppliers"
        />
        <Figure
          label={t('figures.matchedSpend')}
          value={formatPercent(s.matched.spendShare)}
          note={formatAmountCompact(s.matched.spend, s.currency)}
          noteTitle={formatAmount(s.matched.spend, s.currency)}
          testId="figure-matched-spend"
        />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
        }}
      >
        {TRANSACTION_COUNTS.map((k) => (
          <Figure key={k} label={t(`counts.${k}`)} value={formatCount(s.counts[k])} testId={`figure-count-${k}`} />
        ))}
      </Box>
    </Box>
  );
}

export function CapabilityWaterfall({
  summary: s,
  measure = 'spend',
  onReady,
}: {
  summary: TJobSummary;
  measure?: TMeasure;
  onReady?: () => void;
}) {
  const { t } = useTranslation('insights');
  const colors = useChartColors();
  const print = usePrintMode();
  const chart = useMemo(
    () => waterfallChart({ summary: s, measure, colors, t, animation: !print }),
    [s, measure, colors, print, t],
  );
  const num = { whiteSpace: 'nowrap' } as const;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) minmax(0, 1fr)' },
      }}
    >
      <EChart
        option={chart.option}
        height={chart.height}
        pixelRatio={chart.pixelRatio}
        label={t('sections.waterfall')}
        testId="waterfall-chart"
        onReady={onReady}
      />
      <DataTable
        rows={s.waterfall}
        testId="waterfall-table"
        variant="plain"
        stickyHeader={false}
        rowKey={(w) => w.capability}
        rowTestId={(w) => `waterfall-row-${w.capability}`}
        columns={[
          {
            field: 'capability',
            header: t('table.capability'),
            render: (w) => t(`capabilities.${w.capability}`, { defaultValue: w.capability }),
          },
          {
            field: 'suppliers',
            header: t('table.suppliers'),
            align: 'right',
            cellSx: num,
            render: (w) => formatCount(w.suppliers),
          },
          {
            field: 'spend',
            header: t('table.spend'),
            align: 'right',
            cellSx: num,
            cellAttributes: (w) => ({ 'data-testid': `waterfall-spend-${w.capability}`, 'data-value': w.spend }),
            render: (w) => formatAmount(w.spend, s.currency),
          },
          {
            id: 'share',
            header: t('table.share'),
            align: 'right',
            cellSx: num,
            render: (w) => formatPercent(s.spend ? (w.spend / s.spend) * 100 : 0),
          },
        ]}
      />
    </Box>
  );
}

export function ScoreDistributions({
  summary: s,
  measure = 'supplierCount',
  onReady,
}: {
  summary: TJobSummary;
  measure?: TMeasure;
  onReady?: () => void;
}) {
  const { t } = useTranslation('insights');
  const colors = useChartColors();
  const print = usePrintMode();
  const charts = useMemo(
    () => scoreDistributionCharts({ summary: s, measure, colors, t, animation: !print }),
    [s, measure, colors, print, t],
  );
  if (!charts)
    return (
      <Typography color="text.secondary" data-testid="scores-none">
        {t('scores.notScored')}
      </Typography>
    );
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('scores.level')}
        </Typography>
        <EChart
          option={charts.levels.option}
          height={charts.levels.height}
          label={t('scores.level')}
          testId="scores-level-chart"
          onReady={onReady}
        />
      </Box>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('scores.confidence')}
        </Typography>
        <EChart
          option={charts.confidence.option}
          height={charts.confidence.height}
          label={t('scores.confidence')}
          testId="scores-confidence-chart"
          onReady={onReady}
        />
      </Box>
    </Box>
  );
}
