import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Full-area loading state (SPEC §2 "Loading screen: Loading..."). */
export function LoadingScreen({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: fullPage ? '100vh' : 320,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        bgcolor: fullPage ? 'background.default' : undefined,
      }}
    >
      <CircularProgress size={36} />
      <Typography color="text.secondary">{t('common.loading')}</Typography>
    </Box>
  );
}
