/** /endpoint-comparison/jobs: jobs with their runs; pick one to compare two of its runs. */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { comparisonJobsQuery } from '../../../api/devops.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';

const completedRuns = <R extends { status: string }>(j: { runs: R[] }) =>
  j.runs.filter((r) => r.status === 'Completed');

export function Component() {
  const { t } = useTranslation('devops');
  const q = useQuery(comparisonJobsQuery());
  const [filter, setFilter] = useState('');
  const jobs = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (q.data ?? []).filter(
      (j) => !f || `${j.name} ${j.issuerName} ${j.buyerName ?? ''}`.toLowerCase().includes(f),
    );
  }, [q.data, filter]);
  return (
    <Stack spacing={2} data-testid="comparison-jobs">
      <Typography variant="body2" color="text.secondary">
        {t('comparison.jobsIntro')}
      </Typography>
      <Card variant="outlined">
        <Box sx={{ p: 1.5 }}>
          <TextField
            size="small"
            placeholder={t('maintenance.filter')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            slotProps={{ htmlInput: { 'aria-label': t('maintenance.filter') } }}
            sx={{ minWidth: 260 }}
          />
        </Box>
        <DataTable
          rows={q.data ? jobs : undefined}
          loading={q.isLoading}
          error={q.isError}
          variant="plain"
          rowKey={(j) => j.id}
          emptyText={t('maintenance.empty')}
          columns={[
            {
              field: 'name',
              header: t('maintenance.columns.job'),
              render: (j) => (
                <>
                  <Link
                    component={RouterLink}
                    to={`/endpoint-comparison/jobs/${j.id}`}
                    underline="hover"
                    sx={{ fontWeight: 600 }}
                  >
                    {j.name}
                  </Link>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {[j.issuerName, j.buyerName].filter(Boolean).join(' · ')}
                  </Typography>
                </>
              ),
            },
            {
              id: 'completed',
              header: t('comparison.completedRuns'),
              align: 'right',
              render: (j) => {
                const completed = completedRuns(j);
                return (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={completed.length >= 2 ? 'success' : 'default'}
                    label={completed.length}
                  />
                );
              },
            },
            {
              id: 'latest',
              header: t('comparison.latestRun'),
              render: (j) => {
                const latest = completedRuns(j)[0];
                return latest ? `#${latest.runNumber} · ${formatDateTime(latest.completedAt)}` : '—';
              },
            },
            {
              id: 'rulesets',
              header: t('comparison.rulesets'),
              render: (j) => {
                const latest = completedRuns(j)[0];
                return latest?.scoringRulesetVersion
                  ? `v${latest.scoringRulesetVersion} / v${latest.confidenceRulesetVersion}`
                  : '—';
              },
            },
          ]}
        />
      </Card>
    </Stack>
  );
}
