/**
 * /jobs/:jobId/details (JobDetailsAccessor + JobDetails_VIEW): metadata, owner, issuer, buyer, status, the
 * ruleset versions of each run, the run history with per-step timings; rename, change owner, publish,
 * re-run and delete as the server's `abilities` allow; what changed since the previous run (run-changes.tsx).
 */
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded';
import KeyboardArrowUpRounded from '@mui/icons-material/KeyboardArrowUpRounded';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { INPUT_KIND_LABELS, JOB_TYPE_LABELS, type TJobDetails, type TJobRun } from '@sextant/shared/values';
import { errorMessage, usePublishJob, useStartRun } from '../../api/jobs.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { handleAuthorizationOutcome } from '../../app/query-client.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { DeleteDialog, OwnerDialog, RenameDialog } from './job-dialogs.tsx';
import { JobLayout, JobStatusChip } from './job-layout.tsx';
import { RunChanges } from './run-changes.tsx';
import { formatBytes, formatDateTime, formatDuration, runBlockers, stepDurationMs, stepPhase } from './job-logic.ts';
import { DataTable, type TDataColumn } from '../../components/data-table/data-table.tsx';

const RUN_COLORS: Record<TJobRun['status'], 'default' | 'info' | 'success' | 'error'> = {
  Queued: 'default',
  Running: 'info',
  Completed: 'success',
  Failed: 'error',
  Canceled: 'default',
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ textTransform: 'uppercase', letterSpacing: 0.5, fontWeight: 600 }}
      >
        {label}
      </Typography>
      <Box sx={{ mt: 0.25 }}>{children}</Box>
    </Box>
  );
}

const LEVELS = ['High', 'Medium', 'Low', 'None'] as const;

/** Suppliers per score level in the latest completed run against the one before (after a ruleset change). */
function ScoreChanges({ runs }: { runs: TJobRun[] }) {
  const { t } = useTranslation('jobs');
  const done = runs.filter((r) => r.status === 'Completed' && r.scoreLevels);
  if (done.length < 2) return null;
  const [now, before] = [done[0]!, done[1]!];
  const kinds = Object.keys(now.scoreLevels!);
  const changed = kinds.some((k) =>
    LEVELS.some((l) => (now.scoreLevels![k]?.[l] ?? 0) !== (before.scoreLevels![k]?.[l] ?? 0)),
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="score-changes">
      <Typography variant="h6" component="h3">
        {t('details.scoreChanges.title', { now: now.runNumber, before: before.runNumber })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('details.scoreChanges.help', {
          scoringNow: now.scoringRulesetVersion ?? '—',
          scoringBefore: before.scoringRulesetVersion ?? '—',
          confidenceNow: now.confidenceRulesetVersion ?? '—',
          confidenceBefore: before.confidenceRulesetVersion ?? '—',
        })}
        {changed ? '' : ` ${t('details.scoreChanges.none')}`}
      </Typography>
      <DataTable
        rows={kinds}
        testId="score-changes-table"
        variant="plain"
        stickyHeader={false}
        ariaLabel={t('details.scoreChanges.title', { now: now.runNumber, before: before.runNumber })}
        rowKey={(k) => k}
        rowTestId={(k) => `score-change-${k}`}
        columns={[
          { id: 'score', header: t('details.scoreChanges.score'), cellSx: { fontWeight: 600 }, render: (k) => k },
          ...LEVELS.map((l): TDataColumn<string> => ({
            id: l,
            header: l,
            align: 'right',
            cellSx: { whiteSpace: 'nowrap' },
            render: (k) => {
              const a = before.scoreLevels![k]?.[l] ?? 0;
              const b = now.scoreLevels![k]?.[l] ?? 0;
              return (
                <>
                  {b.toLocaleString(currentLanguage())}
                  {a !== b && (
                    <Typography
                      component="span"
                      variant="caption"
                      sx={{ ml: 0.75, fontWeight: 600, color: b > a ? 'success.main' : 'error.main' }}
                    >
                      {b > a ? '+' : '−'}
                      {Math.abs(b - a).toLocaleString(currentLanguage())}
                    </Typography>
                  )}
                </>
              );
            },
          })),
        ]}
      />
    </Paper>
  );
}

function runDuration(run: TJobRun): string {
  const start = run.startedAt ?? run.createdAt;
  return run.completedAt ? formatDuration(Date.parse(run.completedAt) - Date.parse(start)) : '—';
}

/** The steps of a run, opened under its row of the run history. */
function RunSteps({ run }: { run: TJobRun }) {
  const { t } = useTranslation('jobs');
  return (
    <Box sx={{ py: 0.5, pl: { sm: 6 } }}>
      {run.error && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {run.error}
        </Alert>
      )}
      <DataTable
        rows={run.steps}
        testId={`run-${run.runNumber}-steps`}
        variant="plain"
        stickyHeader={false}
        ariaLabel={t('details.stepsOfRun', { n: run.runNumber })}
        rowKey={(s) => s.step}
        columns={[
          {
            field: 'step',
            header: t('details.stepColumns.step'),
            render: (s) => t(`steps.${s.step}`, { defaultValue: s.label }),
          },
          {
            field: 'state',
            header: t('details.stepColumns.state'),
            render: (s) =>
              s.error ? (
                <Typography variant="body2" color="error">
                  {t('details.stepFailed', { error: s.error })}
                </Typography>
              ) : stepPhase(s) === 'running' ? (
                `${s.progressPercent ?? 0}%`
              ) : (
                t(`devops:states.${s.state}`, { defaultValue: s.state })
              ),
          },
          {
            field: 'startedAt',
            header: t('details.stepColumns.started'),
            cellSx: { whiteSpace: 'nowrap' },
            render: (s) => formatDateTime(s.startedAt),
          },
          {
            field: 'completedAt',
            header: t('details.stepColumns.finished'),
            cellSx: { whiteSpace: 'nowrap' },
            render: (s) => formatDateTime(s.completedAt),
          },
          {
            id: 'duration',
            header: t('details.stepColumns.duration'),
            render: (s) => formatDuration(stepDurationMs(s)),
          },
        ]}
      />
    </Box>
  );
}

/** The run history: a row per run, its steps opened under it. */
function RunHistory({ job }: { job: TJobDetails }) {
  const { t } = useTranslation('jobs');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  return (
    <DataTable
      rows={job.runs}
      testId="run-history"
      variant="plain"
      stickyHeader={false}
      hover
      ariaLabel={t('details.runHistory')}
      rowKey={(r) => r.id}
      rowTestId={(r) => `run-${r.runNumber}`}
      rowDetail={(r) => open.has(r.id) && <RunSteps run={r} />}
      columns={[
        {
          id: 'open',
          header: '',
          padding: 'checkbox',
          render: (r) => (
            <IconButton
              size="small"
              aria-label={
                open.has(r.id) ? t('details.hideSteps', { n: r.runNumber }) : t('details.showSteps', { n: r.runNumber })
              }
              onClick={() => toggle(r.id)}
            >
              {open.has(r.id) ? <KeyboardArrowUpRounded /> : <KeyboardArrowDownRounded />}
            </IconButton>
          ),
        },
        {
          field: 'runNumber',
          header: t('details.runColumns.run'),
          render: (r) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <span>#{r.runNumber}</span>
              {r.id === job.resultRunId && (
                <Chip size="small" label={t('details.shown')} color="primary" variant="outlined" sx={{ height: 20 }} />
              )}
            </Stack>
          ),
        },
        {
          field: 'status',
          header: t('details.runColumns.status'),
          render: (r) => <Chip size="small" label={t(`runStatus.${r.status}`)} color={RUN_COLORS[r.status]} />,
        },
        {
          field: 'startedAt',
          header: t('details.runColumns.started'),
          cellSx: { whiteSpace: 'nowrap' },
          render: (r) => formatDateTime(r.startedAt ?? r.createdAt),
        },
        { id: 'duration', header: t('details.runColumns.duration'), render: (r) => runDuration(r) },
        {
          id: 'rulesets',
          header: t('details.runColumns.rulesets'),
          cellSx: { whiteSpace: 'nowrap' },
          render: (r) =>
            t('details.rulesets', {
              scoring: r.scoringRulesetVersion ?? '—',
              confidence: r.confidenceRulesetVersion ?? '—',
            }),
        },
        { field: 'createdBy', header: t('details.runColumns.startedBy'), render: (r) => r.createdBy ?? '—' },
      ]}
    />
  );
}

function Details({ job }: { job: TJobDetails }) {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'rename' | 'owner' | 'delete' | null>(null);
  const publish = usePublishJob();
  const start = useStartRun(job.id);
  const a = job.abilities;
  const blockers = runBlockers(job);
  const ref = { id: job.id, name: job.name, issuerId: job.issuerId, ownerId: job.owner.id };
  const latest = job.runs[0];
  const rerun = async () => {
    try {
      await start.mutateAsync();
      navigate(`/jobs/loading/${job.id}`);
    } catch (e) {
      handleAuthorizationOutcome(e);
    }
  };

  return (
    <Stack spacing={3} data-testid="job-details">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2.5 }}
        >
          <Typography variant="h6" component="h3">
            {t('details.job')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {a.canRename && (
              <Button
                size="small"
                startIcon={<EditOutlined />}
                onClick={() => setDialog('rename')}
                data-testid="details-rename"
              >
                {t('dialogs.rename')}
              </Button>
            )}
            {a.canChangeOwner && (
              <Button size="small" startIcon={<PersonOutlineRounded />} onClick={() => setDialog('owner')}>
                {t('dialogs.ownerTitle')}
              </Button>
            )}
            {a.canPublish && (
              <PendingButton
                size="small"
                onClick={() => publish.mutateAsync({ jobId: job.id, isPublished: !job.isPublished })}
              >
                {job.isPublished ? t('actions.unpublish') : t('actions.publish')}
              </PendingButton>
            )}
            {a.canDelete && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlineRounded />}
                onClick={() => setDialog('delete')}
              >
                {t('actions.delete')}
              </Button>
            )}
          </Stack>
        </Stack>
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, gap: 2.5 }}
        >
          <Field label={t('details.fields.name')}>
            <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{job.name}</Typography>
          </Field>
          <Field label={t('details.fields.type')}>
            {t(`types.${job.type}.label`, { defaultValue: JOB_TYPE_LABELS[job.type] })}
          </Field>
          <Field label={t('details.fields.status')}>
            <JobStatusChip status={job.status} />
          </Field>
          <Field label={t('details.fields.published')}>{job.isPublished ? t('common.yes') : t('common.no')}</Field>
          <Field label={t('details.fields.issuer')}>{job.issuerName}</Field>
          <Field label={t('details.fields.buyer')}>{job.buyerName ?? '—'}</Field>
          <Field label={t('details.fields.owner')}>
            <span data-testid="details-owner">{job.owner.displayName || job.owner.username}</span>
            {job.owner.displayName && (
              <Typography variant="body2" color="text.secondary">
                {job.owner.username}
              </Typography>
            )}
          </Field>
          <Field label={t('details.fields.created')}>{formatDateTime(job.createdOn)}</Field>
          <Field label={t('details.fields.scoringRuleset')}>{latest?.scoringRulesetVersion ?? '—'}</Field>
          <Field label={t('details.fields.confidenceRuleset')}>{latest?.confidenceRulesetVersion ?? '—'}</Field>
          <Field label={t('details.fields.runs')}>{job.runs.length}</Field>
          <Field label={t('details.fields.jobId')}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {job.id}
            </Typography>
          </Field>
        </Box>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
          {t('details.files')}
        </Typography>
        {job.files.length === 0 ? (
          <Typography color="text.secondary">{t('details.noFiles')}</Typography>
        ) : (
          <Stack spacing={1}>
            {job.files.map((f) => (
              <Typography key={f.id} variant="body2">
                <strong>{f.originalName}</strong> ·{' '}
                {t(`inputKinds.${f.dataKind}`, { defaultValue: INPUT_KIND_LABELS[f.dataKind] })} ·{' '}
                {formatBytes(f.sizeBytes)}
                {f.validation && !f.validation.fatal
                  ? ` · ${t('details.rowsValid', {
                      count: f.validation.rowCount,
                      valid: f.validation.validRowCount.toLocaleString(currentLanguage()),
                      total: f.validation.rowCount.toLocaleString(currentLanguage()),
                    })}`
                  : ''}
                {f.validation?.fatal ? ` · ${f.validation.fatal}` : ''}
              </Typography>
            ))}
          </Stack>
        )}
      </Paper>

      <ScoreChanges runs={job.runs} />

      <RunChanges job={job} />

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ p: { xs: 2, sm: 3 }, pb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Box>
            <Typography variant="h6" component="h3">
              {t('details.runHistory')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('details.runHistoryHelp')}
            </Typography>
          </Box>
          {a.canRun && (
            <PendingButton
              variant="outlined"
              startIcon={<ReplayRounded />}
              disabled={blockers.length > 0}
              onClick={rerun}
              title={blockers.join(' ')}
              data-testid="details-rerun"
              sx={{ flexShrink: 0 }}
            >
              {t('details.rerun')}
            </PendingButton>
          )}
        </Stack>
        {start.error && (
          <Alert severity="error" sx={{ mx: 3, mb: 2 }}>
            {errorMessage(start.error)}
          </Alert>
        )}
        {job.runs.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 3, pb: 3 }}>
            {t('details.noRuns')}
          </Typography>
        ) : (
          <RunHistory job={job} />
        )}
      </Paper>
      {dialog === 'rename' && <RenameDialog job={ref} onClose={() => setDialog(null)} />}
      {dialog === 'owner' && <OwnerDialog job={ref} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <DeleteDialog job={ref} onClose={() => setDialog(null)} onDeleted={() => navigate('/analysis')} />
      )}
    </Stack>
  );
}

export function Component() {
  return <JobLayout>{(job) => <Details job={job} />}</JobLayout>;
}
