/** /campaign-workflows (CampaignManager_Feature_VIEW): every workflow the user may see across jobs, with filters. */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CAMPAIGN_COUNTER_KEYS } from '@sextant/shared/values';
import { globalWorkflowsQuery, type TWorkflowListParams } from '../../api/campaigns.ts';
import { formatCount } from '../../lib/format.ts';
import { Counters, FilterSelect, NS } from './parts.tsx';
import { useSearchParam } from '../../lib/use-debounced.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';

export function Component() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useState<TWorkflowListParams>({ pageNumber: 1, pageSize: 25 });
  const [search, setSearch] = useSearchParam(setParams);
  const q = useQuery({ ...globalWorkflowsQuery(params), placeholderData: keepPreviousData });
  type TRow = NonNullable<typeof q.data>['collection'][number];
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 } }} data-testid="campaign-workflows-page">
      <div>
        <Typography variant="h4" component="h2">
          {t('global.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('global.subtitle')}
        </Typography>
      </div>
      {q.data && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Counters counters={q.data.counters} testId="global-counters" />
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 1 }}>
          <TextField
            size="small"
            label={t('global.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <FilterSelect
            label={t('global.state')}
            value={params.state}
            options={[
              { value: 'open', label: t('global.open') },
              { value: 'closed', label: t('global.closed') },
            ]}
            onChange={(state) => setParams((p) => ({ ...p, pageNumber: 1, state }))}
            minWidth={160}
          />
        </Stack>
        {q.isError && <Alert severity="error">{q.error.message}</Alert>}
        <DataTable
          rows={q.data?.collection}
          testId="global-workflows"
          variant="plain"
          stickyHeader={false}
          hover
          emptyText={<Typography color="text.secondary">{t('global.none')}</Typography>}
          rowKey={(w) => w.id}
          columns={[
            {
              field: 'name',
              header: t('global.workflow'),
              render: (w) => (
                <Link
                  component={RouterLink}
                  to={`/jobs/${encodeURIComponent(w.jobId)}/campaign-workflows/${encodeURIComponent(w.id)}`}
                >
                  {w.name}
                </Link>
              ),
            },
            {
              field: 'jobName',
              header: t('global.job'),
              render: (w) => (
                <Link component={RouterLink} to={`/jobs/${encodeURIComponent(w.jobId)}/campaign-workflows`}>
                  {w.jobName}
                </Link>
              ),
            },
            { field: 'issuerName', header: t('global.issuer'), render: (w) => w.issuerName ?? '—' },
            { field: 'campaignCount', header: t('global.waves'), align: 'right' },
            ...CAMPAIGN_COUNTER_KEYS.map((k) => ({
              id: k,
              header: t(`counters.${k}`),
              align: 'right' as const,
              cellSx: { fontVariantNumeric: 'tabular-nums' },
              render: (w: TRow) => formatCount(w.counters[k]),
            })),
            {
              field: 'createdAt',
              header: t('global.created'),
              render: (w) => new Date(w.createdAt).toLocaleDateString(),
            },
          ]}
        />
        <TablePagination
          component="div"
          count={q.data?.totalCount ?? 0}
          page={(params.pageNumber ?? 1) - 1}
          rowsPerPage={params.pageSize ?? 25}
          rowsPerPageOptions={[25, 50, 100]}
          onPageChange={(_, p) => setParams((x) => ({ ...x, pageNumber: p + 1 }))}
          onRowsPerPageChange={(e) => setParams((x) => ({ ...x, pageNumber: 1, pageSize: Number(e.target.value) }))}
        />
      </Paper>
    </Stack>
  );
}
