/**
 * "Print or save as PDF": opens the report's printable page (the page the server's PDF renderer prints) in a new tab
 * with `?print=1`, where the browser's own print dialog opens once the report is ready — so every user can get a PDF,
 * also from a server without Chromium.
 */
import { useTranslation } from 'react-i18next';
import Button, { type ButtonProps } from '@mui/material/Button';
import PrintOutlined from '@mui/icons-material/PrintOutlined';

/** The printable page of a report (SPEC §2 /jobs/{jobId}/printable/{analysisReportType}/[[...params]]). */
export const printablePath = (jobId: string, type: string, params: readonly string[] = []) =>
  `/jobs/${encodeURIComponent(jobId)}/printable/${type}${params.map((p) => `/${encodeURIComponent(p)}`).join('')}?print=1`;

export function PrintButton({ path, variant = 'outlined' }: { path: string; variant?: ButtonProps['variant'] }) {
  const { t } = useTranslation('printable');
  return (
    <Button
      variant={variant}
      startIcon={<PrintOutlined />}
      href={path}
      target="_blank"
      rel="noopener"
      data-testid="print-report"
    >
      {t('print')}
    </Button>
  );
}
