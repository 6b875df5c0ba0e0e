/**
 * The per-run supplier cache: on the first request for a run, the list columns of suppliers.parquet are copied
 * once into a per-run DuckDB file (DATA_DIR/cache/results/<jobId>.<runId>.v4.duckdb, compressed on disk, ordered by
 * spend) attached read-only to the shared results DuckDB, with the use-case membership and each multiselect
 * column's distinct values; built again only when its format changes, dropped with the job (results' job-events.ts:
 * warmed when a run completes, dropped when the job is deleted).
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { SUPPLIER_COLUMNS, type TSupplierColumnDef, type TSupplierColumns } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import { ident, lit, openResultsForPipeline, withConnection, type JobResults } from '../../lib/duckdb/index.ts';
import { dropSupplierDetail, warmSupplierDetail } from './supplier-detail.ts';
import { existingNetworkFile as networkFile } from '../jobs/index.ts';

export interface RunCache {
  /** Attached database alias. */
  db: string;
  /** Catalogue columns present in this run. */
  columns: TSupplierColumnDef[];
  values: Map<string, string[]>;
  currency: string;
}

/** By run id. */
export const caches = new Map<string, Promise<RunCache>>();

/** Detaches and removes a job's supplier cache files (job deleted). */
export async function dropSupplierCaches(ctx: AppContext, jobId: string): Promise<void> {
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
  await dropSupplierDetail(ctx, jobId);
}

/** Format version of the cache files (bump when their tables change). */
const CACHE_SUFFIX = '.v4.duckdb';
export const rankOf = (field: string) => `${field}__rank`;
export const LOWER_NAME = 'supplierName__lower';

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
  // The supplier-detail store (supplier-detail.ts), built now rather than on the first detail request.
  await warmSupplierDetail(ctx, res, networkFile(ctx));
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
