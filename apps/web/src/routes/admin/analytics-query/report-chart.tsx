/** The chart of an analytics result (ECharts, only the bar, line and pie charts are imported). */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { TAnalyticsChart, TAnalyticsResult } from '@sextant/shared/values';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** SPEC §9: charts switch to large mode above 1300 bars. */
const LARGE_THRESHOLD = 1300;

/** The admin translation key of what keeps the chart from drawing, or null. */
export function chartProblem(chart: TAnalyticsChart | null | undefined, result: TAnalyticsResult): string | null {
  if (!chart || chart.type === 'none') return null;
  const names = result.columns.map((c) => c.name);
  if (!chart.xColumn || !names.includes(chart.xColumn)) return 'reportChart.noCategory';
  const ys = chart.yColumns.filter((y) => names.includes(y));
  if (ys.length === 0) return 'reportChart.noValue';
  return null;
}

export function ReportChart({
  chart,
  result,
}: {
  chart: TAnalyticsChart | null | undefined;
  result: TAnalyticsResult;
}) {
  const { t } = useTranslation('admin');
  const ref = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const problem = chartProblem(chart, result);
  useEffect(() => {
    if (!ref.current || !chart || chart.type === 'none' || problem) return;
    const el = ref.current;
    const inst = echarts.init(el, undefined, { renderer: 'canvas' });
    const col = (name: string) => result.columns.findIndex((c) => c.name === name);
    const xi = col(chart.xColumn!);
    const categories = result.rows.map((r) => (r[xi] === null ? t('reportChart.empty') : String(r[xi])));
    const ys = chart.yColumns.filter((y) => col(y) >= 0);
    const num = (v: unknown) => (typeof v === 'number' ? v : v === null ? null : Number(v));
    const palette = [
      theme.palette.primary.main,
      theme.palette.secondary.main,
      theme.palette.success.main,
      theme.palette.warning.main,
      theme.palette.info.main,
      theme.palette.error.main,
    ];
    const text = { color: theme.palette.text.secondary, fontFamily: theme.typography.fontFamily };
    if (chart.type === 'pie') {
      const yi = col(ys[0]!);
      inst.setOption({
        color: palette,
        textStyle: text,
        tooltip: { trigger: 'item', confine: true },
        legend: { type: 'scroll', bottom: 0, textStyle: text },
        series: [
          {
            type: 'pie',
            radius: ['35%', '65%'],
            data: result.rows.map((r, i) => ({ name: categories[i], value: num(r[yi]) })),
          },
        ],
      });
    } else {
      const large = categories.length > LARGE_THRESHOLD;
      inst.setOption({
        color: palette,
        textStyle: text,
        tooltip: { trigger: 'axis', confine: true },
        legend: ys.length > 1 ? { top: 0, textStyle: text } : undefined,
        grid: { left: 8, right: 16, top: ys.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
        xAxis: {
          type: 'category',
          data: categories,
          axisLabel: { ...text, rotate: categories.length > 8 ? -30 : 0, hideOverlap: true },
        },
        yAxis: { type: 'value', axisLabel: text, splitLine: { lineStyle: { color: theme.palette.divider } } },
        series: ys.map((y) => ({
          name: y,
          type: chart.type,
          stack: chart.stacked ? 'total' : undefined,
          large: chart.type === 'bar' ? large : undefined,
          barMaxWidth: 56,
          data: result.rows.map((r) => num(r[col(y)])),
        })),
      });
    }
    requestAnimationFrame(() => inst.resize());
    const ro = new ResizeObserver(() => inst.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      inst.dispose();
    };
  }, [chart, result, theme, problem, t]);
  if (!chart || chart.type === 'none') return null;
  if (problem)
    return (
      <Typography color="text.secondary" variant="body2">
        {t(problem)}
      </Typography>
    );
  return (
    <Box
      ref={ref}
      sx={{ width: '100%', height: { xs: 280, md: 360 } }}
      data-testid="report-chart"
      role="img"
      aria-label={t('reportChart.label')}
    />
  );
}
