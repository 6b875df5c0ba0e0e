/**
 * The data table used by every list and table of the app: sorting, paging labelled "Rows:", an empty state, row
 * clicks and links, and copy cells for users with ListCellCopyIcon_VIEW.
 *
 * Two sources of rows: a server page (`queryKey` + `fetchPage`: sorting, column filters and paging are mapped to the
 * SPEC §3 paging request) or rows already in memory (`rows`: sorted on the client, paged only when `pageSize` is
 * given, otherwise every row is shown).
 */
import { Fragment, useState, type MouseEvent, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
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

/** `data-*` attributes of a row or cell (test ids, values e2e specs read). */
type TDataAttributes = Record<`data-${string}`, string | number | undefined>;

export interface TDataColumn<T> {
  /**
   * A property of the row, which is also the name the server sorts and filters by; `actions` for row actions.
   * Without it (a computed column) give `id`.
   */
  field?: Extract<keyof T, string> | 'actions';
  /** The column's key when it has no `field` (or two columns show the same field). */
  id?: string;
  header: string;
  /** What the header cell shows instead of the plain `header` text (e.g. with a hint). */
  headerContent?: ReactNode;
  sortable?: boolean;
  /** `data-*` attributes of the header's sort button (e.g. its test id). */
  sortLabelAttributes?: TDataAttributes;
  /** The value rows in memory are sorted by (default: the `field` property). */
  sortValue?: (row: T) => string | number | boolean | null | undefined;
  filter?: TColumnFilter;
  /** The cell's content (`index`: the row's place among the rows shown, e.g. for a rank column). */
  render?: (row: T, index: number) => ReactNode;
  /** Text the copy-cell icon copies; enables the icon for users with ListCellCopyIcon_VIEW. */
  copyValue?: (row: T) => string;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Style of the column's body cells. */
  cellSx?: SxProps<Theme>;
  /** Style of the column's header cell. */
  headerSx?: SxProps<Theme>;
  /** `checkbox` for a column of checkboxes or radios (header and body cells). */
  padding?: 'checkbox' | 'none' | 'normal';
  /** `data-*` attributes of the column's body cells. */
  cellAttributes?: (row: T) => TDataAttributes;
  /**
   * How many rows the cell spans (e.g. a group's name beside its rows); 0 leaves it out, under a cell above that
   * spans it. For rows kept in the order given (no sorting on the table).
   */
  rowSpan?: (row: T) => number;
}

interface TServerRows<T> {
  queryKey: readonly unknown[];
  fetchPage: (req: TPagingRequest) => Promise<TPagedResult<T>>;
  rows?: never;
  loading?: never;
  error?: never;
}

interface TMemoryRows<T> {
  /** Rows already loaded (undefined while they load). */
  rows: readonly T[] | undefined;
  loading?: boolean;
  /** The rows could not be loaded: the table shows "Could not load" instead of rows. */
  error?: boolean;
  queryKey?: never;
  fetchPage?: never;
}

export type TDataTableProps<T> = (TServerRows<T> | TMemoryRows<T>) & {
  columns: TDataColumn<T>[];
  /** A row's React key (`index`: its place among the rows shown, for rows without an id). */
  rowKey: (row: T, index: number) => string;
  defaultSort?: TOrderBy;
  pageSize?: number;
  onRowClick?: (row: T) => void;
  /**
   * The page a row opens: the first cell becomes a link to it (open in a new tab, copy the address) and a click
   * anywhere on the row follows it — or calls `onRowClick` when given.
   */
  rowHref?: (row: T) => string;
  /** What an empty table says (default "No rows"). */
  emptyText?: ReactNode;
  operation?: string;
  /**
   * The rows in memory come sorted by the table state's sort (e.g. by the server from a controlled state): the
   * headers show the sort, the rows keep their order.
   */
  presorted?: boolean;
  /** Controlled state (e.g. kept in the URL); without it the table keeps its own. */
  state?: TTableState;
  onStateChange?: (state: TTableState) => void;
  /** A row's data-testid. */
  rowTestId?: (row: T) => string | undefined;
  /** Other `data-*` attributes of a row. */
  rowAttributes?: (row: T) => TDataAttributes;
  /** Rows drawn as selected (e.g. ticked in a checkbox column). */
  rowSelected?: (row: T) => boolean;
  /** Rows highlight under the pointer (default: when they are clickable). */
  hover?: boolean;
  /** What opens under a row, across every column (e.g. the row a click expanded); nothing for null, undefined or false. */
  rowDetail?: (row: T) => ReactNode;
  /** Style of the table element (e.g. dimmed while a new page loads). */
  tableSx?: SxProps<Theme>;
  /** A row's style (e.g. a highlighted row). */
  rowSx?: (row: T) => SxProps<Theme> | undefined;
  /** Cell padding: `small` (default) or `medium`. */
  size?: 'small' | 'medium';
  /** The header stays in view while the body scrolls (default true); give `maxHeight` to scroll inside the table. */
  stickyHeader?: boolean;
  maxHeight?: number | string;
  /** No header row: a list of labels and values (the headers still name the columns in the code). */
  headless?: boolean;
  /** `outlined` (default) draws the table's own border; `plain` sits inside a card that has one. */
  variant?: 'outlined' | 'plain';
  ariaLabel?: string;
  testId?: string;
};

const columnKey = <T,>(c: TDataColumn<T>, i: number) => c.id ?? c.field ?? String(i);

function compareValues(a: unknown, b: unknown): number {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return empty(a) ? (empty(b) ? 0 : 1) : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/** Rows in memory sorted by the column named in `orderBy` (empty values last in both directions). */
export function sortRows<T>(rows: readonly T[], columns: TDataColumn<T>[], orderBy: TOrderBy | undefined): T[] {
  const column = orderBy ? columns.find((c, i) => columnKey(c, i) === orderBy.propertyName) : undefined;
  if (!orderBy || !column) return [...rows];
  const value = (row: T) =>
    column.sortValue ? column.sortValue(row) : column.field && column.field !== 'actions' ? row[column.field] : null;
  const sign = orderBy.direction === 'desc' ? -1 : 1;
  return rows
    .map((row, i) => ({ row, i, v: value(row) }))
    .sort((a, b) => {
      const emptyA = a.v === null || a.v === undefined || a.v === '';
      const emptyB = b.v === null || b.v === undefined || b.v === '';
      if (emptyA !== emptyB) return emptyA ? 1 : -1;
      return sign * compareValues(a.v, b.v) || a.i - b.i;
    })
    .map((x) => x.row);
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

export function DataTable<T>(props: TDataTableProps<T>) {
  const {
    columns,
    rowKey,
    defaultSort,
    pageSize,
    onRowClick,
    rowHref,
    emptyText,
    operation,
    presorted,
    state: controlled,
    onStateChange,
    rowTestId,
    rowAttributes,
    rowSelected,
    rowDetail,
    hover,
    tableSx,
    rowSx,
    size = 'small',
    stickyHeader = true,
    maxHeight,
    headless = false,
    variant = 'outlined',
    ariaLabel,
    testId = 'data-table',
  } = props;
  const { t } = useTranslation('table');
  const navigate = useNavigate();
  const rowClick = onRowClick ?? (rowHref ? (row: T) => void navigate(rowHref(row)) : undefined);
  // A plain click on the row's link is the row's click; with a modifier (new tab or window) the browser follows it.
  const followRowLink = (e: MouseEvent) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button !== 0) e.stopPropagation();
    else e.preventDefault();
  };
  const inMemory = props.fetchPage === undefined;
  // Rows in memory are paged only when a page size is given; otherwise every row shows.
  const paged = !inMemory || pageSize !== undefined;
  const [internal, setInternal] = useState<TTableState>(() =>
    initialTableState(defaultSort, inMemory && !paged ? Number.MAX_SAFE_INTEGER : pageSize),
  );
  const state = controlled ?? internal;
  const setState = (update: (s: TTableState) => TTableState) => {
    if (controlled && onStateChange) onStateChange(update(controlled));
    else setInternal(update);
  };
  const [filterAnchor, setFilterAnchor] = useState<{ el: HTMLElement; field: string } | null>(null);
  const canCopy = useCan(['ListCellCopyIcon_VIEW']);
  const filterable = inMemory
    ? []
    : columns.flatMap((c) => (c.field && c.filter ? [{ field: c.field, filter: c.filter, header: c.header }] : []));
  const request = toPagingRequest(state, filterable);
  const q = useQuery({
    queryKey: [...(props.queryKey ?? ['data-table']), request],
    queryFn: () => props.fetchPage!(request),
    enabled: !inMemory,
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
  const activeFilters = filterable.filter((c) => isFilterActive(c.filter, state.filters[c.field], c.field));
  const editing = filterAnchor ? filterable.find((c) => c.field === filterAnchor.field) : undefined;

  let rows: readonly T[];
  let totalCount: number;
  let fetching: boolean;
  let loading: boolean;
  let failed: boolean;
  if (inMemory) {
    const all = presorted ? [...(props.rows ?? [])] : sortRows(props.rows ?? [], columns, state.orderBy);
    totalCount = all.length;
    const from = (state.pageNumber - 1) * state.pageSize;
    rows = paged ? all.slice(from, from + state.pageSize) : all;
    loading = Boolean(props.loading) || props.rows === undefined;
    fetching = Boolean(props.loading);
    failed = Boolean(props.error) && props.rows === undefined;
  } else {
    rows = q.data?.collection ?? [];
    totalCount = q.data?.totalCount ?? 0;
    loading = q.isLoading;
    fetching = q.isFetching;
    failed = q.isError && !q.data;
  }

  return (
    <Paper
      variant="outlined"
      sx={{
        overflow: 'hidden',
        ...(variant === 'plain' ? { border: 0, borderRadius: 0, bgcolor: 'transparent' } : {}),
      }}
      data-testid={testId}
    >
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
      <Box sx={{ height: 4 }}>{fetching && <LinearProgress />}</Box>
      <TableContainer sx={maxHeight !== undefined ? { maxHeight } : undefined}>
        <Table size={size} stickyHeader={stickyHeader} aria-label={ariaLabel} sx={tableSx}>
          {!headless && (
            <TableHead>
              <TableRow>
                {columns.map((c, i) => {
                  const key = columnKey(c, i);
                  const sorted = state.orderBy?.propertyName === key;
                  const active = Boolean(c.field && isFilterActive(c.filter, state.filters[c.field], c.field));
                  const field = c.field;
                  return (
                    <TableCell
                      key={key}
                      align={c.align}
                      padding={c.padding}
                      sx={[{ width: c.width, fontWeight: 700, whiteSpace: 'nowrap' }, ...sxList(c.headerSx)]}
                      sortDirection={sorted ? state.orderBy!.direction : false}
                    >
                      {c.sortable ? (
                        <TableSortLabel
                          active={sorted}
                          direction={sorted ? state.orderBy!.direction : 'asc'}
                          onClick={() => setState((s) => ({ ...s, orderBy: nextSort(s.orderBy, key), pageNumber: 1 }))}
                          {...c.sortLabelAttributes}
                        >
                          {c.headerContent ?? c.header}
                        </TableSortLabel>
                      ) : (
                        (c.headerContent ?? c.header)
                      )}
                      {!inMemory && field && c.filter && c.filter.kind !== 'unavailable' && (
                        <Tooltip title={t('filterColumn', { column: c.header })}>
                          <IconButton
                            size="small"
                            aria-label={t('filterColumn', { column: c.header })}
                            onClick={(e) => setFilterAnchor({ el: e.currentTarget, field })}
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
          )}
          <TableBody>
            {failed ? (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Alert severity="error">{t('loadFailed')}</Alert>
                </TableCell>
              </TableRow>
            ) : rows.length === 0 && !loading ? (
              <TableRow data-testid="data-table-empty">
                <TableCell colSpan={columns.length} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                  {emptyText ?? t('empty')}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row, index) => {
                const detail = rowDetail?.(row);
                return (
                  <Fragment key={rowKey(row, index)}>
                    <TableRow
                      hover={hover ?? Boolean(rowClick)}
                      selected={rowSelected?.(row)}
                      onClick={rowClick ? () => rowClick(row) : undefined}
                      {...rowAttributes?.(row)}
                      data-testid={rowTestId?.(row)}
                      sx={[{ cursor: rowClick ? 'pointer' : undefined }, ...sxList(rowSx?.(row))]}
                    >
                      {columns.map((c, i) => {
                        const span = c.rowSpan?.(row);
                        if (span === 0) return null;
                        const content = c.render
                          ? c.render(row, index)
                          : !c.field || c.field === 'actions'
                            ? null
                            : String(row[c.field] ?? '');
                        return (
                          <TableCell
                            key={columnKey(c, i)}
                            align={c.align}
                            padding={c.padding}
                            rowSpan={span}
                            sx={c.cellSx}
                            {...c.cellAttributes?.(row)}
                          >
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
                    {detail !== null && detail !== undefined && detail !== false && (
                      <TableRow data-testid="data-table-detail">
                        <TableCell colSpan={columns.length} sx={{ bgcolor: 'action.hover' }}>
                          {detail}
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {paged && (
        <TablePagination
          component="div"
          count={totalCount}
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
      )}
      {!inMemory && (
        <Popover
          open={Boolean(filterAnchor && editing)}
          anchorEl={filterAnchor?.el}
          onClose={() => setFilterAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        >
          {editing && (
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
      )}
    </Paper>
  );
}

const sxList = (sx: SxProps<Theme> | undefined) => (sx === undefined ? [] : Array.isArray(sx) ? sx : [sx]);
