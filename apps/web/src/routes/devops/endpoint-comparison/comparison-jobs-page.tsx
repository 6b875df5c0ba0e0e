/** /endpoint-comparison/jobs: jobs with their runs; pick one to compare two of its runs. */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { comparisonJobsQuery } from '../../../api/devops.ts';
import { formatDateTime } from '../../admin/admin-ui.tsx';

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
        {q.isLoading && <LinearProgress />}
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('maintenance.columns.job')}</TableCell>
                <TableCell align="right">{t('comparison.completedRuns')}</TableCell>
                <TableCell>{t('comparison.latestRun')}</TableCell>
                <TableCell>{t('comparison.rulesets')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {jobs.map((j) => {
                const completed = j.runs.filter((r) => r.status === 'Completed');
                const latest = completed[0];
                return (
                  <TableRow key={j.id} hover>
                    <TableCell>
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
                    </TableCell>
                    <TableCell align="right">
                      <Chip
                        size="small"
                        variant="outlined"
                        color={completed.length >= 2 ? 'success' : 'default'}
                        label={completed.length}
                      />
                    </TableCell>
                    <TableCell>
                      {latest ? `#${latest.runNumber} · ${formatDateTime(latest.completedAt)}` : '—'}
                    </TableCell>
                    <TableCell>
                      {latest?.scoringRulesetVersion
                        ? `v${latest.scoringRulesetVersion} / v${latest.confidenceRulesetVersion}`
                        : '—'}
                    </TableCell>
                  </TableRow>
                );
              })}
              {q.data && !jobs.length && (
                <TableRow>
                  <TableCell colSpan={4}>
                    <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                      {t('maintenance.empty')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </Stack>
  );
}
