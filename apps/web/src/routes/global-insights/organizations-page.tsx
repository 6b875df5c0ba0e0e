/**
 * /global-insights/organizations (GlobalInsightsView): issuers and buyers of the user's jobs with their figures,
 * sortable by any column, each drilling into its jobs' insights.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
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
import { DataTable, type TDataColumn } from '../../components/data-table/data-table.tsx';
import { initialTableState } from '../../components/data-table/paging.ts';

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
  type TRow = NonNullable<typeof q.data>['rows'][number];
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
  /** A column the server sorts by (the sort is kept in the URL). */
  const sortColumn = (col: TGlobalOrganizationSort, render: (o: TRow) => ReactNode): TDataColumn<TRow> => ({
    id: col,
    header: t(`orgs.${col}`),
    align: NUMERIC.includes(col) ? 'right' : 'left',
    sortable: true,
    sortLabelAttributes: { 'data-testid': `org-sort-${col}` },
    render,
  });
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
        <DataTable
          rows={q.data.rows}
          presorted
          testId="org-table"
          stickyHeader={false}
          hover
          tableSx={{ opacity: q.isPlaceholderData ? 0.6 : 1, '& td[class*="alignRight"]': { whiteSpace: 'nowrap' } }}
          state={{ ...initialTableState(), orderBy: { propertyName: sort, direction: order } }}
          onStateChange={(s) => {
            const col = GLOBAL_ORGANIZATION_SORTS.find((c) => c === s.orderBy?.propertyName);
            if (col) sortBy(col);
          }}
          rowKey={(o) => `${o.kind}:${o.id}`}
          rowTestId={() => 'org-row'}
          rowAttributes={(o) => ({ 'data-kind': o.kind, 'data-spend': o.spend })}
          columns={[
            {
              ...sortColumn('name', (o) => (
                <>
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
                </>
              )),
              cellSx: { fontWeight: 600 },
            },
            {
              id: 'kind',
              header: t('orgs.kind'),
              render: (o) => <Chip size="small" variant="outlined" label={t(`orgs.kind_${o.kind}`)} />,
            },
            sortColumn('jobs', (o) => formatCount(o.jobs.length)),
            sortColumn('suppliers', (o) => formatCount(o.suppliers)),
            sortColumn('spend', (o) => formatAmount(o.spend, cur)),
            sortColumn('matchedSpendShare', (o) => formatPercent(o.matchedSpendShare)),
            sortColumn('cardCapableSpend', (o) => formatAmount(o.cardCapableSpend, cur)),
            sortColumn('estimatedRebate', (o) => formatAmount(o.estimatedRebate, cur)),
          ]}
        />
      )}
    </Stack>
  );
}
