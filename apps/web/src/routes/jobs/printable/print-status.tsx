/**
 * Readiness markers of printable reports: the server's PDF renderer prints once `[data-print-ready="true"]` is in
 * the page and reports `[data-print-error]` (its text) as a failed render. Reports wrap their finished content in
 * PrintReady, show PrintLoading while data loads and PrintError when it fails. Opened with `?print=1` (the "Print or
 * save as PDF" button), the page opens the browser's print dialog once, when the report is ready.
 */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The pages that already opened their print dialog (one per page load, whatever re-renders). */
const printed = new Set<string>();

export function PrintReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    const url = window.location.href;
    if (new URLSearchParams(window.location.search).get('print') !== '1' || printed.has(url)) return;
    // once the browser has laid out the finished report (charts are drawn without animation); a timer, not an
    // animation frame, which a tab opened in the background does not get until it is shown
    const timer = setTimeout(() => {
      printed.add(url);
      window.print();
    }, 200);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box data-print-ready="true" data-testid="print-ready">
      {children}
    </Box>
  );
}

export function PrintLoading() {
  const { t } = useTranslation('printable');
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', py: 6, justifyContent: 'center' }}
      className="no-print"
    >
      <CircularProgress size={22} />
      <Typography color="text.secondary">{t('loading')}</Typography>
    </Stack>
  );
}

export function PrintError({ title, message }: { title?: string; message: string }) {
  const { t } = useTranslation('printable');
  return (
    <Alert severity="error" data-print-error={`${title ?? t('failed')}: ${message}`} data-testid="print-error">
      <AlertTitle>{title ?? t('failed')}</AlertTitle>
      {message}
    </Alert>
  );
}
