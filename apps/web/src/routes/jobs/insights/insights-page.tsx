/**
 * /jobs/:jobId/insights (JobInsightsAccessor): every chart view of SPEC §2 under every slicer of SPEC §3, as a
 * chart or as a table of the same data, by spend or supplier count, with "Export data" (the view's CSV). The
 * industry view switches between its nine classifications and starts on SIC industry code. State is in the URL.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import {
  CHART_VIEW_GROUPS,
  CHART_VIEW_GROUP_LABELS,
  DEFAULT_INDUSTRY_CLASSIFICATION,
  INDUSTRY_CLASSIFICATIONS,
  INDUSTRY_CLASSIFICATION_LABELS,
  chartViewGroup,
  groupDefaultView,
  industryViewId,
  type TChartViewData,
  type TChartViewGroup,
  type TChartViewId,
  type TSlicerQuery,
  type TIndustryClassification,
  type TJobDetails,
  orderCategories,
} from '@sextant/shared/values';
import { JobLayout } from '../job-layout.tsx';
import { MeasureToggle } from '../summary/summary-page.tsx';
import { useChartColors, usePrintMode } from '../summary/summary-sections.tsx';
import { EChart } from '../../../components/charts/chart.tsx';
import { rankedBarChart, type TMeasure } from '../../../components/charts/builders.ts';
import { formatAmount, formatCount } from '../../../lib/format.ts';
import { viewCsvUrl, viewFromParams, viewQuery } from './insights-api.ts';
import { SlicerSelect, useSlice } from './slicer-select.tsx';
import { ResultsError } from './results-error.tsx';

/** A chart view's categories as a ranked bar chart (SPEC §9 rules), with a note when bars were left out. */
export function ViewChart({
  data,
  measure,
  limit,
  testId = 'insights-chart',
  onReady,
}: {
  data: TChartViewData;
  measure: TMeasure;
  limit?: number;
  testId?: string;
  onReady?: () => void;
}) {
  const { t } = useTranslation('insights');
  const colors = useChartColors();
  const print = usePrintMode();
  const ranked = useMemo(() => {
    const cats = orderCategories(data.view, data.categories, (c) => c[measure]);
    return limit ? cats.slice(0, limit) : cats;
  }, [data, measure, limit]);
  const chart = useMemo(
    () =>
      rankedBarChart({
        items: ranked.map((c) => ({
          label: c.category,
          value: c[measure],
          details:
            measure === 'spend'
              ? [`${t('table.suppliers')}: ${formatCount(c.supplierCount)}`]
              : [`${t('table.spend')}: ${formatAmount(c.spend, data.currency)}`],
        })),
        measure,
        currency: data.currency,
        colors,
        animation: print ? false : undefined,
      }),
    [ranked, measure, data.currency, colors, print, t],
  );
  const sum = ranked.reduce((a, c) => a + c[measure], 0);
  return (
    <Box data-testid={`${testId}-box`} data-bars={chart.bars} data-sum={Math.round(sum * 100) / 100}>
      {chart.leftOut > 0 && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="bars-left-out">
          {t('chart.leftOut', { shown: formatCount(chart.bars), leftOut: formatCount(chart.leftOut) })}
        </Alert>
      )}
      <EChart
        option={chart.option}
        height={chart.height}
        pixelRatio={chart.pixelRatio}
        label={data.label}
        testId={testId}
        onReady={onReady}
      />
    </Box>
  );
}

/** The same categories as the chart, ranked by the same measure. */
export function ViewTable({
  data,
  limit,
  measure = 'spend',
}: {
  data: TChartViewData;
  limit?: number;
  measure?: TMeasure;
}) {
  const { t } = useTranslation('insights');
  const ranked = orderCategories(data.view, data.categories, (c) => c[measure]);
  const rows = limit ? ranked.slice(0, limit) : ranked;
  const cell = { py: 0.75, px: 1.5, borderBottom: 1, borderColor: 'divider' } as const;
  return (
    <Box sx={{ overflow: 'auto', maxHeight: limit ? undefined : 640 }}>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: 14 }} data-testid="view-table">
        <Box component="thead" sx={{ position: 'sticky', top: 0, bgcolor: 'background.paper' }}>
          <tr>
            <Box component="th" sx={{ ...cell, textAlign: 'left' }}>
              {t('table.category')}
            </Box>
            <Box component="th" sx={{ ...cell, textAlign: 'right' }}>
              {t('table.suppliers')}
            </Box>
            <Box component="th" sx={{ ...cell, textAlign: 'right' }}>
              {t('table.spend')}
            </Box>
            <Box component="th" sx={{ ...cell, textAlign: 'right' }}>
              {t('table.documents')}
            </Box>
            <Box component="th" sx={{ ...cell, textAlign: 'right' }}>
              {t('table.matched')}
            </Box>
          </tr>
        </Box>
        <tbody>
          {rows.map((c) => (
            <tr key={c.category} data-testid="view-row">
              <Box component="td" sx={cell}>
                {c.category}
              </Box>
              <Box component="td" sx={{ ...cell, textAlign: 'right' }}>
                {formatCount(c.supplierCount)}
              </Box>
              <Box component="td" sx={{ ...cell, textAlign: 'right' }} data-spend={c.spend}>
                {formatAmount(c.spend, data.currency)}
              </Box>
              <Box component="td" sx={{ ...cell, textAlign: 'right' }}>
                {formatCount(c.documentCount)}
              </Box>
              <Box component="td" sx={{ ...cell, textAlign: 'right' }}>
                {formatCount(c.matchedCount)}
              </Box>
            </tr>
          ))}
        </tbody>
        {!limit && (
          <Box component="tfoot" sx={{ fontWeight: 700 }}>
            <tr data-testid="view-total">
              <Box component="td" sx={cell}>
                {t('table.total')}
              </Box>
              <Box component="td" sx={{ ...cell, textAlign: 'right' }} data-testid="view-total-suppliers">
                {formatCount(data.totals.supplierCount)}
              </Box>
              <Box
                component="td"
                sx={{ ...cell, textAlign: 'right' }}
                data-testid="view-total-spend"
                data-value={data.totals.spend}
              >
                {formatAmount(data.totals.spend, data.currency)}
              </Box>
              <Box component="td" sx={cell} />
              <Box component="td" sx={cell} />
            </tr>
          </Box>
        )}
      </Box>
    </Box>
  );
}

function InsightsBody({ job }: { job: TJobDetails }) {
  return (
    <ChartViewsPanel
      query={(view, slice) => viewQuery(job.id, view, slice) as unknown as ChartViewQuery}
      csvUrl={(view, slice) => viewCsvUrl(job.id, view, slice)}
    />
  );
}

/** Query options of one chart view under a slice (a job's, or the global insights'). */
export type ChartViewQuery = UseQueryOptions<TChartViewData, Error, TChartViewData, readonly unknown[]>;

/**
 * The chart views × slicers panel (tabs, industry classification, measure, chart or table, export) over any source
 * of chart views: a job's results, or the global insights over every job the user may see.
 */
export function ChartViewsPanel({
  query,
  csvUrl,
  title,
  subtitle,
}: {
  query: (view: TChartViewId, slice: TSlicerQuery) => ChartViewQuery;
  csvUrl: (view: TChartViewId, slice: TSlicerQuery) => string;
  title?: string;
  subtitle?: string;
}) {
  const { t } = useTranslation('insights');
  const [params, setParams] = useSearchParams();
  const [slice, setSlice] = useSlice();
  const view = viewFromParams(params);
  const group = chartViewGroup(view);
  const measure: TMeasure = params.get('measure') === 'supplierCount' ? 'supplierCount' : 'spend';
  const mode = params.get('mode') === 'table' ? 'table' : 'chart';
  const setParam = (k: string, v: string | null) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (v === null) n.delete(k);
        else n.set(k, v);
        return n;
      },
      { replace: true },
    );
  const q = useQuery({ ...query(view, slice), placeholderData: (prev: TChartViewData | undefined) => prev });

  return (
    <Stack spacing={2.5} data-testid="insights-page">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h2">
            {title ?? t('insights.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {subtitle ?? t('insights.subtitle')}
          </Typography>
        </Box>
        <SlicerSelect value={slice} onChange={setSlice} />
      </Box>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Tabs
          value={group}
          onChange={(_, g: TChartViewGroup) => setParam('view', groupDefaultView(g))}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={t('insights.views')}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {CHART_VIEW_GROUPS.map((g) => (
            <Tab
              key={g}
              value={g}
              label={t(`views.${g}`, { defaultValue: CHART_VIEW_GROUP_LABELS[g] })}
              data-testid={`view-tab-${g}`}
            />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            {group === 'industry' && (
              <TextField
                select
                size="small"
                label={t('insights.classification')}
                value={view.slice('industry.'.length) || DEFAULT_INDUSTRY_CLASSIFICATION}
                onChange={(e) => setParam('view', industryViewId(e.target.value as TIndustryClassification))}
                sx={{ minWidth: 260 }}
                slotProps={{ htmlInput: { 'data-testid': 'industry-select' } }}
              >
                {INDUSTRY_CLASSIFICATIONS.map((c) => (
                  <MenuItem key={c} value={c}>
                    {t(`classifications.${c}`, { defaultValue: INDUSTRY_CLASSIFICATION_LABELS[c] })}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Box sx={{ flex: 1 }} />
            <MeasureToggle value={measure} onChange={(m) => setParam('measure', m === 'spend' ? null : m)} />
            <ToggleButtonGroup
              size="small"
              exclusive
              value={mode}
              onChange={(_, v: string | null) => v && setParam('mode', v === 'chart' ? null : v)}
              aria-label={t('insights.display')}
            >
              <ToggleButton value="chart" data-testid="mode-chart">
                {t('insights.chart')}
              </ToggleButton>
              <ToggleButton value="table" data-testid="mode-table">
                {t('insights.table')}
              </ToggleButton>
            </ToggleButtonGroup>
            <Button
              variant="outlined"
              size="small"
              startIcon={<DownloadRounded />}
              href={csvUrl(view, slice)}
              download
              data-testid="export-data"
            >
              {t('insights.export')}
            </Button>
          </Box>
          {q.isError ? (
            <ResultsError error={q.error} onRetry={() => void q.refetch()} />
          ) : !q.data ? (
            <Skeleton variant="rounded" height={360} data-testid="insights-loading" />
          ) : q.data.categories.length === 0 ? (
            <Alert severity="info" data-testid="insights-empty">
              {t('insights.empty')}
            </Alert>
          ) : (
            <Box sx={{ opacity: q.isPlaceholderData ? 0.6 : 1 }} aria-busy={q.isFetching}>
              <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }} data-testid="view-caption">
                {t('insights.caption', {
                  categories: formatCount(q.data.categories.length),
                  suppliers: formatCount(q.data.totals.supplierCount),
                  spend: formatAmount(q.data.totals.spend, q.data.currency),
                })}
              </Typography>
              {mode === 'chart' ? (
                <ViewChart data={q.data} measure={measure} />
              ) : (
                <ViewTable data={q.data} measure={measure} />
              )}
            </Box>
          )}
        </Box>
      </Paper>
    </Stack>
  );
}

/** The route loader has already started this view's request and ECharts (routes/jobs/pages.ts). */
export function Component() {
  return <JobLayout>{(job) => <InsightsBody job={job} />}</JobLayout>;
}
