/**
 * Database connection: PGlite (embedded, file-backed in DATA_DIR) by default, PostgreSQL when a URL is given.
 * Both speak the same SQL, so one Drizzle schema and one set of migrations serve both.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  beginTemplateLoad,
  clearInterruptedLoad,
  endTemplateLoad,
  isFreshDataDir,
  readMigratedTemplate,
  writeMigratedTemplate,
} from './pglite-template.ts';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type Assume } from 'drizzle-orm';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/**
 * What `execute` returns on both drivers: node-postgres' QueryResult and PGlite's Results both carry the rows
 * (typed by `execute<Row>(…)`), so raw SQL needs no cast at the call site.
 */
export interface RowsResult<Row> {
  rows: Row[];
}
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<Assume<this['row'], Record<string, unknown>>>;
}
export type Db = PgDatabase<RowsResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** The driver under `db`, for what Drizzle does not offer (LISTEN, the analytics sandboxes' own connections). */
export type DbDriver = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; client: Pool };

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  driver: DbDriver;
  /** Run raw SQL returning rows (used by the queue, tests and analytics queries). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  /**
   * PGlite only: a consistent copy of the data directory (an uncompressed tar, loadable with PGlite's
   * `loadDataDir`; compress it after, outside the pause), taken after a checkpoint while no query or transaction runs. `whileQuiet` runs in the same pause, so what it
   * sees on disk (e.g. the files the rows refer to) matches the dump.
   */
  dumpDataDir?<T>(whileQuiet?: () => Promise<T>): Promise<{ tar: Blob; result: T | undefined }>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));
const MIGRATION_LOCK_ID = 727_274_001; // pg_advisory_lock key: one migrator at a time across processes

export interface OpenDbOptions {
  /** postgres://… ; when absent PGlite is used */
  url?: string;
  /** PGlite data directory; omitted → in-memory */
  dataDir?: string;
  /** PGlite only: start from this data directory (a tar from `dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob;
  /** Apply committed migrations (default true) */
  migrate?: boolean;
  poolSize?: number;
}

export async function openDb(options: OpenDbOptions = {}): Promise<DbHandle> {
  if (options.url) {
    const handle = await openPostgres(options.url, options.poolSize ?? 10);
    if (options.migrate !== false) await migrateDb(handle, options.url);
    return handle;
  }
  // A new data directory starts from the checkout's migrated template when there is one (pglite-template.ts), and
  // leaves one for the next when there is none: initdb and every migration once per checkout, not per data directory.
  const fresh = options.dataDir !== undefined && !options.loadDataDir && isFreshDataDir(options.dataDir);
  if (fresh) clearInterruptedLoad(options.dataDir!);
  const template = fresh && options.migrate !== false ? readMigratedTemplate() : undefined;
  if (template) beginTemplateLoad(options.dataDir!);
  const handle = await openPglite(options.dataDir, options.loadDataDir ?? template);
  if (template) endTemplateLoad(options.dataDir!);
  if (options.migrate !== false) await migrateDb(handle, options.url);
  if (fresh && !template && options.migrate !== false) await keepAsTemplate(handle);
  return handle;
}

/** Leaves a just-migrated, still empty database as the checkout's template (see pglite-template.ts). */
export async function keepAsTemplate(handle: DbHandle): Promise<boolean> {
  if (!handle.dumpDataDir) return false;
  const { tar } = await handle.dumpDataDir();
  return writeMigratedTemplate(new Uint8Array(await tar.arrayBuffer()));
}

/**
 * PGlite runs each query synchronously on the main thread, and hands its lock to the next waiting query in a
 * microtask: under load a whole queue of queries (and the requests they finish) ran in one turn of the event loop,
 * which then took hundreds of milliseconds — and Node accepts about one new connection per turn, so at 200 connections
 * some waited in the kernel's accept queue for over 10 s (the load test's timeouts). Here every top-level query,
 * exec and transaction (all take PGlite's transaction lock, `_runExclusiveTransaction`) waits for the previous one
 * and then for one turn of the event loop (`setImmediate`), so a turn runs at most one of them and sockets — new
 * connections included — are served in between. The order stays first come, first served; a transaction's own
 * queries do not pass here.
 */
/** Queries run back to back in one turn of the event loop for at most this long (see yieldBetweenOperations). */
const YIELD_AFTER_MS = 2;

function yieldBetweenOperations(client: { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> }): void {
  const run = client._runExclusiveTransaction.bind(client);
  let previous: Promise<unknown> = Promise.resolve();
  let turnStarted = performance.now();
  const nextTurn = () =>
    new Promise<void>((resolve) =>
      setImmediate(() => {
        turnStarted = performance.now();
        resolve();
      }),
    );
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>): Promise<T> => {
    const mine = previous
      .then(() => (performance.now() - turnStarted >= YIELD_AFTER_MS ? nextTurn() : undefined))
      .then(() => run(fn));
    previous = mine.catch(() => undefined);
    return mine;
  };
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  yieldBetweenOperations(client);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    driver: { kind: 'pglite', client },
    async query<T>(text: string, params?: unknown[]) {
      const r = await client.query(text, params as unknown[]);
      return r.rows as T[];
    },
    async close() {
      await client.close();
    },
    async dumpDataDir<T>(whileQuiet?: () => Promise<T>) {
      await client.exec('CHECKPOINT');
      // The transaction mutex: every query and transaction takes it, the dump takes only the query mutex.
      return client._runExclusiveTransaction(async () => {
        const tar = await client.dumpDataDir('none');
        return { tar, result: whileQuiet ? await whileQuiet() : undefined };
      });
    },
  };
}

async function openPostgres(url: string, max: number): Promise<DbHandle> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.default.Pool({ connectionString: url, max });
  pool.on('error', () => {
    /* idle client errors are reported on the next query */
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    driver: { kind: 'postgres', client: pool },
    async query<T>(text: string, params?: unknown[]) {
      const r = await pool.query(text, params as unknown[]);
      return r.rows as T[];
    },
    async close() {
      await pool.end();
    },
  };
}

/** Applies committed migrations; on PostgreSQL under an advisory lock so concurrent starts are safe. */
export async function migrateDb(handle: DbHandle, url?: string): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

export async function ping(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}
