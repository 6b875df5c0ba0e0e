/**
 * Vendor lookup (BETA): searches the reference network the jobs match against, with the matcher's own normalisation
 * and scoring (packages/analysis match/search.ts). The index is built once per network into
 * DATA_DIR/cache/vendors/<network>.<size>.<mtime>.<format>.duckdb and reused across restarts; a process opens it
 * once, in a small pool of worker threads (VendorSearchPool: VENDOR_SEARCH_WORKERS workers, each with its own DuckDB
 * instance over the file), so candidate retrieval and ranking never run on the request thread; a search running past
 * VENDOR_SEARCH_TIMEOUT_MS is stopped (its worker replaced) and answered 503. "In your jobs" lists the jobs the caller may see (authorization's job visibility) where the vendor is the
 * matched merchant, with the supplier's spend.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  buildVendorIndex,
  ensurePreparedNetwork,
  vendorIndexFile,
  VendorSearchPool,
  VendorSearchTimeout,
} from '@sextant/analysis';
import { ERROR_CODES } from '@sextant/shared';
import type { TNetworkList, TVendorDetail, TVendorSearchQuery, TVendorSearchResult } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { ensureNetwork, ensureNetworks } from '../jobs/index.ts';
import { jobVisibilityOf } from '../authorization/index.ts';
import { queryRows } from '../../lib/duckdb/index.ts';
import { vendorInFilesSql } from './vendors-sql.ts';
import { visibleResultJobs } from '../global-insights/index.ts';

/** The index of each data folder being opened (or open), and how to stop its preparation. */
const indexes = new Map<string, { pool: Promise<VendorSearchPool>; stop: AbortController }>();

/** The opened index of the current network (built first if missing; concurrent callers share the work). */
export function vendorIndex(ctx: AppContext): Promise<VendorSearchPool> {
  const key = ctx.config.dataDir;
  let entry = indexes.get(key);
  if (!entry) {
    const stop = new AbortController();
    const { signal } = stop;
    const pool = (async () => {
      const dir = path.join(ctx.config.dataDir, 'cache', 'vendors');
      await mkdir(dir, { recursive: true });
      const network = await ensurePreparedNetwork(await ensureNetwork(ctx), dir);
      signal.throwIfAborted();
      const file = vendorIndexFile(dir, network);
      if (!existsSync(file)) {
        const info = await buildVendorIndex(network, file, undefined, signal);
        ctx.log.info({ index: file, seconds: info.seconds, merchants: info.merchants }, 'Vendor index built');
      }
      signal.throwIfAborted();
      return VendorSearchPool.open(file, {
        size: ctx.config.VENDOR_SEARCH_WORKERS,
        timeoutMs: ctx.config.VENDOR_SEARCH_TIMEOUT_MS,
      });
    })();
    entry = { pool, stop };
    const mine = entry;
    pool.catch(() => {
      if (indexes.get(key) === mine) indexes.delete(key);
    });
    indexes.set(key, entry);
  }
  return entry.pool;
}

/**
 * Closes the app's index (app shutdown). An index still being prepared (at start, in the background) is stopped and
 * waited for: nothing of it may write into DATA_DIR once the app is closed (the folder may be removed next). Only the
 * reference network's generation, shared with the jobs, cannot be stopped; it is waited for.
 */
export async function closeVendorIndex(ctx: AppContext): Promise<void> {
  const entry = indexes.get(ctx.config.dataDir);
  if (!entry) return;
  indexes.delete(ctx.config.dataDir);
  entry.stop.abort(new Error('The app is closing'));
  const pool = await entry.pool.catch(() => null);
  await pool?.close();
}

/** How long a request waits for an index being built before it answers 503 (the build goes on). */
const INDEX_WAIT_MS = 5_000;

/** The opened index, or 503 while it is still being built (first use of a network: a minute or so on 1M merchants). */
async function readyIndex(ctx: AppContext): Promise<VendorSearchPool> {
  let timer: NodeJS.Timeout | undefined;
  const ix = await Promise.race([
    vendorIndex(ctx),
    new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), INDEX_WAIT_MS))),
  ]).finally(() => clearTimeout(timer));
  if (!ix)
    throw new AppError(
      503,
      'InternalError',
      'The vendor index of the reference network is being prepared (its first use); try again in a minute',
    );
  return ix;
}

/** A worker's answer; a search stopped by the wall clock is a 503 saying so. */
async function inWorker<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof VendorSearchTimeout)
      throw new AppError(
        503,
        ERROR_CODES.resourceExhausted,
        `The vendor search took longer than ${Math.round(err.timeoutMs / 100) / 10} s and was stopped; try fewer or more distinctive words`,
      );
    throw err;
  }
}

export async function searchVendors(ctx: AppContext, q: TVendorSearchQuery): Promise<TVendorSearchResult> {
  const ix = await readyIndex(ctx);
  const t = performance.now();
  const results = await inWorker(() => ix.search(q));
  return {
    query: {
      q: q.q,
      city: q.city ?? null,
      postcode: q.postcode ?? null,
      country: q.country ?? null,
      taxId: q.taxId ?? null,
    },
    results,
    tookMs: Math.round(performance.now() - t),
  };
}

export async function vendorDetail(ctx: AppContext, auth: AuthContext, vendorId: string): Promise<TVendorDetail> {
  const ix = await readyIndex(ctx);
  const vendor = await inWorker(() => ix.get(vendorId));
  if (!vendor) throw notFound(`Vendor "${vendorId}"`);
  const visible = await visibleResultJobs(ctx.db, await jobVisibilityOf(ctx, auth));
  const jobs = (
    await Promise.all(
      visible.map(async (j) => ({
        j,
        file: path.join(await ctx.blobs.localDir(`${j.resultPath}/results`), 'suppliers.parquet'),
      })),
    )
  ).filter((x) => existsSync(x.file));
  const byFile = new Map(jobs.map((x) => [x.file, x.j]));
  const rows = jobs.length
    ? await queryRows<{
        filename: string;
        supplierKey: string;
        supplierName: string | null;
        spend: number | null;
        currency: string | null;
        matchConfidence: string | null;
      }>(vendorInFilesSql(jobs.map((x) => x.file)), [vendorId])
    : [];
  return {
    vendor,
    inYourJobs: rows.flatMap((r) => {
      const j = byFile.get(r.filename);
      if (!j) return [];
      return [
        {
          jobId: j.jobId,
          jobName: j.jobName,
          buyerName: j.buyerName,
          issuerName: j.issuerName,
          supplierKey: r.supplierKey,
          supplierName: r.supplierName,
          spend: Math.round((r.spend ?? 0) * 100) / 100,
          currency: r.currency ?? j.currency,
          matchConfidence: r.matchConfidence,
        },
      ];
    }),
  };
}

/** The loaded reference networks (reference data, the same for every tenant), the reference network first. */
export async function listNetworks(ctx: AppContext): Promise<TNetworkList> {
  const networks = await ensureNetworks(ctx);
  return {
    networks: networks.map((n) => ({
      name: n.name,
      version: n.version,
      merchants: n.merchants,
      loadedAt: n.loadedAt,
      primary: n.primary,
    })),
  };
}
