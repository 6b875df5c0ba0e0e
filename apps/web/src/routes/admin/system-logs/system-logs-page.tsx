/** /admin/system-logs (SystemLogs_VIEW): the audit log, newest first, filterable by user, issuer, action, target, outcome and date range. */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TAuditLogEntry, TFilterItem } from '@sextant/shared/values';
import { auditFacetsQuery, auditLogKeys, fetchAuditLog } from '../../../api/audit-logs.ts';
import { issuerOptionsQuery } from '../../../api/issuers.ts';
import { DataTable, type TDataColumn } from '../../../components/data-table/data-table.tsx';
import { Field, FieldGrid, formatDateTime } from '../admin-ui.tsx';

const OUTCOME_COLOR = { success: 'success', failure: 'warning', denied: 'error' } as const;

interface TFilters {
  username: string;
  issuerId: string | null;
  action: string | null;
  targetType: string | null;
  targetId: string;
  outcome: string | null;
  from: string;
  to: string;
}
const EMPTY: TFilters = {
  username: '',
  issuerId: null,
  action: null,
  targetType: null,
  targetId: '',
  outcome: null,
  from: '',
  to: '',
};

/** The date range is inclusive of whole days in the browser's time zone. */
export function auditFilterItems(f: TFilters): TFilterItem[] {
  const items: TFilterItem[] = [];
  const eq = (propertyName: string, itemValue: string) =>
    items.push({ propertyName, itemComparisonOperator: 'Equal', itemValue });
  if (f.username.trim())
    items.push({ propertyName: 'username', itemComparisonOperator: 'Contains', itemValue: f.username.trim() });
  if (f.issuerId) eq('issuerId', f.issuerId);
  if (f.action) eq('action', f.action);
  if (f.targetType) eq('targetType', f.targetType);
  if (f.targetId.trim()) eq('targetId', f.targetId.trim());
  if (f.outcome) eq('outcome', f.outcome);
  if (f.from)
    items.push({
      propertyName: 'at',
      itemComparisonOperator: 'GreaterThanOrEqual',
      itemValue: new Date(`${f.from}T00:00:00`).toISOString(),
    });
  if (f.to)
    items.push({
      propertyName: 'at',
      itemComparisonOperator: 'LessThanOrEqual',
      itemValue: new Date(`${f.to}T23:59:59.999`).toISOString(),
    });
  return items;
}

const auditColumns = (t: TFunction): TDataColumn<TAuditLogEntry>[] => [
  {
    field: 'at',
    header: t('systemLogs.columns.when'),
    sortable: true,
    render: (r) => formatDateTime(r.at),
    width: 170,
  },
  { field: 'username', header: t('systemLogs.columns.user'), sortable: true, render: (r) => r.username ?? '—' },
  {
    field: 'action',
    header: t('systemLogs.columns.action'),
    sortable: true,
    render: (r) => (
      <Box component="code" sx={{ fontSize: 13 }}>
        {r.action}
      </Box>
    ),
  },
  {
    field: 'targetType',
    header: t('systemLogs.columns.target'),
    sortable: true,
    render: (r) =>
      r.targetType
        ? `${r.targetType}${r.targetId ? ` ${r.targetId.length > 40 ? `${r.targetId.slice(0, 40)}…` : r.targetId}` : ''}`
        : '—',
  },
  { field: 'issuerName', header: t('systemLogs.columns.issuer'), sortable: true, render: (r) => r.issuerName ?? '—' },
  {
    field: 'outcome',
    header: t('systemLogs.columns.outcome'),
    sortable: true,
    render: (r) => (
      <Chip
        size="small"
        variant="outlined"
        label={r.outcome}
        color={OUTCOME_COLOR[r.outcome as keyof typeof OUTCOME_COLOR] ?? 'default'}
      />
    ),
  },
];

export function Component() {
  const { t } = useTranslation('admin');
  const columns = useMemo(() => auditColumns(t), [t]);
  const [filters, setFilters] = useState<TFilters>(EMPTY);
  const [open, setOpen] = useState<TAuditLogEntry | null>(null);
  const facets = useQuery(auditFacetsQuery()).data;
  const issuers = useQuery(issuerOptionsQuery()).data ?? [];
  const extra = useMemo(() => auditFilterItems(filters), [filters]);
  const set = <K extends keyof TFilters>(k: K, v: TFilters[K]) => setFilters((f) => ({ ...f, [k]: v }));
  const issuerOptions = issuers.map((i) => ({ value: i.id, label: i.name }));
  const pick = (k: 'action' | 'targetType' | 'outcome', label: string, options: string[]) => (
    <Autocomplete
      size="small"
      options={options}
      value={filters[k]}
      onChange={(_, v) => set(k, v)}
      renderInput={(p) => <TextField {...p} label={label} />}
      sx={{ minWidth: 180, flex: 1 }}
    />
  );
  return (
    <>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', mb: 2 }} data-testid="audit-filters">
        <TextField
          size="small"
          label={t('systemLogs.filters.user')}
          value={filters.username}
          onChange={(e) => set('username', e.target.value)}
          sx={{ minWidth: 160, flex: 1 }}
        />
        <Autocomplete
          size="small"
          options={issuerOptions}
          value={issuerOptions.find((o) => o.value === filters.issuerId) ?? null}
          onChange={(_, v) => set('issuerId', v?.value ?? null)}
          renderInput={(p) => <TextField {...p} label={t('systemLogs.filters.issuer')} />}
          sx={{ minWidth: 180, flex: 1 }}
        />
        {pick('action', t('systemLogs.filters.action'), facets?.actions ?? [])}
        {pick('targetType', t('systemLogs.filters.targetType'), facets?.targetTypes ?? [])}
        <TextField
          size="small"
          label={t('systemLogs.filters.targetId')}
          value={filters.targetId}
          onChange={(e) => set('targetId', e.target.value)}
          sx={{ minWidth: 160, flex: 1 }}
        />
        {pick('outcome', t('systemLogs.filters.outcome'), facets?.outcomes ?? [])}
        <TextField
          size="small"
          type="date"
          label={t('systemLogs.filters.from')}
          value={filters.from}
          onChange={(e) => set('from', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth={false}
          sx={{ width: 170 }}
        />
        <TextField
          size="small"
          type="date"
          label={t('systemLogs.filters.to')}
          value={filters.to}
          onChange={(e) => set('to', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth={false}
          sx={{ width: 170 }}
        />
        {extra.length > 0 && <Button onClick={() => setFilters(EMPTY)}>{t('common.clear')}</Button>}
      </Stack>
      <DataTable
        key={JSON.stringify(extra)}
        queryKey={[...auditLogKeys.lists(), extra]}
        fetchPage={(req) =>
          fetchAuditLog({ ...req, filters: { filterItems: [...(req.filters?.filterItems ?? []), ...extra] } })
        }
        columns={columns}
        rowKey={(r) => String(r.id)}
        defaultSort={{ propertyName: 'at', direction: 'desc' }}
        pageSize={50}
        onRowClick={setOpen}
        emptyText={t('systemLogs.empty')}
        operation="Loading audit log"
      />
      {facets && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {facets.oldestAt
            ? t('systemLogs.retentionOldest', { count: facets.retentionDays, date: formatDateTime(facets.oldestAt) })
            : t('systemLogs.retention', { count: facets.retentionDays })}
        </Typography>
      )}
      <Dialog open={Boolean(open)} onClose={() => setOpen(null)} maxWidth="md" fullWidth>
        {open && (
          <>
            <DialogTitle>
              <Box component="code">{open.action}</Box>
            </DialogTitle>
            <DialogContent dividers>
              <FieldGrid>
                <Field label={t('systemLogs.fields.when')}>{formatDateTime(open.at)}</Field>
                <Field label={t('systemLogs.fields.user')}>{open.username}</Field>
                <Field label={t('systemLogs.fields.outcome')}>{open.outcome}</Field>
                <Field label={t('systemLogs.fields.targetType')}>{open.targetType}</Field>
                <Field label={t('systemLogs.fields.targetId')}>{open.targetId}</Field>
                <Field label={t('systemLogs.fields.issuer')}>{open.issuerName ?? open.issuerId}</Field>
                <Field label={t('systemLogs.fields.address')}>{open.ip}</Field>
                <Field label={t('systemLogs.fields.entry')}>{`#${open.id}`}</Field>
              </FieldGrid>
              <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
                {t('systemLogs.details')}
              </Typography>
              <Box
                component="pre"
                sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 13 }}
                data-testid="audit-details"
              >
                {open.details ? JSON.stringify(open.details, null, 2) : t('systemLogs.noDetails')}
              </Box>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(null)}>{t('common.close')}</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
