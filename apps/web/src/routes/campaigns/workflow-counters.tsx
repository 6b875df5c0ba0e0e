/** The workflow page's counters: by route and for All Routes, and the enrolment funnel. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CAMPAIGN_COUNTER_KEYS, type TWorkflowDetail } from '@sextant/shared/values';
import { formatCount } from '../../lib/format.ts';
import { Funnel, NS } from './parts.tsx';

export function RouteCounters({ d }: { d: TWorkflowDetail }) {
  const { t } = useTranslation(NS);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(300px, 2fr)' }, gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('workflow.byRoute')}
        </Typography>
        <Table size="small" data-testid="route-counters">
          <TableHead>
            <TableRow>
              <TableCell>{t('workflow.route')}</TableCell>
              {CAMPAIGN_COUNTER_KEYS.map((k) => (
                <TableCell key={k} align="right">
                  {t(`counters.${k}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {d.routes.map((r) => (
              <TableRow key={r.route} data-testid={`route-${r.route}`}>
                <TableCell sx={{ fontWeight: r.route === 'All' ? 700 : 400 }}>{r.label}</TableCell>
                {CAMPAIGN_COUNTER_KEYS.map((k) => (
                  <TableCell key={k} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatCount(r.counters[k])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('funnel.label')}
        </Typography>
        <Funnel counters={d.counters} height={190} />
      </Paper>
    </Box>
  );
}
