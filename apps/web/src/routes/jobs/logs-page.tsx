/**
 * /jobs/:jobId/logs (JobLogsAccessor + JobLogs_VIEW): the job's log, newest first, 50 at a time ("Load more"
 * pages with beforeId), and the job's ProQ commands (GET /proq/queued-commands-quick-view/{jobId}) for users
 * with QuickView_ProQ_VIEW.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TJobDetails, TJobLog } from '@sextant/shared/values';
import { jobCommandsQuery, jobKeys, jobLogsPage } from '../../api/jobs.ts';
import { useCan } from '../../app/current-user.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { JobLayout } from './job-layout.tsx';
import { formatDateTime, formatDuration } from './job-logic.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';

const PAGE = 50;
const LEVEL_COLOR: Record<TJobLog['level'], 'default' | 'warning' | 'error'> = {
  info: 'default',
  warn: 'warning',
  error: 'error',
};
const STATE_COLOR: Record<string, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  InProgress: 'info',
  Completed: 'success',
  Error: 'error',
  Canceled: 'default',
  Blocked: 'warning',
  Pending: 'default',
};

function Commands({ jobId }: { jobId: string }) {
  const { t } = useTranslation('jobs');
  const q = useQuery(jobCommandsQuery(jobId, true));
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="job-commands">
      <Box sx={{ p: { xs: 2, sm: 3 }, pb: 1.5 }}>
        <Typography variant="h6" component="h3">
          {t('logs.commands')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('logs.commandsHelp')}
        </Typography>
      </Box>
      {q.isError ? (
        <Alert severity="warning" sx={{ mx: 3, mb: 3 }}>
          {t('logs.commandsError')}
        </Alert>
      ) : (q.data ?? []).length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 3, pb: 3 }}>
          {q.isLoading ? t('common.loading') : t('logs.noCommands')}
        </Typography>
      ) : (
        <DataTable
          rows={q.data}
          testId="job-commands-table"
          variant="plain"
          maxHeight={512}
          ariaLabel={t('logs.commandsLabel')}
          rowKey={(c) => String(c.id)}
          columns={[
            {
              field: 'commandType',
              header: t('logs.commandColumns.command'),
              cellSx: { fontFamily: 'monospace', fontSize: 13 },
            },
            {
              field: 'state',
              header: t('logs.commandColumns.state'),
              render: (c) => (
                <Chip
                  size="small"
                  label={t(`devops:states.${c.state}`, { defaultValue: c.state })}
                  color={STATE_COLOR[c.state] ?? 'default'}
                />
              ),
            },
            {
              field: 'progressPercent',
              header: t('logs.commandColumns.progress'),
              cellSx: { minWidth: 120 },
              render: (c) =>
                c.progressPercent !== null ? (
                  <LinearProgress variant="determinate" value={c.progressPercent} sx={{ height: 6, borderRadius: 3 }} />
                ) : (
                  '—'
                ),
            },
            {
              field: 'age',
              header: t('logs.commandColumns.age'),
              cellSx: { whiteSpace: 'nowrap' },
              render: (c) => formatDuration(c.age * 1000),
            },
            { field: 'tags', header: t('logs.commandColumns.tags'), render: (c) => c.tags.join(', ') },
          ]}
        />
      )}
    </Paper>
  );
}

function Logs({ job }: { job: TJobDetails }) {
  const { t } = useTranslation('jobs');
  const showCommands = useCan(['QuickView_ProQ_VIEW']);
  const q = useInfiniteQuery({
    queryKey: jobKeys.logs(job.id),
    queryFn: ({ pageParam }) => jobLogsPage(job.id, pageParam, PAGE),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length < PAGE ? undefined : last.at(-1)?.id),
    refetchInterval: job.status === 'Processing' ? 5_000 : false,
    meta: { operation: 'Loading the job log' },
  });
  const rows = q.data?.pages.flat() ?? [];
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="job-logs">
        <Box sx={{ p: { xs: 2, sm: 3 }, pb: 1.5 }}>
          <Typography variant="h6" component="h3">
            {t('logs.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('logs.help')}
          </Typography>
        </Box>
        <Box sx={{ height: 4 }}>{q.isFetching && <LinearProgress />}</Box>
        {q.isError && rows.length === 0 ? (
          <Alert severity="error" sx={{ m: 3 }}>
            {t('logs.error')}
          </Alert>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 3, pb: 3 }}>
            {q.isLoading ? t('common.loading') : t('logs.empty')}
          </Typography>
        ) : (
          <DataTable
            rows={rows}
            testId="job-log-table"
            variant="plain"
            stickyHeader={false}
            ariaLabel={t('logs.title')}
            rowKey={(l) => String(l.id)}
            rowTestId={() => 'log-row'}
            columns={[
              {
                field: 'at',
                header: t('logs.columns.time'),
                width: 200,
                cellSx: { whiteSpace: 'nowrap', color: 'text.secondary' },
                render: (l) => formatDateTime(l.at),
              },
              {
                field: 'level',
                header: t('logs.columns.level'),
                width: 90,
                render: (l) => (
                  <Chip
                    size="small"
                    label={t(`logs.levels.${l.level}`, { defaultValue: l.level })}
                    color={LEVEL_COLOR[l.level]}
                    variant={l.level === 'info' ? 'outlined' : 'filled'}
                  />
                ),
              },
              { field: 'message', header: t('logs.columns.message'), cellSx: { wordBreak: 'break-word' } },
            ]}
          />
        )}
        {q.hasNextPage && (
          <Stack sx={{ p: 2, alignItems: 'center' }}>
            <PendingButton pending={q.isFetchingNextPage} onClick={() => q.fetchNextPage()}>
              {t('logs.loadMore')}
            </PendingButton>
          </Stack>
        )}
      </Paper>
      {showCommands && <Commands jobId={job.id} />}
    </Stack>
  );
}

export function Component() {
  return <JobLayout>{(job) => <Logs job={job} />}</JobLayout>;
}
