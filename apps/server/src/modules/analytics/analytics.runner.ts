/**
 * Runs one prepared analytics statement in the analytics sandbox (analytics.sandbox.ts, ADR 0006): on PostgreSQL a
 * separate reader login that can read only the analytics views, on PGlite a worker thread holding only a copy of
 * those views; both in a READ ONLY transaction with `search_path = analytics` and a time limit the server enforces.
 * Rows come back as arrays (duplicate column names survive) with column types for the table and chart.
 */
import { type TAnalyticsColumn } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { PreparedQuery } from './analytics.sql.ts';
import { READER_ROLE, runInSandbox, timeoutError, unavailable, type AnalyticsLimits } from './analytics.sandbox.ts';

export { analyticsLimits, type AnalyticsLimits } from './analytics.sandbox.ts';

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
      throw timeoutError(limits);
    case '42501': {
      const fn = /permission denied for function (\S+)/.exec(msg)?.[1];
      if (fn)
        throw field(
          `The function ${fn} is not available to analytics queries: it could reach data outside the analytics views or hold the server`,
        );
      throw field(`Only the documented analytics views can be queried: ${msg}`);
    }
    case '42P01': {
      // The PGlite sandbox holds the analytics views only: a schema-qualified table elsewhere does not exist there.
      const rel = /relation "([^"]+\.[^"]+)" does not exist/.exec(msg)?.[1];
      if (rel && !rel.startsWith('analytics.'))
        throw field(`Only the documented analytics views can be queried: ${rel} is not one of them`);
      break;
    }
    case '42704':
    case '22023':
      if (msg.includes(READER_ROLE))
        throw unavailable(
          `the database role ${READER_ROLE} is missing (run the migrations as a role allowed to create roles)`,
        );
  }
  if (e.code && /^(42|22|21|2F|0A|54|55P03)/.test(e.code)) {
    const pos = Number(e.position);
    const where =
      Number.isFinite(pos) && pos > prepared.prefixLength ? ` (at character ${pos - prepared.prefixLength})` : '';
    throw field(`The query could not run: ${msg}${where}`);
  }
  throw err;
}

export interface RunOutput {
  columns: TAnalyticsColumn[];
  rows: unknown[][];
  durationMs: number;
}

export async function runReadOnly(
  ctx: AppContext,
  userId: string,
  prepared: PreparedQuery,
  limits: AnalyticsLimits,
): Promise<RunOutput> {
  const started = performance.now();
  let raw: Awaited<ReturnType<typeof runInSandbox>>;
  try {
    raw = await runInSandbox(ctx, userId, prepared, limits);
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
