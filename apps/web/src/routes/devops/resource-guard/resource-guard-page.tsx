/**
 * /resource-guard: live CPU, memory, disk, database size, DuckDB memory and queue depth against their limits; what
 * heavy work is refused now; limits (SystemMode_UPDATE) and the sampled history as a chart.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material/styles';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  RESOURCE_METRICS,
  type TResourceLimits,
  type TResourceMetric,
  type TResourceSample,
  type TResourceStatus,
} from '@sextant/shared/values';
import {
  resourceGuardQuery,
  resourceHistoryQuery,
  saveLimits,
  useRecordSample,
  devopsKeys,
} from '../../../api/devops.ts';
import { useCan } from '../../../app/current-user.ts';
import { EChart } from '../../../components/charts/chart.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useFormMutation } from '../../../components/form-mutation.ts';
import { formatBytes } from '../devops-ui.tsx';

const LIMIT_KEY: Record<TResourceMetric, keyof TResourceLimits> = {
  cpu: 'cpuPercent',
  memory: 'memoryPercent',
  disk: 'diskPercent',
  dbSize: 'dbSizeMb',
  duckdbMemory: 'duckdbMemoryMb',
  queueDepth: 'queueDepth',
};
const UNIT: Record<TResourceMetric, string> = {
  cpu: '%',
  memory: '%',
  disk: '%',
  dbSize: 'MB',
  duckdbMemory: 'MB',
  queueDepth: '',
};

function detail(metric: TResourceMetric, s: TResourceSample): string {
  switch (metric) {
    case 'memory':
      return `${formatBytes(s.memoryUsedBytes)} / ${formatBytes(s.memoryTotalBytes)} · RSS ${formatBytes(s.rssBytes)}`;
    case 'disk':
      return `${formatBytes(s.diskUsedBytes)} / ${formatBytes(s.diskTotalBytes)}`;
    case 'dbSize':
      return formatBytes(s.dbSizeBytes);
    case 'duckdbMemory':
      return formatBytes(s.duckdbMemoryBytes);
    default:
      return '';
  }
}

function MetricCard({ st, sample }: { st: TResourceStatus; sample: TResourceSample }) {
  const { t } = useTranslation('devops');
  const color = st.level === 'exceeded' ? 'error' : st.level === 'near' ? 'warning' : 'success';
  const value = st.metric === 'queueDepth' ? Math.round(st.value) : st.value.toFixed(st.value < 10 ? 1 : 0);
  return (
    <Card variant="outlined" data-testid={`guard-metric-${st.metric}`}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5 }}>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ fontWeight: 600, textTransform: 'uppercase', flex: 1 }}
          >
            {t(`guard.metrics.${st.metric}`)}
          </Typography>
          <Chip
            size="small"
            color={color}
            variant={st.level === 'ok' ? 'outlined' : 'filled'}
            label={t(`guard.levels.${st.level}`)}
          />
        </Stack>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {value}
          <Typography component="span" variant="body2" color="text.secondary">
            {' '}
            {UNIT[st.metric]}
            {st.limit !== null && ` / ${st.limit}${UNIT[st.metric] ? ` ${UNIT[st.metric]}` : ''}`}
          </Typography>
        </Typography>
        <LinearProgress
          variant="determinate"
          color={color}
          value={st.limit === null ? 0 : Math.min(100, st.ratio * 100)}
          sx={{ my: 1, height: 6, borderRadius: 3, bgcolor: 'action.selected', opacity: st.limit === null ? 0.5 : 1 }}
          aria-label={t(`guard.metrics.${st.metric}`)}
        />
        <Typography variant="caption" color="text.secondary" component="div" noWrap>
          {detail(st.metric, sample) || (st.limit === null ? t('guard.noLimit') : ' ')}
        </Typography>
      </CardContent>
    </Card>
  );
}

function LimitsForm({ limits, canEdit }: { limits: TResourceLimits; canEdit: boolean }) {
  const { t } = useTranslation('devops');
  const [draft, setDraft] = useState<Record<string, string>>({});
  useEffect(() => {
    setDraft(Object.fromEntries(Object.entries(limits).map(([k, v]) => [k, v === null ? '' : String(v)])));
  }, [limits]);
  const save = useFormMutation({
    mutationFn: (l: TResourceLimits) => saveLimits(l),
    operation: 'Save resource limits',
    success: t('guard.saved'),
    invalidate: [devopsKeys.guard()],
  });
  const values = () =>
    Object.fromEntries(
      Object.entries(draft).map(([k, v]) => [k, v.trim() === '' ? null : Number(v.replace(',', '.'))]),
    ) as TResourceLimits;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
          {t('guard.limits')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('guard.limitsHelp')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))' }}>
          {RESOURCE_METRICS.map((m) => {
            const k = LIMIT_KEY[m];
            return (
              <TextField
                key={m}
                size="small"
                label={t(`guard.metrics.${m}`)}
                value={draft[k] ?? ''}
                disabled={!canEdit}
                onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.value }))}
                error={Boolean(save.errors[k])}
                helperText={save.errors[k] ?? t('guard.emptyNoLimit')}
                slotProps={{
                  input: UNIT[m] ? { endAdornment: <InputAdornment position="end">{UNIT[m]}</InputAdornment> } : {},
                  htmlInput: { inputMode: 'decimal', 'data-testid': `guard-limit-${m}` },
                }}
              />
            );
          })}
        </Box>
        {canEdit && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <PendingButton variant="contained" pending={save.isPending} onClick={() => save.mutate(values())}>
              {t('guard.save')}
            </PendingButton>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function HistoryChart({ samples }: { samples: TResourceSample[] }) {
  const { t } = useTranslation('devops');
  const theme = useTheme();
  if (samples.length < 2)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {t('guard.noHistory')}
      </Typography>
    );
  const series = (name: string, pick: (s: TResourceSample) => number, axis = 0) => ({
    name,
    type: 'line',
    showSymbol: false,
    yAxisIndex: axis,
    data: samples.map((s) => [s.at, Number(pick(s).toFixed(2))]),
  });
  const text = theme.palette.text.secondary;
  return (
    <EChart
      height={300}
      label={t('guard.history')}
      testId="guard-history-chart"
      option={{
        color: [
          theme.palette.primary.main,
          theme.palette.success.main,
          theme.palette.warning.main,
          theme.palette.error.main,
        ],
        tooltip: { trigger: 'axis' },
        legend: { top: 0, textStyle: { color: text } },
        grid: { left: 48, right: 64, top: 56, bottom: 32 },
        xAxis: { type: 'time', axisLabel: { color: text } },
        yAxis: [
          {
            type: 'value',
            min: 0,
            max: 100,
            name: '%',
            axisLabel: { color: text },
            splitLine: { lineStyle: { color: theme.palette.divider } },
          },
          {
            type: 'value',
            min: 0,
            name: t('guard.metrics.queueDepth'),
            axisLabel: { color: text },
            splitLine: { show: false },
          },
        ],
        series: [
          series(t('guard.metrics.cpu'), (s) => s.cpuPercent),
          series(t('guard.metrics.memory'), (s) => s.memoryPercent),
          series(t('guard.metrics.disk'), (s) => s.diskPercent),
          series(t('guard.metrics.queueDepth'), (s) => s.queueDepth, 1),
        ],
      }}
    />
  );
}

export function Component() {
  const { t } = useTranslation('devops');
  const q = useQuery(resourceGuardQuery());
  const [minutes, setMinutes] = useState(60);
  const hist = useQuery(resourceHistoryQuery(minutes));
  const canEdit = useCan(['SystemMode_UPDATE']);
  const sample = useRecordSample();
  const s = q.data;
  return (
    <Stack spacing={2.5} data-testid="resource-guard">
      {s && s.refusing.length > 0 ? (
        <Alert severity="error" data-testid="guard-refusing">
          <strong>{t('guard.refusing')}</strong>
          {[...new Set(s.refusing.map((r) => r.reason))].map((r) => (
            <div key={r}>{r}</div>
          ))}
        </Alert>
      ) : (
        s && (
          <Alert severity="success" data-testid="guard-accepting">
            {t('guard.accepting')}
          </Alert>
        )
      )}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(175px, 1fr))' }}>
        {s
          ? s.statuses.map((st) => <MetricCard key={st.metric} st={st} sample={s.sample} />)
          : RESOURCE_METRICS.map((m) => <Skeleton key={m} variant="rounded" height={132} />)}
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              {t('guard.history')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {s?.sampleIntervalSeconds
                ? t('guard.sampledEvery', { n: s.sampleIntervalSeconds })
                : t('guard.notSampled')}
            </Typography>
            <TextField
              select
              size="small"
              value={minutes}
              onChange={(e) => setMinutes(Number(e.target.value))}
              sx={{ width: 140 }}
              slotProps={{ htmlInput: { 'aria-label': t('guard.range') } }}
            >
              {[15, 60, 360, 1440, 10080].map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`guard.ranges.${m}`)}
                </MenuItem>
              ))}
            </TextField>
            <PendingButton
              size="small"
              variant="outlined"
              onClick={() => sample.mutateAsync().then(() => hist.refetch())}
            >
              {t('guard.sampleNow')}
            </PendingButton>
          </Stack>
          <HistoryChart samples={hist.data?.samples ?? []} />
        </CardContent>
      </Card>
      {s && <LimitsForm limits={s.limits} canEdit={canEdit} />}
      {s?.limitsUpdatedAt && (
        <Typography variant="caption" color="text.secondary">
          {t('guard.updatedBy', { at: formatDateTime(s.limitsUpdatedAt), by: s.limitsUpdatedBy ?? '—' })}
        </Typography>
      )}
    </Stack>
  );
}
