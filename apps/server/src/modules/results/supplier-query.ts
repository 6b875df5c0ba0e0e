/**
 * The SQL of a supplier list page over a run's supplier cache: the columns of a list (the run's, plus a use case's
 * own), filters, search, slicer and order. Only names from the declared column catalogue (SUPPLIER_COLUMNS) reach
 * SQL; every value is a `$n` parameter.
 */
import type { DuckDBValue } from '@duckdb/node-api';
import {
  SLICERS,
  USE_CASE_SUPPLIER_COLUMNS,
  ZSupplierRow,
  parseOrder,
  type TFilterItem,
  type TOrderBy,
  type TSlicer,
  type TSupplierColumnDef,
  type TSupplierResultsQuery,
  type TSupplierRow,
} from '@sextant/shared';
import { badRequest } from '../../lib/errors.ts';
import { ident } from '../../lib/duckdb/index.ts';
import type { RunCache } from './supplier-cache.ts';
import { LOWER_NAME, rankOf } from './supplier-cache-sql.ts';

/** Slicer (SPEC §3) → the supplier column holding its value (as aggregate/results.ts SLICER_COLUMNS). */
const SLICER_FIELDS: Record<Exclude<TSlicer, 'Overall'>, string> = {
  CardAccepting: 'matchStatus',
  VcAccepting: 'vcAccepting',
  DetailLevel: 'detailLevel',
  StpCapable: 'stpCapable',
  CardCapability: 'cardCapability',
};
/** Columns of a list: the run's supplier columns, plus the use case's own when listing a use case. */
export interface ListScope {
  useCaseId?: string;
  /**
   * The caller lacks SuppliersScore_VIEW (SPEC §6 "suppliers score view"): the score columns (level and confidence
   * per score kind) are not in the list, so they are neither returned, filtered, sorted by nor exported.
   */
  withoutScores?: boolean;
}

export interface ColumnSql {
  def: TSupplierColumnDef;
  expr: string;
}

function columnsOf(cache: RunCache, scope: ListScope): Map<string, ColumnSql> {
  const m = new Map<string, ColumnSql>();
  for (const def of cache.columns)
    if (!(scope.withoutScores && def.scored)) m.set(def.field, { def, expr: `s.${ident(def.field)}` });
  if (scope.useCaseId)
    for (const def of USE_CASE_SUPPLIER_COLUMNS) m.set(def.field, { def, expr: `uc.${ident(def.field)}` });
  return m;
}

class Params {
  readonly values: DuckDBValue[] = [];
  add(v: DuckDBValue): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

const ORDERED_OPS = new Set(['GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual']);
const TEXT_OPS = new Set(['Contains', 'StartsWith', 'EndsWith']);
const SQL_OPS: Record<string, string> = {
  Equal: '=',
  NotEqual: 'IS DISTINCT FROM',
  GreaterThan: '>',
  GreaterThanOrEqual: '>=',
  LessThan: '<',
  LessThanOrEqual: '<=',
};

function filterSql(item: TFilterItem, index: number, cols: Map<string, ColumnSql>, p: Params): string | null {
  const base = `filters.${index}`;
  const col = cols.get(item.propertyName);
  if (!col)
    throw badRequest(
      `${base}.propertyName: cannot filter by "${item.propertyName}"; use one of ${[...cols.keys()].join(', ')}`,
      [{ path: `${base}.propertyName`, message: 'unknown column' }],
    );
  const { def, expr } = col;
  const op = item.itemComparisonOperator;
  const opError = (why: string) =>
    badRequest(`${base}.itemComparisonOperator: ${op} ${why} for ${def.field}`, [
      { path: `${base}.itemComparisonOperator`, message: why },
    ]);
  if (TEXT_OPS.has(op) && def.type !== 'string') throw opError(`applies to text columns only, not to a ${def.type}`);
  if (ORDERED_OPS.has(op) && def.type === 'boolean') throw opError('does not apply to a true/false column');
  const raw = item.itemValue;
  const empty = raw === null || raw === undefined || (raw === '' && def.filterKind !== 'multiselect');
  if (empty) {
    if (!item.allowNullValue) return null; // empty filter values are dropped (SPEC §5)
    return op === 'NotEqual' ? `${expr} IS NOT NULL` : `${expr} IS NULL`;
  }
  const valueError = (why: string) =>
    badRequest(`${base}.itemValue: "${String(raw)}" ${why} for ${def.field}`, [
      { path: `${base}.itemValue`, message: why },
    ]);
  let value: DuckDBValue;
  let cast = '';
  switch (def.type) {
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
      if (!Number.isFinite(n)) throw valueError('is not a number');
      value = n;
      cast = '::DOUBLE';
      break;
    }
    case 'boolean':
      if (raw === true || raw === 'true') value = true;
      else if (raw === false || raw === 'false') value = false;
      else throw valueError('is not true or false');
      break;
    case 'date': {
      const s = String(raw);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(Date.parse(s))) throw valueError('is not a date (YYYY-MM-DD)');
      value = s;
      cast = '::DATE';
      break;
    }
    default:
      value = String(raw);
  }
  const ph = `${p.add(value)}${cast}`;
  let cond: string;
  if (op === 'Contains') cond = `contains(lower(${expr}), lower(${ph}))`;
  else if (op === 'StartsWith') cond = `starts_with(lower(${expr}), lower(${ph}))`;
  else if (op === 'EndsWith') cond = `suffix(lower(${expr}), lower(${ph}))`;
  else cond = `${expr} ${SQL_OPS[op]} ${ph}`;
  return item.allowNullValue ? `(${cond} OR ${expr} IS NULL)` : cond;
}

function orderSql(query: TSupplierResultsQuery, cols: Map<string, ColumnSql>): string {
  const parts: string[] = [];
  for (const key of ['orderBy', 'secondaryOrderBy'] as const) {
    const o: TOrderBy | undefined = parseOrder(query[key]);
    if (!o) continue;
    const col = cols.get(o.propertyName);
    if (!col)
      throw badRequest(`${key}: cannot sort by "${o.propertyName}"; use one of ${[...cols.keys()].join(', ')}`, [
        { path: key, message: 'unknown column' },
      ]);
    // rows are numbered by spend descending: that order needs no sort column
    if (parts.length === 0 && o.propertyName === 'spend' && o.direction === 'desc') break;
    const expr =
      col.def.type === 'string' && col.expr.startsWith('s.') ? `s.${ident(rankOf(col.def.field))}` : col.expr;
    parts.push(`${expr} ${o.direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`);
  }
  parts.push('s.rn');
  return parts.join(', ');
}

export interface BuiltQuery {
  from: string;
  where: string;
  order: string;
  params: Params;
  cols: Map<string, ColumnSql>;
}

export function buildQuery(cache: RunCache, query: TSupplierResultsQuery, scope: ListScope): BuiltQuery {
  const cols = columnsOf(cache, scope);
  const p = new Params();
  const conds: string[] = [];
  let from = `${ident(cache.db)}.s s`;
  if (scope.useCaseId) {
    from += ` JOIN ${ident(cache.db)}.uc uc ON uc.rn = s.rn`;
    conds.push(`uc.useCaseId = ${p.add(scope.useCaseId)}`);
  }
  (query.filters ?? []).forEach((item, i) => {
    const c = filterSql(item, i, cols, p);
    if (c) conds.push(c);
  });
  const search = query.search?.trim();
  if (search) conds.push(`contains(s.${ident(LOWER_NAME)}, ${p.add(search.toLowerCase())})`);
  if (query.slicer && query.slicer !== 'Overall') {
    const allowed: readonly string[] = SLICERS[query.slicer];
    if (query.slicerValue === undefined || !allowed.includes(query.slicerValue))
      throw badRequest(
        `slicerValue: "${query.slicerValue ?? ''}" is not a value of slicer ${query.slicer}; use one of ${allowed.map((v) => `"${v}"`).join(', ')}`,
        [{ path: 'slicerValue', message: 'not a value of the slicer' }],
      );
    const field = SLICER_FIELDS[query.slicer];
    if (!cols.has(field)) throw badRequest(`slicer: ${query.slicer} is not available for this job`);
    conds.push(`s.${ident(field)} = ${p.add(query.slicerValue)}`);
  }
  return {
    from,
    where: conds.length ? conds.join(' AND ') : 'TRUE',
    order: orderSql(query, cols),
    params: p,
    cols,
  };
}

/** Fields every row carries (null when the run has no such column, e.g. no prediction on matched-data-only jobs). */
const ROW_FIELDS = Object.keys(ZSupplierRow.shape).filter((k) => k !== 'estimatedRebate');

export const rowOf = (r: Record<string, unknown>): TSupplierRow => {
  const out: Record<string, string | number | boolean | null> = {};
  for (const k of ROW_FIELDS) out[k] = null;
  for (const [k, v] of Object.entries(r)) {
    if (k === 'rn') continue;
    out[k] = v === undefined ? null : (v as string | number | boolean | null);
  }
  return out as TSupplierRow;
};

export function selectList(b: BuiltQuery): string {
  return [...b.cols.values()].map((c) => `${c.expr} AS ${ident(c.def.field)}`).join(', ');
}

/** The row numbers of one page of the list. */
export const pageRnsSql = (b: BuiltQuery, pageSize: number, offset: number) =>
  `SELECT s.rn FROM ${b.from} WHERE ${b.where} ORDER BY ${b.order} LIMIT ${pageSize} OFFSET ${offset}`;

/** The number of suppliers the list selects and their spend. */
export const listTotalSql = (b: BuiltQuery) =>
  `SELECT count(*) AS n, coalesce(sum(s.spend), 0) AS spend FROM ${b.from} WHERE ${b.where}`;

/** The list's columns of the given rows (a use case's list: its id is parameter $1). */
export const rowsByRnSql = (b: BuiltQuery, rns: readonly number[], useCase: boolean) =>
  `SELECT s.rn, ${selectList(b)} FROM ${b.from} WHERE s.rn IN (${rns.map((n) => Number(n)).join(', ')})${useCase ? ' AND uc.useCaseId = $1' : ''}`;

/** Every supplier the list selects (key, id, name, country, spend), in spend order. */
export function selectionSql(b: BuiltQuery): string {
  const col = (field: string, fallback = 'NULL') => (b.cols.has(field) ? `s.${ident(field)}` : fallback);
  return `SELECT s.supplierKey AS k, ${col('sourceSupplierId')} AS id, ${col('supplierName')} AS n, ${col('country')} AS c, ${col('spend', '0')} AS sp
     FROM ${b.from} WHERE ${b.where} ORDER BY s.rn`;
}

/** The whole list in its order (CSV / XLSX export). */
export const exportSql = (b: BuiltQuery) =>
  `SELECT ${selectList(b)} FROM ${b.from} WHERE ${b.where} ORDER BY ${b.order}`;
