/**
 * /admin/analysis-admin/ml-prediction, "OCI ML Model monitoring" (MlPrediction_VIEW): the acceptance-prediction
 * model per job and over time — hold-out AUC, accuracy, High precision/recall, calibration by decile, input drift
 * (PSI) against the previous run, and alerts when a job's AUC falls below the configured threshold.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import {
  ML_DRIFT_INPUTS,
  mlValueLabel,
  psiBand,
  type TMlDriftInput,
  type TMlJobDetail,
  type TMlOverview,
  type TMlRun,
} from '@sextant/shared/values';
import { mlJobQuery, mlOverviewQuery } from '../../api/ml-prediction.ts';
import { formatDateTime, formatNumber } from '../../app/i18n.ts';
import { EChart } from '../../components/charts/chart.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';

const f3 = (x: number | null | undefined) =>
  formatNumber(x ?? null, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const pct = (x: number | null | undefined) =>
  formatNumber(x ?? null, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

function Kpi({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 170 }} data-testid={testId}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, textTransform: 'uppercase' }}>
          {label}
        </Typography>
        <Typography variant="h5" sx={{ fontWeight: 600 }}>
          {value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function PsiChip({ value }: { value: number | null | undefined }) {
  const { t } = useTranslation('ml-prediction');
  const band = psiBand(value ?? null);
  if (band === 'none') return <>—</>;
  const color = band === 'major' ? 'error' : band === 'moderate' ? 'warning' : 'success';
  return <Chip size="small" variant="outlined" color={color} label={`${f3(value)} · ${t(`psi.${band}`)}`} />;
}

const textColor = (theme: Theme) => theme.palette.text.secondary;

function aucOverTime(o: TMlOverview, theme: Theme, thresholdLabel: string) {
  const times = o.jobs.flatMap((j) => j.aucHistory.map((h) => new Date(h.evaluatedAt).getTime()));
  const min = Math.min(...times);
  const max = Math.max(...times);
  return {
    aria: { enabled: true },
    color: [theme.palette.primary.main, theme.palette.secondary.main, '#7b61ff', '#00897b', '#ef6c00', '#5d4037'],
    tooltip: { trigger: 'item' as const },
    legend: { type: 'scroll' as const, bottom: 0, textStyle: { color: textColor(theme) } },
    grid: { left: 48, right: 24, top: 16, bottom: 56 },
    xAxis: { type: 'time' as const, axisLabel: { color: textColor(theme) } },
    yAxis: {
      type: 'value' as const,
      min: 0.4,
      max: 1,
      axisLabel: { color: textColor(theme) },
      splitLine: { lineStyle: { color: theme.palette.divider } },
    },
    series: [
      ...o.jobs.map((j) => ({
        name: j.jobName,
        type: 'line' as const,
        symbolSize: 8,
        data: j.aucHistory
          .filter((h) => h.auc !== null)
          .map((h) => [new Date(h.evaluatedAt).getTime(), h.auc, h.runNumber]),
      })),
      {
        name: thresholdLabel,
        type: 'line' as const,
        symbol: 'none',
        lineStyle: { type: 'dashed' as const, color: theme.palette.error.main, width: 1.5 },
        itemStyle: { color: theme.palette.error.main },
        data: [
          [min === max ? min - 3_600_000 : min, o.aucThreshold],
          [min === max ? max + 3_600_000 : max, o.aucThreshold],
        ],
        tooltip: { show: false },
      },
    ],
  };
}

function calibrationOption(run: TMlRun, theme: Theme, t: (k: string) => string) {
  return {
    aria: { enabled: true },
    tooltip: { trigger: 'axis' as const },
    legend: { bottom: 0, textStyle: { color: textColor(theme) } },
    grid: { left: 48, right: 24, top: 16, bottom: 56 },
    xAxis: {
      type: 'category' as const,
      name: t('calibration.decile'),
      nameLocation: 'middle' as const,
      nameGap: 28,
      data: run.calibration.map((b) => String(b.decile)),
      axisLabel: { color: textColor(theme) },
    },
    yAxis: {
      type: 'value' as const,
      min: 0,
      max: 1,
      axisLabel: { color: textColor(theme), formatter: (v: number) => `${Math.round(v * 100)}%` },
      splitLine: { lineStyle: { color: theme.palette.divider } },
    },
    series: [
      {
        name: t('calibration.observed'),
        type: 'bar' as const,
        itemStyle: { color: theme.palette.primary.main },
        barMaxWidth: 28,
        data: run.calibration.map((b) => b.observed),
      },
      {
        name: t('calibration.predicted'),
        type: 'line' as const,
        symbolSize: 7,
        itemStyle: { color: theme.palette.secondary.main },
        lineStyle: { color: theme.palette.secondary.main },
        data: run.calibration.map((b) => b.predicted),
      },
      // The 95 % interval of each decile's observed rate (its sampling noise; runs evaluated before it have none):
      // a mean prediction inside it is as close as that decile's rows can tell.
      ...(run.calibration.every((b) => b.ciLow !== undefined && b.ciHigh !== undefined)
        ? (['ciLow', 'ciHigh'] as const).map((k) => ({
            name: t('calibration.interval'),
            type: 'line' as const,
            step: 'middle' as const,
            symbol: 'none',
            lineStyle: { color: theme.palette.text.secondary, type: 'dashed' as const, width: 1 },
            itemStyle: { color: theme.palette.text.secondary },
            data: run.calibration.map((b) => b[k] ?? null),
          }))
        : []),
    ],
  };
}

function JobDetail({ jobId }: { jobId: string }) {
  const { t } = useTranslation('ml-prediction');
  const theme = useTheme();
  const q = useQuery({ ...mlJobQuery(jobId), meta: { operation: 'Loading model monitoring' } });
  const [runNumber, setRunNumber] = useState<number | null>(null);
  if (q.isError) return <Alert severity="error">{t('loadError')}</Alert>;
  if (!q.data) return <Skeleton variant="rounded" height={320} />;
  const d: TMlJobDetail = q.data;
  const run = d.runs.find((r) => r.runNumber === runNumber) ?? d.runs[0];
  if (!run) return <Alert severity="info">{t('job.noRuns')}</Alert>;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="ml-job-detail">
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              {d.jobName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {d.issuerName}
            </Typography>
          </Box>
          <TextField
            select
            size="small"
            label={t('job.run')}
            value={run.runNumber}
            onChange={(e) => setRunNumber(Number(e.target.value))}
            sx={{ width: 280, flexShrink: 0 }}
            slotProps={{ htmlInput: { 'data-testid': 'ml-run-select' } }}
          >
            {d.runs.map((r) => (
              <MenuItem key={r.runNumber} value={r.runNumber}>
                {t('job.runOption', { run: r.runNumber, date: formatDateTime(r.evaluatedAt) })}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {run.alerts.map((a) => (
          <Alert key={a} severity="warning" data-testid="ml-run-alert">
            {a}
          </Alert>
        ))}
        {!run.trained && <Alert severity="info">{run.reason}</Alert>}
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
          <Kpi
            label={t('metrics.auc')}
            value={f3(run.metrics.auc)}
            testId="ml-auc"
            hint={t('metrics.aucHint', { threshold: f3(d.aucThreshold) })}
          />
          <Kpi
            label={t('metrics.accuracy')}
            value={pct(run.metrics.accuracy)}
            hint={t('metrics.baseline', { value: pct(run.metrics.baselineAccuracy) })}
          />
          <Kpi label={t('metrics.precisionHigh')} value={pct(run.metrics.precisionHigh)} />
          <Kpi label={t('metrics.recallHigh')} value={pct(run.metrics.recallHigh)} />
          <Kpi
            label={t('metrics.holdout')}
            value={formatNumber(run.testRows)}
            hint={t('metrics.holdoutHint', { train: formatNumber(run.trainRows), rate: pct(run.positiveRate) })}
          />
        </Stack>
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('calibration.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('calibration.hint')}
            </Typography>
            {run.calibration.length ? (
              <EChart
                option={calibrationOption(run, theme, (k) => t(k))}
                height={280}
                label={t('calibration.title')}
                testId="ml-calibration-chart"
              />
            ) : (
              <Typography color="text.secondary">—</Typography>
            )}
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('drift.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {run.drift ? t('drift.against', { run: run.drift.againstRunNumber }) : t('drift.first')}
            </Typography>
            <DataTable
              rows={ML_DRIFT_INPUTS.filter((i) => run.distributions[i])}
              testId="ml-drift-table"
              variant="plain"
              stickyHeader={false}
              rowKey={(input) => input}
              columns={[
                { id: 'input', header: t('drift.input'), render: (input) => t(`inputs.${input}`) },
                {
                  id: 'top',
                  header: t('drift.top'),
                  cellSx: { color: 'text.secondary' },
                  // Largest shares first (stored as JSON objects, whose key order the database does not keep).
                  render: (input: TMlDriftInput) =>
                    Object.entries(run.distributions[input] ?? {})
                      .sort((a, b) => b[1] - a[1])
                      .slice(0, 3)
                      .map(([v, s]) => `${mlValueLabel(input, v)} ${pct(s)}`)
                      .join(', '),
                },
                {
                  id: 'psi',
                  header: t('drift.psi'),
                  align: 'right',
                  render: (input) => <PsiChip value={run.drift?.psi[input]} />,
                },
              ]}
            />
          </Box>
        </Stack>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('job.history')}
        </Typography>
        <DataTable
          rows={d.runs}
          testId="ml-run-history"
          variant="plain"
          stickyHeader={false}
          rowKey={(r) => String(r.runNumber)}
          rowSelected={(r) => r.runNumber === run.runNumber}
          onRowClick={(r) => setRunNumber(r.runNumber)}
          columns={[
            { field: 'runNumber', header: t('columns.run') },
            { field: 'evaluatedAt', header: t('columns.evaluated'), render: (r) => formatDateTime(r.evaluatedAt) },
            {
              id: 'auc',
              header: t('metrics.auc'),
              align: 'right',
              render: (r) => (
                <Box
                  component="span"
                  sx={{ color: r.metrics.auc !== null && r.metrics.auc < d.aucThreshold ? 'error.main' : undefined }}
                >
                  {f3(r.metrics.auc)}
                </Box>
              ),
            },
            { id: 'accuracy', header: t('metrics.accuracy'), align: 'right', render: (r) => pct(r.metrics.accuracy) },
            {
              id: 'precisionHigh',
              header: t('metrics.precisionHigh'),
              align: 'right',
              render: (r) => pct(r.metrics.precisionHigh),
            },
            {
              id: 'recallHigh',
              header: t('metrics.recallHigh'),
              align: 'right',
              render: (r) => pct(r.metrics.recallHigh),
            },
            {
              id: 'maxDrift',
              header: t('columns.maxDrift'),
              align: 'right',
              render: (r) => <PsiChip value={r.drift?.maxPsi} />,
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}

export function Component() {
  const { t } = useTranslation('ml-prediction');
  const theme = useTheme();
  const [params, setParams] = useSearchParams();
  const q = useQuery({ ...mlOverviewQuery(), meta: { operation: 'Loading model monitoring' } });
  const o = q.data;
  const selected = params.get('jobId') ?? o?.jobs[0]?.jobId ?? null;
  const option = useMemo(
    () => (o && o.jobs.length ? aucOverTime(o, theme, t('overview.threshold')) : null),
    [o, theme, t],
  );
  if (q.isError) return <Alert severity="error">{t('loadError')}</Alert>;
  if (!o) return <Skeleton variant="rounded" height={360} />;
  if (!o.jobs.length)
    return (
      <Alert severity="info" data-testid="ml-empty">
        {t('overview.empty')}
      </Alert>
    );
  const alerting = o.jobs.filter((j) => j.alert);
  return (
    <Stack spacing={2} data-testid="ml-prediction">
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
        <Kpi label={t('overview.jobs')} value={formatNumber(o.jobs.length)} testId="ml-kpi-jobs" />
        <Kpi label={t('overview.runs')} value={formatNumber(o.evaluatedRuns)} />
        <Kpi label={t('overview.meanAuc')} value={f3(o.meanAuc)} hint={t('overview.meanAucHint')} />
        <Kpi
          label={t('overview.alerts')}
          value={formatNumber(o.alertCount)}
          hint={t('overview.thresholds', { auc: f3(o.aucThreshold), psi: f3(o.psiThreshold) })}
          testId="ml-kpi-alerts"
        />
      </Stack>
      {alerting.length > 0 && (
        <Alert severity="warning" data-testid="ml-alerts">
          <AlertTitle>{t('overview.alertTitle', { count: alerting.length })}</AlertTitle>
          {alerting.map((j) => (
            <Box key={j.jobId}>
              <strong>{j.jobName}</strong> ({t('job.runLabel', { run: j.latest.runNumber })}):{' '}
              {j.latest.alerts.join(' · ')}
            </Box>
          ))}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', xl: 'row' }} spacing={2}>
        <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('overview.aucOverTime')}
          </Typography>
          {option && <EChart option={option} height={260} label={t('overview.aucOverTime')} testId="ml-auc-chart" />}
        </Paper>
        <Box sx={{ flex: 1.4, minWidth: 0 }}>
          <DataTable
            rows={o.jobs}
            testId="ml-jobs-table"
            stickyHeader={false}
            rowKey={(j) => j.jobId}
            rowTestId={() => 'ml-job-row'}
            rowSelected={(j) => j.jobId === selected}
            onRowClick={(j) => setParams({ jobId: j.jobId }, { replace: true })}
            columns={[
              { field: 'jobName', header: t('columns.job'), cellSx: { fontWeight: 600 } },
              { field: 'issuerName', header: t('columns.issuer') },
              { id: 'run', header: t('columns.run'), align: 'right', render: (j) => j.latest.runNumber },
              { id: 'auc', header: t('metrics.auc'), align: 'right', render: (j) => f3(j.latest.metrics.auc) },
              {
                id: 'accuracy',
                header: t('metrics.accuracy'),
                align: 'right',
                render: (j) => pct(j.latest.metrics.accuracy),
              },
              {
                id: 'precisionHigh',
                header: t('metrics.precisionHigh'),
                align: 'right',
                render: (j) => pct(j.latest.metrics.precisionHigh),
              },
              {
                id: 'recallHigh',
                header: t('metrics.recallHigh'),
                align: 'right',
                render: (j) => pct(j.latest.metrics.recallHigh),
              },
              {
                id: 'maxDrift',
                header: t('columns.maxDrift'),
                align: 'right',
                render: (j) => <PsiChip value={j.latest.drift?.maxPsi} />,
              },
              {
                id: 'status',
                header: t('columns.status'),
                render: (j) =>
                  j.alert ? (
                    <Chip size="small" color="warning" label={t('status.alert')} />
                  ) : j.latest.trained ? (
                    <Chip size="small" color="success" variant="outlined" label={t('status.ok')} />
                  ) : (
                    <Chip size="small" variant="outlined" label={t('status.untrained')} />
                  ),
              },
            ]}
          />
        </Box>
      </Stack>
      {selected && <JobDetail key={selected} jobId={selected} />}
    </Stack>
  );
}
