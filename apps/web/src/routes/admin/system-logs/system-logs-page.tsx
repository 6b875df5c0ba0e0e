/** /admin/system-logs (SystemLogs_VIEW): the audit log, newest first, filterable by user, issuer, action, target, outcome and date range. */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
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
import type { TAuditLogEntry, TFilterItem } from '@sextant/shared';
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

const columns: TDataColumn<TAuditLogEntry>[] = [
  { field: 'at', header: 'When', sortable: true, render: (r) => formatDateTime(r.at), width: 170 },
  { field: 'username', header: 'User', sortable: true, render: (r) => r.username ?? '—' },
  {
    field: 'action',
    header: 'Action',
    sortable: true,
    render: (r) => (
      <Box component="code" sx={{ fontSize: 13 }}>
        {r.action}
      </Box>
    ),
  },
  {
    field: 'targetType',
    header: 'Target',
    sortable: true,
    render: (r) =>
      r.targetType
        ? `${r.targetType}${r.targetId ? ` ${r.targetId.length > 40 ? `${r.targetId.slice(0, 40)}…` : r.targetId}` : ''}`
        : '—',
  },
  { field: 'issuerName', header: 'Issuer', sortable: true, render: (r) => r.issuerName ?? '—' },
  {
    field: 'outcome',
    header: 'Outcome',
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
          label="User contains"
          value={filters.username}
          onChange={(e) => set('username', e.target.value)}
          sx={{ minWidth: 160, flex: 1 }}
        />
        <Autocomplete
          size="small"
          options={issuerOptions}
          value={issuerOptions.find((o) => o.value === filters.issuerId) ?? null}
          onChange={(_, v) => set('issuerId', v?.value ?? null)}
          renderInput={(p) => <TextField {...p} label="Issuer" />}
          sx={{ minWidth: 180, flex: 1 }}
        />
        {pick('action', 'Action', facets?.actions ?? [])}
        {pick('targetType', 'Target type', facets?.targetTypes ?? [])}
        <TextField
          size="small"
          label="Target id"
          value={filters.targetId}
          onChange={(e) => set('targetId', e.target.value)}
          sx={{ minWidth: 160, flex: 1 }}
        />
        {pick('outcome', 'Outcome', facets?.outcomes ?? [])}
        <TextField
          size="small"
          type="date"
          label="From"
          value={filters.from}
          onChange={(e) => set('from', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth={false}
          sx={{ width: 170 }}
        />
        <TextField
          size="small"
          type="date"
          label="To"
          value={filters.to}
          onChange={(e) => set('to', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth={false}
          sx={{ width: 170 }}
        />
        {extra.length > 0 && <Button onClick={() => setFilters(EMPTY)}>Clear</Button>}
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
        emptyText="No audit entries match."
        operation="Loading audit log"
      />
      {facets && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          Entries are kept for {facets.retentionDays} days
          {facets.oldestAt ? `; the oldest is from ${formatDateTime(facets.oldestAt)}` : ''}.
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
                <Field label="When">{formatDateTime(open.at)}</Field>
                <Field label="User">{open.username}</Field>
                <Field label="Outcome">{open.outcome}</Field>
                <Field label="Target type">{open.targetType}</Field>
                <Field label="Target id">{open.targetId}</Field>
                <Field label="Issuer">{open.issuerName ?? open.issuerId}</Field>
                <Field label="Address">{open.ip}</Field>
                <Field label="Entry">{`#${open.id}`}</Field>
              </FieldGrid>
              <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
                Details
              </Typography>
              <Box
                component="pre"
                sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 13 }}
                data-testid="audit-details"
              >
                {open.details ? JSON.stringify(open.details, null, 2) : 'No details'}
              </Box>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(null)}>Close</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
