/** The workflow page's supplier table: search and filters, seek paging, bulk status changes of the selection. */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ENROLMENT_STATUSES, type TEnrolmentStatus } from '@sextant/shared/values';
import { bulkStatus, campaignKeys, workflowSuppliersQuery, type TWorkflowSupplierParams } from '../../api/campaigns.ts';
import { notify } from '../../components/notifications/notification-store.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { formatAmount, formatPercent } from '../../lib/format.ts';
import { FilterSelect, NS, StatusChip, type TWorkflowPartProps } from './parts.tsx';
import { useSearchParam } from '../../lib/use-debounced.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';

export function Suppliers({ jobId, d, canEdit, onChange }: TWorkflowPartProps) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [params, setParamsRaw] = useState<TWorkflowSupplierParams>({
    pageNumber: 1,
    pageSize: 25,
    orderBy: 'spend:desc',
  });
  // Any change but "next page" drops the seek cursor (the server then pages by number).
  const setParams = (f: (p: TWorkflowSupplierParams) => TWorkflowSupplierParams) =>
    setParamsRaw((p) => ({ ...f(p), after: undefined }));
  const [search, setSearch] = useSearchParam(setParams);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [target, setTarget] = useState<TEnrolmentStatus | ''>('');
  const q = useQuery({ ...workflowSuppliersQuery(jobId, d.id, params), placeholderData: keepPreviousData });
  const bulk = useMutation({
    mutationFn: () => bulkStatus(jobId, d.id, { supplierKeys: [...selected], status: target as TEnrolmentStatus }),
    meta: { silent: true }, // shown above the table
    onSuccess: (r) => {
      notify('success', t('suppliers.bulkDone', { count: r.updated }));
      setSelected(new Set());
      onChange();
      void qc.invalidateQueries({ queryKey: campaignKeys.suppliers(jobId, d.id) });
    },
  });
  const rows = q.data?.collection ?? [];
  type TRow = (typeof rows)[number];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.supplierKey));
  const toggle = (key: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(key)) n.delete(key);
      else n.add(key);
      return n;
    });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('suppliers.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 1 }}>
        <TextField
          size="small"
          label={t('suppliers.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <FilterSelect
          label={t('suppliers.status')}
          value={params.status}
          options={ENROLMENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(status) => setParams((p) => ({ ...p, pageNumber: 1, status }))}
        />
        <FilterSelect
          label={t('suppliers.wave')}
          value={params.campaignId}
          options={[
            { value: 'none', label: t('suppliers.noWave') },
            ...d.campaigns.map((c) => ({ value: c.id, label: c.name })),
          ]}
          onChange={(campaignId) => setParams((p) => ({ ...p, pageNumber: 1, campaignId }))}
          minWidth={180}
        />
        {canEdit && (
          <Stack direction="row" spacing={1} sx={{ ml: { md: 'auto !important' } }}>
            <TextField
              size="small"
              select
              label={t('suppliers.setStatus')}
              value={target}
              onChange={(e) => setTarget(e.target.value as TEnrolmentStatus)}
              sx={{ minWidth: 150 }}
              data-testid="bulk-status"
            >
              {ENROLMENT_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`status.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            <PendingButton
              variant="contained"
              size="small"
              pending={bulk.isPending}
              disabled={!target || selected.size === 0}
              onClick={() => bulk.mutate()}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {t('suppliers.apply', { count: selected.size })}
            </PendingButton>
          </Stack>
        )}
      </Stack>
      {bulk.error && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => bulk.reset()}>
          {bulk.error.message}
        </Alert>
      )}
      {q.isError && <Alert severity="error">{q.error.message}</Alert>}
      {q.data?.prediction && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="conversion-source">
          {q.data.prediction.source === 'learned'
            ? t('suppliers.predictionLearned', {
                count: q.data.prediction.outcomes,
                succeeded: q.data.prediction.succeeded,
              })
            : t('suppliers.predictionPrior', {
                count: q.data.prediction.outcomes,
                min: q.data.prediction.minOutcomes,
              })}
        </Typography>
      )}
      <DataTable
        rows={q.data?.collection}
        loading={q.isFetching}
        testId="workflow-suppliers"
        variant="plain"
        stickyHeader={false}
        hover
        rowKey={(r) => r.supplierKey}
        rowSelected={(r) => selected.has(r.supplierKey)}
        columns={[
          ...(canEdit
            ? [
                {
                  id: 'select',
                  header: t('suppliers.selectPage'),
                  padding: 'checkbox' as const,
                  headerContent: (
                    <Checkbox
                      checked={allOnPage}
                      onChange={() =>
                        setSelected((s) => {
                          const n = new Set(s);
                          for (const r of rows)
                            if (allOnPage) n.delete(r.supplierKey);
                            else n.add(r.supplierKey);
                          return n;
                        })
                      }
                      inputProps={{ 'aria-label': t('suppliers.selectPage') }}
                    />
                  ),
                  render: (r: TRow) => (
                    <Checkbox
                      checked={selected.has(r.supplierKey)}
                      onChange={() => toggle(r.supplierKey)}
                      inputProps={{ 'aria-label': r.supplierName }}
                    />
                  ),
                },
              ]
            : []),
          {
            field: 'supplierName',
            header: t('suppliers.supplier'),
            render: (r) => (
              <>
                <Link
                  component={RouterLink}
                  to={`/jobs/${encodeURIComponent(jobId)}/campaign-workflows/${encodeURIComponent(d.id)}/suppliers/${encodeURIComponent(r.supplierKey)}`}
                >
                  {r.supplierName}
                </Link>
                {r.missing && <Chip size="small" color="warning" label={t('suppliers.missing')} sx={{ ml: 1 }} />}
              </>
            ),
          },
          { field: 'country', header: t('suppliers.country'), render: (r) => r.country ?? '—' },
          {
            field: 'spend',
            header: t('suppliers.spend'),
            align: 'right',
            cellSx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
            render: (r) => formatAmount(r.spend, d.currency),
          },
          {
            id: 'predictedConversion',
            header: t('suppliers.predictedConversion'),
            align: 'right',
            cellSx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
            cellAttributes: (r) => ({ 'data-testid': `predicted-${r.supplierKey}` }),
            render: (r) => (
              <Tooltip
                title={t('suppliers.expectedValue', {
                  value: formatAmount(r.expectedValue, d.currency),
                  routeValue: formatAmount(r.routeValue, d.currency),
                })}
              >
                <span>{formatPercent(r.predictedConversion * 100)}</span>
              </Tooltip>
            ),
          },
          { field: 'status', header: t('suppliers.status'), render: (r) => <StatusChip status={r.status} /> },
          { field: 'campaignName', header: t('suppliers.wave'), render: (r) => r.campaignName ?? '—' },
          { field: 'contactEmail', header: t('suppliers.contact'), render: (r) => r.contactEmail ?? '—' },
        ]}
      />
      <TablePagination
        component="div"
        count={q.data?.totalCount ?? 0}
        page={params.pageNumber - 1}
        rowsPerPage={params.pageSize}
        rowsPerPageOptions={[25, 50, 100]}
        onPageChange={(_, p) => {
          const next = q.data?.nextCursor;
          // the next page seeks from this page's last row (as fast 1,000 pages deep as on page 2)
          if (p + 1 === params.pageNumber + 1 && next) setParamsRaw((x) => ({ ...x, pageNumber: p + 1, after: next }));
          else setParams((x) => ({ ...x, pageNumber: p + 1 }));
        }}
        onRowsPerPageChange={(e) => setParams((x) => ({ ...x, pageNumber: 1, pageSize: Number(e.target.value) }))}
      />
    </Paper>
  );
}
