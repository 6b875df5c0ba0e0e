/**
 * Server side of the paging request (SPEC §3): filters with every comparison operator, ordering and page
 * slicing over a whitelist of columns. Unknown properties or values of the wrong type are a 400 naming the field.
 */
import { and, asc, desc, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  pagedResult,
  type TFilterItem,
  type TOrderBy,
  type TPagedResult,
  type TPagingRequestParsed,
} from '@sextant/shared';
import type { DbOrTx } from '@sextant/db';
import { badRequest } from './errors.ts';

export type ColumnKind = 'string' | 'number' | 'boolean' | 'date' | 'uuid' | 'stringArray';
export interface PagingColumn {
  column: AnyColumn | SQL;
  kind: ColumnKind;
}
export type PagingColumns = Record<string, PagingColumn>;
/** A list's columns, one for each of its shared property names (`satisfies` it: no name missing, none extra). */
export type PagingColumnsOf<P extends string> = Record<P, PagingColumn>;

/**
 * The column definition of a client-named property, own properties only: a plain lookup would answer `constructor`,
 * `__proto__` or `toString` with what every object inherits (a 500 instead of a 400).
 */
export function pagingColumn(columns: PagingColumns, propertyName: string): PagingColumn | undefined {
  return Object.hasOwn(columns, propertyName) ? columns[propertyName] : undefined;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function coerce(item: TFilterItem, kind: ColumnKind, index: number): string | number | boolean | Date {
  const v = item.itemValue;
  const path = `filters.filterItems.${index}.itemValue`;
  switch (kind) {
    case 'number': {
      const n = typeof v === 'number' ? v : Number(v);
      if (v === '' || v === null || v === undefined || !Number.isFinite(n))
        throw badRequest(`${path}: "${String(v)}" is not a number for ${item.propertyName}`, [
          { path, message: 'must be a number' },
        ]);
      return n;
    }
    case 'boolean': {
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 'false') return v === 'true';
      throw badRequest(`${path}: must be true or false for ${item.propertyName}`, [
        { path, message: 'must be true or false' },
      ]);
    }
    case 'date': {
      const d = new Date(String(v));
      if (Number.isNaN(d.getTime()))
        throw badRequest(`${path}: "${String(v)}" is not a date for ${item.propertyName}`, [
          { path, message: 'must be an ISO date' },
        ]);
      return d;
    }
    case 'uuid': {
      const s = String(v ?? '');
      if (!/^[0-9a-f-]{36}$/i.test(s))
        throw badRequest(`${path}: "${s}" is not an id for ${item.propertyName}`, [{ path, message: 'must be an id' }]);
      return s;
    }
    default:
      return String(v ?? '');
  }
}

/** Builds the WHERE condition for the filter items (all must hold). */
export function filterCondition(items: readonly TFilterItem[], columns: PagingColumns): SQL | undefined {
  const parts: SQL[] = [];
  items.forEach((item, index) => {
    const def = pagingColumn(columns, item.propertyName);
    if (!def) {
      const path = `filters.filterItems.${index}.propertyName`;
      throw badRequest(
        `${path}: cannot filter by "${item.propertyName}"; use one of ${Object.keys(columns).join(', ')}`,
        [{ path, message: 'unknown property' }],
      );
    }
    const col = def.column;
    if (item.itemValue === null || item.itemValue === undefined || item.itemValue === '') {
      // Empty values are dropped (SPEC §5) unless the caller asks for null matches.
      if (item.allowNullValue)
        parts.push(item.itemComparisonOperator === 'NotEqual' ? sql`${col} is not null` : sql`${col} is null`);
      return;
    }
    if (def.kind === 'stringArray') {
      const v = String(item.itemValue);
      const cond = item.itemComparisonOperator === 'NotEqual' ? sql`not (${v} = any(${col}))` : sql`${v} = any(${col})`;
      parts.push(cond);
      return;
    }
    const raw = coerce(item, def.kind, index);
    const value = raw instanceof Date ? sql`${raw.toISOString()}::timestamptz` : raw;
    const ci = def.kind === 'string';
    let cond: SQL | undefined;
    switch (item.itemComparisonOperator) {
      case 'Equal':
        cond = ci ? sql`lower(${col}) = lower(${value})` : sql`${col} = ${value}`;
        break;
      case 'NotEqual':
        cond = ci ? sql`lower(${col}) <> lower(${value})` : sql`${col} <> ${value}`;
        break;
      case 'GreaterThan':
        cond = sql`${col} > ${value}`;
        break;
      case 'GreaterThanOrEqual':
        cond = sql`${col} >= ${value}`;
        break;
      case 'LessThan':
        cond = sql`${col} < ${value}`;
        break;
      case 'LessThanOrEqual':
        cond = sql`${col} <= ${value}`;
        break;
      case 'Contains':
        cond = ilike(sql`${col}::text`, `%${escapeLike(String(raw))}%`);
        break;
      case 'StartsWith':
        cond = ilike(sql`${col}::text`, `${escapeLike(String(raw))}%`);
        break;
      case 'EndsWith':
        cond = ilike(sql`${col}::text`, `%${escapeLike(String(raw))}`);
        break;
    }
    if (item.allowNullValue) cond = or(cond, sql`${col} is null`);
    if (cond) parts.push(cond);
  });
  return parts.length ? and(...parts) : undefined;
}

export function orderClauses(
  req: { orderBy?: TOrderBy; secondaryOrderBy?: TOrderBy },
  columns: PagingColumns,
  fallback: TOrderBy,
): SQL[] {
  const out: SQL[] = [];
  for (const [key, o] of [
    ['orderBy', req.orderBy ?? fallback],
    ['secondaryOrderBy', req.secondaryOrderBy],
  ] as const) {
    if (!o) continue;
    const def = pagingColumn(columns, o.propertyName);
    if (!def)
      throw badRequest(
        `${key}.propertyName: cannot sort by "${o.propertyName}"; use one of ${Object.keys(columns).join(', ')}`,
        [{ path: `${key}.propertyName`, message: 'unknown property' }],
      );
    out.push(o.direction === 'desc' ? desc(def.column) : asc(def.column));
  }
  return out;
}

/**
 * Runs a paged query: `base` is a select with its joins (without where/order/limit); `extraWhere` adds record
 * rules (tenant scoping). Returns the paged result with rows mapped by `map`.
 */
export async function runPaged<TRow, TOut>(opts: {
  db: DbOrTx;
  request: TPagingRequestParsed;
  columns: PagingColumns;
  defaultOrder: TOrderBy;
  base: () => PgSelect;
  countFrom: () => PgSelect;
  extraWhere?: SQL;
  map: (row: TRow) => TOut;
}): Promise<TPagedResult<TOut>> {
  const where = and(opts.extraWhere, filterCondition(opts.request.filters.filterItems, opts.columns));
  const order = orderClauses(opts.request, opts.columns, opts.defaultOrder);
  const { pageNumber, pageSize } = opts.request;
  const rows = (await opts
    .base()
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize)) as TRow[];
  const [total] = (await opts.countFrom().where(where)) as { value: number }[];
  return pagedResult(rows.map(opts.map), Number(total?.value ?? 0), pageNumber, pageSize);
}
