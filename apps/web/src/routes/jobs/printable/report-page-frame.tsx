/**
 * A report tab in the app: the report's title and subtitle, a "Download PDF" button (the same report printed by the
 * server from the printable frame, offered when the server has Chromium), "Print or save as PDF" (the browser's own
 * print of that page, always offered) and the report body — shared by the Insights Report and the Use Cases Report.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import { useRequiredUser } from '../../../app/current-user.ts';
import { PrintButton } from './print-button.tsx';

export interface TReportPageFrameProps {
  title: string;
  subtitle: string;
  downloadLabel: string;
  pdfUrl: string;
  /** The report's printable page (printablePath). */
  printPath: string;
  testId: string;
  children: ReactNode;
}

export function ReportPageFrame({
  title,
  subtitle,
  downloadLabel,
  pdfUrl,
  printPath,
  testId,
  children,
}: TReportPageFrameProps) {
  const { t } = useTranslation('printable');
  const { pdfRendering } = useRequiredUser();
  return (
    <Stack spacing={3} data-testid={testId}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        </Box>
        {pdfRendering && (
          <Button variant="contained" startIcon={<PictureAsPdfOutlined />} href={pdfUrl} data-testid="download-pdf">
            {downloadLabel}
          </Button>
        )}
        <PrintButton path={printPath} variant={pdfRendering ? 'outlined' : 'contained'} />
      </Box>
      {!pdfRendering && (
        <Typography variant="body2" color="text.secondary" data-testid="print-hint">
          {t('printHint')}
        </Typography>
      )}
      {children}
    </Stack>
  );
}
