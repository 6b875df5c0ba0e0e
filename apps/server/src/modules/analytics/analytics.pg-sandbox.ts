/**
 * The PostgreSQL analytics sandbox (ADR 0006): queries run on a separate login, the reader role, through its own
 * small pool — never on the application's connections, so no SET ROLE a query could undo with set_config.
 *
 * ANALYTICS_DATABASE_URL names an operator-managed reader login. Without it the server manages
 * `sextant_analytics_reader` itself at first use (under an advisory lock): it makes the role a LOGIN with a
 * password derived from the application's database password (HMAC; all processes of a deployment agree), removes
 * any role memberships, grants USAGE on schema analytics and SELECT on its views, and — when the application's
 * login is a superuser — revokes the dangerous functions (DANGEROUS_FUNCTIONS) from PUBLIC, granting them back to
 * pg_database_owner. Either way it then checks, connected as the reader, that the reader is no superuser and can
 * read nothing outside the analytics schema; otherwise analytics answers 503 instead of running.
 *
 * Time: SET LOCAL statement_timeout, and the server cancels the reader's backend (pg_cancel_backend, then
 * pg_terminate_backend and a closed socket) when a query outlives the limit, even if the timeout was tampered with.
 */
import { createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { AppContext } from '../../context.ts';
import {
  DANGEROUS_FUNCTIONS,
  READER_ROLE,
  busyError,
  timeoutError,
  unavailable,
  type AnalyticsLimits,
  type PreparedStatement,
  type RawResult,
  type Sandbox,
} from './analytics.sandbox.ts';

const ENSURE_LOCK_ID = 727_274_002; // pg_advisory_lock key of the reader set-up (727_274_001 is the migrator's)
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface Verified {
  config: pg.PoolConfig;
  role: string;
}

/** The reader's connection settings: the operator's URL, or the application's URL with the reader's name. */
function readerConfig(ctx: AppContext, appOptions: pg.PoolConfig): { config: pg.PoolConfig; password?: string } {
  const explicit = ctx.config.ANALYTICS_DATABASE_URL;
  if (explicit) return { config: { connectionString: explicit } };
  if (!appOptions.connectionString) throw unavailable('the database connection has no URL to derive the reader from');
  const url = new URL(appOptions.connectionString);
  const appPassword = decodeURIComponent(url.password) || ctx.config.PGPASSWORD || '';
  // Derived, so every process of a deployment sets and uses the same password; without one (trust or peer
  // authentication) a random one per process does (set ANALYTICS_DATABASE_URL when the reader needs its own).
  const password = appPassword
    ? createHmac('sha256', appPassword).update(`${READER_ROLE} v1`).digest('base64url')
    : randomBytes(24).toString('base64url');
  url.username = READER_ROLE;
  url.password = password;
  return {
    config: { ...appOptions, connectionString: url.toString(), password: undefined, user: undefined },
    password,
  };
}

async function tryConnect(config: pg.PoolConfig): Promise<pg.Client | Error> {
  const c = new pg.Client({ ...config, connectionTimeoutMillis: 10_000 });
  c.on('error', () => undefined);
  try {
    await c.connect();
    return c;
  } catch (err) {
    await c.end().catch(() => undefined);
    return err as Error;
  }
}

/** ALTER ROLE touches a cluster-wide row: another database's server may change it at the same moment. */
async function retryConcurrent(run: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await run();
      return;
    } catch (err) {
      const e = err as { code?: string; message?: string };
      const concurrent = e.code === 'XX000' || e.code === '23505' || e.code === '40001';
      if (!concurrent || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
    }
  }
}

async function manageReader(
  app: pg.PoolClient,
  password: string,
  canConnect: boolean,
  log: AppContext['log'],
): Promise<void> {
  const [me] = (
    await app.query<{ super: boolean }>('select rolsuper as super from pg_roles where rolname = current_user')
  ).rows;
  const exists = (await app.query('select 1 from pg_roles where rolname = $1', [READER_ROLE])).rowCount;
  // The role is cluster-wide: change it only when the reader cannot sign in with what this process would use.
  if (!exists || !canConnect)
    await retryConcurrent(() =>
      app.query(
        exists
          ? `alter role ${ident(READER_ROLE)} with login password '${password}'`
          : `create role ${ident(READER_ROLE)} with login password '${password}'`,
      ),
    );
  const memberOf = await app.query<{ r: string }>(
    'select m.roleid::regrole::text as r from pg_auth_members m where m.member = $1::regrole',
    [READER_ROLE],
  );
  for (const { r } of memberOf.rows) await app.query(`revoke ${r} from ${ident(READER_ROLE)}`);
  // Migration 0003 grants these too; a views owner other than this login keeps them (checked on use).
  await app
    .query(
      `grant usage on schema analytics to ${ident(READER_ROLE)}; ` +
        `grant select on all tables in schema analytics to ${ident(READER_ROLE)}`,
    )
    .catch((err: unknown) => log.warn({ err }, 'analytics: could not grant the views to the reader'));
  // The application may cancel the reader's queries (pg_cancel_backend needs membership of the backend's role).
  await app.query(`grant ${ident(READER_ROLE)} to current_user`).catch(() => undefined);
  if (!me?.super) return;
  const fns = await app.query<{ f: string }>(
    `select p.oid::regprocedure::text as f from pg_proc p
      where p.proname ~ $1 and has_function_privilege($2, p.oid, 'execute')`,
    [DANGEROUS_FUNCTIONS, READER_ROLE],
  );
  const owner = (await app.query("select 1 from pg_roles where rolname = 'pg_database_owner'")).rowCount;
  for (const { f } of fns.rows) {
    await app.query(`revoke execute on function ${f} from public, ${ident(READER_ROLE)}`);
    if (owner) await app.query(`grant execute on function ${f} to pg_database_owner`);
  }
  if (fns.rows.length) log.info(`analytics: revoked ${fns.rows.length} dangerous functions from PUBLIC`);
}

/** Checks, connected as the reader, that it can read nothing outside the analytics schema. */
async function verify(reader: pg.Client, log: AppContext['log']): Promise<string> {
  const { rows } = await reader.query<{ role: string; super: boolean; outside: string[]; fns: string[] }>(
    `select current_user as role, r.rolsuper as super,
       array(select n.nspname || '.' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname not in ('analytics', 'pg_catalog', 'information_schema')
                and c.relkind in ('r', 'v', 'm', 'p', 'f') and has_table_privilege(c.oid, 'select')) as outside,
       array(select p.oid::regprocedure::text from pg_proc p
              where p.proname ~ $1 and has_function_privilege(p.oid, 'execute')) as fns
     from pg_roles r where r.rolname = current_user`,
    [DANGEROUS_FUNCTIONS],
  );
  const r = rows[0];
  if (!r) throw unavailable('the reader role could not be inspected');
  if (r.super) throw unavailable(`the reader login ${r.role} is a superuser`);
  if (r.outside.length)
    throw unavailable(
      `the reader login ${r.role} can read tables outside the analytics views (${r.outside.slice(0, 5).join(', ')})`,
    );
  if (r.fns.length)
    log.warn(
      `analytics: the reader ${r.role} may still execute ${r.fns.length} dangerous functions (${r.fns.slice(0, 5).join(', ')}…); ` +
        'revoke them from PUBLIC as a superuser (see docs/adr/0006-analytics-isolation.md). Queries stay bounded by the timeout.',
    );
  return r.role;
}

async function ensureReader(ctx: AppContext, appPool: pg.Pool): Promise<Verified> {
  const { config, password } = readerConfig(ctx, appPool.options);
  if (password !== undefined) {
    const first = await tryConnect(config);
    if (!(first instanceof Error)) await first.end().catch(() => undefined);
    const app = await appPool.connect();
    try {
      await app.query('select pg_advisory_lock($1)', [ENSURE_LOCK_ID]);
      await manageReader(app, password, !(first instanceof Error), ctx.log);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode) throw err;
      ctx.log.error({ err }, 'analytics: the reader role could not be set up');
      throw unavailable(
        `the reader role ${READER_ROLE} could not be set up (${(err as Error).message}); ` +
          'give the application CREATEROLE or set ANALYTICS_DATABASE_URL to a reader login',
      );
    } finally {
      await app.query('select pg_advisory_unlock($1)', [ENSURE_LOCK_ID]).catch(() => undefined);
      app.release();
    }
  }
  const reader = await tryConnect(config);
  if (reader instanceof Error) throw unavailable(`the reader login could not connect (${reader.message})`);
  try {
    return { config, role: await verify(reader, ctx.log) };
  } finally {
    await reader.end().catch(() => undefined);
  }
}

export function createPgSandbox(ctx: AppContext): Sandbox {
  const driver = ctx.dbh.driver;
  if (driver.kind !== 'postgres') throw new Error('The PostgreSQL analytics sandbox needs the PostgreSQL database');
  const appPool = driver.client;
  let ready: Promise<pg.Pool> | undefined;
  let pool: pg.Pool | undefined;
  let closed = false;

  const prepare = () => {
    ready ??= ensureReader(ctx, appPool).then(({ config }) => {
      if (closed) throw unavailable('the server is stopping');
      const limits = ctx.config.ANALYTICS_SANDBOXES;
      pool = new pg.Pool({
        ...config,
        max: limits,
        idleTimeoutMillis: 30_000,
        options: '-c default_transaction_read_only=on -c search_path=analytics,pg_catalog',
        application_name: 'sextant-analytics',
      });
      pool.on('error', () => undefined);
      return pool;
    });
    // A failed set-up is tried again on the next query (the operator may have fixed the role meanwhile).
    ready.catch(() => (ready = undefined));
    return ready;
  };

  return {
    async warm() {
      await prepare();
    },
    async run(prepared: PreparedStatement, limits: AnalyticsLimits): Promise<RawResult> {
      const readers = await prepare();
      let client: pg.PoolClient;
      const connecting = readers.connect();
      let waited: NodeJS.Timeout | undefined;
      try {
        client = await Promise.race([
          connecting,
          new Promise<never>((_, reject) => (waited = setTimeout(() => reject(busyError()), limits.timeoutMs))),
        ]);
      } catch (err) {
        // Every reader connection is busy: give the one we waited for back as soon as it comes.
        connecting.then((c) => c.release()).catch(() => undefined);
        if ((err as { statusCode?: number }).statusCode) throw err;
        throw unavailable(`the reader login could not connect (${(err as Error).message})`);
      } finally {
        clearTimeout(waited);
      }
      const pid = (client as pg.PoolClient & { processID: number }).processID; // set by pg, not in its types
      let stopped = false;
      const signal = (fn: string) =>
        appPool.query(`select ${fn}($1)`, [pid]).catch((err: unknown) => ctx.log.warn({ err }, `analytics ${fn}`));
      const cancel = setTimeout(() => {
        stopped = true;
        void signal('pg_cancel_backend');
      }, limits.timeoutMs + 250);
      const kill = setTimeout(() => {
        void signal('pg_terminate_backend');
        client.connection.stream.destroy();
      }, limits.timeoutMs + 3000);
      let broken: Error | boolean = false;
      try {
        await client.query('begin transaction read only');
        await client.query(`set local statement_timeout = ${Math.floor(limits.timeoutMs)}`);
        await client.query(`set local lock_timeout = ${Math.floor(limits.timeoutMs)}`);
        await client.query('set local search_path = analytics, pg_catalog');
        const r = await client.query({ text: prepared.text, values: prepared.params, rowMode: 'array' });
        return { fields: r.fields, rows: r.rows as unknown[][] };
      } catch (err) {
        if (stopped) throw timeoutError(limits);
        throw err;
      } finally {
        clearTimeout(cancel);
        clearTimeout(kill);
        if (stopped) broken = true;
        else await client.query('rollback').catch((e: Error) => (broken = e));
        client.release(broken);
      }
    },
    async close() {
      closed = true;
      await pool?.end().catch(() => undefined);
    },
  };
}
