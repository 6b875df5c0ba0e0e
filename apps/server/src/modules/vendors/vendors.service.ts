/**
 * Vendor lookup (BETA): searches every loaded network the jobs match against (each result naming its network;
 * docs/NETWORKS.md), with the matcher's own normalisation and scoring (packages/analysis match/search.ts). The index
 * is built once per network into
 * DATA_DIR/cache/vendors/<network>.<size>.<mtime>.<format>.duckdb (with its record file, .duckdb.rec) and reused
 * across restarts; a process opens it
 * once, in a small pool of worker threads (VendorSearchPool: VENDOR_SEARCH_WORKERS workers, each with its own DuckDB
 * instance over the file), so candidate retrieval and ranking never run on the request thread; a search running past
 * VENDOR_SEARCH_TIMEOUT_MS is stopped (its worker replaced) and answered 503. "In your jobs" lists the jobs the caller may see (authorization's job visibility) where the vendor is the
 * matched merchant (of the reference network), with the supplier's spend.
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
import { ensureNetworks } from '../jobs/index.ts';
import { jobVisibilityOf } from '../authorization/index.ts';
import { queryRows } from '../../lib/duckdb/index.ts';
import { vendorInFilesSql } from './vendors-sql.ts';
import { visibleResultJobs } from '../global-insights/index.ts';

/** One loaded network's opened index (the reference network first). */
interface NetworkIndex {
  network: string;
  primary: boolean;
  pool: VendorSearchPool;
}

/** The indexes of each data folder being opened (or open), and how to stop their preparation. */
const indexes = new Map<string, { pools: Promise<NetworkIndex[]>; stop: AbortController }>();

/** The index of one network's prepared file: built first if missing, then opened in its worker pool. */
async function openIndex(ctx: AppContext, dir: string, networkFile: string, signal: AbortSignal) {
  const network = await ensurePreparedNetwork(networkFile, dir);
  signal.throwIfAborted();
  const file = vendorIndexFile(dir, network);
  if (!existsSync(file) || !existsSync(`${file}.rec`)) {
    const info = await buildVendorIndex(network, file, undefined, signal);
    ctx.log.info({ index: file, seconds: info.seconds, merchants: info.merchants }, 'Vendor index built');
  }
  signal.throwIfAborted();
  return VendorSearchPool.open(file, {
    size: ctx.config.VENDOR_SEARCH_WORKERS,
    timeoutMs: ctx.config.VENDOR_SEARCH_TIMEOUT_MS,
  });
}

/**
 * The opened index of every loaded network, the reference network first (each built first if missing; concurrent
 * callers share the work). The vendor lookup searches them all (docs/NETWORKS.md).
 */
export function vendorIndex(ctx: AppContext): Promise<NetworkIndex[]> {
  const key = ctx.config.dataDir;
  let entry = indexes.get(key);
  if (!entry) {
    const stop = new AbortController();
    const { signal } = stop;
    const pools = (async () => {
      const dir = path.join(ctx.config.dataDir, 'cache', 'vendors');
      await mkdir(dir, { recursive: true });
      const networks = await ensureNetworks(ctx);
      signal.throwIfAborted();
      const opened: NetworkIndex[] = [];
      try {
        for (const n of networks)
          opened.push({ network: n.name, primary: n.primary, pool: await openIndex(ctx, dir, n.file, signal) });
      } catch (err) {
        await Promise.all(opened.map((o) => o.pool.close()));
        throw err;
      }
      return opened;
    })();
    entry = { pools, stop };
    const mine = entry;
    pools.catch(() => {
      if (indexes.get(key) === mine) indexes.delete(key);
    });
    indexes.set(key, entry);
  }
  return entry.pools;
}

/**
 * Closes the app's indexes (app shutdown). Indexes still being prepared (at start, in the background) are stopped and
 * waited for: nothing of them may write into DATA_DIR once the app is closed (the folder may be removed next). Only
 * the reference networks' generation, shared with the jobs, cannot be stopped; it is waited for.
 */
export async function closeVendorIndex(ctx: AppContext): Promise<void> {
  const entry = indexes.get(ctx.config.dataDir);
  if (!entry) return;
  indexes.delete(ctx.config.dataDir);
  entry.stop.abort(new Error('The app is closing'));
  const pools = await entry.pools.catch(() => []);
  await Promise.all(pools.map((p) => p.pool.close()));
}

/** How long a request waits for an index being built before it answers 503 (the build goes on). */
const INDEX_WAIT_MS = 5_000;

/** The opened index, or 503 while it is still being built (first use of a network: a minute or so on 1M merchants). */
async function readyIndex(ctx: AppContext): Promise<NetworkIndex[]> {
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
  const ixs = await readyIndex(ctx);
  const t = performance.now();
  // every network searched at once, each result naming its network; the best scores first over all of them (on a
  // tie the earlier network: the reference network first), at most `limit`
  const found = await Promise.all(
    ixs.map(async (ix) => (await inWorker(() => ix.pool.search(q))).map((h) => ({ ...h, network: ix.network }))),
  );
  const results = found
    .flat()
    .sort((a, b) => b.score - a.score)
    .slice(0, q.limit);
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
  // the first network (the reference network first) that has the id
  let vendor: TVendorDetail['vendor'] | null = null;
  let primary = false;
  for (const ix of await readyIndex(ctx)) {
    const v = await inWorker(() => ix.pool.get(vendorId));
    if (v) {
      vendor = { ...v, network: ix.network };
      primary = ix.primary;
      break;
    }
  }
  if (!vendor) throw notFound(`Vendor "${vendorId}"`);
  // "in your jobs": the jobs' matched columns are the reference network's
  if (!primary) return { vendor, inYourJobs: [] };
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
