/** /release-notes (SystemUpdates_VIEW): notes kept as data in notes.ts. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../app/i18n.ts';
import { RELEASE_NOTES } from './notes.ts';

export function Component() {
  return (
    <Stack spacing={2.5} sx={{ maxWidth: 860 }}>
      {RELEASE_NOTES.map((n) => (
        <Card key={n.version} data-testid="release-note">
          <CardContent sx={{ p: 3 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
              <Chip label={`v${n.version}`} color="primary" size="small" />
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(n.date, { year: 'numeric', month: 'long', day: 'numeric' })}
              </Typography>
            </Stack>
            <Typography variant="h5" component="h2" gutterBottom>
              {n.title}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.75 } }}>
              {n.items.map((i) => (
                <li key={i}>
                  <Typography>{i}</Typography>
                </li>
              ))}
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
