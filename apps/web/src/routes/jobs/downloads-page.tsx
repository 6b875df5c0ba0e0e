/**
 * /jobs/:jobId/analysis-data-download and /matched-data-only-download: the job's results as CSV or XLSX with
 * the columns of the issuer's datapoint profile, streamed by the server (a plain link, so large files never sit in
 * browser memory). The Analysis Data tab also offers the onboarding data (the issuer's third profile). The buttons
 * stay disabled until the job has a finished run.
 */
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import type { TJobDetails, TRouteDef } from '@sextant/shared/values';
import { downloadUrl, type TDownloadKind } from '../../api/jobs.ts';
import { JobLayout } from './job-layout.tsx';

/** The downloads each tab offers; title and text are `downloads.<kind>.title` and `.text` of the jobs namespace. */
const KINDS: Record<'jobAnalysisDataDownload' | 'jobMatchedDataOnlyDownload', readonly TDownloadKind[]> = {
  jobAnalysisDataDownload: ['analysis-data', 'onboarding'],
  jobMatchedDataOnlyDownload: ['matched-data-only'],
};

function Download({ job, kind }: { job: TJobDetails; kind: TDownloadKind }) {
  const { t } = useTranslation('jobs');
  const def = { kind };
  const enabled = Boolean(job.resultRunId);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} data-testid={`downloads-${def.kind}`}>
      <Stack spacing={2.5} sx={{ maxWidth: 720 }}>
        <Box>
          <Typography variant="h6" component="h3">
            {t(`downloads.${def.kind}.title`)}
          </Typography>
          <Typography color="text.secondary">{t(`downloads.${def.kind}.text`)}</Typography>
        </Box>
        {!enabled && (
          <Alert severity="info" data-testid="download-not-ready">
            {job.status === 'Processing' ? t('downloads.running') : t('downloads.noRun')}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            variant="contained"
            startIcon={<DownloadRounded />}
            disabled={!enabled}
            href={downloadUrl(job.id, def.kind, 'csv')}
            download
            data-testid="download-csv"
          >
            {t('downloads.csv')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<DownloadRounded />}
            disabled={!enabled}
            href={downloadUrl(job.id, def.kind, 'xlsx')}
            download
            data-testid="download-xlsx"
          >
            {t('downloads.xlsx')}
          </Button>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {t('downloads.formulaNote')}
        </Typography>
      </Stack>
    </Paper>
  );
}

export function Component() {
  const matches = useMatches();
  const routeId = ((matches.at(-1)?.handle as { route?: TRouteDef } | undefined)?.route?.id ??
    'jobAnalysisDataDownload') as keyof typeof KINDS;
  const kinds = KINDS[routeId] ?? KINDS.jobAnalysisDataDownload;
  return (
    <JobLayout>
      {(job) => (
        <Stack spacing={3}>
          {kinds.map((kind) => (
            <Download key={kind} job={job} kind={kind} />
          ))}
        </Stack>
      )}
    </JobLayout>
  );
}
