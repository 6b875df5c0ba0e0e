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
import { columnsSql, openResultsForPipeline, withConnection, type JobResults } from '../../lib/duckdb/index.ts';
import {
  attachedFilesSql,
  attachSql,
  detachSql,
  isAttachedSql,
  metaSql,
  metaTableSql,
  supplierTableSql,
  useCaseTableSql,
  valuesSql,
  valuesTableSql,
} from './supplier-cache-sql.ts';
import { dropSupplierDetail, warmSupplierDetail } from './supplier-detail.ts';
import { existingNetworkFile as networkFile } from '../jobs/index.ts';
import { runOfferOf } from './offer.ts';

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
    const attached = await conn.runAndReadAll(attachedFilesSql());
    for (const [name, file] of attached.getRows() as [string, string][]) {
      if (!path.basename(file).startsWith(`${jobId}.`)) continue;
      await conn.run(detachSql(name, true));
      for (const [runId, c] of caches) if ((await c.catch(() => null))?.db === name) caches.delete(runId);
    }
  });
  for (const f of await readdir(dir).catch(() => [] as string[]))
    if (f.startsWith(`${jobId}.`)) await rm(path.join(dir, f), { force: true }).catch(() => {});
  await dropSupplierDetail(ctx, jobId);
}

/** Format version of the cache files (bump when their tables change). */
const CACHE_SUFFIX = '.v4.duckdb';

async function buildCache(ctx: AppContext, res: JobResults): Promise<RunCache> {
  const dir = path.join(ctx.config.dataDir, 'cache', 'results');
  const file = path.join(dir, `${res.jobId}.${res.runId}${CACHE_SUFFIX}`);
  const db = `sup_${res.runId.replace(/[^a-zA-Z0-9]/g, '')}`;
  const suppliers = res.table('suppliers');
  const described = await res.all<{ column_name: string }>(columnsSql(suppliers));
  const present = new Set(described.map((c) => c.column_name));
  const columns = SUPPLIER_COLUMNS.filter((c) => present.has(c.field));
  await withConnection(async (conn) => {
    const attached = await conn.runAndReadAll(isAttachedSql(db));
    if (attached.getRows().length > 0) return;
    if (!existsSync(file)) {
      await mkdir(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      const tmpDb = `${db}_build`;
      try {
        await conn.run(attachSql(tmp, tmpDb));
        // distinct values of the multiselect columns (filter options, and their sort ranks below)
        await conn.run(valuesTableSql(tmpDb, suppliers, columns));
        const distinct = new Map<string, string[]>();
        const rows = await conn.runAndReadAll(valuesSql(tmpDb));
        for (const [field, value] of rows.getRows() as [string, string][])
          (distinct.get(field) ?? distinct.set(field, []).get(field)!).push(value);
        await conn.run(supplierTableSql(tmpDb, suppliers, columns, distinct));
        await conn.run(useCaseTableSql(tmpDb, res.has('useCaseSuppliers') ? res.table('useCaseSuppliers') : null));
        await conn.run(metaTableSql(tmpDb, suppliers));
        await conn.run(detachSql(tmpDb));
        await rename(tmp, file);
        await dropOlderCaches(dir, res.jobId, file);
      } catch (err) {
        await conn.run(detachSql(tmpDb, true)).catch(() => {});
        await rm(tmp, { force: true });
        throw err;
      }
    }
    await conn.run(attachSql(file, db, true));
  });
  const vals = await res.all<{ field: string; value: string }>(valuesSql(db));
  const values = new Map<string, string[]>();
  for (const v of vals) (values.get(v.field) ?? values.set(v.field, []).get(v.field)!).push(v.value);
  const meta = await res.one<{ currency: string }>(metaSql(db));
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

/** The column catalogue of a run; without SuppliersScore_VIEW (withoutScores) the score columns are left out. */
export async function supplierColumns(
  ctx: AppContext,
  res: JobResults,
  withoutScores = false,
): Promise<TSupplierColumns> {
  const cache = await runCache(ctx, res);
  return {
    currency: cache.currency,
    scored: res.scored,
    offer: runOfferOf(res).offer,
    columns: cache.columns
      .filter((c) => !(withoutScores && c.scored))
      .map((c) => ({
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
