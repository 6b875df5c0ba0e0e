/**
 * DuckDB access for the analysis engine: one in-memory instance per step, bounded memory,
 * spilling to a temp directory inside the step's working directory.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * SEXTANT_SQL_TIMING=1 logs statements slower than 0.3 s (wall and process CPU time) to stderr;
 * SEXTANT_SQL_TIMING_MIN_MS sets another threshold (0: every statement).
 */
const TIMING = process.env.SEXTANT_SQL_TIMING === '1';
const TIMING_MIN_MS = Number(process.env.SEXTANT_SQL_TIMING_MIN_MS ?? 300) || 0;
/** SEXTANT_SQL_EXPLAIN=<text> prints EXPLAIN ANALYZE of every statement containing <text> to stderr. */
const EXPLAIN = process.env.SEXTANT_SQL_EXPLAIN;

export interface DbOptions {
  /** DuckDB memory_limit, e.g. "1GB". Default 1500MB keeps the process well under 2 GB RSS. */
  memoryLimit?: string;
  threads?: number;
  /** Directory where DuckDB may spill; created if missing. */
  tempDir?: string;
}

export interface Db {
  conn: DuckDBConnection;
  /** Run statements, no result. */
  run(sql: string): Promise<void>;
  /** Run a query and return plain JSON-friendly row objects (bigints as numbers where safe). */
  all<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string): Promise<T | undefined>;
  close(): void;
}

export async function openDb(options: DbOptions = {}): Promise<Db> {
  const { DuckDBInstance } = await import('@duckdb/node-api'); // loaded on first use
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: options.memoryLimit ?? '1500MB',
    threads: String(options.threads ?? 2),
    preserve_insertion_order: 'true',
  });
  const conn = await instance.connect();
  if (options.tempDir) {
    mkdirSync(options.tempDir, { recursive: true });
    await conn.run(`SET temp_directory = ${lit(options.tempDir)}`);
  }
  const all = async <T>(sql: string): Promise<T[]> => {
    const reader = await conn.runAndReadAll(sql);
    return reader.getRowObjectsJS().map((r) => normaliseRow(r)) as T[];
  };
  return {
    conn,
    run: async (sql) => {
      const t = performance.now();
      const cpu = TIMING ? process.cpuUsage() : undefined;
      if (EXPLAIN && sql.includes(EXPLAIN)) {
        const r = await conn.runAndReadAll(`EXPLAIN ANALYZE ${sql.replace(/^\s*CREATE TABLE \w+ AS/, '')}`);
        process.stderr.write(String(r.getRows()[0]?.[1]) + '\n');
      }
      await conn.run(sql);
      if (cpu && performance.now() - t >= TIMING_MIN_MS) {
        const used = process.cpuUsage(cpu);
        process.stderr.write(
          `[sql ${((performance.now() - t) / 1000).toFixed(2)}s cpu ${((used.user + used.system) / 1e6).toFixed(2)}s] ${sql.replace(/\s+/g, ' ').slice(0, 100)}\n`,
        );
      }
    },
    all,
    one: async <T>(sql: string) => (await all<T>(sql))[0],
    close: () => {
      conn.closeSync();
      instance.closeSync();
    },
  };
}

export async function withDb<T>(options: DbOptions, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb(options);
  try {
    return await fn(db);
  } finally {
    db.close();
  }
}

function normaliseRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = normaliseValue(v);
  return out;
}

function normaliseValue(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(normaliseValue);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (v && typeof v === 'object' && v.constructor === Object) return normaliseRow(v as Record<string, unknown>);
  return v;
}

/** SQL string literal. */
export function lit(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot write non-finite number ${value} into SQL`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return `'${value.replaceAll("'", "''")}'`;
}

/** SQL identifier. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function parquet(file: string): string {
  return `read_parquet(${lit(file)})`;
}

/** zstd by default; snappy is cheaper to write (used for large intermediate files). */
export function copyToParquet(query: string, file: string, compression: 'zstd' | 'snappy' = 'zstd'): string {
  return `COPY (${query}) TO ${lit(file)} (FORMAT parquet, COMPRESSION ${compression})`;
}

export function tempDirOf(workDir: string): string {
  return path.join(workDir, '.tmp');
}
