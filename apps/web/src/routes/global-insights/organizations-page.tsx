/**
 * /global-insights/organizations (GlobalInsightsView): issuers and buyers of the user's jobs with their figures,
 * sortable by any column, each drilling into its jobs' insights.
 */
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  GLOBAL_ORGANIZATION_SORTS,
  type TGlobalOrganizationKind,
  type TGlobalOrganizationSort,
} from '@sextant/shared/values';
import { globalOrganizationsQuery } from '../../api/vendors.ts';
import { formatAmount, formatCount, formatPercent } from '../../lib/format.ts';
import { ResultsError } from '../jobs/insights/results-error.tsx';
import { GlobalHeader, useLoadingRedirect } from './global-nav.tsx';

const NUMERIC: TGlobalOrganizationSort[] = [
  'jobs',
  'suppliers',
  'spend',
  'matchedSpendShare',
  'cardCapableSpend',
  'estimatedRebate',
];

export function Component() {
  const { t } = useTranslation('global-insights');
  const [params, setParams] = useSearchParams();
  const rawSort = params.get('sort') as TGlobalOrganizationSort | null;
  const sort: TGlobalOrganizationSort = rawSort && GLOBAL_ORGANIZATION_SORTS.includes(rawSort) ? rawSort : 'spend';
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const rawKind = params.get('kind');
  const kind: TGlobalOrganizationKind | null = rawKind === 'issuer' || rawKind === 'buyer' ? rawKind : null;
  const q = useQuery(globalOrganizationsQuery(kind, sort, order));
  const building = useLoadingRedirect(q.error);
  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes))
          if (v === null) n.delete(k);
          else n.set(k, v);
        return n;
      },
      { replace: true },
    );
  const sortBy = (col: TGlobalOrganizationSort) =>
    setParam({ sort: col, order: sort === col ? (order === 'asc' ? 'desc' : 'asc') : col === 'name' ? 'asc' : 'desc' });
  const head = (col: TGlobalOrganizationSort) => (
    <TableCell key={col} align={NUMERIC.includes(col) ? 'right' : 'left'} sortDirection={sort === col ? order : false}>
      <TableSortLabel
        active={sort === col}
        direction={sort === col ? order : 'asc'}
        onClick={() => sortBy(col)}
        data-testid={`org-sort-${col}`}
      >
        {t(`orgs.${col}`)}
      </TableSortLabel>
    </TableCell>
  );
  const cur = q.data?.currency ?? '';
  return (
    <Stack spacing={2.5} data-testid="global-organizations-page">
      <GlobalHeader>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={kind ?? 'all'}
          onChange={(_, v: string | null) => v && setParam({ kind: v === 'all' ? null : v })}
        >
          <ToggleButton value="all" data-testid="org-kind-all">
            {t('orgs.all')}
          </ToggleButton>
          <ToggleButton value="issuer" data-testid="org-kind-issuer">
            {t('orgs.issuers')}
          </ToggleButton>
          <ToggleButton value="buyer" data-testid="org-kind-buyer">
            {t('orgs.buyers')}
          </ToggleButton>
        </ToggleButtonGroup>
      </GlobalHeader>
      {q.isError && !building ? (
        <ResultsError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table
            size="small"
            data-testid="org-table"
            sx={{ opacity: q.isPlaceholderData ? 0.6 : 1, '& td[class*="alignRight"]': { whiteSpace: 'nowrap' } }}
          >
            <TableHead>
              <TableRow>
                {head('name')}
                <TableCell>{t('orgs.kind')}</TableCell>
                {NUMERIC.map(head)}
              </TableRow>
            </TableHead>
            <TableBody>
              {q.data.rows.map((o) => (
                <TableRow key={`${o.kind}:${o.id}`} hover data-testid="org-row" data-kind={o.kind} data-spend={o.spend}>
                  <TableCell sx={{ fontWeight: 600 }}>
                    {o.name}
                    {o.issuerName && (
                      <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                        {' · '}
                        {o.issuerName}
                      </Box>
                    )}
                    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.25 }}>
                      {o.jobs.slice(0, 6).map((j) => (
                        <Link
                          key={j.jobId}
                          component={RouterLink}
                          to={`/jobs/${j.jobId}/insights`}
                          variant="caption"
                          underline="hover"
                          data-testid="org-job-link"
                        >
                          {j.jobName}
                        </Link>
                      ))}
                      {o.jobs.length > 6 && (
                        <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
                          {t('orgs.moreJobs', { count: o.jobs.length - 6 })}
                        </Box>
                      )}
                    </Box>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" label={t(`orgs.kind_${o.kind}`)} />
                  </TableCell>
                  <TableCell align="right">{formatCount(o.jobs.length)}</TableCell>
                  <TableCell align="right">{formatCount(o.suppliers)}</TableCell>
                  <TableCell align="right">{formatAmount(o.spend, cur)}</TableCell>
                  <TableCell align="right">{formatPercent(o.matchedSpendShare)}</TableCell>
                  <TableCell align="right">{formatAmount(o.cardCapableSpend, cur)}</TableCell>
                  <TableCell align="right">{formatAmount(o.estimatedRebate, cur)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
