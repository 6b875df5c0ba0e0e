/**
 * /dev/layouts/*: the page layouts the product uses, drawn with the real components so a theme or spacing change
 * shows on all of them at once (cards grid, master-detail, form with side panel, dense table).
 */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Panel } from '../tools/tool-card.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';

const ROWS = [
  ['Northbridge Bank', 'Visa', 12, 'Ready'],
  ['Meridian Credit', 'Mastercard', 4, 'Processing'],
  ['Pacific Trust', 'Visa', 7, 'Draft'],
] as const;

export function Component() {
  const { t } = useTranslation('dev');
  return (
    <Stack spacing={2.5} data-testid="dev-layouts">
      <Panel title={t('layouts.cards')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {['A', 'B', 'C'].map((k) => (
            <Box key={k} sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
              <Typography variant="overline" color="text.secondary">
                {t('layouts.metric')} {k}
              </Typography>
              <Typography variant="h4" sx={{ fontWeight: 700 }}>
                {k.charCodeAt(0) * 7}
              </Typography>
            </Box>
          ))}
        </Box>
      </Panel>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '280px 1fr' } }}>
        <Panel title={t('layouts.master')}>
          <List dense disablePadding>
            {ROWS.map(([name], i) => (
              <ListItemButton key={name} selected={i === 0}>
                <ListItemText primary={name} />
              </ListItemButton>
            ))}
          </List>
        </Panel>
        <Panel title={t('layouts.detail')} action={<Button size="small">{t('layouts.action')}</Button>}>
          <Stack spacing={2}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField size="small" label={t('layouts.field')} defaultValue="Northbridge Bank" />
              <TextField size="small" label={t('layouts.field')} defaultValue="Visa" />
            </Box>
            <DataTable
              rows={ROWS}
              variant="plain"
              stickyHeader={false}
              hover
              rowKey={([name]) => name}
              columns={[
                { id: 'name', header: t('layouts.name'), render: ([name]) => name },
                { id: 'scheme', header: t('layouts.scheme'), render: ([, scheme]) => scheme },
                { id: 'jobs', header: t('layouts.jobs'), align: 'right', render: ([, , jobs]) => jobs },
                {
                  id: 'status',
                  header: t('layouts.status'),
                  render: ([, , , status]) => <Chip size="small" variant="outlined" label={status} />,
                },
              ]}
            />
          </Stack>
        </Panel>
      </Box>
    </Stack>
  );
}
