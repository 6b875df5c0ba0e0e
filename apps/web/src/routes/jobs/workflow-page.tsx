/**
 * /jobs/:jobId/workflow/:type — upload tabs (Summary Upload, Matched Data Only Upload, Consultant Upload):
 * upload CSV/XLSX files (issuer option CsvFileUpload) or connect the client's accounting system through Merge
 * (option MergeLink), review the detected mapping, preview and validation, then run the analysis. Editing
 * needs exclusive write access on the job (entity lock) when the user takes locks.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import { INPUT_KIND_LABELS, JOB_TYPE_INPUT_KINDS, type TInputKind, type TJobDetails } from '@sextant/shared/values';
import { errorMessage, useStartRun, useUploadFile } from '../../api/jobs.ts';
import { jobInputOptionsQuery } from '../../api/merge.ts';
import { useCan } from '../../app/current-user.ts';
import { handleAuthorizationOutcome } from '../../app/query-client.ts';
import { FileUpload } from '../../components/file-upload.tsx';
import { PendingButton } from '../../components/pending-button.tsx';
import { CreationStepper } from './creation-stepper.tsx';
import { FilePanel } from './file-panel.tsx';
import { MergePanel } from './merge-panel.tsx';
import { JobLayout } from './job-layout.tsx';
import { LockBanner, useExclusiveLock } from './job-presence.tsx';
import { guessDataKind, runBlockers } from './job-logic.ts';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface TPick {
  file: File;
  kind: TInputKind;
}

function Uploader({ job, editable }: { job: TJobDetails; editable: boolean }) {
  const { t } = useTranslation('jobs');
  const kinds = JOB_TYPE_INPUT_KINDS[job.type];
  const multiple = job.type === 'advanced';
  const [picks, setPicks] = useState<TPick[]>([]);
  const [errors, setErrors] = useState<{ name: string; message: string }[]>([]);
  const upload = useUploadFile(job.id);
  const defaultKind: TInputKind = multiple ? 'spend' : kinds[0]!;
  const send = async () => {
    const failed: { name: string; message: string }[] = [];
    const left: TPick[] = [];
    for (const p of picks) {
      try {
        await upload.mutateAsync({ dataKind: p.kind, file: p.file });
      } catch (e) {
        if (handleAuthorizationOutcome(e)) return;
        failed.push({ name: p.file.name, message: errorMessage(e) ?? t('workflow.uploadFailed') });
        left.push(p);
      }
    }
    setErrors(failed);
    setPicks(left);
  };
  const full = !multiple && job.files.length > 0;
  if (full) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="uploader">
      <Typography variant="h6" component="h3">
        {multiple ? t('workflow.addFiles') : t('workflow.uploadSupplierFile')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {multiple ? t('workflow.multipleHelp') : t('workflow.singleHelp')}
      </Typography>
      <FileUpload
        name="job-file"
        label={multiple ? t('workflow.chooseFiles') : t('workflow.chooseFile')}
        multiple={multiple}
        accept={ACCEPT}
        files={picks.map((p) => p.file)}
        disabled={!editable || upload.isPending}
        onChange={(files) => {
          setErrors([]);
          setPicks(
            files.map(
              (f) => picks.find((p) => p.file === f) ?? { file: f, kind: guessDataKind(f.name, kinds, defaultKind) },
            ),
          );
        }}
      />
      {multiple && picks.length > 0 && (
        <Stack spacing={1.5} sx={{ mt: 2.5 }}>
          <Typography variant="subtitle2">{t('workflow.kindOfEachFile')}</Typography>
          {picks.map((p, i) => (
            <Stack
              key={`${p.file.name}-${i}`}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { sm: 'center' } }}
              data-testid={`pick-${p.file.name}`}
            >
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {p.file.name}
              </Typography>
              <TextField
                select
                size="small"
                label={t('workflow.dataKind')}
                value={p.kind}
                sx={{ width: { xs: '100%', sm: 240 }, flexShrink: 0 }}
                onChange={(e) =>
                  setPicks(picks.map((x, j) => (j === i ? { ...x, kind: e.target.value as TInputKind } : x)))
                }
              >
                {kinds.map((k) => (
                  <MenuItem key={k} value={k}>
                    {t(`inputKinds.${k}`, { defaultValue: INPUT_KIND_LABELS[k] })}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          ))}
        </Stack>
      )}
      {errors.map((e) => (
        <Alert key={e.name} severity="error" sx={{ mt: 2 }} data-testid="upload-error">
          <strong>{e.name}:</strong> {e.message}
        </Alert>
      ))}
      {picks.length > 0 && (
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <PendingButton
            variant="contained"
            pending={upload.isPending}
            disabled={!editable}
            onClick={send}
            data-testid="upload-submit"
          >
            {picks.length > 1 ? t('workflow.uploadFiles', { count: picks.length }) : t('workflow.uploadAndCheck')}
          </PendingButton>
        </Stack>
      )}
    </Paper>
  );
}

function Workflow({ job }: { job: TJobDetails }) {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const takesLocks = useCan(['Concurrency_Take_Entity_Lock']);
  const lock = useExclusiveLock(job.id, job.abilities.canUpload);
  const start = useStartRun(job.id);
  const editable = job.abilities.canUpload && (!takesLocks || lock.canEdit);
  const blockers = runBlockers(job);
  // The issuer's input data options: CSV upload and Merge Link are offered only when it has them on.
  const inputs = useQuery(jobInputOptionsQuery(job.id)).data;
  const hasFiles = job.files.length > 0;
  const active = !hasFiles ? 1 : blockers.length > 0 ? 2 : 3;
  const run = async () => {
    try {
      await start.mutateAsync();
      navigate(`/jobs/loading/${job.id}`);
    } catch (e) {
      handleAuthorizationOutcome(e);
    }
  };

  return (
    <Stack spacing={3} data-testid="workflow" data-editable={editable}>
      <CreationStepper active={active} />
      <LockBanner state={lock} />
      {job.status === 'Processing' && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={`/jobs/loading/${job.id}`} color="inherit">
              {t('workflow.showProgress')}
            </Button>
          }
        >
          {t('workflow.running')}
        </Alert>
      )}
      {!job.abilities.canUpload && job.status !== 'Processing' && (
        <Alert severity="info">{t('workflow.readOnly')}</Alert>
      )}
      {inputs?.csvFileUpload === false ? (
        <Alert severity="info" data-testid="csv-upload-off">
          {t('merge.csvOff', { issuer: inputs.issuerName })}
        </Alert>
      ) : (
        <Uploader job={job} editable={editable} />
      )}
      {inputs && inputs.mergeLink !== 'off' && <MergePanel jobId={job.id} options={inputs} editable={editable} />}
      {job.files.map((f) => (
        <FilePanel key={f.id} jobId={job.id} file={f} editable={editable} />
      ))}
      {hasFiles && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Box>
              <Typography variant="h6" component="h3">
                {t('workflow.runTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {blockers.length === 0
                  ? job.resultRunId
                    ? t('workflow.rerunHelp')
                    : t('workflow.runHelp')
                  : blockers.join(' ')}
              </Typography>
            </Box>
            <PendingButton
              variant="contained"
              size="large"
              startIcon={<PlayArrowRounded />}
              disabled={!editable || !job.abilities.canRun || blockers.length > 0}
              onClick={run}
              data-testid="run-analysis"
              sx={{ flexShrink: 0 }}
            >
              {t('workflow.run')}
            </PendingButton>
          </Stack>
          {start.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(start.error)}
            </Alert>
          )}
        </Paper>
      )}
    </Stack>
  );
}

export function Component() {
  const { type } = useParams();
  return <JobLayout scope={`workflow/${type ?? ''}`}>{(job) => <Workflow job={job} />}</JobLayout>;
}
