/**
 * /jobs/loading/:jobId? — without a job: the "New Job" chooser of the three job types; with a job: the
 * processing page, each pipeline step with its state, live progress, times and errors (polled every 2 s).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import DoNotDisturbOnOutlined from '@mui/icons-material/DoNotDisturbOnOutlined';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import {
  firstJobTab,
  jobTabPath,
  JOB_TYPE_LABELS,
  mayCreateJobType,
  PIPELINE_STEP_LABELS,
  type TJobDetails,
  type TJobRun,
  type TJobType,
  type TRunStep,
} from '@sextant/shared/values';
import { isProcessing, useRetryRun } from '../../api/jobs.ts';
import { can, useRequiredUser } from '../../app/current-user.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { JobLayout } from './job-layout.tsx';
import { JOB_TYPE_INFO } from './job-types.ts';
import {
  formatDateTime,
  formatDuration,
  runProgressPercent,
  stepDurationMs,
  stepPhase,
  type TStepPhase,
} from './job-logic.ts';

function Chooser() {
  const { t } = useTranslation('jobs');
  const user = useRequiredUser();
  const canCreate = can(user, ['JobCreate']);
  return (
    <Stack spacing={3} data-testid="job-type-chooser">
      <Box>
        <Typography variant="h4" component="h2">
          {t('chooser.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('chooser.intro')}
        </Typography>
      </Box>
      {!canCreate && <Alert severity="info">{t('chooser.noRole')}</Alert>}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2.5 }}>
        {(Object.keys(JOB_TYPE_INFO) as TJobType[]).map((type) => {
          const info = JOB_TYPE_INFO[type];
          const Icon = info.icon;
          const allowed =
            canCreate && can(user, [info.permission]) && mayCreateJobType(new Set(user.permissions), type);
          const body = (
            <CardContent sx={{ p: 3, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              <Box
                sx={{
                  width: 48,
                  height: 48,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'action.selected',
                  color: 'primary.main',
                }}
              >
                <Icon />
              </Box>
              <Typography variant="h6" component="h3">
                {t(`types.${type}.label`, { defaultValue: JOB_TYPE_LABELS[type] })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                {t(`types.${type}.summary`, { defaultValue: info.summary })}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t(`types.${type}.inputs`, { defaultValue: info.inputs })}
              </Typography>
              {allowed ? (
                <Stack
                  direction="row"
                  spacing={0.5}
                  sx={{ alignItems: 'center', color: 'primary.main', fontWeight: 600 }}
                >
                  <span>{t('chooser.start')}</span>
                  <ArrowForwardRounded fontSize="small" />
                </Stack>
              ) : (
                <Chip size="small" label={t('chooser.notIncluded')} sx={{ alignSelf: 'flex-start' }} />
              )}
            </CardContent>
          );
          return (
            <Card key={type} variant="outlined" sx={{ opacity: allowed ? 1 : 0.6 }} data-testid={`job-type-${type}`}>
              {allowed ? (
                <CardActionArea component={RouterLink} to={`/jobs/create/${type}`} sx={{ height: '100%' }}>
                  {body}
                </CardActionArea>
              ) : (
                body
              )}
            </Card>
          );
        })}
      </Box>
    </Stack>
  );
}

const PHASE_ICON: Record<TStepPhase, ReactNode> = {
  waiting: <RadioButtonUncheckedRounded color="disabled" />,
  running: <CircularProgress size={22} thickness={5} />,
  done: <CheckCircleRounded color="success" />,
  failed: <ErrorRounded color="error" />,
  canceled: <DoNotDisturbOnOutlined color="disabled" />,
};

function useTick(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(t);
  }, [active]);
  return now;
}

function StepRow({
  step,
  now,
  onRetry,
  canRetry,
}: {
  step: TRunStep;
  now: number;
  onRetry?: () => Promise<unknown>;
  canRetry: boolean;
}) {
  const { t } = useTranslation('jobs');
  const phase = stepPhase(step);
  const label = t(`steps.${step.step}`, { defaultValue: step.label || PIPELINE_STEP_LABELS[step.step] });
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: '32px minmax(0, 1fr)',
        gap: 1.5,
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
      }}
      data-testid={`step-${step.step}`}
      data-phase={phase}
    >
      <Box sx={{ pt: 0.25 }}>{PHASE_ICON[phase]}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 0.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {t(`phase.${phase}`)}
            {step.startedAt ? ` · ${formatDuration(stepDurationMs(step, now))}` : ''}
          </Typography>
        </Stack>
        {phase === 'running' && (
          <Box sx={{ mt: 1 }}>
            <LinearProgress
              variant={step.progressPercent === null ? 'indeterminate' : 'determinate'}
              value={step.progressPercent ?? 0}
              sx={{ height: 6, borderRadius: 3 }}
            />
          </Box>
        )}
        {step.progressMessage && phase !== 'failed' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
            {step.progressMessage}
          </Typography>
        )}
        {step.startedAt && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {step.completedAt
              ? t('run.startedFinished', {
                  started: formatDateTime(step.startedAt),
                  finished: formatDateTime(step.completedAt),
                })
              : t('run.started', { started: formatDateTime(step.startedAt) })}
          </Typography>
        )}
        {phase === 'failed' && (
          <Alert
            severity="error"
            sx={{ mt: 1.5 }}
            data-testid="step-error"
            action={
              canRetry && onRetry ? (
                <PendingButton color="inherit" size="small" startIcon={<ReplayRounded />} onClick={onRetry}>
                  {t('run.retry')}
                </PendingButton>
              ) : undefined
            }
          >
            {step.error ?? t('run.stepFailed')}
          </Alert>
        )}
      </Box>
    </Box>
  );
}

function RunPanel({ job, run }: { job: TJobDetails; run: TJobRun }) {
  const { t } = useTranslation('jobs');
  const user = useRequiredUser();
  const retry = useRetryRun(job.id);
  const active = run.status === 'Queued' || run.status === 'Running';
  const now = useTick(active);
  const percent = runProgressPercent(run);
  const target = firstJobTab(new Set(user.permissions), job.type, Boolean(job.resultRunId));
  const started = run.startedAt ?? run.createdAt;
  const total = started ? (run.completedAt ? Date.parse(run.completedAt) : now) - Date.parse(started) : null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="run-panel" data-status={run.status}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Box>
          <Typography variant="h6" component="h3">
            {t('run.title', { n: run.runNumber })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {run.status === 'Completed'
              ? t('run.finishedIn', { duration: formatDuration(total) })
              : run.status === 'Failed'
                ? t('run.stopped')
                : run.status === 'Canceled'
                  ? t('run.canceled')
                  : t('run.runningFor', { percent, duration: formatDuration(total) })}
            {run.scoringRulesetVersion ? ` · ${t('run.scoringRuleset', { version: run.scoringRulesetVersion })}` : ''}
          </Typography>
        </Box>
        {run.status === 'Completed' && target && (
          <Button
            component={RouterLink}
            to={jobTabPath(job.id, target.key)}
            variant="contained"
            endIcon={<ArrowForwardRounded />}
            data-testid="open-results"
          >
            {t('run.open', { tab: t(`tabs.${target.key}`, { defaultValue: target.label }) })}
          </Button>
        )}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={run.status === 'Failed' ? 'error' : run.status === 'Completed' ? 'success' : 'primary'}
        sx={{ height: 8, borderRadius: 4, mb: 1 }}
        aria-label={t('run.overall')}
      />
      {run.error && run.status === 'Failed' && !run.steps.some((s) => s.error) && (
        <Alert severity="error" sx={{ my: 2 }}>
          {run.error}
        </Alert>
      )}
      <Box sx={{ mt: 2 }}>
        {run.steps.map((s) => (
          <StepRow
            key={s.step}
            step={s}
            now={now}
            canRetry={job.abilities.canRun || job.abilities.canUpload}
            onRetry={() => retry.mutateAsync(run.id)}
          />
        ))}
      </Box>
    </Paper>
  );
}

function Processing({ job }: { job: TJobDetails }) {
  const { t } = useTranslation('jobs');
  const run = job.runs[0];
  const workflow = `/jobs/${job.id}/workflow/${job.type}`;
  if (!run) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to={workflow} color="inherit">
            {t('run.goToUpload')}
          </Button>
        }
      >
        <AlertTitle>{t('run.noRun')}</AlertTitle>
        {t('run.noRunHelp')}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      {isProcessing(job) && (
        <Typography variant="body2" color="text.secondary">
          {t('run.leave')}
        </Typography>
      )}
      {job.status === 'Ready' && job.runs[0]?.status === 'Completed' && (
        <Alert severity="success" data-testid="job-ready">
          {t('run.ready')}
        </Alert>
      )}
      <RunPanel job={job} run={run} />
      {run.status === 'Failed' && (
        <Typography variant="body2" color="text.secondary">
          <Trans t={t} i18nKey="run.fix" components={{ link: <RouterLink to={workflow} /> }} />
          {job.resultRunId ? ` ${t('run.previousShown')}` : ''}
        </Typography>
      )}
    </Stack>
  );
}

export function Component() {
  const { jobId } = useParams();
  if (!jobId) return <Chooser />;
  return (
    <JobLayout poll scope="loading">
      {(job) => <Processing job={job} />}
    </JobLayout>
  );
}
