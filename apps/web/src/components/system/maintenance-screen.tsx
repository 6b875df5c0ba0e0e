/** Maintenance screen: the SPEC §2 message only, no spinner. The mode keeps being polled every 10 s. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import { BrandLogo } from '../brand-logo.tsx';

export function MaintenanceScreen() {
  const { t } = useTranslation('system');
  const theme = useTheme();
  return (
    <Box
      component="main"
      data-testid="maintenance-screen"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 3,
      }}
    >
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 560 }}>
        <BrandLogo theme={theme.sextant.key} height={40} />
        <Box
          sx={{
            width: 80,
            height: 80,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.selected',
            color: 'primary.main',
          }}
        >
          <EngineeringOutlined sx={{ fontSize: 44 }} />
        </Box>
        <Typography variant="h3" component="h1">
          {t('maintenance.title')}
        </Typography>
        <Typography sx={{ fontSize: '1.1rem' }} color="text.secondary" data-testid="maintenance-message">
          {t('maintenance.message')}
        </Typography>
      </Stack>
    </Box>
  );
}
