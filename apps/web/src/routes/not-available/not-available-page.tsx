/** Routes whose area is built by a later issue: an explicit "not available yet" panel, never fake content. */
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import type { TRouteDef } from '@sextant/shared/values';
import { routeTitle } from '../../layouts/nav-labels.ts';

export function Component() {
  const { t } = useTranslation('errors');
  const matches = useMatches();
  const def = (matches.at(-1)?.handle as { route?: TRouteDef } | undefined)?.route;
  return (
    <Paper variant="outlined" data-testid="not-available" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center', maxWidth: 560, mx: 'auto' }}>
        <Box
          sx={{
            width: 64,
            height: 64,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.selected',
            color: 'primary.main',
          }}
        >
          <ConstructionOutlined sx={{ fontSize: 34 }} />
        </Box>
        <Chip label={t('notAvailable.chip')} color="primary" variant="outlined" />
        <Typography variant="h4" component="h2">
          {t('notAvailable.title', { page: def ? routeTitle(t, def) : t('notAvailable.thisPage') })}
        </Typography>
        <Typography color="text.secondary">{t('notAvailable.text')}</Typography>
        {def && (
          <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {def.path}
            {def.permissions.length > 0 ? t('notAvailable.requires', { permissions: def.permissions.join(', ') }) : ''}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
