/**
 * /jobs/:jobId/report/use-cases (JobUseCasesReportAccessor): the Use Cases Report in the app, with "Download PDF"
 * (the same report printed by the server from the printable frame).
 */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { JobLayout } from '../job-layout.tsx';
import { useCasesPdfUrl } from '../suppliers/api.ts';
import { NS } from '../suppliers/i18n.ts';
import UseCasesReport from './use-cases-report.tsx';

export function Component() {
  const { t } = useTranslation(NS);
  return (
    <JobLayout>
      {(job) => (
        <Stack spacing={3} data-testid="use-cases-report-page">
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Typography variant="h5" component="h2">
                {t('report.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('report.subtitle')}
              </Typography>
            </Box>
            <Button
              variant="contained"
              startIcon={<PictureAsPdfOutlined />}
              href={useCasesPdfUrl(job.id)}
              data-testid="download-pdf"
            >
              {t('report.downloadPdf')}
            </Button>
          </Box>
          <UseCasesReport jobId={job.id} params={[]} />
        </Stack>
      )}
    </JobLayout>
  );
}
