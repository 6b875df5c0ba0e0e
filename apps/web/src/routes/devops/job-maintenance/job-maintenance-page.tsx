/**
 * /devops/job-maintenance (JobMaintenance_VIEW): every job with its storage, runs and run health; actions (re-run,
 * clean intermediates, delete results, delete job) for JobMaintenance_UPDATE holders, each confirmed, run as a
 * ProQ command whose progress shows in the row.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Card from '@mui/material/Card';
import SearchRounded from '@mui/icons-material/SearchRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import CleaningServicesOutlined from '@mui/icons-material/CleaningServicesOutlined';
import LayersClearOutlined from '@mui/icons-material/LayersClearOutlined';
import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import {
  JOB_MAINTENANCE_ACTIONS,
  STALE_RUN_HOURS,
  type TJobMaintenanceAction,
  type TMaintenanceJob,
} from '@sextant/shared/values';
import { maintenanceQuery, useMaintenanceAction } from '../../../api/devops.ts';
import { useCan } from '../../../app/current-user.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { notify } from '../../../components/notifications/notification-store.ts';
import { formatCount } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { StatGrid, StatTile, formatBytes } from '../devops-ui.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';

const ICONS: Record<TJobMaintenanceAction, typeof ReplayRounded> = {
  rerun: ReplayRounded,
  cleanIntermediates: CleaningServicesOutlined,
  deleteResults: LayersClearOutlined,
  deleteJob: DeleteForeverOutlined,
};
const OPEN = ['Blocked', 'Pending', 'InProgress'];

function StorageCell({ j }: { j: TMaintenanceJob }) {
  const { t } = useTranslation('devops');
  const s = j.storage;
  return (
    <Tooltip
      title={
        <Box>
          <div>{t('maintenance.storage.files', { size: formatBytes(s.filesBytes) })}</div>
          <div>{t('maintenance.storage.parquet', { size: formatBytes(s.parquetBytes) })}</div>
          <div>{t('maintenance.storage.intermediate', { size: formatBytes(s.intermediateBytes) })}</div>
          <div>{t('maintenance.storage.cache', { size: formatBytes(s.cacheBytes) })}</div>
        </Box>
      }
    >
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {formatBytes(s.totalBytes)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('maintenance.storage.short', { files: formatBytes(s.filesBytes), parquet: formatBytes(s.parquetBytes) })}
        </Typography>
      </Box>
    </Tooltip>
  );
}

function RunCell({ j }: { j: TMaintenanceJob }) {
  const { t } = useTranslation('devops');
  const r = j.lastRun;
  if (!r)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('maintenance.noRuns')}
      </Typography>
    );
  const color =
    r.status === 'Completed'
      ? 'success'
      : r.status === 'Failed'
        ? 'error'
        : r.status === 'Canceled'
          ? 'default'
          : 'info';
  return (
    <Stack spacing={0.25}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">#{r.runNumber}</Typography>
        <Tooltip title={r.error ?? ''}>
          <Chip size="small" variant="outlined" color={color} label={t(`maintenance.runStatus.${r.status}`)} />
        </Tooltip>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {formatDateTime(r.completedAt ?? r.createdAt)}
      </Typography>
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation('devops');
  const canUpdate = useCan(['JobMaintenance_UPDATE']);
  const q = useQuery(maintenanceQuery());
  const action = useMaintenanceAction();
  const [filter, setFilter] = useState('');
  const [confirm, setConfirm] = useState<{ job: TMaintenanceJob; action: TJobMaintenanceAction } | null>(null);
  const data = q.data;
  const jobs = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (data?.jobs ?? []).filter(
      (j) => !f || [j.name, j.issuerName, j.buyerName ?? ''].some((s) => s.toLowerCase().includes(f)),
    );
  }, [data, filter]);

  return (
    <Stack spacing={2.5} data-testid="job-maintenance">
      <Typography variant="body2" color="text.secondary">
        {t('maintenance.intro', { hours: STALE_RUN_HOURS })}
      </Typography>
      <StatGrid>
        <StatTile
          label={t('maintenance.totals.jobs')}
          value={data ? formatCount(data.totals.jobs) : <Skeleton width={60} />}
          testId="maintenance-total-jobs"
        />
        <StatTile
          label={t('maintenance.totals.storage')}
          value={data ? formatBytes(data.totals.totalBytes) : <Skeleton width={60} />}
        />
        <StatTile
          label={t('maintenance.totals.failedRuns')}
          value={data ? formatCount(data.totals.failedRuns) : <Skeleton width={60} />}
          tone={data?.totals.failedRuns ? 'error' : undefined}
        />
        <StatTile
          label={t('maintenance.totals.staleRuns')}
          value={data ? formatCount(data.totals.staleRuns) : <Skeleton width={60} />}
          tone={data?.totals.staleRuns ? 'warning' : undefined}
        />
        {data && data.hiddenJobsCount !== null && (
          <StatTile
            label={t('maintenance.totals.hidden')}
            value={formatCount(data.hiddenJobsCount)}
            testId="maintenance-hidden-count"
          />
        )}
      </StatGrid>
      <Card variant="outlined">
        <Box sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            placeholder={t('maintenance.filter')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-label': t('maintenance.filter') },
            }}
            sx={{ minWidth: 260 }}
          />
          <Box sx={{ flex: 1 }} />
          {!canUpdate && (
            <Typography variant="caption" color="text.secondary">
              {t('maintenance.readOnly')}
            </Typography>
          )}
        </Box>
        <DataTable
          rows={data ? jobs : undefined}
          loading={q.isLoading}
          testId="maintenance-jobs"
          variant="plain"
          stickyHeader={false}
          hover
          emptyText={t('maintenance.empty')}
          rowKey={(j) => j.id}
          rowTestId={(j) => `maintenance-row-${j.id}`}
          columns={[
            {
              field: 'name',
              header: t('maintenance.columns.job'),
              cellSx: { maxWidth: 320 },
              render: (j) => (
                <>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Link component={RouterLink} to={`/jobs/${j.id}`} underline="hover" sx={{ fontWeight: 600 }}>
                      {j.name}
                    </Link>
                    {j.isHidden && <Chip size="small" label={t('maintenance.hidden')} />}
                  </Stack>
                  <Typography variant="caption" color="text.secondary" noWrap component="div">
                    {[j.issuerName, j.buyerName].filter(Boolean).join(' · ')} · {t(`maintenance.jobStatus.${j.status}`)}
                  </Typography>
                </>
              ),
            },
            { id: 'storage', header: t('maintenance.columns.storage'), render: (j) => <StorageCell j={j} /> },
            {
              field: 'runs',
              header: t('maintenance.columns.runs'),
              align: 'right',
              render: (j) => formatCount(j.runs),
            },
            { id: 'lastRun', header: t('maintenance.columns.lastRun'), render: (j) => <RunCell j={j} /> },
            {
              id: 'health',
              header: t('maintenance.columns.health'),
              render: (j) => (
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                  {j.failedRuns > 0 && (
                    <Chip size="small" color="error" label={t('maintenance.failed', { count: j.failedRuns })} />
                  )}
                  {j.staleRuns > 0 && (
                    <Chip size="small" color="warning" label={t('maintenance.stale', { count: j.staleRuns })} />
                  )}
                  {!j.failedRuns && !j.staleRuns && (
                    <Typography variant="caption" color="text.secondary">
                      {t('maintenance.healthy')}
                    </Typography>
                  )}
                </Stack>
              ),
            },
            {
              id: 'action',
              header: t('maintenance.columns.action'),
              cellSx: { minWidth: 180 },
              cellAttributes: (j) => ({ 'data-testid': `maintenance-action-${j.id}` }),
              render: (j) =>
                j.lastAction ? (
                  <Stack spacing={0.5}>
                    <Typography variant="caption">
                      {t(`maintenance.actions.${j.lastAction.action}`)} · {t(`states.${j.lastAction.state}`)}
                    </Typography>
                    {OPEN.includes(j.lastAction.state) && (
                      <LinearProgress
                        variant={j.lastAction.progressPercent === null ? 'indeterminate' : 'determinate'}
                        value={j.lastAction.progressPercent ?? 0}
                      />
                    )}
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      noWrap
                      title={j.lastAction.message ?? j.lastAction.progressMessage ?? ''}
                    >
                      {j.lastAction.message ?? j.lastAction.progressMessage ?? ''}
                    </Typography>
                  </Stack>
                ) : (
                  <Typography variant="caption" color="text.secondary">
                    —
                  </Typography>
                ),
            },
            ...(canUpdate
              ? [
                  {
                    field: 'actions' as const,
                    header: t('maintenance.columns.actions'),
                    align: 'right' as const,
                    cellSx: { whiteSpace: 'nowrap' },
                    render: (j: TMaintenanceJob) => {
                      const busy = Boolean(j.lastAction && OPEN.includes(j.lastAction.state));
                      return JOB_MAINTENANCE_ACTIONS.map((a) => {
                        const Icon = ICONS[a];
                        return (
                          <Tooltip key={a} title={t(`maintenance.actions.${a}`)}>
                            <span>
                              <IconButton
                                size="small"
                                aria-label={`${t(`maintenance.actions.${a}`)}: ${j.name}`}
                                color={a === 'deleteJob' || a === 'deleteResults' ? 'error' : 'default'}
                                disabled={busy}
                                onClick={() => setConfirm({ job: j, action: a })}
                              >
                                <Icon fontSize="small" />
                              </IconButton>
                            </span>
                          </Tooltip>
                        );
                      });
                    },
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {confirm && (
        <FormDialog
          open
          title={t(`maintenance.confirm.${confirm.action}.title`, { name: confirm.job.name })}
          description={t(`maintenance.confirm.${confirm.action}.body`, {
            name: confirm.job.name,
            size: formatBytes(
              confirm.action === 'cleanIntermediates'
                ? confirm.job.storage.intermediateBytes
                : confirm.job.storage.totalBytes,
            ),
          })}
          fields={[]}
          confirmLabel={t(`maintenance.actions.${confirm.action}`)}
          cancelLabel={t('common.cancel')}
          onCancel={() => setConfirm(null)}
          onConfirm={async () => {
            await action.mutateAsync({ jobId: confirm.job.id, action: confirm.action });
            notify(
              'info',
              t('maintenance.queued', { action: t(`maintenance.actions.${confirm.action}`), name: confirm.job.name }),
            );
            setConfirm(null);
          }}
        />
      )}
    </Stack>
  );
}
