/**
 * /proq-monitoring (DevOps_Area_VIEW): queue counts and running state, queued counts by type and state,
 * workers, idle backoff, command types, and the three server-paged lists (queued, error, completed) with a
 * detail drawer. Everything refreshes every 4 s unless paused.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import MemoryRounded from '@mui/icons-material/MemoryRounded';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import { PROQ_QUICK_VIEW_POLL_MS, type TNamedCount, type TProqCommand } from '@sextant/shared/values';
import {
  backgroundServiceQuery,
  backoffQuery,
  commandTypesQuery,
  fetchCommandPage,
  monitoringQuery,
  proqKeys,
  queuedCountsQuery,
  workersQuery,
  useBackgroundServiceToggle,
  type TProqList,
} from '../../../api/proq.ts';
import { useCan } from '../../../app/current-user.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { formatCount } from '../../../lib/format.ts';
import { formatDateTime, uiLocale } from '../../../lib/date-time.ts';
import { formatAge, formatDuration } from '../proq-format.ts';
import { CommandDrawer } from '../proq-ui.tsx';
import { commandColumns } from './command-columns.tsx';

export function RunningChip({ running, size = 'medium' }: { running: boolean | undefined; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('devops');
  if (running === undefined) return <Skeleton variant="rounded" width={96} height={size === 'small' ? 24 : 32} />;
  return (
    <Chip
      size={size}
      data-testid="proq-running"
      label={running ? t('proq.running') : t('proq.stopped')}
      color={running ? 'success' : 'error'}
      icon={
        <Box
          component="span"
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: 'currentColor',
            ml: '10px !important',
            animation: running ? 'proqPulse 1.6s ease-in-out infinite' : undefined,
            '@keyframes proqPulse': { '50%': { opacity: 0.35 } },
          }}
        />
      }
      sx={{ fontWeight: 700 }}
    />
  );
}

function Kpi({
  label,
  value,
  icon,
  tone,
  testId,
}: {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  tone: 'info' | 'success' | 'error' | 'primary';
  testId: string;
}) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 0 }}>
      <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5 }}>
          <Box
            sx={{
              width: 40,
              height: 40,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: `${tone}.main`,
              color: `${tone}.contrastText`,
              opacity: 0.9,
              flexShrink: 0,
            }}
          >
            {icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
              {label}
            </Typography>
            {value === undefined ? (
              <Skeleton width={60} height={36} />
            ) : (
              <Typography
                variant="h4"
                component="p"
                sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1.2 }}
                data-testid={testId}
              >
                {formatCount(value)}
              </Typography>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Panel({
  title,
  children,
  action,
  testId,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <Stack
    sx={{ alignItems: 'center', justifyContent: 'center', py: 3, gap: 1, color: 'text.secondary', textAlign: 'center' }}
  >
    <InboxOutlined sx={{ fontSize: 32, opacity: 0.5 }} />
    <Typography variant="body2">{children}</Typography>
  </Stack>
);

function CountBars({ rows, label }: { rows: TNamedCount[] | undefined; label: (name: string) => string }) {
  const { t } = useTranslation('devops');
  if (!rows) return <Skeleton variant="rounded" height={80} />;
  const sorted = [...rows].filter((r) => r.count > 0).sort((a, b) => b.count - a.count);
  if (sorted.length === 0) return <Empty>{t('proq.queueEmpty')}</Empty>;
  const max = Math.max(...sorted.map((r) => r.count));
  return (
    <Stack spacing={1.25}>
      {sorted.map((r) => (
        <Box key={r.name}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.25 }}>
            <Typography variant="body2" sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12.5 }}>
              {label(r.name)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
              {formatCount(r.count)}
            </Typography>
          </Stack>
          <LinearProgress variant="determinate" value={(100 * r.count) / max} sx={{ height: 6, borderRadius: 3 }} />
        </Box>
      ))}
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em' }}
      >
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

function Workers() {
  const { t } = useTranslation('devops');
  const workers = useQuery(workersQuery()).data;
  if (!workers) return <Skeleton variant="rounded" height={80} />;
  if (workers.length === 0) return <Empty>{t('proq.noWorkers')}</Empty>;
  return (
    <DataTable
      rows={workers}
      testId="proq-workers"
      variant="plain"
      stickyHeader={false}
      rowKey={(w) => w.id}
      columns={[
        {
          field: 'id',
          header: t('proq.workers.worker'),
          render: (w) => (
            <>
              <Typography variant="body2" sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12.5 }}>
                {w.id}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('proq.workers.host', { hostname: w.hostname, pid: w.pid, environment: w.environment })}
              </Typography>
            </>
          ),
        },
        {
          id: 'status',
          header: t('proq.workers.status'),
          render: (w) => (
            <Chip
              size="small"
              label={
                w.stopping ? t('proq.workers.stopping') : w.alive ? t('proq.workers.alive') : t('proq.workers.lost')
              }
              color={w.stopping ? 'warning' : w.alive ? 'success' : 'default'}
              variant="outlined"
            />
          ),
        },
        { field: 'activeCount', header: t('proq.workers.active') },
        { field: 'concurrency', header: t('proq.workers.concurrency') },
        { field: 'processedCount', header: t('proq.workers.processed'), render: (w) => formatCount(w.processedCount) },
        { field: 'failedCount', header: t('proq.workers.failed'), render: (w) => formatCount(w.failedCount) },
        {
          field: 'currentDelayMs',
          header: t('proq.workers.idleDelay'),
          cellSx: { whiteSpace: 'nowrap' },
          render: (w) => formatDuration(w.currentDelayMs),
        },
        {
          field: 'startedAt',
          header: t('proq.workers.started'),
          cellSx: { whiteSpace: 'nowrap' },
          render: (w) => formatDateTime(w.startedAt),
        },
        {
          field: 'lastSeenAt',
          header: t('proq.workers.lastSeen'),
          cellSx: { whiteSpace: 'nowrap' },
          render: (w) => formatDateTime(w.lastSeenAt),
        },
      ]}
    />
  );
}

function Backoff() {
  const { t } = useTranslation('devops');
  const b = useQuery(backoffQuery()).data;
  if (!b) return <Skeleton variant="rounded" height={80} />;
  const pct = b.maxDelay > b.minDelay ? (100 * (b.currentDelay - b.minDelay)) / (b.maxDelay - b.minDelay) : 0;
  return (
    <Stack spacing={2} data-testid="proq-backoff">
      <Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t('proq.backoff.current')}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {formatDuration(b.currentDelay)}
          </Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={Math.max(0, Math.min(100, pct))}
          color="secondary"
          sx={{ height: 6, borderRadius: 3 }}
        />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <Stat label={t('proq.backoff.min')} value={formatDuration(b.minDelay)} />
        <Stat label={t('proq.backoff.max')} value={formatDuration(b.maxDelay)} />
        <Stat label={t('proq.backoff.coefficient')} value={`× ${b.coefficient}`} />
        <Stat label={t('proq.backoff.idleFor')} value={formatAge(b.totalSecondsDiff)} />
      </Box>
    </Stack>
  );
}

/** The three lists; `label` is the English name used in operation names, the UI shows `proq.lists.<kind>`. */
const LISTS: { kind: TProqList; label: string }[] = [
  { kind: 'queued', label: 'Queued' },
  { kind: 'error', label: 'Error' },
  { kind: 'completed', label: 'Completed' },
];

/** Background service switch (developer, BackgroundService_TOGGLE): pauses every worker of this environment. */
function BackgroundServiceSwitch() {
  const { t } = useTranslation('devops');
  const state = useQuery(backgroundServiceQuery());
  const toggle = useBackgroundServiceToggle();
  const paused = state.data?.paused;
  const since = state.data?.changedAt ? new Date(state.data.changedAt).toLocaleString(uiLocale()) : null;
  return (
    <Tooltip
      title={
        paused
          ? t('proq.background.pausedTip', {
              by: state.data?.changedBy ? t('proq.background.by', { name: state.data.changedBy }) : '',
              since: since ? t('proq.background.since', { date: since }) : '',
            })
          : t('proq.background.onTip')
      }
    >
      <FormControlLabel
        data-testid="proq-background-service"
        control={
          <Switch
            checked={paused === false}
            disabled={paused === undefined || toggle.isPending}
            onChange={(e) => toggle.mutate(e.target.checked)}
            slotProps={{ input: { 'aria-label': t('proq.background.label') } }}
          />
        }
        label={
          paused === undefined
            ? t('proq.background.label')
            : paused
              ? t('proq.background.paused')
              : t('proq.background.on')
        }
      />
    </Tooltip>
  );
}

export function Component() {
  const { t } = useTranslation('devops');
  const qc = useQueryClient();
  const canToggle = useCan(['BackgroundService_TOGGLE']);
  const [paused, setPaused] = useState(false);
  const [tab, setTab] = useState<TProqList>('queued');
  const [openId, setOpenId] = useState<number | null>(null);
  const [updatedAt, setUpdatedAt] = useState(() => new Date());
  const monitoring = useQuery(monitoringQuery());
  const byType = useQuery(queuedCountsQuery('commandType')).data;
  const byState = useQuery(queuedCountsQuery('state')).data;
  const types = useQuery(commandTypesQuery()).data;
  const counts = monitoring.data?.queueCounts;

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => {
      // Drawer and lists included: everything under ['proq'] that is on screen refetches.
      void qc.invalidateQueries({ queryKey: proqKeys.all, refetchType: 'active' }).then(() => setUpdatedAt(new Date()));
    }, PROQ_QUICK_VIEW_POLL_MS);
    return () => clearInterval(timer);
  }, [paused, qc]);

  const columns = useMemo(
    () =>
      Object.fromEntries(LISTS.map((l) => [l.kind, commandColumns(l.kind, types ?? [], t)])) as Record<
        TProqList,
        ReturnType<typeof commandColumns>
      >,
    [types, t],
  );
  const tabCount = {
    queued: counts?.queuedCommandsCount,
    error: counts?.queuedErrorCommandsCount,
    completed: counts?.queuedCompletedCommandsCount,
  };

  return (
    <Stack spacing={2.5} data-testid="proq-monitoring">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <RunningChip running={monitoring.data?.isRunning} />
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            flex: 1,
            minWidth: 0,
            whiteSpace: { xs: 'nowrap', sm: 'normal' },
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
          data-testid="proq-refresh-state"
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {paused ? t('proq.refreshPaused') : t('proq.refreshEvery', { seconds: PROQ_QUICK_VIEW_POLL_MS / 1000 })}{' '}
            ·{' '}
          </Box>
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('proq.updated')}{' '}
          </Box>
          {updatedAt.toLocaleTimeString(uiLocale())}
        </Typography>
        {canToggle && <BackgroundServiceSwitch />}
        <Tooltip title={paused ? t('proq.resumeTip') : t('proq.pauseTip')}>
          <Button
            variant="outlined"
            size="small"
            startIcon={paused ? <PlayArrowRounded /> : <PauseRounded />}
            onClick={() => setPaused((p) => !p)}
            data-testid="proq-pause"
            aria-pressed={paused}
          >
            {paused ? t('proq.resume') : t('proq.pause')}
          </Button>
        </Tooltip>
        <Tooltip title={t('proq.refreshNow')}>
          <Button
            variant="outlined"
            size="small"
            aria-label={t('proq.refreshNow')}
            onClick={() => void qc.invalidateQueries({ queryKey: proqKeys.all }).then(() => setUpdatedAt(new Date()))}
            sx={{ minWidth: 0, px: 1 }}
          >
            <RefreshRounded fontSize="small" />
          </Button>
        </Tooltip>
      </Stack>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}>
        <Kpi
          label={t('proq.kpi.queued')}
          value={counts?.queuedCommandsCount}
          icon={<HourglassTopRounded />}
          tone="info"
          testId="proq-count-queued"
        />
        <Kpi
          label={t('proq.kpi.completed')}
          value={counts?.queuedCompletedCommandsCount}
          icon={<TaskAltRounded />}
          tone="success"
          testId="proq-count-completed"
        />
        <Kpi
          label={t('proq.kpi.error')}
          value={counts?.queuedErrorCommandsCount}
          icon={<ErrorOutlineRounded />}
          tone="error"
          testId="proq-count-error"
        />
        <Kpi
          label={t('proq.kpi.commandTypes')}
          value={types?.length}
          icon={<MemoryRounded />}
          tone="primary"
          testId="proq-count-types"
        />
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Panel title={t('proq.panels.byType')} testId="proq-by-type">
          <CountBars rows={byType} label={(n) => n} />
        </Panel>
        <Panel title={t('proq.panels.byState')} testId="proq-by-state">
          <CountBars rows={byState} label={(n) => t(`states.${n}`, { defaultValue: n })} />
        </Panel>
        <Panel title={t('proq.panels.backoff')}>
          <Backoff />
        </Panel>
        <Panel title={t('proq.panels.commandTypes')} testId="proq-command-types">
          {!types ? (
            <Skeleton variant="rounded" height={80} />
          ) : types.length === 0 ? (
            <Empty>{t('proq.noCommandTypes')}</Empty>
          ) : (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
              {types.map((ct) => (
                <Tooltip
                  key={ct}
                  title={
                    byType?.find((b) => b.name === ct)
                      ? t('proq.typeQueued', { count: byType.find((b) => b.name === ct)!.count })
                      : t('proq.noneQueued')
                  }
                >
                  <Chip
                    label={ct}
                    size="small"
                    variant="outlined"
                    sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 }}
                  />
                </Tooltip>
              ))}
            </Stack>
          )}
        </Panel>
      </Box>

      <Panel title={t('proq.panels.workers')}>
        <Workers />
      </Panel>

      <Box>
        <Tabs
          value={tab}
          onChange={(_, v: TProqList) => setTab(v)}
          sx={{
            mb: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
            '& .MuiTab-root': { minWidth: 0, px: { xs: 1.25, sm: 2 } },
          }}
          variant="scrollable"
          scrollButtons={false}
        >
          {LISTS.map((l) => (
            <Tab
              key={l.kind}
              value={l.kind}
              data-testid={`proq-tab-${l.kind}`}
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{t(`proq.lists.${l.kind}`)}</span>
                  {tabCount[l.kind] !== undefined && (
                    <Chip
                      size="small"
                      label={formatCount(tabCount[l.kind])}
                      color={l.kind === 'error' && tabCount.error ? 'error' : 'default'}
                      sx={{ height: 20, fontSize: 12 }}
                    />
                  )}
                </Stack>
              }
            />
          ))}
        </Tabs>
        {LISTS.filter((l) => l.kind === tab).map((l) => (
          <Box key={l.kind} data-testid={`proq-list-${l.kind}`}>
            <DataTable<TProqCommand>
              queryKey={proqKeys.list(l.kind)}
              fetchPage={(req) => fetchCommandPage(l.kind, req)}
              columns={columns[l.kind]}
              rowKey={(r) => String(r.id)}
              defaultSort={
                l.kind === 'queued'
                  ? { propertyName: 'queuedDate', direction: 'asc' }
                  : { propertyName: 'completedDate', direction: 'desc' }
              }
              onRowClick={(r) => setOpenId(r.id)}
              emptyText={t(`proq.listEmpty.${l.kind}`)}
              operation={`Loading ${l.label.toLowerCase()} commands`}
            />
          </Box>
        ))}
      </Box>
      <CommandDrawer commandId={openId} onClose={() => setOpenId(null)} onOpenCommand={setOpenId} />
    </Stack>
  );
}
