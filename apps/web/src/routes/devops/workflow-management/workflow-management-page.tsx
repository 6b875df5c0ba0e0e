/**
 * /workflow-management (DevOps_Area_VIEW): pick a job (the jobs the user can see, or ?jobId=) and follow its
 * ProQ commands as a graph of prerequisites (rows by depth) and a queued → started → completed timeline.
 * Polls every 4 s while anything is queued or running; a node opens the command drawer (retry/cancel).
 */
import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import type { TAuthMappedJobArtifact, TProqCommand, TProqCommandState } from '@sextant/shared/values';
import { fetchJobList } from '../../../api/jobs.ts';
import { jobWorkflowQuery } from '../../../api/proq.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { durationMs, formatDuration, isQueuedState, STATE_COLOR } from '../proq-format.ts';
import { CommandDrawer, StateChip } from '../proq-ui.tsx';
import { edgePath, groupRuns, layoutWorkflow, NODE_H, NODE_W, timelineBars } from './workflow-graph.ts';

type TJobOption = Pick<TAuthMappedJobArtifact, 'id' | 'name' | 'buyerName' | 'issuerName'>;

function stateColor(theme: Theme, s: TProqCommandState): string {
  const c = STATE_COLOR[s];
  return c === 'default' ? theme.palette.text.disabled : theme.palette[c].main;
}

function JobPicker({ value, onChange }: { value: TJobOption | null; onChange: (j: TJobOption | null) => void }) {
  const { t } = useTranslation('devops');
  const [input, setInput] = useState('');
  const search = input.trim() && input !== value?.name ? input.trim() : '';
  const q = useQuery({
    queryKey: ['jobs', 'list', 'workflow-picker', search],
    queryFn: () =>
      fetchJobList({
        pageNumber: 1,
        pageSize: 25,
        orderBy: { propertyName: 'createdOn', direction: 'desc' },
        filters: {
          filterItems: search ? [{ propertyName: 'name', itemComparisonOperator: 'Contains', itemValue: search }] : [],
        },
      }),
    placeholderData: keepPreviousData,
    meta: { operation: 'Loading jobs' },
  });
  const options: TJobOption[] = q.data?.collection ?? [];
  return (
    <Autocomplete<TJobOption>
      sx={{ flex: 1, minWidth: 260, maxWidth: 560 }}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      value={value}
      onChange={(_, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={q.isFetching}
      noOptionsText={t('workflow.noJobs')}
      renderOption={(props, o) => (
        <li {...props} key={o.id}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {o.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {[o.issuerName, o.buyerName].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('workflow.job')}
          placeholder={t('workflow.searchJobs')}
          size="small"
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'workflow-job-input' } }}
        />
      )}
    />
  );
}

function Node({ c, onOpen }: { c: TProqCommand; onOpen: () => void }) {
  const { t } = useTranslation('devops');
  const theme = useTheme();
  const color = stateColor(theme, c.state);
  const running = c.state === 'InProgress';
  return (
    <ButtonBase
      onClick={onOpen}
      data-testid="workflow-node"
      data-state={c.state}
      data-type={c.commandType}
      aria-label={`${c.commandType}, ${t(`states.${c.state}`)}`}
      sx={{
        width: NODE_W,
        height: NODE_H,
        borderRadius: 2,
        border: 1.5,
        borderColor: alpha(color, 0.7),
        bgcolor: alpha(color, theme.palette.mode === 'dark' ? 0.16 : 0.07),
        borderLeft: `5px solid ${color}`,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        justifyContent: 'center',
        textAlign: 'left',
        px: 1.5,
        gap: 0.5,
        boxShadow: running ? `0 0 0 3px ${alpha(color, 0.25)}` : undefined,
        transition: 'box-shadow .15s, transform .15s',
        '&:hover': { boxShadow: 3, transform: 'translateY(-1px)' },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography
          sx={{
            fontFamily: 'ui-monospace, Menlo, monospace',
            fontSize: 13,
            fontWeight: 700,
            flex: 1,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {c.commandType}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          #{c.id}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography variant="caption" sx={{ color, fontWeight: 700 }}>
          {t(`states.${c.state}`)}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ flex: 1, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
        >
          {t('workflow.nodeTiming', {
            duration: formatDuration(durationMs(c.startedDate, c.completedDate)),
            attempts: c.attempts,
            max: c.maxAttempts,
          })}
        </Typography>
      </Stack>
      {running ? (
        <LinearProgress
          variant={c.progressPercent === null ? 'indeterminate' : 'determinate'}
          value={c.progressPercent ?? 0}
          sx={{ height: 4, borderRadius: 2 }}
        />
      ) : (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {c.state === 'Error' || c.state === 'Canceled'
            ? (c.message ?? ' ')
            : (c.progressMessage ?? c.message ?? c.category ?? ' ')}
        </Typography>
      )}
    </ButtonBase>
  );
}

function Graph({ commands, onOpen }: { commands: TProqCommand[]; onOpen: (id: number) => void }) {
  const theme = useTheme();
  const layout = useMemo(() => layoutWorkflow(commands), [commands]);
  const pos = new Map(layout.nodes.map((n) => [n.command.id, n]));
  const pad = 8;
  return (
    <Box sx={{ overflowX: 'auto', py: 1 }}>
      <Box
        sx={{ position: 'relative', width: layout.width + 2 * pad, height: layout.height + 2 * pad, mx: 'auto' }}
        data-testid="workflow-graph"
      >
        <svg
          width={layout.width + 2 * pad}
          height={layout.height + 2 * pad}
          style={{ position: 'absolute', inset: 0, overflow: 'visible' }}
          aria-hidden
        >
          <defs>
            <marker
              id="wf-arrow"
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M 0 0 L 10 5 L 0 10 z" fill={theme.palette.text.secondary} />
            </marker>
          </defs>
          <g transform={`translate(${pad} ${pad})`}>
            {layout.edges.map((e) => {
              const a = pos.get(e.from);
              const b = pos.get(e.to);
              if (!a || !b) return null;
              return (
                <path
                  key={`${e.from}-${e.to}`}
                  d={edgePath(a, b)}
                  fill="none"
                  stroke={alpha(theme.palette.text.secondary, 0.6)}
                  strokeWidth={1.5}
                  strokeDasharray={e.kind === 'batch' ? '5 4' : undefined}
                  markerEnd="url(#wf-arrow)"
                />
              );
            })}
          </g>
        </svg>
        {layout.nodes.map((n) => (
          <Box key={n.command.id} sx={{ position: 'absolute', left: n.x + pad, top: n.y + pad }}>
            <Node c={n.command} onOpen={() => onOpen(n.command.id)} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Timeline({ commands, onOpen }: { commands: TProqCommand[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation('devops');
  const theme = useTheme();
  const ordered = useMemo(() => layoutWorkflow(commands).ordered, [commands]);
  const { start, end, bars } = timelineBars(ordered);
  return (
    <Box data-testid="workflow-timeline">
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1, pl: { xs: 0, sm: '172px' } }}>
        <Typography variant="caption" color="text.secondary">
          {start ? formatDateTime(new Date(start).toISOString()) : ''}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {start ? t('workflow.total', { duration: formatDuration(end - start) }) : ''}
        </Typography>
      </Stack>
      <Stack spacing={0.75}>
        {bars.map((b) => (
          <Stack
            key={b.command.id}
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ alignItems: { xs: 'stretch', sm: 'center' }, gap: { xs: 0.25, sm: 1.5 } }}
            data-testid="workflow-step"
          >
            <ButtonBase
              onClick={() => onOpen(b.command.id)}
              sx={{ width: { xs: 'auto', sm: 160 }, flexShrink: 0, justifyContent: 'flex-start', borderRadius: 1 }}
            >
              <Typography
                sx={{
                  fontFamily: 'ui-monospace, Menlo, monospace',
                  fontSize: 12.5,
                  fontWeight: 600,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
                data-testid="workflow-step-type"
              >
                {b.command.commandType}
              </Typography>
            </ButtonBase>
            <Box
              sx={{
                position: 'relative',
                flex: { xs: 'none', sm: 1 },
                width: { xs: '100%', sm: 'auto' },
                height: 22,
                borderRadius: 1,
                bgcolor: 'action.hover',
              }}
            >
              <Tooltip title={t('workflow.waitingFrom', { date: formatDateTime(b.command.queuedDate) })}>
                <Box
                  sx={{
                    position: 'absolute',
                    top: 8,
                    height: 6,
                    left: `${b.waitLeft}%`,
                    width: `${b.waitWidth}%`,
                    borderRadius: 3,
                    bgcolor: alpha(theme.palette.text.secondary, 0.25),
                  }}
                />
              </Tooltip>
              {b.runWidth > 0 && (
                <Tooltip
                  title={t('workflow.ran', {
                    state: t(`states.${b.command.state}`),
                    duration: formatDuration(durationMs(b.command.startedDate, b.command.completedDate)),
                  })}
                >
                  <Box
                    sx={{
                      position: 'absolute',
                      top: 3,
                      height: 16,
                      left: `min(${b.runLeft}%, calc(100% - 4px))`,
                      width: `${b.runWidth}%`,
                      minWidth: 4,
                      borderRadius: 1,
                      bgcolor: stateColor(theme, b.command.state),
                    }}
                  />
                </Tooltip>
              )}
            </Box>
            <Typography
              variant="caption"
              sx={{
                width: 64,
                flexShrink: 0,
                textAlign: 'right',
                fontVariantNumeric: 'tabular-nums',
                display: { xs: 'none', sm: 'block' },
              }}
            >
              {formatDuration(durationMs(b.command.startedDate, b.command.completedDate))}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

function Summary({ commands }: { commands: TProqCommand[] }) {
  const { t } = useTranslation('devops');
  const counts = new Map<TProqCommandState, number>();
  for (const c of commands) counts.set(c.state, (counts.get(c.state) ?? 0) + 1);
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="workflow-summary">
      {[...counts.entries()].map(([s, n]) => (
        <Chip
          key={s}
          size="small"
          label={`${n} ${t(`states.${s}`)}`}
          color={STATE_COLOR[s]}
          variant={s === 'Completed' || s === 'Blocked' ? 'outlined' : 'filled'}
        />
      ))}
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation('devops');
  const [params, setParams] = useSearchParams();
  const jobId = params.get('jobId');
  const [picked, setPicked] = useState<TJobOption | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [runKey, setRunKey] = useState<string | null>(null);
  const q = useQuery({ ...jobWorkflowQuery(jobId), retry: false });
  const all = q.data;
  const runs = useMemo(() => groupRuns(all ?? []), [all]);
  // The latest run unless the user picked another one of this job.
  const run = runs.find((r) => r.key === runKey) ?? runs.at(-1);
  const commands = all ? (run?.commands ?? []) : undefined;
  const jobName = all?.find((c) => c.jobName)?.jobName ?? (picked?.id === jobId ? picked.name : null);
  const value: TJobOption | null = jobId
    ? picked?.id === jobId
      ? picked
      : { id: jobId, name: jobName ?? jobId, buyerName: null, issuerName: '' }
    : null;
  const active = all?.some((c) => isQueuedState(c.state)) ?? false;

  return (
    <Stack spacing={2.5} data-testid="workflow-management">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { xs: 'stretch', sm: 'center' } }}>
          <JobPicker
            value={value}
            onChange={(j) => {
              setPicked(j);
              setRunKey(null);
              setParams(j ? { jobId: j.id } : {}, { replace: false });
            }}
          />
          {jobId && (
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              {commands && <Summary commands={commands} />}
              {active && (
                <Chip
                  size="small"
                  icon={<CircularProgress size={12} color="inherit" />}
                  label={t('workflow.live')}
                  color="info"
                  variant="outlined"
                  sx={{ pl: 0.5 }}
                />
              )}
              <Button
                size="small"
                component={RouterLink}
                to={`/jobs/${encodeURIComponent(jobId)}/details`}
                endIcon={<OpenInNewRounded fontSize="small" />}
              >
                {t('workflow.openJob')}
              </Button>
            </Stack>
          )}
        </Stack>
      </Paper>

      {!jobId ? (
        <Paper variant="outlined" sx={{ p: { xs: 4, md: 8 }, textAlign: 'center' }} data-testid="workflow-empty">
          <AccountTreeOutlined sx={{ fontSize: 48, color: 'text.disabled', mb: 1 }} />
          <Typography variant="h6">{t('workflow.choose')}</Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 480, mx: 'auto' }}>
            {t('workflow.chooseHelp')}
          </Typography>
        </Paper>
      ) : q.isError ? (
        <Alert severity="error">{t('workflow.loadError')}</Alert>
      ) : !commands ? (
        <Skeleton variant="rounded" height={320} />
      ) : commands.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="workflow-empty">
          <Typography variant="h6">{t('workflow.noCommands')}</Typography>
          <Typography color="text.secondary">{t('workflow.noCommandsHelp')}</Typography>
        </Paper>
      ) : (
        <>
          {runs.length > 1 && (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
                {t('workflow.run')}
              </Typography>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={run?.key ?? null}
                onChange={(_, v: string | null) => v !== null && setRunKey(v)}
                aria-label={t('workflow.run')}
                sx={{ flexWrap: 'wrap' }}
              >
                {runs.map((r, i) => (
                  <ToggleButton
                    key={r.key}
                    value={r.key}
                    data-testid="workflow-run"
                    sx={{ textTransform: 'none', px: 1.5, gap: 1 }}
                  >
                    <Box component="span" sx={{ fontWeight: 700 }}>
                      #{i + 1}
                    </Box>
                    <Box component="span" sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'inline' } }}>
                      {formatDateTime(r.commands[0]!.queuedDate)}
                    </Box>
                    <Box
                      component="span"
                      sx={{
                        width: 8,
                        height: 8,
                        borderRadius: '50%',
                        bgcolor: r.commands.some((c) => c.state === 'Error' || c.state === 'Canceled')
                          ? 'error.main'
                          : r.commands.every((c) => c.state === 'Completed')
                            ? 'success.main'
                            : 'info.main',
                      }}
                    />
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Stack>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 2.5,
              gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 5fr) minmax(0, 7fr)' },
              alignItems: 'start',
            }}
          >
            <Card variant="outlined">
              <CardContent sx={{ p: 2.5 }}>
                <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
                    {t('workflow.prerequisites')}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('workflow.commands', { count: commands.length })}
                  </Typography>
                </Stack>
                <Graph commands={commands} onOpen={setOpenId} />
              </CardContent>
            </Card>
            <Stack spacing={2.5}>
              <Card variant="outlined">
                <CardContent sx={{ p: 2.5 }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
                    {t('workflow.timeline')}
                  </Typography>
                  <Timeline commands={commands} onOpen={setOpenId} />
                </CardContent>
              </Card>
              <Card variant="outlined">
                <CardContent sx={{ p: 2.5 }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
                    {t('workflow.steps')}
                  </Typography>
                  <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
                    {layoutWorkflow(commands).ordered.map((c, i) => (
                      <ButtonBase
                        key={c.id}
                        onClick={() => setOpenId(c.id)}
                        sx={{ justifyContent: 'stretch', textAlign: 'left', py: 1, px: 0.5, borderRadius: 1 }}
                      >
                        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, width: '100%' }}>
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            sx={{ width: 20, fontVariantNumeric: 'tabular-nums' }}
                          >
                            {i + 1}
                          </Typography>
                          <Typography
                            sx={{
                              fontFamily: 'ui-monospace, Menlo, monospace',
                              fontSize: 13,
                              fontWeight: 600,
                              flex: 1,
                              minWidth: 0,
                              overflow: 'hidden',
                              textOverflow: 'ellipsis',
                            }}
                          >
                            {c.commandType}
                          </Typography>
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            sx={{ display: { xs: 'none', sm: 'block' }, whiteSpace: 'nowrap' }}
                          >
                            {formatDateTime(c.startedDate)}
                          </Typography>
                          <StateChip state={c.state} />
                        </Stack>
                      </ButtonBase>
                    ))}
                  </Stack>
                </CardContent>
              </Card>
            </Stack>
          </Box>
        </>
      )}
      <CommandDrawer commandId={openId} onClose={() => setOpenId(null)} onOpenCommand={setOpenId} />
    </Stack>
  );
}
