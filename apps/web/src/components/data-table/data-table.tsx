/**
 * Server-paged data table used by every list: sorting, column filters mapped to the SPEC §3 paging request,
 * pagination labelled "Rows:", and copy cells for users with ListCellCopyIcon_VIEW.
 */
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Popover from '@mui/material/Popover';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FilterListRounded from '@mui/icons-material/FilterListRounded';
import type { TOrderBy, TPagedResult, TPagingRequest } from '@sextant/shared/values';
import { useCan } from '../../app/current-user.ts';
import { formatNumber } from '../../app/i18n.ts';
import { CopyCellButton } from './copy-cell.tsx';
import {
  initialTableState,
  isFilterActive,
  nextSort,
  toPagingRequest,
  type TColumnFilter,
  type TFilterValue,
  type TTableState,
} from './paging.ts';

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];

export interface TDataColumn<T> {
  /** A property of the row, which is also the name the server sorts and filters by; `actions` for row actions. */
  field: Extract<keyof T, string> | 'actions';
  header: string;
  sortable?: boolean;
  filter?: TColumnFilter;
  render?: (row: T) => ReactNode;
  /** Text the copy-cell icon copies; enables the icon for users with ListCellCopyIcon_VIEW. */
  copyValue?: (row: T) => string;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
}

export interface TDataTableProps<T> {
  queryKey: readonly unknown[];
  fetchPage: (req: TPagingRequest) => Promise<TPagedResult<T>>;
  columns: TDataColumn<T>[];
  rowKey: (row: T) => string;
  defaultSort?: TOrderBy;
  pageSize?: number;
  onRowClick?: (row: T) => void;
  /**
   * The page a row opens: the first cell becomes a link to it (open in a new tab, copy the address) and a click
   * anywhere on the row follows it — or calls `onRowClick` when given.
   */
  rowHref?: (row: T) => string;
  emptyText?: string;
  operation?: string;
  /** Controlled state (e.g. kept in the URL); without it the table keeps its own. */
  state?: TTableState;
  onStateChange?: (state: TTableState) => void;
}

function FilterEditor({
  filter,
  value,
  onChange,
}: {
  filter: TColumnFilter;
  value: TFilterValue | undefined;
  onChange: (v: TFilterValue | undefined) => void;
}) {
  const { t } = useTranslation('table');
  switch (filter.kind) {
    case 'multiselect': {
      const values = value?.kind === 'multiselect' ? value.values : [];
      return (
        <Stack>
          {filter.options.map((o) => (
            <FormControlLabel
              key={o.value}
              label={o.label}
              control={
                <Checkbox
                  size="small"
                  checked={values.includes(o.value)}
                  onChange={(_, c) =>
                    onChange({
                      kind: 'multiselect',
                      values: c ? [...values, o.value] : values.filter((v) => v !== o.value),
                    })
                  }
                />
              }
            />
          ))}
        </Stack>
      );
    }
    case 'boolean': {
      const v = value?.kind === 'boolean' ? value.value : null;
      return (
        <RadioGroup
          value={v === null ? 'any' : String(v)}
          onChange={(_, s) => onChange({ kind: 'boolean', value: s === 'any' ? null : s === 'true' })}
        >
          <FormControlLabel value="any" control={<Radio size="small" />} label={t('any')} />
          <FormControlLabel value="true" control={<Radio size="small" />} label={filter.trueLabel ?? t('yes')} />
          <FormControlLabel value="false" control={<Radio size="small" />} label={filter.falseLabel ?? t('no')} />
        </RadioGroup>
      );
    }
    case 'number': {
      const v = value?.kind === 'number' ? value : { kind: 'number' as const };
      const num = (s: string) => (s === '' ? null : Number(s));
      return (
        <Stack direction="row" spacing={1}>
          <TextField
            label={t('min')}
            type="number"
            value={v.min ?? ''}
            onChange={(e) => onChange({ ...v, min: num(e.target.value) })}
          />
          <TextField
            label={t('max')}
            type="number"
            value={v.max ?? ''}
            onChange={(e) => onChange({ ...v, max: num(e.target.value) })}
          />
        </Stack>
      );
    }
    case 'date': {
      const v = value?.kind === 'date' ? value : { kind: 'date' as const };
      return (
        <Stack direction="row" spacing={1}>
          <TextField
            label={t('from')}
            type="date"
            value={v.from ?? ''}
            onChange={(e) => onChange({ ...v, from: e.target.value || null })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('to')}
            type="date"
            value={v.to ?? ''}
            onChange={(e) => onChange({ ...v, to: e.target.value || null })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      );
    }
    case 'text':
      return (
        <TextField
          label={t('contains')}
          autoFocus
          value={value?.kind === 'text' ? value.value : ''}
          onChange={(e) => onChange({ kind: 'text', value: e.target.value })}
        />
      );
    case 'unavailable':
      return (
        <Typography variant="body2" color="text.secondary">
          {t('filterUnavailable')}
        </Typography>
      );
  }
}

export function DataTable<T>({
  queryKey,
  fetchPage,
  columns,
  rowKey,
  defaultSort,
  pageSize,
  onRowClick,
  rowHref,
  emptyText,
  operation,
  state: controlled,
  onStateChange,
}: TDataTableProps<T>) {
  const { t } = useTranslation('table');
  const navigate = useNavigate();
  const rowClick = onRowClick ?? (rowHref ? (row: T) => void navigate(rowHref(row)) : undefined);
  // A plain click on the row's link is the row's click; with a modifier (new tab or window) the browser follows it.
  const followRowLink = (e: MouseEvent) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button !== 0) e.stopPropagation();
    else e.preventDefault();
  };
  const [internal, setInternal] = useState<TTableState>(() => initialTableState(defaultSort, pageSize));
  const state = controlled ?? internal;
  const setState = (update: (s: TTableState) => TTableState) => {
    if (controlled && onStateChange) onStateChange(update(controlled));
    else setInternal(update);
  };
  const [filterAnchor, setFilterAnchor] = useState<{ el: HTMLElement; field: string } | null>(null);
  const canCopy = useCan(['ListCellCopyIcon_VIEW']);
  const request = toPagingRequest(state, columns);
  const q = useQuery({
    queryKey: [...queryKey, request],
    queryFn: () => fetchPage(request),
    placeholderData: keepPreviousData,
    meta: { operation: operation ?? 'Loading list' },
  });
  const setFilter = (field: string, v: TFilterValue | undefined) =>
    setState((s) => {
      const filters = { ...s.filters };
      if (v) filters[field] = v;
      else delete filters[field];
      return { ...s, filters, pageNumber: 1 };
    });
  const activeFilters = columns.filter((c) => isFilterActive(c.filter, state.filters[c.field], c.field));
  const editing = filterAnchor ? columns.find((c) => c.field === filterAnchor.field) : undefined;
  const rows = q.data?.collection ?? [];

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="data-table">
      {activeFilters.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ p: 1.5, flexWrap: 'wrap', gap: 1, borderBottom: 1, borderColor: 'divider', alignItems: 'center' }}
        >
          {activeFilters.map((c) => (
            <Chip
              key={c.field}
              size="small"
              label={t('filtered', { column: c.header })}
              onDelete={() => setFilter(c.field, undefined)}
            />
          ))}
          <Button size="small" onClick={() => setState((s) => ({ ...s, filters: {}, pageNumber: 1 }))}>
            {t('clearAll')}
          </Button>
        </Stack>
      )}
      <Box sx={{ height: 4 }}>{q.isFetching && <LinearProgress />}</Box>
      <TableContainer>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              {columns.map((c) => {
                const sorted = state.orderBy?.propertyName === c.field;
                const active = isFilterActive(c.filter, state.filters[c.field], c.field);
                return (
                  <TableCell
                    key={c.field}
                    align={c.align}
                    sx={{ width: c.width, fontWeight: 700, whiteSpace: 'nowrap' }}
                    sortDirection={sorted ? state.orderBy!.direction : false}
                  >
                    {c.sortable ? (
                      <TableSortLabel
                        active={sorted}
                        direction={sorted ? state.orderBy!.direction : 'asc'}
                        onClick={() =>
                          setState((s) => ({ ...s, orderBy: nextSort(s.orderBy, c.field), pageNumber: 1 }))
                        }
                      >
                        {c.header}
                      </TableSortLabel>
                    ) : (
                      c.header
                    )}
                    {c.filter && c.filter.kind !== 'unavailable' && (
                      <Tooltip title={t('filterColumn', { column: c.header })}>
                        <IconButton
                          size="small"
                          aria-label={t('filterColumn', { column: c.header })}
                          onClick={(e) => setFilterAnchor({ el: e.currentTarget, field: c.field })}
                          sx={{ ml: 0.5 }}
                          color={active ? 'primary' : 'default'}
                        >
                          <Badge variant="dot" color="primary" invisible={!active}>
                            <FilterListRounded sx={{ fontSize: 16 }} />
                          </Badge>
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {q.isError && !q.data ? (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Alert severity="error">{t('loadFailed')}</Alert>
                </TableCell>
              </TableRow>
            ) : rows.length === 0 && !q.isLoading ? (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                  {emptyText ?? t('empty')}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow
                  key={rowKey(row)}
                  hover={Boolean(rowClick)}
                  onClick={rowClick ? () => rowClick(row) : undefined}
                  sx={{ cursor: rowClick ? 'pointer' : undefined }}
                >
                  {columns.map((c, i) => {
                    const content = c.render
                      ? c.render(row)
                      : c.field === 'actions'
                        ? null
                        : String(row[c.field] ?? '');
                    return (
                      <TableCell key={c.field} align={c.align}>
                        {rowHref && i === 0 ? (
                          <Link
                            component={RouterLink}
                            to={rowHref(row)}
                            color="inherit"
                            underline="hover"
                            onClick={followRowLink}
                            data-testid="row-link"
                          >
                            {content}
                          </Link>
                        ) : (
                          content
                        )}
                        {canCopy && c.copyValue && <CopyCellButton value={c.copyValue(row)} />}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={q.data?.totalCount ?? 0}
        page={Math.max(0, state.pageNumber - 1)}
        onPageChange={(_, p) => setState((s) => ({ ...s, pageNumber: p + 1 }))}
        rowsPerPage={state.pageSize}
        rowsPerPageOptions={PAGE_SIZE_OPTIONS}
        onRowsPerPageChange={(e) => setState((s) => ({ ...s, pageSize: Number(e.target.value), pageNumber: 1 }))}
        labelRowsPerPage={t('rows')}
        labelDisplayedRows={({ from, to, count }) =>
          count !== -1
            ? t('displayedRows', { from: formatNumber(from), to: formatNumber(to), count: formatNumber(count) })
            : t('displayedRowsMore', { from: formatNumber(from), to: formatNumber(to) })
        }
        getItemAriaLabel={(type) =>
          t(
            type === 'first'
              ? 'firstPage'
              : type === 'last'
                ? 'lastPage'
                : type === 'next'
                  ? 'nextPage'
                  : 'previousPage',
          )
        }
      />
      <Popover
        open={Boolean(filterAnchor && editing)}
        anchorEl={filterAnchor?.el}
        onClose={() => setFilterAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        {editing?.filter && (
          <Box sx={{ p: 2, minWidth: 260 }}>
            <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
              {t('filterTitle', { column: editing.header })}
            </Typography>
            <FilterEditor
              filter={editing.filter}
              value={state.filters[editing.field]}
              onChange={(v) => setFilter(editing.field, v)}
            />
            <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
              <Button size="small" onClick={() => setFilter(editing.field, undefined)}>
                {t('clear')}
              </Button>
              <Button size="small" variant="contained" onClick={() => setFilterAnchor(null)}>
                {t('done')}
              </Button>
            </Stack>
          </Box>
        )}
      </Popover>
    </Paper>
  );
}
