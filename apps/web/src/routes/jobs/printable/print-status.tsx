/**
 * Readiness markers of printable reports: the server's PDF renderer prints once `[data-print-ready="true"]` is in
 * the page and reports `[data-print-error]` (its text) as a failed render. Reports wrap their finished content in
 * PrintReady, show PrintLoading while data loads and PrintError when it fails.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function PrintReady({ children }: { children: ReactNode }) {
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
