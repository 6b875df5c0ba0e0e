/** /release-notes (SystemUpdates_VIEW): the notes of each release (notes.ts) in the user's language; opened from the user menu. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../app/i18n.ts';
import { RELEASE_NOTES } from './notes.ts';

export function Component() {
  const { t } = useTranslation('release-notes');
  return (
    <Stack spacing={2.5} sx={{ maxWidth: 860 }}>
      <Typography color="text.secondary">{t('intro')}</Typography>
      {RELEASE_NOTES.map((n) => (
        <Card key={n.version} data-testid="release-note" data-version={n.version}>
          <CardContent sx={{ p: 3 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
              <Chip label={`v${n.version}`} color="primary" size="small" />
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(n.date, { year: 'numeric', month: 'long', day: 'numeric' })}
              </Typography>
            </Stack>
            <Typography variant="h5" component="h2" gutterBottom>
              {t(`notes.${n.id}.title`)}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.75 } }}>
              {n.items.map((i) => (
                <li key={i}>
                  <Typography>{t(`notes.${n.id}.items.${i}`)}</Typography>
                </li>
              ))}
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
