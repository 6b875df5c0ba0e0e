/**
 * Test databases: an in-memory PGlite, and — when TEST_DATABASE_URL is set — a fresh PostgreSQL database
 * created for the test file and dropped afterwards. `dbKinds()` lists the kinds to run a suite against.
 *
 * A new PGlite runs initdb inside WebAssembly and then every migration, seconds per test file on two cores. When the
 * test run provides a migrated data directory (PGLITE_TEMPLATE_ENV, made once by the Vitest global setup), each
 * PGlite starts from a copy of it instead; the migrator then finds nothing to apply.
 */
import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { openDb, type DbHandle } from './client.ts';

/** Environment variables naming PGlite data-directory tars: migrated, and migrated + reference and demo data. */
export const PGLITE_TEMPLATE_ENV = 'SEXTANT_TEST_PGLITE_MIGRATED';
export const PGLITE_SEEDED_TEMPLATE_ENV = 'SEXTANT_TEST_PGLITE_SEEDED';
/** The same two as PostgreSQL template databases (names) on TEST_DATABASE_URL's server, when it is set. */
export const PG_TEMPLATE_ENV = 'SEXTANT_TEST_PG_MIGRATED';
export const PG_SEEDED_TEMPLATE_ENV = 'SEXTANT_TEST_PG_SEEDED';

const templates = new Map<string, Blob>();
/** The template tar named by `envName`, read once per worker; undefined when the run provides none. */
export function pgliteTemplate(envName: string): Blob | undefined {
  const file = process.env[envName];
  if (!file || !existsSync(file)) return undefined;
  let tar = templates.get(file);
  if (!tar) {
    tar = new Blob([readFileSync(file)]);
    templates.set(file, tar);
  }
  return tar;
}

/** The template database named by `envName` on TEST_DATABASE_URL's server; undefined when the run provides none. */
export function postgresTemplate(envName: string): string | undefined {
  const name = process.env[envName];
  return name && /^[a-z0-9_]+$/.test(name) ? name : undefined;
}

/** Runs `statements` on TEST_DATABASE_URL's server, one after another (creating and dropping test databases). */
export async function onTestServer(statements: readonly string[]): Promise<void> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const pg = await import('pg');
  const c = new pg.default.Client({ connectionString: base });
  await c.connect();
  try {
    for (const q of statements) await c.query(q);
  } finally {
    await c.end();
  }
}

/** The connection URL of database `name` on TEST_DATABASE_URL's server. */
export function testServerUrl(name: string): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export type TestDbKind = 'pglite' | 'postgres';

export function dbKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDb extends DbHandle {
  url?: string;
}

/**
 * A fresh database of `kind`, from `template` when given, else from the run's migrated template when there is one,
 * else empty; committed migrations are applied either way. PGlite: the template is a tar of a data directory.
 * PostgreSQL: the name of a template database (CREATE DATABASE … TEMPLATE copies it, a fraction of a second against
 * seconds for every migration).
 */
export async function createTestDb(kind: TestDbKind, template?: Blob | string): Promise<TestDb> {
  if (kind === 'pglite') {
    const loadDataDir = template instanceof Blob ? template : pgliteTemplate(PGLITE_TEMPLATE_ENV);
    return openDb(loadDataDir ? { loadDataDir } : {});
  }
  const from = typeof template === 'string' ? template : postgresTemplate(PG_TEMPLATE_ENV);
  const name = `sextant_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onTestServer([`create database ${name}${from ? ` template ${from}` : ''}`]);
  const url = testServerUrl(name);
  const handle = await openDb({ url, poolSize: 5 });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await onTestServer([`drop database if exists ${name} with (force)`]);
    },
  };
}
