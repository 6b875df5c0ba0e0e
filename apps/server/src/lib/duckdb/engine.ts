/**
 * The process-wide results DuckDB: one shared, bounded instance per process (connections are cheap; each query takes
 * its own), at most DUCKDB_CONCURRENCY queries at once, rows as plain objects, and the single-flight LRU cache of
 * results that never change. Every DuckDB query of the server over run results goes through here.
 */
import type { DuckDBInstance, DuckDBConnection, DuckDBValue } from '@duckdb/node-api';

let shared: Promise<DuckDBInstance> | null = null;
/** The process-wide results DuckDB instance (512 MB, 2 threads, no extension downloads). */
export function resultsDuck(): Promise<DuckDBInstance> {
  // DuckDB is loaded on first use (a start needs none of it)
  shared ??= import('@duckdb/node-api').then(({ DuckDBInstance }) =>
    DuckDBInstance.create(':memory:', {
      memory_limit: '512MB',
      threads: '2',
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    }).then(async (instance) => {
      // result files are written once under a new name and never changed: their footers are read once, not per query
      const conn = await instance.connect();
      await conn.run('SET GLOBAL parquet_metadata_cache = true');
      conn.closeSync();
      return instance;
    }),
  );
  return shared;
}

/** The results DuckDB if a query has opened it in this process (metrics must not open it). */
export function resultsDuckIfOpen(): Promise<DuckDBInstance> | null {
  return shared;
}

/**
 * At most DUCKDB_CONCURRENCY queries run at once; the others wait in order. Each running query holds
 * one of libuv's four threads (which file reads also need) and DuckDB has two threads of its own, so hundreds of
 * concurrent requests are served faster one small batch at a time than all at once.
 */
export const DUCKDB_CONCURRENCY = 3;
let running = 0;
const waiting: (() => void)[] = [];

async function acquire(): Promise<void> {
  if (running < DUCKDB_CONCURRENCY) {
    running++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

export async function withConnection<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
  await acquire();
  try {
    const conn = await (await resultsDuck()).connect();
    try {
      return await fn(conn);
    } finally {
      conn.closeSync();
    }
  } finally {
    release();
  }
}

function plain(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object' && !(v instanceof Uint8Array)) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) o[k] = plain(x);
    return o;
  }
  return v;
}

export async function queryRows<T>(sql: string, params?: DuckDBValue[]): Promise<T[]> {
  return withConnection(async (conn) => {
    const reader = await conn.runAndReadAll(sql, params);
    return reader.getRowObjectsJS().map((r) => plain(r) as T);
  });
}

/** Entries per result cache (summaries, chart views, supplier pages). */
export const RESULT_CACHE_SIZE = 500;

/**
 * A bounded, least-recently-used cache of promises for results that never change (keyed by run): concurrent
 * requests for the same missing entry share one computation; a failed computation is dropped, not cached.
 */
export function singleFlight<T>(cache: Map<string, Promise<T>>, key: string, compute: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const p = compute();
  cache.set(key, p);
  p.catch(() => {
    if (cache.get(key) === p) cache.delete(key);
  });
  if (cache.size > RESULT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return p;
}
