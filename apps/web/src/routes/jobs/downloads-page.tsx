/**
 * /jobs/:jobId/analysis-data-download and /matched-data-only-download: the job's results as CSV or XLSX with
 * the columns of the issuer's datapoint profile, streamed by the server (a plain link, so large files never sit in
 * browser memory). The buttons stay disabled until the job has a finished run.
 */
import { useMatches } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import type { TJobDetails, TRouteDef } from '@sextant/shared';
import { downloadUrl } from '../../api/jobs.ts';
import { JobLayout } from './job-layout.tsx';

const KINDS = {
  jobAnalysisDataDownload: {
    kind: 'analysis-data' as const,
    title: 'Analysis data',
    text: 'Every supplier of the job with its match, industry codes, acceptance attributes and scores, in the columns of the issuer’s datapoint profile.',
  },
  jobMatchedDataOnlyDownload: {
    kind: 'matched-data-only' as const,
    title: 'Matched data',
    text: 'Every supplier of the job with its best match in the card network, the match confidence and the evidence, in the columns of the issuer’s datapoint profile.',
  },
};

function Downloads({ job, routeId }: { job: TJobDetails; routeId: keyof typeof KINDS }) {
  const def = KINDS[routeId];
  const enabled = Boolean(job.resultRunId);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} data-testid={`downloads-${def.kind}`}>
      <Stack spacing={2.5} sx={{ maxWidth: 720 }}>
        <Box>
          <Typography variant="h6" component="h3">
            {def.title}
          </Typography>
          <Typography color="text.secondary">{def.text}</Typography>
        </Box>
        {!enabled && (
          <Alert severity="info" data-testid="download-not-ready">
            {job.status === 'Processing'
              ? 'The analysis is running. The download is available when it has finished.'
              : 'The job has no finished run yet. Run the analysis first.'}
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
            Download CSV
          </Button>
          <Button
            variant="outlined"
            startIcon={<DownloadRounded />}
            disabled={!enabled}
            href={downloadUrl(job.id, def.kind, 'xlsx')}
            download
            data-testid="download-xlsx"
          >
            Download XLSX
          </Button>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          Cells that begin with =, +, -, @, a tab or a carriage return are written so spreadsheet programs show them as
          text instead of running them.
        </Typography>
      </Stack>
    </Paper>
  );
}

export function Component() {
  const matches = useMatches();
  const routeId = ((matches.at(-1)?.handle as { route?: TRouteDef } | undefined)?.route?.id ??
    'jobAnalysisDataDownload') as keyof typeof KINDS;
  return (
    <JobLayout>
      {(job) => <Downloads job={job} routeId={KINDS[routeId] ? routeId : 'jobAnalysisDataDownload'} />}
    </JobLayout>
  );
}
