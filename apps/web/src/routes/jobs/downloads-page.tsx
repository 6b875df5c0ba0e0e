/**
 * /jobs/:jobId/analysis-data-download and /matched-data-only-download: the job's results as CSV or XLSX with
 * the columns of the issuer's datapoint profile. The buttons stay disabled, with an honest note, while the
 * server does not offer the download yet or the job has no finished run.
 */
import { useQuery } from '@tanstack/react-query';
import { useMatches } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import type { TJobDetails, TRouteDef } from '@sextant/shared';
import { downloadsAvailableQuery, downloadUrl } from '../../api/jobs.ts';
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
  const avail = useQuery(downloadsAvailableQuery());
  const offered = avail.data ? (def.kind === 'analysis-data' ? avail.data.analysisData : avail.data.matchedDataOnly) : false;
  const ready = Boolean(job.resultRunId);
  const enabled = offered && ready;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} data-testid={`downloads-${def.kind}`}>
      <Stack spacing={2.5} sx={{ maxWidth: 720 }}>
        <Box>
          <Typography variant="h6" component="h3">
            {def.title}
          </Typography>
          <Typography color="text.secondary">{def.text}</Typography>
        </Box>
        {!avail.isLoading && !offered && (
          <Alert severity="info" data-testid="download-not-available">
            This download is not available yet in this version of the product. The buttons will work as soon as it is released.
          </Alert>
        )}
        {offered && !ready && <Alert severity="info">The job has no finished run yet. Run the analysis first.</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" startIcon={<DownloadRounded />} disabled={!enabled} href={enabled ? downloadUrl(job.id, def.kind, 'csv') : undefined} data-testid="download-csv">
            Download CSV
          </Button>
          <Button variant="outlined" startIcon={<DownloadRounded />} disabled={!enabled} href={enabled ? downloadUrl(job.id, def.kind, 'xlsx') : undefined} data-testid="download-xlsx">
            Download XLSX
          </Button>
        </Stack>
        {offered && (
          <Typography variant="caption" color="text.secondary">
            Cells that begin with =, +, -, @, a tab or a carriage return are written so spreadsheet programs show them as text instead of running them.
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

export function Component() {
  const matches = useMatches();
  const routeId = ((matches.at(-1)?.handle as { route?: TRouteDef } | undefined)?.route?.id ?? 'jobAnalysisDataDownload') as keyof typeof KINDS;
  return <JobLayout>{(job) => <Downloads job={job} routeId={KINDS[routeId] ? routeId : 'jobAnalysisDataDownload'} />}</JobLayout>;
}
