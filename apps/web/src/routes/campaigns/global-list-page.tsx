/** /campaign-workflows (CampaignManager_Feature_VIEW): every workflow the user may see across jobs, with filters. */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CAMPAIGN_COUNTER_KEYS } from '@sextant/shared/values';
import { globalWorkflowsQuery, type TWorkflowListParams } from '../../api/campaigns.ts';
import { formatCount } from '../../lib/format.ts';
import { Counters, FilterSelect, NS } from './parts.tsx';
import { useSearchParam } from '../../lib/use-debounced.ts';

export function Component() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useState<TWorkflowListParams>({ pageNumber: 1, pageSize: 25 });
  const [search, setSearch] = useSearchParam(setParams);
  const q = useQuery({ ...globalWorkflowsQuery(params), placeholderData: keepPreviousData });
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
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="global-workflows">
            <TableHead>
              <TableRow>
                <TableCell>{t('global.workflow')}</TableCell>
                <TableCell>{t('global.job')}</TableCell>
                <TableCell>{t('global.issuer')}</TableCell>
                <TableCell align="right">{t('global.waves')}</TableCell>
                {CAMPAIGN_COUNTER_KEYS.map((k) => (
                  <TableCell key={k} align="right">
                    {t(`counters.${k}`)}
                  </TableCell>
                ))}
                <TableCell>{t('global.created')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(q.data?.collection ?? []).map((w) => (
                <TableRow key={w.id} hover>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={`/jobs/${encodeURIComponent(w.jobId)}/campaign-workflows/${encodeURIComponent(w.id)}`}
                    >
                      {w.name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={`/jobs/${encodeURIComponent(w.jobId)}/campaign-workflows`}>
                      {w.jobName}
                    </Link>
                  </TableCell>
                  <TableCell>{w.issuerName ?? '—'}</TableCell>
                  <TableCell align="right">{w.campaignCount}</TableCell>
                  {CAMPAIGN_COUNTER_KEYS.map((k) => (
                    <TableCell key={k} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatCount(w.counters[k])}
                    </TableCell>
                  ))}
                  <TableCell>{new Date(w.createdAt).toLocaleDateString()}</TableCell>
                </TableRow>
              ))}
              {q.data && q.data.collection.length === 0 && (
                <TableRow>
                  <TableCell colSpan={10}>
                    <Typography color="text.secondary">{t('global.none')}</Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Box>
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
