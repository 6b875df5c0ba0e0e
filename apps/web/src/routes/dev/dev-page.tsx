/** /dev (DevArea_CRUD): cards to the developer pages and the email outbox (development and test only). */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import DashboardCustomizeOutlined from '@mui/icons-material/DashboardCustomizeOutlined';
import MasksOutlined from '@mui/icons-material/MasksOutlined';
import RestartAltOutlined from '@mui/icons-material/RestartAltOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import { outboxQuery } from '../../api/dev.ts';
import { isApiError } from '../../api/client.ts';
import { Panel, ToolCard } from '../tools/tool-card.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';

const CARDS = [
  { id: 'examples', to: '/dev/examples', icon: <WidgetsOutlined /> },
  { id: 'debugLogging', to: '/dev/exercise/debug-logging', icon: <BugReportOutlined /> },
  { id: 'layouts', to: '/dev/layouts', icon: <DashboardCustomizeOutlined /> },
  { id: 'anonymizeCsv', to: '/dev/tools/anonymize-csv', icon: <MasksOutlined /> },
  { id: 'resetAllJobs', to: '/dev/tools/reset-all-jobs', icon: <RestartAltOutlined />, devOnly: true },
  { id: 'databaseAnonymizer', to: '/dev/tools/database-anonymizer', icon: <PersonOffOutlined />, devOnly: true },
] as const;

function Outbox() {
  const { t } = useTranslation('dev');
  const outbox = useQuery(outboxQuery());
  const [open, setOpen] = useState<string | null>(null);
  if (outbox.error)
    return (
      <Alert severity="info">
        {isApiError(outbox.error) && outbox.error.status === 503 ? t('outbox.unavailable') : outbox.error.message}
      </Alert>
    );
  const rows = outbox.data ?? [];
  if (!rows.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('outbox.empty')}
      </Typography>
    );
  return (
    <DataTable
      rows={rows}
      testId="dev-outbox"
      variant="plain"
      stickyHeader={false}
      rowKey={(m) => m.id}
      onRowClick={(m) => setOpen(open === m.id ? null : m.id)}
      rowDetail={(m) =>
        open === m.id && (
          <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontSize: 12 }} data-testid="dev-outbox-body">
            {m.text}
          </Box>
        )
      }
      columns={[
        { field: 'createdAt', header: t('outbox.created'), render: (m) => new Date(m.createdAt).toLocaleString() },
        { field: 'toAddress', header: t('outbox.to') },
        { field: 'subject', header: t('outbox.subject') },
        {
          field: 'status',
          header: t('outbox.status'),
          render: (m) => <Chip size="small" variant="outlined" label={m.status} />,
        },
      ]}
    />
  );
}

export function Component() {
  const { t } = useTranslation('dev');
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }} data-testid="dev-landing">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
        {CARDS.map((c) => (
          <ToolCard
            key={c.id}
            to={c.to}
            title={t(`landing.${c.id}.title`)}
            description={t(`landing.${c.id}.description`)}
            icon={c.icon}
            testId={`dev-card-${c.id}`}
          >
            {'devOnly' in c && (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={t('landing.devOnly')}
                sx={{ alignSelf: 'flex-start' }}
              />
            )}
          </ToolCard>
        ))}
      </Box>
      <Panel title={t('outbox.title')}>
        <Outbox />
      </Panel>
    </Box>
  );
}
