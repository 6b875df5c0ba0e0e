/**
 * The server-paged supplier table of a job or of a use case: every catalogue column with its column filter
 * (multiselect, boolean, number, date), search by name, the slicer, sorting, the filtered totals (suppliers,
 * spend) and CSV/XLSX export of every filtered row. Its state lives in the URL query so links and Back work.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchRounded from '@mui/icons-material/SearchRounded';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  DEFAULT_PAGE_SIZE,
  JOB_TABS_BY_KEY,
  SLICERS,
  SLICER_LABELS,
  SLICER_NAMES,
  type TPagingRequest,
  type TSlicer,
  type TSupplierColumn,
  type TSupplierListParams,
  type TSupplierPage,
  type TSupplierRow,
} from '@sextant/shared/values';
import { USE_CASE_SUPPLIER_COLUMNS, formatOrder, parseOrder } from '@sextant/shared/results-suppliers';
import { DataTable, type TDataColumn } from '../../../components/data-table/data-table.tsx';
import {
  toPagingRequest,
  type TColumnFilter,
  type TFilterValue,
  type TTableState,
} from '../../../components/data-table/paging.ts';
import { useCan } from '../../../app/current-user.ts';
import { formatAmount, formatCount } from '../../../lib/format.ts';
import {
  exportHref,
  fetchSupplierPage,
  supplierColumnsQuery,
  supplierKeys,
  supplierListUrl,
  type TSupplierList,
} from './api.ts';
import { ValueChip } from './value-chip.tsx';
import { ResultsError } from './results-error.tsx';
import { NS } from './i18n.ts';

const isSlicer = (s: string | null): s is TSlicer => !!s && (SLICER_NAMES as string[]).includes(s);

interface TUrlState {
  table: TTableState;
  search: string;
  slicer: TSlicer;
  slicerValue: string;
}

function readUrl(p: URLSearchParams): TUrlState {
  let filters: Record<string, TFilterValue> = {};
  try {
    const f = p.get('f');
    if (f) filters = JSON.parse(f) as Record<string, TFilterValue>;
  } catch {
    filters = {};
  }
  const rawSlicer = p.get('slicer');
  const slicer = isSlicer(rawSlicer) ? rawSlicer : 'Overall';
  const values = SLICERS[slicer] as readonly string[];
  const v = p.get('slicerValue');
  const size = Number(p.get('pageSize'));
  return {
    table: {
      pageNumber: Math.max(1, Number(p.get('page')) || 1),
      pageSize: [10, 25, 50, 100].includes(size) ? size : DEFAULT_PAGE_SIZE,
      orderBy: parseOrder(p.get('sort') ?? undefined) ?? { propertyName: 'spend', direction: 'desc' },
      secondaryOrderBy: parseOrder(p.get('sort2') ?? undefined),
      filters,
    },
    search: p.get('q') ?? '',
    slicer,
    slicerValue: v !== null && values.includes(v) ? v : values[0]!,
  };
}

function writeUrl(s: TUrlState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.table.pageNumber > 1) p.set('page', String(s.table.pageNumber));
  if (s.table.pageSize !== DEFAULT_PAGE_SIZE) p.set('pageSize', String(s.table.pageSize));
  const sort = formatOrder(s.table.orderBy);
  if (sort && sort !== 'spend:desc') p.set('sort', sort);
  const sort2 = formatOrder(s.table.secondaryOrderBy);
  if (sort2) p.set('sort2', sort2);
  if (Object.keys(s.table.filters).length) p.set('f', JSON.stringify(s.table.filters));
  if (s.search.trim()) p.set('q', s.search.trim());
  if (s.slicer !== 'Overall') {
    p.set('slicer', s.slicer);
    p.set('slicerValue', s.slicerValue);
  }
  return p;
}

function filterOf(c: TSupplierColumn, blank: string): TColumnFilter | undefined {
  switch (c.filterKind) {
    case 'multiselect':
      return { kind: 'multiselect', options: (c.values ?? []).map((v) => ({ value: v, label: v === '' ? blank : v })) };
    case 'boolean':
      return { kind: 'boolean' };
    case 'number':
      return { kind: 'number' };
    case 'date':
      return { kind: 'date' };
    default:
      return undefined;
  }
}

export interface TSupplierTableProps {
  jobId: string;
  /** The list (the job's suppliers or a use case's). */
  list: TSupplierList;
  /** Page of a supplier (row link). */
  supplierHref: (row: TSupplierRow) => string;
  /** A use case list adds the use case's own columns (estimated rebate). */
  useCase?: boolean;
}

/** The campaign create page with this table's selection (filters, search, slicer). */
const campaignHref = (jobId: string, p: TSupplierListParams) => {
  const q = new URLSearchParams();
  if (p.filterItems?.length) q.set('filters', JSON.stringify(p.filterItems));
  if (p.search?.trim()) q.set('search', p.search.trim());
  if (p.slicer && p.slicer !== 'Overall') {
    q.set('slicer', p.slicer);
    if (p.slicerValue) q.set('slicerValue', p.slicerValue);
  }
  return `/jobs/${encodeURIComponent(jobId)}/campaign-workflows/new/create?${q.toString()}`;
};

export function SupplierTable({ jobId, list, supplierHref, useCase }: TSupplierTableProps) {
  const url = supplierListUrl(list);
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const urlState = useMemo(() => readUrl(params), [params]);
  const [search, setSearch] = useState(urlState.search);
  const [totals, setTotals] = useState<Pick<TSupplierPage, 'totalCount' | 'totalSpend' | 'currency'> | null>(null);
  const columnsQ = useQuery(supplierColumnsQuery(jobId));
  const canCreateCampaign = useCan([...JOB_TABS_BY_KEY['campaign-workflows'].permissions, 'Campaign_Create']);
  const set = (next: Partial<TUrlState>, replace = false) => setParams(writeUrl({ ...urlState, ...next }), { replace });

  // search applies 300 ms after typing stops
  useEffect(() => {
    if (search.trim() === urlState.search.trim()) return;
    const id = setTimeout(() => set({ search, table: { ...urlState.table, pageNumber: 1 } }, true), 300);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restarts on typing only; a URL change resets `search` below
  }, [search]);
  useEffect(() => setSearch(urlState.search), [urlState.search]);

  const catalogue = columnsQ.data;
  const currency = catalogue?.currency ?? '';
  const columns = useMemo<TDataColumn<TSupplierRow>[]>(() => {
    if (!catalogue) return [];
    const blank = t('blank');
    const shown = [
      ...catalogue.columns.filter((c) => c.inTable),
      ...(useCase
        ? USE_CASE_SUPPLIER_COLUMNS.map((c) => ({
            field: c.field,
            label: c.label,
            type: c.type,
            filterKind: c.filterKind,
            amount: Boolean(c.amount),
            inTable: true,
          }))
        : []),
    ];
    return shown.map((c): TDataColumn<TSupplierRow> => {
      const header = t(`columns.${c.field}`, { defaultValue: c.label });
      const base = { field: c.field, header, sortable: true, filter: filterOf(c, blank) };
      if (c.field === 'supplierName')
        return {
          ...base,
          render: (row) => (
            <Link
              component={RouterLink}
              to={supplierHref(row)}
              onClick={(e) => e.stopPropagation()}
              sx={{ fontWeight: 600, display: 'inline-block', minWidth: 220 }}
              data-testid="supplier-link"
            >
              {row.supplierName || row.supplierKey}
            </Link>
          ),
          copyValue: (row) => row.supplierName ?? '',
        };
      if (c.type === 'number')
        return {
          ...base,
          align: 'right',
          render: (row) => {
            const v = row[c.field] as number | null;
            return (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {c.amount ? formatAmount(v, currency) : formatCount(v)}
              </Box>
            );
          },
        };
      if (c.type === 'boolean')
        return { ...base, render: (row) => (row[c.field] === null ? '—' : row[c.field] ? t('yes') : t('no')) };
      if (c.filterKind === 'multiselect' && c.field !== 'country')
        return { ...base, render: (row) => <ValueChip field={c.field} value={row[c.field] as string | null} /> };
      return {
        ...base,
        render: (row) => (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {row[c.field] === null || row[c.field] === '' ? '—' : String(row[c.field])}
          </Box>
        ),
      };
    });
  }, [catalogue, currency, useCase, supplierHref, t]);

  const listParams = (req: TPagingRequest): TSupplierListParams => ({
    pageNumber: req.pageNumber,
    pageSize: req.pageSize,
    orderBy: req.orderBy,
    secondaryOrderBy: req.secondaryOrderBy,
    filterItems: req.filters?.filterItems ?? [],
    search: urlState.search,
    slicer: urlState.slicer,
    slicerValue: urlState.slicerValue,
  });
  // a stale link may name a column this job does not have: fall back to the default order
  const known = (o: TUrlState['table']['orderBy']) =>
    o && columns.some((c) => c.field === o.propertyName) ? o : undefined;
  const table: TTableState = {
    ...urlState.table,
    orderBy: known(urlState.table.orderBy) ?? { propertyName: 'spend', direction: 'desc' },
    secondaryOrderBy: known(urlState.table.secondaryOrderBy),
  };
  const request = toPagingRequest(table, columns);
  const slicerValues = SLICERS[urlState.slicer] as readonly string[];

  if (columnsQ.isError) return <ResultsError error={columnsQ.error} onRetry={() => void columnsQ.refetch()} />;
  if (!catalogue)
    return (
      <Stack spacing={2} data-testid="suppliers-loading">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={420} />
      </Stack>
    );

  return (
    <Stack spacing={2} data-testid="supplier-table">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" useFlexGap spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={t('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            fullWidth={false}
            sx={{ width: { xs: '100%', sm: 280 } }}
            slotProps={{
              htmlInput: { 'data-testid': 'supplier-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            size="small"
            label={t('slicer')}
            value={urlState.slicer}
            onChange={(e) => {
              const slicer = e.target.value as TSlicer;
              set({ slicer, slicerValue: SLICERS[slicer][0] as string, table: { ...urlState.table, pageNumber: 1 } });
            }}
            fullWidth={false}
            sx={{ width: 190 }}
            slotProps={{ htmlInput: { 'data-testid': 'supplier-slicer' } }}
          >
            {SLICER_NAMES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`slicers.${s}`, { defaultValue: SLICER_LABELS[s] })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('slicerValue')}
            value={urlState.slicerValue}
            disabled={slicerValues.length < 2}
            onChange={(e) => set({ slicerValue: e.target.value, table: { ...urlState.table, pageNumber: 1 } })}
            fullWidth={false}
            sx={{ width: 160 }}
            slotProps={{
              htmlInput: { 'data-testid': 'supplier-slicer-value' },
              select: { displayEmpty: true, renderValue: (v) => (v === '' ? t('blank') : String(v)) },
            }}
          >
            {slicerValues.map((v) => (
              <MenuItem key={v || 'blank'} value={v}>
                {v === '' ? t('blank') : v}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flex: 1 }} />
          <Stack direction="row" spacing={1}>
            {canCreateCampaign && !useCase && (
              <Button
                size="small"
                variant="outlined"
                component={RouterLink}
                to={campaignHref(jobId, listParams(request))}
                data-testid="create-campaign"
              >
                {t('createCampaign')}
              </Button>
            )}
            {(['csv', 'xlsx'] as const).map((format) => (
              <Button
                key={format}
                size="small"
                variant="outlined"
                startIcon={<FileDownloadOutlined />}
                href={exportHref(url, listParams(request), format)}
                data-testid={`export-${format}`}
              >
                {t(`export.${format}`)}
              </Button>
            ))}
          </Stack>
        </Stack>
        <Stack direction="row" spacing={3} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }} data-testid="supplier-totals">
          <Typography variant="body2" color="text.secondary">
            {t('totals.suppliers')}{' '}
            <Typography component="span" variant="subtitle1" color="text.primary" data-testid="total-suppliers">
              {totals ? formatCount(totals.totalCount) : '…'}
            </Typography>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('totals.spend')}{' '}
            <Typography component="span" variant="subtitle1" color="text.primary" data-testid="total-spend">
              {totals ? formatAmount(totals.totalSpend, totals.currency) : '…'}
            </Typography>
          </Typography>
          {(urlState.slicer !== 'Overall' || urlState.search || Object.keys(urlState.table.filters).length > 0) && (
            <Chip size="small" label={t('totals.filtered')} color="primary" variant="outlined" />
          )}
        </Stack>
      </Paper>
      <DataTable<TSupplierRow>
        queryKey={[...supplierKeys.list(url), urlState.search, urlState.slicer, urlState.slicerValue]}
        fetchPage={async (req) => {
          const page = await fetchSupplierPage(list, listParams(req));
          setTotals({ totalCount: page.totalCount, totalSpend: page.totalSpend, currency: page.currency });
          return page;
        }}
        columns={columns}
        rowKey={(r) => r.supplierKey}
        onRowClick={(r) => void navigate(supplierHref(r))}
        state={table}
        onStateChange={(table) => set({ table })}
        emptyText={t('empty')}
        operation="Loading suppliers"
      />
    </Stack>
  );
}
