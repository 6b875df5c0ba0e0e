/** The workflow page's counters: by route and for All Routes, and the enrolment funnel. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CAMPAIGN_COUNTER_KEYS, type TWorkflowDetail } from '@sextant/shared/values';
import { DataTable } from '../../components/data-table/data-table.tsx';
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
        <DataTable
          rows={d.routes}
          testId="route-counters"
          variant="plain"
          stickyHeader={false}
          rowKey={(r) => r.route}
          rowTestId={(r) => `route-${r.route}`}
          columns={[
            { field: 'label', header: t('workflow.route') },
            ...CAMPAIGN_COUNTER_KEYS.map((k) => ({
              id: k,
              header: t(`counters.${k}`),
              align: 'right' as const,
              cellSx: { fontVariantNumeric: 'tabular-nums' },
              render: (r: TWorkflowDetail['routes'][number]) => formatCount(r.counters[k]),
            })),
          ]}
          rowSx={(r) => (r.route === 'All' ? { '& td:first-of-type': { fontWeight: 700 } } : undefined)}
        />
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
