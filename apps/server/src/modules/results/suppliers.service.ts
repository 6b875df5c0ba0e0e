/**
 * Supplier results: the server-paged supplier list of a job and of a use case (filters, search, slicer,
 * sort, filtered totals, CSV/XLSX export) and one supplier's detail (match evidence, matched merchant, scores with
 * the rule that produced them, industry codes, documents, use cases).
 *
 * Speed: on the first request for a run, the list columns of suppliers.parquet are copied once into a per-run
 * DuckDB file (DATA_DIR/cache/results/<runId>.duckdb, compressed on disk, ordered by spend) attached read-only to
 * the shared results DuckDB, with the use-case membership and each multiselect column's distinct values. A page
 * is then two narrow queries — the page's row numbers (filter + sort + limit, reading only those columns) and
 * the count/spend total with the same filter — followed by one lookup of the page's rows by row number.
 *
 * Only names from the declared column catalogue (SUPPLIER_COLUMNS) reach SQL; every value is a `$n` parameter.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { DuckDBValue } from '@duckdb/node-api';
import { defaultMatchRuleset } from '@sextant/analysis';
import { ruleDescriptions } from '../rulesets/rulesets.service.ts';
import {
  INDUSTRY_CLASSIFICATIONS,
  SCORE_KINDS,
  SLICERS,
  SUPPLIER_COLUMNS,
  USE_CASE_SUPPLIER_COLUMNS,
  ZSupplierRow,
  pagedResult,
  parseOrder,
  type TFilterItem,
  type TOrderBy,
  type TSlicer,
  type TSupplierColumnDef,
  type TSupplierColumns,
  type TSupplierDetail,
  type TSupplierPage,
  type TSupplierResultsQuery,
  type TSupplierRow,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { csvSafe } from '../jobs/downloads.ts';
import { supplierCampaigns } from '../campaigns/campaigns.repo.ts';
import { dropSupplierDetail, supplierDetailRows, warmSupplierDetail } from './supplier-detail.ts';
import { NETWORK_SEED } from '../jobs/jobs.commands.ts';
import {
  ident,
  lit,
  openResultsForPipeline,
  resultsDuck,
  singleFlight,
  withConnection,
  type JobResults,
} from './results.store.ts';

/** Slicer (SPEC §3) → the supplier column holding its value (as aggregate/results.ts SLICER_COLUMNS). */
const SLICER_FIELDS: Record<Exclude<TSlicer, 'Overall'>, string> = {
  CardAccepting: 'matchStatus',
  VcAccepting: 'vcAccepting',
  DetailLevel: 'detailLevel',
  StpCapable: 'stpCapable',
  CardCapability: 'cardCapability',
};

interface RunCache {
  /** Attached database alias. */
  db: string;
  /** Catalogue columns present in this run. */
  columns: TSupplierColumnDef[];
  values: Map<string, string[]>;
  currency: string;
}

const caches = new Map<string, Promise<RunCache>>();
/** Format version of the cache files (bump when their tables change). */
const CACHE_SUFFIX = '.v4.duckdb';
const rankOf = (field: string) => `${field}__rank`;
const LOWER_NAME = 'supplierName__lower';

async function buildCache(ctx: AppContext, res: JobResults): Promise<RunCache> {
  const dir = path.join(ctx.config.dataDir, 'cache', 'results');
  const file = path.join(dir, `${res.jobId}.${res.runId}${CACHE_SUFFIX}`);
  const db = `sup_${res.runId.replace(/[^a-zA-Z0-9]/g, '')}`;
  const suppliers = res.table('suppliers');
  const described = await res.all<{ column_name: string }>(`DESCRIBE SELECT * FROM ${suppliers}`);
  const present = new Set(described.map((c) => c.column_name));
  const columns = SUPPLIER_COLUMNS.filter((c) => present.has(c.field));
  await withConnection(async (conn) => {
    const attached = await conn.runAndReadAll(`SELECT 1 FROM duckdb_databases() WHERE database_name = ${lit(db)}`);
    if (attached.getRows().length > 0) return;
    if (!existsSync(file)) {
      await mkdir(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      const tmpDb = `${db}_build`;
      try {
        await conn.run(`ATTACH ${lit(tmp)} AS ${ident(tmpDb)}`);
        const multiExpr = (c: TSupplierColumnDef) => `coalesce(CAST(${ident(c.field)} AS VARCHAR), '')`;
        const multi = columns.filter((c) => c.filterKind === 'multiselect');
        // distinct values of the multiselect columns (filter options, and their sort ranks below)
        await conn.run(
          `CREATE TABLE ${ident(tmpDb)}.vals AS ${
            multi.length
              ? multi
                  .map(
                    (c) =>
                      `SELECT ${lit(c.field)} AS field, ${multiExpr(c)} AS value, count(*) AS n FROM ${suppliers} GROUP BY ALL`,
                  )
                  .join(' UNION ALL ')
              : `SELECT '' AS field, '' AS value, 0 AS n WHERE false`
          }`,
        );
        const distinct = new Map<string, string[]>();
        const rows = await conn.runAndReadAll(`SELECT field, value FROM ${ident(tmpDb)}.vals ORDER BY field, value`);
        for (const [field, value] of rows.getRows() as [string, string][])
          (distinct.get(field) ?? distinct.set(field, []).get(field)!).push(value);
        const select = columns
          .map((c) => (c.filterKind === 'multiselect' ? `${multiExpr(c)} AS ${ident(c.field)}` : ident(c.field)))
          .join(', ');
        // Text columns also get their sort rank (an integer sorts a page far faster than a string): a multiselect
        // column's rank is its value's position among its few sorted distinct values (no sort needed); the row
        // number (spend order) and the other text columns' ranks come from windows over a narrow projection
        // (sorting wide rows is what makes a build slow), joined back by supplier key. The supplier name also
        // gets its lower-case form for search.
        const strings = columns.filter((c) => c.type === 'string');
        const listRanks = strings
          .filter((c) => c.filterKind === 'multiselect')
          .map(
            (c) =>
              `CAST(list_position([${(distinct.get(c.field) ?? []).map(lit).join(', ')}]::VARCHAR[], b.${ident(c.field)}) AS INTEGER) AS ${ident(rankOf(c.field))}`,
          );
        const windowed = strings.filter((c) => c.filterKind !== 'multiselect');
        const windowRanks = windowed.map(
          (c) =>
            `CASE WHEN ${ident(c.field)} IS NULL THEN NULL ELSE CAST(dense_rank() OVER (ORDER BY ${ident(c.field)}) AS INTEGER) END AS ${ident(rankOf(c.field))}`,
        );
        const narrow = [...new Set(['supplierKey', 'spend', ...windowed.map((c) => c.field)])].map(ident).join(', ');
        await conn.run(
          `CREATE TABLE ${ident(tmpDb)}.s AS
           WITH b AS (SELECT ${select} FROM ${suppliers}),
           r AS (SELECT supplierKey, CAST(row_number() OVER (ORDER BY spend DESC NULLS LAST, supplierKey) AS INTEGER) AS rn${windowRanks.map((w) => `, ${w}`).join('')}
                 FROM (SELECT ${narrow} FROM ${suppliers}))
           SELECT r.rn, b.*, ${[...windowed.map((c) => `r.${ident(rankOf(c.field))}`), ...listRanks, `lower(b.supplierName) AS ${ident(LOWER_NAME)}`].join(', ')}
           FROM b JOIN r USING (supplierKey)`,
        );
        const ucs = res.has('useCaseSuppliers') ? res.table('useCaseSuppliers') : null;
        await conn.run(
          ucs
            ? `CREATE TABLE ${ident(tmpDb)}.uc AS SELECT u.useCaseId, s.rn, u.estimatedRebate FROM ${ucs} u JOIN ${ident(tmpDb)}.s s USING (supplierKey) ORDER BY u.useCaseId, s.rn`
            : `CREATE TABLE ${ident(tmpDb)}.uc (useCaseId VARCHAR, rn INTEGER, estimatedRebate DOUBLE)`,
        );
        await conn.run(
          `CREATE TABLE ${ident(tmpDb)}.meta AS SELECT coalesce(any_value(currency), '') AS currency FROM ${suppliers}`,
        );
        await conn.run(`DETACH ${ident(tmpDb)}`);
        await rename(tmp, file);
        await dropOlderCaches(dir, res.jobId, file);
      } catch (err) {
        await conn.run(`DETACH DATABASE IF EXISTS ${ident(tmpDb)}`).catch(() => {});
        await rm(tmp, { force: true });
        throw err;
      }
    }
    await conn.run(`ATTACH ${lit(file)} AS ${ident(db)} (READ_ONLY)`);
  });
  const vals = await res.all<{ field: string; value: string }>(
    `SELECT field, value FROM ${ident(db)}.vals ORDER BY field, value`,
  );
  const values = new Map<string, string[]>();
  for (const v of vals) (values.get(v.field) ?? values.set(v.field, []).get(v.field)!).push(v.value);
  const meta = await res.one<{ currency: string }>(`SELECT currency FROM ${ident(db)}.meta`);
  return { db, columns, values, currency: meta?.currency || res.summary.currency };
}

/** Cache files of the job's earlier runs (and files of older formats) go once a newer run's cache exists. */
async function dropOlderCaches(dir: string, jobId: string, keep: string): Promise<void> {
  for (const f of await readdir(dir).catch(() => [] as string[]))
    if (f.endsWith('.duckdb') && (f.startsWith(`${jobId}.`) || !f.endsWith(CACHE_SUFFIX)) && path.join(dir, f) !== keep)
      await rm(path.join(dir, f), { force: true }).catch(() => {});
}

/**
 * Builds the latest run's supplier cache ahead of the first request (the pipeline calls it when a run completes,
 * so nobody waits seconds for a large job's first supplier page).
 */
export async function warmSupplierCache(ctx: AppContext, jobId: string): Promise<void> {
  const res = await openResultsForPipeline(ctx, jobId);
  await runCache(ctx, res);
  await warmSupplierDetail(ctx.config.dataDir, res, networkFile(ctx));
}

/** Detaches and removes a job's supplier cache files (job deleted). */
export async function dropSupplierCaches(ctx: AppContext, jobId: string): Promise<void> {
  await dropSupplierDetail(ctx.config.dataDir, jobId);
  const dir = path.join(ctx.config.dataDir, 'cache', 'results');
  await withConnection(async (conn) => {
    const attached = await conn.runAndReadAll(
      'SELECT database_name, path FROM duckdb_databases() WHERE path IS NOT NULL',
    );
    for (const [name, file] of attached.getRows() as [string, string][]) {
      if (!path.basename(file).startsWith(`${jobId}.`)) continue;
      await conn.run(`DETACH DATABASE IF EXISTS ${ident(name)}`);
      for (const [runId, c] of caches) if ((await c.catch(() => null))?.db === name) caches.delete(runId);
    }
  });
  for (const f of await readdir(dir).catch(() => [] as string[]))
    if (f.startsWith(`${jobId}.`)) await rm(path.join(dir, f), { force: true }).catch(() => {});
}

/** The per-run supplier cache (built once per run and process; the file survives restarts). */
export function runCache(ctx: AppContext, res: JobResults): Promise<RunCache> {
  let c = caches.get(res.runId);
  if (!c) {
    c = buildCache(ctx, res);
    c.catch(() => caches.delete(res.runId));
    caches.set(res.runId, c);
  }
  return c;
}

export async function supplierColumns(ctx: AppContext, res: JobResults): Promise<TSupplierColumns> {
  const cache = await runCache(ctx, res);
  return {
    currency: cache.currency,
    scored: res.scored,
    columns: cache.columns.map((c) => ({
      field: c.field,
      label: c.label,
      type: c.type,
      filterKind: c.filterKind,
      amount: Boolean(c.amount),
      inTable: Boolean(c.inTable),
      ...(c.filterKind === 'multiselect' ? { values: cache.values.get(c.field) ?? [] } : {}),
    })),
  };
}

/** Columns of a list: the run's supplier columns, plus the use case's own when listing a use case. */
interface ListScope {
  useCaseId?: string;
}

interface ColumnSql {
  def: TSupplierColumnDef;
  expr: string;
}

function columnsOf(cache: RunCache, scope: ListScope): Map<string, ColumnSql> {
  const m = new Map<string, ColumnSql>();
  for (const def of cache.columns) m.set(def.field, { def, expr: `s.${ident(def.field)}` });
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

interface BuiltQuery {
  from: string;
  where: string;
  order: string;
  params: Params;
  cols: Map<string, ColumnSql>;
}

function buildQuery(cache: RunCache, query: TSupplierResultsQuery, scope: ListScope): BuiltQuery {
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

const rowOf = (r: Record<string, unknown>): TSupplierRow => {
  const out: Record<string, string | number | boolean | null> = {};
  for (const k of ROW_FIELDS) out[k] = null;
  for (const [k, v] of Object.entries(r)) {
    if (k === 'rn') continue;
    out[k] = v === undefined ? null : (v as string | number | boolean | null);
  }
  return out as TSupplierRow;
};

function selectList(b: BuiltQuery): string {
  return [...b.cols.values()].map((c) => `${c.expr} AS ${ident(c.def.field)}`).join(', ');
}

const pageCache = new Map<string, Promise<TSupplierPage>>();

/**
 * One page of the run's (or a use case's) suppliers, with the filtered count and spend. Pages of a run never
 * change: recent ones are kept (results.store singleFlight), and concurrent requests for one page share a query.
 */
export function supplierPage(
  ctx: AppContext,
  res: JobResults,
  query: TSupplierResultsQuery,
  scope: ListScope = {},
): Promise<TSupplierPage> {
  const key = `${res.runId}|${JSON.stringify(query)}|${JSON.stringify(scope)}`;
  return singleFlight(pageCache, key, () => computeSupplierPage(ctx, res, query, scope));
}

async function computeSupplierPage(
  ctx: AppContext,
  res: JobResults,
  query: TSupplierResultsQuery,
  scope: ListScope = {},
): Promise<TSupplierPage> {
  const cache = await runCache(ctx, res);
  const b = buildQuery(cache, query, scope);
  const { pageNumber, pageSize } = query;
  const offset = (pageNumber - 1) * pageSize;
  const params = b.params.values;
  const [ids, total] = await Promise.all([
    res.all<{ rn: number }>(
      `SELECT s.rn FROM ${b.from} WHERE ${b.where} ORDER BY ${b.order} LIMIT ${pageSize} OFFSET ${offset}`,
      params,
    ),
    res.one<{ n: number; spend: number }>(
      `SELECT count(*) AS n, coalesce(sum(s.spend), 0) AS spend FROM ${b.from} WHERE ${b.where}`,
      params,
    ),
  ]);
  let collection: TSupplierRow[] = [];
  if (ids.length) {
    const rns = ids.map((r) => r.rn);
    const extra = scope.useCaseId ? [scope.useCaseId] : [];
    const rows = await res.all<Record<string, unknown>>(
      `SELECT s.rn, ${selectList(b)} FROM ${b.from} WHERE s.rn IN (${rns.map((n) => Number(n)).join(', ')})${scope.useCaseId ? ' AND uc.useCaseId = $1' : ''}`,
      extra,
    );
    const byRn = new Map(rows.map((r) => [Number(r.rn), r]));
    collection = rns
      .map((n) => byRn.get(n))
      .filter((r): r is Record<string, unknown> => Boolean(r))
      .map(rowOf);
  }
  return {
    ...pagedResult(collection, Number(total?.n ?? 0), pageNumber, pageSize),
    totalSpend: Math.round(Number(total?.spend ?? 0) * 100) / 100,
    currency: cache.currency,
  };
}

/** A supplier picked by a selection (campaign workflows enrol these). */
export interface SelectedSupplier {
  supplierKey: string;
  supplierId: string | null;
  supplierName: string;
  country: string | null;
  spend: number;
}

/**
 * Every supplier of the run (or of a use case) that the supplier list's filters, search and slicer select, in
 * spend order: the same filter implementation as the list, for callers that act on the whole selection.
 */
export async function selectSuppliers(
  ctx: AppContext,
  res: JobResults,
  selection: Pick<TSupplierResultsQuery, 'filters' | 'search' | 'slicer' | 'slicerValue'>,
  scope: ListScope = {},
): Promise<{ suppliers: SelectedSupplier[]; currency: string }> {
  const cache = await runCache(ctx, res);
  const b = buildQuery(cache, { pageNumber: 1, pageSize: 1, ...selection }, scope);
  const col = (field: string, fallback = 'NULL') => (b.cols.has(field) ? `s.${ident(field)}` : fallback);
  const rows = await res.all<{ k: string; id: string | null; n: string | null; c: string | null; sp: number | null }>(
    `SELECT s.supplierKey AS k, ${col('sourceSupplierId')} AS id, ${col('supplierName')} AS n, ${col('country')} AS c, ${col('spend', '0')} AS sp
     FROM ${b.from} WHERE ${b.where} ORDER BY s.rn`,
    b.params.values,
  );
  return {
    currency: cache.currency,
    suppliers: rows.map((r) => ({
      supplierKey: String(r.k),
      supplierId: r.id === null || r.id === '' ? null : String(r.id),
      supplierName: r.n ? String(r.n) : String(r.k),
      country: r.c === null || r.c === '' ? null : String(r.c),
      spend: Number(r.sp ?? 0),
    })),
  };
}

function exportCell(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object' && 'toString' in v) return String(v);
  return String(v);
}

export interface SupplierExport {
  filename: string;
  contentType: string;
  body: Readable;
}

/** Every filtered, sorted row as CSV (formula-safe) or XLSX, streamed in chunks. */
export async function supplierExport(
  ctx: AppContext,
  res: JobResults,
  query: TSupplierResultsQuery,
  format: 'csv' | 'xlsx',
  scope: ListScope = {},
  name = 'suppliers',
): Promise<SupplierExport> {
  const cache = await runCache(ctx, res);
  const b = buildQuery(cache, query, scope);
  const cols = [...b.cols.values()];
  const headers = cols.map((c) => c.def.label);
  const sql = `SELECT ${selectList(b)} FROM ${b.from} WHERE ${b.where} ORDER BY ${b.order}`;
  const conn = await (await resultsDuck()).connect();
  let streamed: Awaited<ReturnType<typeof conn.stream>>;
  try {
    streamed = await conn.stream(sql, b.params.values);
  } catch (err) {
    conn.closeSync();
    throw err;
  }
  async function* rows(): AsyncGenerator<(string | number | boolean | null)[]> {
    try {
      for await (const chunk of streamed.yieldRowsJs()) for (const r of chunk) yield r.map(exportCell);
    } finally {
      conn.closeSync();
    }
  }
  const base = `${res.jobName.replace(/[^\w.-]+/g, '_').slice(0, 80)}-${name}`;
  if (format === 'csv') {
    const out = stringify({
      header: true,
      columns: headers,
      cast: { string: csvSafe, boolean: (v) => (v ? 'true' : 'false') },
    });
    return {
      filename: `${base}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: Readable.from(rows()).pipe(out),
    };
  }
  const pass = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Suppliers');
  sheet.columns = headers.map((h, i) => ({
    header: h,
    key: String(i),
    width: Math.min(40, Math.max(12, h.length + 2)),
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for await (const r of rows()) sheet.addRow(r).commit();
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      pass.destroy(err as Error);
    }
  })();
  return {
    filename: `${base}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: pass,
  };
}

/** A use case of the run, 404 when unknown. */
export async function useCaseRow(res: JobResults, useCaseId: string) {
  const row = await res.one<{
    useCaseId: string;
    name: string;
    description: string;
    rebateBps: number;
    supplierCount: number;
    spend: number;
    estimatedRebate: number;
  }>(`SELECT * FROM ${res.table('useCases')} WHERE useCaseId = $1`, [useCaseId]);
  if (!row) throw notFound(`Use case "${useCaseId}"`);
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Supplier detail

type RuleIndex = Map<string, string>;

function describeRule(
  id: string | null,
  kind: 'scoring' | 'confidence',
  runVersion: number | null,
  index: RuleIndex | null,
): { id: string | null; description: string | null } {
  if (!id) return { id: null, description: null };
  if (!index) return { id, description: `Rule of ${kind} ruleset version ${runVersion ?? '?'} (version not stored)` };
  const optima = /^OPTIMA:([^:]+):(.+)$/.exec(id);
  if (optima && kind === 'scoring') {
    const inner = index.get(optima[2]!);
    return {
      id,
      description: `Best method ${optima[1]} — ${inner ?? optima[2]}. ${index.get('OPTIMA') ?? ''}`.trim(),
    };
  }
  return { id, description: index.get(id) ?? null };
}

/** The reference network file the jobs matched against (jobs.commands ensureNetwork), when present. */
function networkFile(ctx: AppContext): string | null {
  const dir = path.join(ctx.config.dataDir, 'network');
  const file = ctx.config.NETWORK_FILE
    ? path.join(dir, 'imported.parquet')
    : path.join(dir, `generated-${ctx.config.NETWORK_MERCHANTS}-${NETWORK_SEED}.parquet`);
  return existsSync(file) ? file : null;
}

type R = Record<string, unknown>;
function parseEvidence(v: unknown): R {
  if (!v) return {};
  try {
    return JSON.parse(String(v)) as R;
  } catch {
    return {};
  }
}
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined || Number.isNaN(Number(v)) ? null : Number(v));
const bool = (v: unknown) => (v === null || v === undefined ? null : Boolean(v));
const strs = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

/**
 * The deciding match rule (described from the match ruleset of that version) and the evidence per field
 * (match ruleset v2: `fields` as [field, result, supplier value, merchant value]); the fields agreeing /
 * disagreeing are derived from them (older runs list them in the evidence).
 */
function matchRuleEvidence(
  e: R,
): Pick<TSupplierDetail['match'], 'rule' | 'rulesetVersion' | 'fields' | 'fieldsAgreeing' | 'fieldsDisagreeing'> {
  const rs = defaultMatchRuleset();
  const version = num(e.rulesetVersion);
  const id = str(e.rule);
  const scoreOf: Record<string, unknown> = { name: e.nameScore, street: e.streetScore };
  const fields = (Array.isArray(e.fields) ? (e.fields as unknown[]) : []).filter(Array.isArray).map((f) => ({
    field: String(f[0]),
    result: String(f[1]),
    supplier: str(f[2]),
    merchant: str(f[3]),
    score: num(scoreOf[String(f[0])]),
  }));
  return {
    rule: id
      ? { id, description: version === rs.version ? (rs.rules.find((r) => r.id === id)?.description ?? null) : null }
      : null,
    rulesetVersion: version,
    fields,
    fieldsAgreeing: Array.isArray(e.fieldsAgreeing)
      ? strs(e.fieldsAgreeing)
      : fields.filter((f) => f.result !== 'differ' && f.result !== 'unknown').map((f) => f.field),
    fieldsDisagreeing: Array.isArray(e.fieldsDisagreeing)
      ? strs(e.fieldsDisagreeing)
      : fields.filter((f) => f.result === 'differ').map((f) => f.field),
  };
}

export async function supplierDetail(ctx: AppContext, res: JobResults, supplierKey: string): Promise<TSupplierDetail> {
  const found = await supplierDetailRows(ctx.config.dataDir, res, supplierKey, networkFile(ctx));
  const s = found.supplier;
  if (!s) throw notFound(`Supplier "${supplierKey}"`);
  const evidence = parseEvidence(s.matchEvidence);
  let merchant: TSupplierDetail['merchant'] = null;
  const m = found.merchant;
  if (m)
    merchant = {
      merchantId: String(m.merchantId),
      name: str(m.name),
      addressLine1: str(m.addressLine1),
      addressLine2: str(m.addressLine2),
      city: str(m.city),
      region: str(m.region),
      postcode: str(m.postcode),
      country: str(m.country),
      taxId: str(m.taxId),
      mcc: str(m.mcc),
      acceptsCard: bool(m.acceptsCard),
      vcAccepting: bool(m.vcAccepting),
      detailLevel: num(m.detailLevel),
      stpCapable: bool(m.stpCapable),
      lockboxes: strs(m.lockboxes),
    };
  const scoringVersion = num(s.scoringRulesetVersion);
  const confidenceVersion = num(s.confidenceRulesetVersion);
  // Rules are described from the version the run used (stored in the database; versions never change).
  const [scoringRules, confidenceRules] = res.scored
    ? await Promise.all([
        scoringVersion === null ? null : ruleDescriptions(ctx.db, 'scoring', scoringVersion),
        confidenceVersion === null ? null : ruleDescriptions(ctx.db, 'confidence', confidenceVersion),
      ])
    : [null, null];
  const scores = res.scored
    ? SCORE_KINDS.map((kind) => ({
        kind,
        level: str(s[`${kind}Level`]),
        rule: describeRule(str(s[`${kind}RuleId`]), 'scoring', scoringVersion, scoringRules),
        confidence: str(s[`${kind}Confidence`]),
        confidenceRule: describeRule(
          str(s[`${kind}ConfidenceRuleId`]),
          'confidence',
          confidenceVersion,
          confidenceRules,
        ),
      }))
    : [];
  const useCases = found.useCases;
  return {
    jobId: res.jobId,
    currency: str(s.currency) ?? res.summary.currency,
    supplier: {
      supplierKey: String(s.supplierKey),
      sourceSupplierId: str(s.sourceSupplierId),
      supplierName: str(s.supplierName),
      addressLine1: str(s.addressLine1),
      addressLine2: str(s.addressLine2),
      city: str(s.city),
      region: str(s.region),
      postcode: str(s.postcode),
      country: str(s.country),
      taxId: str(s.taxId),
      spend: num(s.spend),
      spendShare: num(s.spendShare),
      cardSpend: num(s.cardSpend),
      avgTransactionValue: num(s.avgTransactionValue),
      transactionsPerYear: num(s.transactionsPerYear),
      frequencyBand: str(s.frequencyBand),
      paymentTermsDays: num(s.paymentTermsDays),
      paymentTermsBand: str(s.paymentTermsBand),
      paymentMethod: str(s.paymentMethod),
      paymentMethodCount: num(s.paymentMethodCount),
      paymentMethods: strs(s.paymentMethods),
      category: str(s.category),
      inputMcc: str(s.inputMcc),
    },
    documents: {
      inputKinds: strs(s.inputKinds),
      counts: {
        spend: num(s.spendCount),
        purchaseOrders: num(s.poCount),
        invoices: num(s.invoiceCount),
        payments: num(s.paymentCount),
        transactions: num(s.transactionCount),
        total: num(s.documentCount),
      },
      firstDate: str(s.firstDate),
      lastDate: str(s.lastDate),
    },
    match: {
      status: str(s.matchStatus),
      confidence: str(s.matchConfidence),
      matchedMerchantId: str(s.matchedMerchantId),
      candidateMerchantId: str(s.candidateMerchantId),
      scores: {
        total: num(s.matchScore),
        name: num(s.nameScore),
        nameJaroWinkler: num(s.nameJaroWinkler),
        nameTokenSimilarity: num(s.nameTokenSimilarity),
        address: num(s.addressScore),
        runnerUp: num(s.runnerUpScore),
      },
      agreement: [
        { field: 'taxId', agrees: bool(s.taxAgrees) },
        { field: 'postcode', agrees: bool(s.postcodeAgrees) },
        { field: 'city', agrees: bool(s.cityAgrees) },
        { field: 'country', agrees: bool(s.countryAgrees) },
      ],
      downgradedForAmbiguity: bool(evidence.downgradedForAmbiguity),
      ...matchRuleEvidence(evidence),
    },
    merchant,
    acceptance: {
      cardCapability: str(s.cardCapability),
      cardAcceptor: bool(s.cardAcceptor),
      vcAccepting: str(s.vcAccepting),
      detailLevel: str(s.detailLevel),
      stpCapable: str(s.stpCapable),
      lockboxes: strs(s.lockboxes),
      prediction: str(s.acceptancePrediction),
      probability: num(s.acceptanceProbability),
    },
    industry: {
      mcc: str(s.mcc),
      sicCode: str(s.sicCode),
      naicsCode: str(s.naicsCode),
      unspscCode: str(s.unspscCode),
      classifications: INDUSTRY_CLASSIFICATIONS.map((key) => ({ key, value: str(s[key]) })),
    },
    scored: res.scored,
    scores,
    optimaMethod: str(s.optimaMethod),
    rulesetVersions: { scoring: scoringVersion, confidence: confidenceVersion },
    useCases,
    campaigns: (await supplierCampaigns(ctx.db, res.jobId, supplierKey)).map((c) => ({
      ...c,
      campaignName: c.campaignName ?? null,
      route: c.route ?? null,
      updatedAt: c.updatedAt.toISOString(),
    })),
  };
}
