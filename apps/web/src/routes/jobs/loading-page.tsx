/**
 * /jobs/loading/:jobId? — without a job: the "New Job" chooser of the three job types; with a job: the
 * processing page, each pipeline step with its state, live progress, times and errors (polled every 2 s).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
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
  PIPELINE_STEP_LABELS,
  type TJobDetails,
  type TJobRun,
  type TJobType,
  type TRunStep,
} from '@sextant/shared';
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
  const user = useRequiredUser();
  const canCreate = can(user, ['JobCreate']);
  return (
    <Stack spacing={3} data-testid="job-type-chooser">
      <Box>
        <Typography variant="h4" component="h2">
          Start a new analysis
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Choose how the data arrives. You pick the issuer, the buyer and a name next, then upload the files.
        </Typography>
      </Box>
      {!canCreate && (
        <Alert severity="info">
          Your roles do not include creating jobs. Ask an administrator for the Job Manager role.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2.5 }}>
        {(Object.keys(JOB_TYPE_INFO) as TJobType[]).map((type) => {
          const info = JOB_TYPE_INFO[type];
          const Icon = info.icon;
          const allowed = canCreate && can(user, [info.permission]);
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
                {JOB_TYPE_LABELS[type]}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                {info.summary}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {info.inputs}
              </Typography>
              {allowed ? (
                <Stack
                  direction="row"
                  spacing={0.5}
                  sx={{ alignItems: 'center', color: 'primary.main', fontWeight: 600 }}
                >
                  <span>Start</span>
                  <ArrowForwardRounded fontSize="small" />
                </Stack>
              ) : (
                <Chip size="small" label="Not included in your roles" sx={{ alignSelf: 'flex-start' }} />
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
const PHASE_LABEL: Record<TStepPhase, string> = {
  waiting: 'Waiting',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  canceled: 'Canceled',
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
  const phase = stepPhase(step);
  const label = step.label || PIPELINE_STEP_LABELS[step.step];
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
            {PHASE_LABEL[phase]}
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
            Started {formatDateTime(step.startedAt)}
            {step.completedAt ? ` · finished ${formatDateTime(step.completedAt)}` : ''}
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
                  Retry
                </PendingButton>
              ) : undefined
            }
          >
            {step.error ?? 'This step failed.'}
          </Alert>
        )}
      </Box>
    </Box>
  );
}

function RunPanel({ job, run }: { job: TJobDetails; run: TJobRun }) {
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
            Run {run.runNumber}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {run.status === 'Completed'
              ? `Finished in ${formatDuration(total)}`
              : run.status === 'Failed'
                ? 'Stopped at a failed step'
                : run.status === 'Canceled'
                  ? 'Canceled'
                  : `${percent}% · running for ${formatDuration(total)}`}
            {run.scoringRulesetVersion ? ` · scoring ruleset ${run.scoringRulesetVersion}` : ''}
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
            Open {target.label}
          </Button>
        )}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={run.status === 'Failed' ? 'error' : run.status === 'Completed' ? 'success' : 'primary'}
        sx={{ height: 8, borderRadius: 4, mb: 1 }}
        aria-label="Overall progress"
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
  const run = job.runs[0];
  const workflow = `/jobs/${job.id}/workflow/${job.type}`;
  if (!run) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to={workflow} color="inherit">
            Go to upload
          </Button>
        }
      >
        <AlertTitle>No run yet</AlertTitle>
        Upload the files and choose “Run analysis” to start processing this job.
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      {isProcessing(job) && (
        <Typography variant="body2" color="text.secondary">
          You can leave this page: the analysis continues in the background and the job appears in Analysis Jobs.
        </Typography>
      )}
      {job.status === 'Ready' && job.runs[0]?.status === 'Completed' && (
        <Alert severity="success" data-testid="job-ready">
          The analysis is ready.
        </Alert>
      )}
      <RunPanel job={job} run={run} />
      {run.status === 'Failed' && (
        <Typography variant="body2" color="text.secondary">
          Fix the data on the <RouterLink to={workflow}>upload page</RouterLink> and run the analysis again, or retry
          the failed step if the problem was temporary.
          {job.resultRunId ? ' The results of the previous run are still shown until a new run completes.' : ''}
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
