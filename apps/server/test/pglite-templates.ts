/**
 * Vitest global setup: builds two PGlite data directories once per run — migrated, and migrated + reference and
 * demo data (what the harness seeds) — and names their tars in the environment the test workers inherit. Each test
 * file then starts its PGlite from a copy (createTestDb, createTestApp) instead of running initdb, every migration
 * and the seed itself. Tests never share a database: each gets its own copy.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '@sextant/db';
import { PGLITE_SEEDED_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from '@sextant/db/testing';
import { seedTestDb } from './harness.ts';

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sextant-pglite-templates-'));
  const db = await openDb();
  try {
    const migrated = path.join(dir, 'migrated.tar');
    writeFileSync(migrated, Buffer.from(await (await db.dumpDataDir!()).tar.arrayBuffer()));
    await seedTestDb(db);
    const seeded = path.join(dir, 'seeded.tar');
    writeFileSync(seeded, Buffer.from(await (await db.dumpDataDir!()).tar.arrayBuffer()));
    process.env[PGLITE_TEMPLATE_ENV] = migrated;
    process.env[PGLITE_SEEDED_TEMPLATE_ENV] = seeded;
  } finally {
    await db.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
