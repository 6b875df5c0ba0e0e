/**
 * Turns an analytics query into something safe to run: one read-only statement, :named parameters bound as typed
 * placeholders ($1::date …), wrapped so the row limit applies. The database enforces the same rules again (READ
 * ONLY transaction, a role that can read only the analytics views); this layer gives the clear messages.
 */
import {
  READ_ONLY_REFUSAL,
  WRITE_KEYWORDS,
  scanSql,
  type TAnalyticsParameter,
  type TAnalyticsParameterType,
  type TAnalyticsValues,
} from '@sextant/shared';
import { badRequest } from '../../lib/errors.ts';

const PG_TYPES: Record<TAnalyticsParameterType, string> = {
  text: 'text',
  number: 'numeric',
  integer: 'bigint',
  date: 'date',
  timestamp: 'timestamptz',
  boolean: 'boolean',
};
const READ_STARTS = new Set(['select', 'with', 'values', 'table']);
const WRITES = new Set<string>(WRITE_KEYWORDS);

export interface PreparedQuery {
  /** The wrapped statement with $n placeholders. */
  text: string;
  params: (string | null)[];
  /** Characters added before the user's SQL (to map error positions back). */
  prefixLength: number;
}

const sqlError = (message: string) => badRequest(message, [{ path: 'sql', message }]);

/** Refuses anything but one read-only statement (SELECT / WITH / VALUES / TABLE). Returns the SQL without a trailing ;. */
export function assertReadOnly(sqlText: string): string {
  const tokens = scanSql(sqlText);
  const write = tokens.find((t) => t.kind === 'word' && WRITES.has(t.text));
  if (write)
    throw sqlError(
      `${READ_ONLY_REFUSAL}: ${write.text.toUpperCase()} changes data or the database; analytics queries may only read the analytics views`,
    );
  const first = tokens.find((t) => t.kind === 'word');
  if (!first || !READ_STARTS.has(first.text))
    throw sqlError(
      `${READ_ONLY_REFUSAL}: a query must start with SELECT or WITH and may only read the analytics views`,
    );
  const semicolons = tokens.filter((t) => t.kind === 'semicolon');
  let body = sqlText;
  // A trailing semicolon (possibly followed by comments) is tolerated; any other means several statements.
  const last = semicolons.at(-1);
  if (last && !tokens.some((t) => t.start > last.start && t.kind !== 'semicolon')) body = sqlText.slice(0, last.start);
  if (semicolons.some((t) => t.start < body.length))
    throw sqlError('Only one statement is allowed: remove the semicolons between statements');
  return body;
}

function coerce(p: TAnalyticsParameter, raw: unknown): string | null {
  const label = p.label || p.name;
  const path = `values.${p.name}`;
  const fail = (message: string) => badRequest(`${path}: ${message}`, [{ path, message }]);
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    if (p.required) throw fail(`${label} is required`);
    return null;
  }
  const s = String(raw).trim();
  switch (p.type) {
    case 'number':
      if (!Number.isFinite(Number(s))) throw fail(`${label} must be a number`);
      return s;
    case 'integer':
      if (!/^-?\d{1,18}$/.test(s)) throw fail(`${label} must be a whole number`);
      return s;
    case 'boolean':
      if (!['true', 'false'].includes(s.toLowerCase())) throw fail(`${label} must be true or false`);
      return s.toLowerCase();
    case 'date': {
      const d = new Date(`${s}T00:00:00Z`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s)
        throw fail(`${label} must be a date (YYYY-MM-DD)`);
      return s;
    }
    case 'timestamp': {
      const d = new Date(s);
      if (Number.isNaN(d.getTime())) throw fail(`${label} must be a date and time (ISO 8601)`);
      return d.toISOString();
    }
    default:
      return s;
  }
}

/** Checks that every :parameter used is defined, binds the values and wraps the query with the row limit. */
export function prepareQuery(
  sqlText: string,
  definitions: readonly TAnalyticsParameter[],
  values: TAnalyticsValues,
  rowLimit: number,
): PreparedQuery {
  const body = assertReadOnly(sqlText);
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const tokens = scanSql(body).filter((t) => t.kind === 'param');
  const undefinedNames = [...new Set(tokens.map((t) => t.text).filter((n) => !byName.has(n)))];
  if (undefinedNames.length) {
    const message = `The query uses ${undefinedNames.map((n) => `:${n}`).join(', ')} but no parameter of that name is defined`;
    throw badRequest(message, [{ path: 'parameters', message }]);
  }
  const index = new Map<string, number>();
  const params: (string | null)[] = [];
  let out = '';
  let at = 0;
  for (const t of tokens) {
    const def = byName.get(t.text)!;
    let n = index.get(t.text);
    if (n === undefined) {
      params.push(coerce(def, values[t.text] !== undefined ? values[t.text] : def.defaultValue));
      n = params.length;
      index.set(t.text, n);
    }
    out += `${body.slice(at, t.start)}$${n}::${PG_TYPES[def.type]}`;
    at = t.end;
  }
  out += body.slice(at);
  const prefix = 'select * from (\n';
  return { text: `${prefix}${out}\n) as analytics_query limit ${rowLimit + 1}`, params, prefixLength: prefix.length };
}
