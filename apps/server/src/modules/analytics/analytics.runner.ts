/**
 * Runs one prepared analytics statement in a READ ONLY transaction as the role `sextant_analytics_reader` (which
 * may read only the analytics views), with `search_path = analytics` and `SET LOCAL statement_timeout`, then rolls
 * back. Rows come back as arrays (duplicate column names survive) with column types for the table and chart.
 *
 * PGlite runs inside this process and cannot interrupt a running statement (statement_timeout never fires there),
 * so on PGlite a query is first EXPLAINed and refused when its estimated cost exceeds ANALYTICS_PGLITE_MAX_COST,
 * and constructs that estimates cannot bound (pg_sleep, WITH RECURSIVE) are refused.
 */
import { ERROR_CODES, scanSql, type TAnalyticsColumn } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { PreparedQuery } from './analytics.sql.ts';

export const READER_ROLE = 'sextant_analytics_reader';

export interface AnalyticsLimits {
  rowLimit: number;
  exportRowLimit: number;
  timeoutMs: number;
  pgliteMaxCost: number;
}

const envInt = (name: string, def: number, min: number) => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v >= min ? v : def;
};

/** Limits from the environment (read on each call so operators and tests can tune them). */
export function analyticsLimits(): AnalyticsLimits {
  const timeoutMs = envInt('ANALYTICS_TIMEOUT_MS', 10_000, 10);
  return {
    rowLimit: envInt('ANALYTICS_ROW_LIMIT', 5000, 1),
    exportRowLimit: envInt('ANALYTICS_EXPORT_ROW_LIMIT', 50_000, 1),
    timeoutMs,
    // Measured on PGlite here: about 15 cost units per millisecond (count over generate_series, seq scans).
    pgliteMaxCost: envInt('ANALYTICS_PGLITE_MAX_COST', timeoutMs * 15, 1),
  };
}

export interface RawResult {
  fields: { name: string; dataTypeID: number }[];
  rows: unknown[][];
}

interface PgClient {
  query(q: { text: string; values?: unknown[]; rowMode?: 'array' } | string): Promise<RawResult & { rows: unknown[] }>;
  release(err?: Error | boolean): void;
}
interface PgPool {
  connect(): Promise<PgClient>;
}
interface PgliteTx {
  query(
    text: string,
    params?: unknown[],
    opts?: { rowMode?: 'array'; parsers?: Record<number, (v: string) => unknown> },
  ): Promise<RawResult>;
  rollback(): Promise<void>;
}
interface Pglite {
  transaction<T>(fn: (tx: PgliteTx) => Promise<T>): Promise<T>;
}

const NUMBER_OIDS = new Set([20, 21, 23, 26, 700, 701, 1700]);
const DATE_OIDS = new Set([1082, 1083, 1114, 1184, 1266]);
const JSON_OIDS = new Set([114, 3802]);

export function columnType(oid: number): TAnalyticsColumn['type'] {
  if (NUMBER_OIDS.has(oid)) return 'number';
  if (oid === 16) return 'boolean';
  if (DATE_OIDS.has(oid)) return 'date';
  if (JSON_OIDS.has(oid)) return 'json';
  return 'text';
}

const pad = (n: number) => String(n).padStart(2, '0');
/** node-postgres parses date and timestamp (without zone) as local time: print them back the same way. */
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localTimestamp = (d: Date) =>
  `${localDate(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;

function normalise(value: unknown, oid: number): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    if (oid === 1082) return localDate(value);
    if (oid === 1114) return localTimestamp(value);
    return value.toISOString();
  }
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && (oid === 20 || oid === 1700)) {
    const n = Number(value);
    return Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER ? n : value;
  }
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return value.map((v) => normalise(v, 0));
  return value;
}

/** Maps database errors to clear messages; everything else is rethrown. */
function translate(err: unknown, prepared: PreparedQuery, limits: AnalyticsLimits): never {
  if (err instanceof AppError) throw err;
  const e = err as { code?: string; message?: string; position?: string | number };
  const msg = e.message ?? String(err);
  const field = (message: string) => badRequest(message, [{ path: 'sql', message }]);
  switch (e.code) {
    case '25006':
      throw field(`Only read-only queries are allowed: the database refused a change (${msg})`);
    case '57014':
      throw field(
        `The query took longer than ${limits.timeoutMs / 1000} s and was stopped (statement timeout). ` +
          'Narrow it with filters or aggregate less data.',
      );
    case '42501':
      throw field(`Only the documented analytics views can be queried: ${msg}`);
    case '42704':
    case '22023':
      if (msg.includes(READER_ROLE))
        throw new AppError(
          503,
          ERROR_CODES.internal,
          `Analytics queries are unavailable: the database role ${READER_ROLE} is missing (run the migrations as a role allowed to create roles)`,
        );
  }
  if (e.code && /^(42|22|21|2F|0A|54)/.test(e.code)) {
    const pos = Number(e.position);
    const where =
      Number.isFinite(pos) && pos > prepared.prefixLength ? ` (at character ${pos - prepared.prefixLength})` : '';
    throw field(`The query could not run: ${msg}${where}`);
  }
  throw err;
}

async function guardPglite(tx: PgliteTx, prepared: PreparedQuery, limits: AnalyticsLimits): Promise<void> {
  const words = scanSql(prepared.text).filter((t) => t.kind === 'word');
  const unbounded = words.find((t) => t.text === 'recursive' || t.text.startsWith('pg_sleep'));
  if (unbounded)
    throw badRequest(
      `${unbounded.text.toUpperCase()} is not available on the embedded database, which cannot stop a query once it runs`,
      [{ path: 'sql', message: `${unbounded.text.toUpperCase()} is not available on the embedded database` }],
    );
  const plan = await tx.query(`explain (format json) ${prepared.text}`, prepared.params);
  const raw = plan.rows[0] as unknown;
  const doc = (Array.isArray(raw) ? raw[0] : Object.values(raw as object)[0]) as unknown;
  const parsed = (typeof doc === 'string' ? JSON.parse(doc) : doc) as { Plan: { 'Total Cost': number } }[];
  const cost = parsed[0]?.Plan['Total Cost'] ?? 0;
  if (cost > limits.pgliteMaxCost)
    throw badRequest(
      `The query would take too long on the embedded database (estimated cost ${Math.round(cost)} exceeds ` +
        `${limits.pgliteMaxCost}, which stands in for the ${limits.timeoutMs / 1000} s statement timeout). Narrow it with filters or aggregate less data.`,
      [{ path: 'sql', message: 'The query would take too long' }],
    );
}

const SETUP = (timeoutMs: number) => [
  `set local statement_timeout = ${Math.floor(timeoutMs)}`,
  `set local role ${READER_ROLE}`,
  'set local search_path = analytics, pg_catalog',
];

export interface RunOutput {
  columns: TAnalyticsColumn[];
  rows: unknown[][];
  durationMs: number;
}

export async function runReadOnly(
  ctx: AppContext,
  prepared: PreparedQuery,
  limits: AnalyticsLimits,
): Promise<RunOutput> {
  const started = performance.now();
  let raw: RawResult;
  try {
    if (ctx.dbh.kind === 'pglite') {
      const client = (ctx.db as unknown as { $client: Pglite }).$client;
      raw = await client.transaction(async (tx) => {
        try {
          await tx.query('set transaction read only');
          for (const s of SETUP(limits.timeoutMs)) await tx.query(s);
          await guardPglite(tx, prepared, limits);
          return await tx.query(prepared.text, prepared.params, {
            rowMode: 'array',
            parsers: { 1082: (v: string) => v, 1114: (v: string) => v.replace(' ', 'T') },
          });
        } finally {
          await tx.rollback().catch(() => undefined);
        }
      });
    } else {
      const pool = (ctx.db as unknown as { $client: PgPool }).$client;
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin transaction read only');
        for (const s of SETUP(limits.timeoutMs)) await client.query(s);
        raw = await client.query({ text: prepared.text, values: prepared.params, rowMode: 'array' });
      } finally {
        await client.query('rollback').catch((e: Error) => (broken = e));
        client.release(broken);
      }
    }
  } catch (err) {
    translate(err, prepared, limits);
  }
  const fields = raw.fields.map((f) => ({ name: f.name, oid: f.dataTypeID }));
  return {
    columns: fields.map((f) => ({ name: f.name, type: columnType(f.oid) })),
    rows: raw.rows.map((r) => (r as unknown[]).map((v, i) => normalise(v, fields[i]?.oid ?? 0))),
    durationMs: Math.round(performance.now() - started),
  };
}
