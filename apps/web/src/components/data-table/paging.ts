/**
 * Column filters of the server-paged table (kinds multiselect, boolean, number, date, unavailable, plus text)
 * mapped to the paging request of SPEC §3. The server ANDs filter items, so a multiselect of several values
 * becomes NotEqual items for the values left out.
 */
import { DEFAULT_PAGE_SIZE, type TFilterItem, type TOrderBy, type TPagingRequest } from '@sextant/shared/values';

export type TColumnFilter =
  | { kind: 'multiselect'; options: { value: string; label: string }[] }
  | { kind: 'boolean'; trueLabel?: string; falseLabel?: string }
  | { kind: 'number' }
  | { kind: 'date' }
  | { kind: 'text' }
  | { kind: 'unavailable' };

export type TFilterValue =
  | { kind: 'multiselect'; values: string[] }
  | { kind: 'boolean'; value: boolean | null }
  | { kind: 'number'; min?: number | null; max?: number | null }
  | { kind: 'date'; from?: string | null; to?: string | null }
  | { kind: 'text'; value: string };

export interface TTableState {
  pageNumber: number;
  pageSize: number;
  orderBy?: TOrderBy;
  secondaryOrderBy?: TOrderBy;
  filters: Record<string, TFilterValue>;
}

export const initialTableState = (orderBy?: TOrderBy, pageSize = DEFAULT_PAGE_SIZE): TTableState => ({
  pageNumber: 1,
  pageSize,
  orderBy,
  filters: {},
});

export function filterItemsFor(
  propertyName: string,
  filter: TColumnFilter,
  value: TFilterValue | undefined,
): TFilterItem[] {
  if (!value || filter.kind === 'unavailable' || filter.kind !== value.kind) return [];
  switch (value.kind) {
    case 'multiselect': {
      if (filter.kind !== 'multiselect') return [];
      const all = filter.options.map((o) => o.value);
      const chosen = value.values.filter((v) => all.includes(v));
      if (chosen.length === 0 || chosen.length === all.length) return [];
      if (chosen.length === 1) return [{ propertyName, itemComparisonOperator: 'Equal', itemValue: chosen[0]! }];
      return all
        .filter((v) => !chosen.includes(v))
        .map((v) => ({ propertyName, itemComparisonOperator: 'NotEqual' as const, itemValue: v }));
    }
    case 'boolean':
      return value.value === null ? [] : [{ propertyName, itemComparisonOperator: 'Equal', itemValue: value.value }];
    case 'number': {
      const out: TFilterItem[] = [];
      if (value.min !== null && value.min !== undefined && Number.isFinite(value.min))
        out.push({ propertyName, itemComparisonOperator: 'GreaterThanOrEqual', itemValue: value.min });
      if (value.max !== null && value.max !== undefined && Number.isFinite(value.max))
        out.push({ propertyName, itemComparisonOperator: 'LessThanOrEqual', itemValue: value.max });
      return out;
    }
    case 'date': {
      const out: TFilterItem[] = [];
      if (value.from) out.push({ propertyName, itemComparisonOperator: 'GreaterThanOrEqual', itemValue: value.from });
      if (value.to) out.push({ propertyName, itemComparisonOperator: 'LessThanOrEqual', itemValue: value.to });
      return out;
    }
    case 'text':
      return value.value.trim()
        ? [{ propertyName, itemComparisonOperator: 'Contains', itemValue: value.value.trim() }]
        : [];
  }
}

export function toPagingRequest(
  state: TTableState,
  columns: { field?: string; filter?: TColumnFilter }[],
): TPagingRequest {
  const filterItems = columns.flatMap((c) =>
    c.field && c.filter ? filterItemsFor(c.field, c.filter, state.filters[c.field]) : [],
  );
  return {
    pageNumber: state.pageNumber,
    pageSize: state.pageSize,
    ...(state.orderBy ? { orderBy: state.orderBy } : {}),
    ...(state.secondaryOrderBy ? { secondaryOrderBy: state.secondaryOrderBy } : {}),
    filters: { filterItems },
  };
}

export function isFilterActive(
  filter: TColumnFilter | undefined,
  value: TFilterValue | undefined,
  field = 'x',
): boolean {
  return Boolean(filter && filterItemsFor(field, filter, value).length > 0);
}

/** Clicking a sortable header: asc → desc → asc on the same column, a new column starts asc. */
export function nextSort(current: TOrderBy | undefined, field: string): TOrderBy {
  if (current?.propertyName === field)
    return { propertyName: field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { propertyName: field, direction: 'asc' };
}
