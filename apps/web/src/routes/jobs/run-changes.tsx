/**
 * The Details tab's "What changed" section: the latest completed run against the one before it
 * (GET /api/v1/jobs/{jobId}/changes) — counts per kind of change (each a filter), the suppliers that changed with
 * before → after and the reason, paged, and the CSV/XLSX download. Before a re-run it says so; without the
 * permission to see the job's supplier results (403) the section is not shown. Score-level changes come only to a
 * user with SuppliersScore_VIEW (the server leaves them and their counts out for anyone else).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import { RUN_CHANGE_KINDS, type TJobDetails, type TRunChangeKind } from '@sextant/shared/values';
import { runChangesDownloadUrl, runChangesQuery } from '../../api/jobs.ts';
import { isApiError } from '../../api/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';

const PAGE_SIZE = 10;

export function RunChanges({ job }: { job: TJobDetails }) {
  const { t } = useTranslation('jobs');
  const [kind, setKind] = useState<TRunChangeKind | undefined>();
  const [page, setPage] = useState(0);
  const completed = job.runs.filter((r) => r.status === 'Completed').length;
  const q = useQuery({
    ...runChangesQuery(job.id, { pageNumber: page + 1, pageSize: PAGE_SIZE, kind }, job.resultRunId),
    enabled: completed > 0,
  });
  if (completed === 0) return null;
  if (q.error && isApiError(q.error) && q.error.status === 403) return null;
  const n = (x: number) => x.toLocaleString(currentLanguage());
  const d = q.data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="run-changes">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 1.5 }}
      >
        <Box>
          <Typography variant="h6" component="h3">
            {d
              ? t('details.changes.title', { now: d.runNumber, before: d.previousRunNumber })
              : t('details.changes.heading')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('details.changes.help')}
          </Typography>
        </Box>
        {d && (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Button
              size="small"
              variant="outlined"
              startIcon={<DownloadRounded />}
              href={runChangesDownloadUrl(job.id, 'csv', kind)}
              download
              data-testid="changes-download-csv"
            >
              CSV
            </Button>
            <Button
              size="small"
              variant="outlined"
              startIcon={<DownloadRounded />}
              href={runChangesDownloadUrl(job.id, 'xlsx', kind)}
              download
              data-testid="changes-download-xlsx"
            >
              XLSX
            </Button>
          </Stack>
        )}
      </Stack>
      {q.error && (
        <Alert
          severity={isApiError(q.error) && q.error.status === 404 ? 'info' : 'error'}
          data-testid="changes-message"
        >
          {q.error.message}
        </Alert>
      )}
      {d && (
        <>
          <Typography variant="body1" sx={{ mb: 1 }} data-testid="changes-total">
            {d.totals.suppliersChanged === 0
              ? t('details.changes.nothing')
              : t('details.changes.total', {
                  n: n(d.totals.suppliersChanged),
                  up: n(d.totals.confidenceUp),
                  down: n(d.totals.confidenceDown),
                })}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
            {RUN_CHANGE_KINDS.filter((k) => (d.totals[k] ?? 0) > 0 || k === kind).map((k) => (
              <Chip
                key={k}
                label={`${t(`details.changes.kinds.${k}`)}: ${n(d.totals[k] ?? 0)}`}
                color={k === kind ? 'primary' : 'default'}
                variant={k === kind ? 'filled' : 'outlined'}
                onClick={() => {
                  setKind(k === kind ? undefined : k);
                  setPage(0);
                }}
                data-testid={`changes-kind-${k}`}
              />
            ))}
          </Stack>
          {d.suppliers.totalCount > 0 && (
            <Box>
              <DataTable
                rows={d.suppliers.collection.flatMap((s) => s.changes.map((c, i) => ({ s, c, i })))}
                testId="changes-table"
                variant="plain"
                stickyHeader={false}
                ariaLabel={t('details.changes.heading')}
                rowKey={({ s, i }) => `${s.supplierKey}-${i}`}
                rowTestId={() => 'changes-row'}
                columns={[
                  {
                    id: 'supplier',
                    header: t('details.changes.supplier'),
                    rowSpan: ({ s, i }) => (i === 0 ? s.changes.length : 0),
                    cellSx: { fontWeight: 600, verticalAlign: 'top' },
                    render: ({ s }) => s.supplierName ?? s.supplierKey,
                  },
                  {
                    id: 'change',
                    header: t('details.changes.change'),
                    cellSx: { whiteSpace: 'nowrap' },
                    render: ({ c }) =>
                      `${t(`details.changes.kinds.${c.kind}`)}${c.kind === 'scoreLevelChanged' ? ` · ${c.field}` : ''}`,
                  },
                  {
                    id: 'beforeAfter',
                    header: t('details.changes.beforeAfter'),
                    cellSx: { whiteSpace: 'nowrap' },
                    render: ({ c }) => `${c.before ?? '—'} → ${c.after ?? '—'}`,
                  },
                  {
                    id: 'reason',
                    header: t('details.changes.reason'),
                    cellSx: { color: 'text.secondary' },
                    render: ({ c }) => c.reason ?? '—',
                  },
                ]}
              />
              <TablePagination
                component="div"
                count={d.suppliers.totalCount}
                page={page}
                rowsPerPage={PAGE_SIZE}
                rowsPerPageOptions={[PAGE_SIZE]}
                onPageChange={(_, p) => setPage(p)}
              />
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}
