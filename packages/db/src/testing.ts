/**
 * Test databases: an in-memory PGlite, and — when TEST_DATABASE_URL is set — a fresh PostgreSQL database
 * created for the test file and dropped afterwards. `dbKinds()` lists the kinds to run a suite against.
 */
import { randomBytes } from 'node:crypto';
import { openDb, type DbHandle } from './client.ts';

export type TestDbKind = 'pglite' | 'postgres';

export function dbKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDb extends DbHandle {
  url?: string;
}

export async function createTestDb(kind: TestDbKind): Promise<TestDb> {
  if (kind === 'pglite') return openDb();
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const pg = await import('pg');
  const name = `sextant_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.default.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDb({ url: url.toString(), poolSize: 5 });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const again = new pg.default.Client({ connectionString: base });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}
