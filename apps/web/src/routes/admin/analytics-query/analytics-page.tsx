/** /admin/analytics-query (AnalyticsQuery_VIEW): saved reports (the reports tab) and an ad-hoc query editor. */
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AddchartOutlined from '@mui/icons-material/AddchartOutlined';
import type { TAnalyticsReport } from '@sextant/shared/values';
import { analyticsKeys, fetchReports } from '../../../api/analytics.ts';
import { DataTable, type TDataColumn } from '../../../components/data-table/data-table.tsx';
import { formatDateTime, Toolbar } from '../admin-ui.tsx';
import { EMPTY_DRAFT, ReportEditor } from './report-editor.tsx';

const reportColumns = (t: TFunction): TDataColumn<TAnalyticsReport>[] => [
  { field: 'name', header: t('analytics.columns.name'), sortable: true, filter: { kind: 'text' } },
  {
    field: 'description',
    header: t('analytics.columns.description'),
    filter: { kind: 'text' },
    render: (r) => r.description || '—',
  },
  {
    field: 'parameters',
    header: t('analytics.columns.parameters'),
    render: (r) => r.parameters.map((p) => `:${p.name}`).join(', ') || '—',
  },
  {
    field: 'createdByUsername',
    header: t('analytics.columns.createdBy'),
    sortable: true,
    render: (r) => r.createdByUsername ?? '—',
  },
  {
    field: 'updatedAt',
    header: t('analytics.columns.updated'),
    sortable: true,
    render: (r) => formatDateTime(r.updatedAt),
  },
];

export function Component() {
  const { t } = useTranslation('admin');
  const columns = useMemo(() => reportColumns(t), [t]);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'query' ? 'query' : 'reports';
  return (
    <>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, v: string) => setParams(v === 'reports' ? {} : { tab: v }, { replace: true })}
          aria-label={t('analytics.tabsLabel')}
        >
          <Tab value="reports" label={t('analytics.tabs.reports')} data-testid="analytics-tab-reports" />
          <Tab value="query" label={t('analytics.tabs.query')} data-testid="analytics-tab-query" />
        </Tabs>
      </Paper>
      {tab === 'reports' ? (
        <>
          <Toolbar>
            <Button
              variant="contained"
              startIcon={<AddchartOutlined />}
              onClick={() => navigate('/admin/analytics-query/reports/create')}
            >
              {t('analytics.create')}
            </Button>
          </Toolbar>
          <DataTable
            queryKey={analyticsKeys.lists()}
            fetchPage={fetchReports}
            columns={columns}
            rowKey={(r) => r.id}
            defaultSort={{ propertyName: 'name', direction: 'asc' }}
            rowHref={(r) => `/admin/analytics-query/reports/${r.id}`}
            emptyText={t('analytics.empty')}
            operation="Loading reports"
          />
        </>
      ) : (
        <ReportEditor initial={EMPTY_DRAFT} showMeta={false} />
      )}
    </>
  );
}
