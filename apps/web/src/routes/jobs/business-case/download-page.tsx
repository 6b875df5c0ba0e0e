/**
 * /jobs/:jobId/business-case-download (Business Case Download tab): the saved business case at a glance and its
 * downloads: XLSX (Inputs and Results sheets) and the PDF rendered by the server from the printable report.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import PictureAsPdfRounded from '@mui/icons-material/PictureAsPdfRounded';
import {
  jobTabPath,
  jobTabVisible,
  JOB_TABS_BY_KEY,
  type TBusinessCase,
  type TJobDetails,
} from '@sextant/shared/values';
import { useRequiredUser } from '../../../app/current-user.ts';
import { PendingButton } from '../../../components/pending-button.tsx';
import { formatAmount, formatCount } from '../../../lib/format.ts';
import { JobLayout } from '../job-layout.tsx';
import { PrintButton, printablePath } from '../printable/print-button.tsx';
import { businessCaseSummaryQuery, downloadBusinessCasePdf, downloadBusinessCaseXlsx } from './api.ts';
import { Headlines, YearsTable } from './results-view.tsx';

function Download({ bc, job }: { bc: TBusinessCase; job: TJobDetails }) {
  const { t } = useTranslation('business-case');
  const user = useRequiredUser();
  const [error, setError] = useState<string | null>(null);
  const canCalculate = jobTabVisible(JOB_TABS_BY_KEY['business-case-calculator'], new Set(user.permissions), job.type);
  const run = async (save: (jobId: string) => Promise<unknown>) => {
    setError(null);
    try {
      await save(bc.jobId);
    } catch (e) {
      setError(t('download.failed', { message: (e as Error).message }));
    }
  };
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Box>
            <Typography variant="h6" component="h3">
              {t('download.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 720 }}>
              {t('download.text')}
            </Typography>
            <Typography variant="caption" color="text.secondary" data-testid="bc-saved-state">
              {bc.saved && bc.updatedAt
                ? t('saved', { by: bc.updatedBy ?? '—', at: new Date(bc.updatedAt).toLocaleString() })
                : t('notSaved')}
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <PendingButton
              variant="contained"
              startIcon={<DownloadRounded />}
              data-testid="bc-download-xlsx"
              onClick={() => run(downloadBusinessCaseXlsx)}
            >
              {t('download.xlsx')}
            </PendingButton>
            {user.pdfRendering && (
              <PendingButton
                variant="outlined"
                startIcon={<PictureAsPdfRounded />}
                data-testid="bc-download-pdf"
                onClick={() => run(downloadBusinessCasePdf)}
              >
                {t('download.pdf')}
              </PendingButton>
            )}
            <PrintButton path={printablePath(bc.jobId, 'business-case')} />
            {canCalculate && (
              <Button component={RouterLink} to={jobTabPath(bc.jobId, 'business-case-calculator')}>
                {t('download.edit')}
              </Button>
            )}
          </Stack>
          {error && (
            <Alert severity="error" onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
        </Stack>
      </Paper>
      <Typography variant="body2" color="text.secondary">
        {t('base', {
          suppliers: formatCount(bc.base.suppliers),
          spend: formatAmount(bc.base.totalSpend, bc.base.currency),
        })}
      </Typography>
      <Headlines
        outputs={bc.outputs}
        base={bc.base}
        achieved={bc.achieved}
        learned={bc.learned}
        assumed={bc.inputs.conversion}
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <YearsTable outputs={bc.outputs} currency={bc.base.currency} />
      </Paper>
    </Stack>
  );
}

function Loader({ job }: { job: TJobDetails }) {
  const { t } = useTranslation('business-case');
  const q = useQuery(businessCaseSummaryQuery(job.id));
  if (q.isPending) return <Skeleton variant="rounded" height={280} data-testid="bc-loading" />;
  if (q.isError)
    return (
      <Alert severity="error">
        {t('loadError')} {q.error.message}
      </Alert>
    );
  return <Download bc={q.data} job={job} />;
}

export function Component() {
  return <JobLayout>{(job) => <Loader job={job} />}</JobLayout>;
}
