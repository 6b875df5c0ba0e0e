/**
 * The migrated PGlite template (pglite-template.ts): a new data directory starts from it, an existing one never does,
 * and a template made for other migrations or another PGlite is never loaded.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(tmpdir(), 'sextant-pglite-template-test-'));
process.env.SEXTANT_PGLITE_TEMPLATE_DIR = path.join(dir, 'templates');
// imported after the environment names the template folder
const { openDb } = await import('./client.ts');
const tpl = await import('./pglite-template.ts');
const { createTestDb } = await import('./testing.ts');

/** A migrated database with a marker table, kept as the template: a database that has the marker came from it. */
async function markedTemplate(marker: string): Promise<Uint8Array> {
  const db = await createTestDb('pglite');
  try {
    await db.query(`create table ${marker} (id int)`);
    return new Uint8Array(await (await db.dumpDataDir!()).tar.arrayBuffer());
  } finally {
    await db.close();
  }
}

const hasTable = async (db: { query: (q: string) => Promise<unknown[]> }, name: string) =>
  (await db.query(`select 1 from information_schema.tables where table_name = '${name}'`)).length === 1;

describe('migrated PGlite template', () => {
  let tar: Uint8Array;
  beforeAll(async () => {
    tar = await markedTemplate('template_marker');
  }, 60_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env.SEXTANT_PGLITE_TEMPLATE_DIR;
  });

  it('is named after PGlite’s version and the migrations, and a new data directory starts from it', async () => {
    expect(tpl.migratedTemplateKey()).toMatch(/^[0-9a-f]{16}$/);
    expect(tpl.writeMigratedTemplate(tar)).toBe(true);
    expect(readdirSync(path.join(dir, 'templates'))).toEqual([path.basename(tpl.migratedTemplateFile())]);
    const dataDir = path.join(dir, 'fresh', 'pglite');
    const db = await openDb({ dataDir });
    try {
      expect(await hasTable(db, 'template_marker')).toBe(true);
      expect(await hasTable(db, 'users')).toBe(true);
      expect(tpl.isFreshDataDir(dataDir)).toBe(false);
    } finally {
      await db.close();
    }
    // reopened: the same cluster, on disk
    const again = await openDb({ dataDir });
    try {
      expect(await hasTable(again, 'template_marker')).toBe(true);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('replaces a load that was cut short (a kill during a first start) on the next start', async () => {
    const dataDir = path.join(dir, 'interrupted', 'pglite');
    // what a kill in the middle of the load leaves: part of a cluster, PG_VERSION among it, and the marker beside it
    mkdirSync(path.join(dataDir, 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, 'PG_VERSION'), '17\n');
    writeFileSync(`${dataDir}.loading`, '1\n');
    expect(tpl.isFreshDataDir(dataDir)).toBe(true);
    const db = await openDb({ dataDir });
    try {
      expect(await hasTable(db, 'template_marker')).toBe(true);
      expect(existsSync(`${dataDir}.loading`)).toBe(false);
      expect(tpl.isFreshDataDir(dataDir)).toBe(false);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('is never loaded into a data directory that already holds a cluster', async () => {
    const dataDir = path.join(dir, 'existing', 'pglite');
    const first = await openDb({ dataDir });
    await first.query('drop table template_marker');
    await first.close();
    const db = await openDb({ dataDir });
    try {
      expect(await hasTable(db, 'template_marker')).toBe(false);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('is not loaded when it was made for other migrations or another PGlite (another name)', async () => {
    rmSync(tpl.migratedTemplateFile());
    const other = await markedTemplate('other_marker');
    writeFileSync(path.join(dir, 'templates', 'migrated-0000000000000000.tar'), other);
    expect(tpl.readMigratedTemplate()).toBeUndefined();
    // a data directory opened with a template given explicitly (a backup, a test fixture) keeps that one
    const explicit = await openDb({ dataDir: path.join(dir, 'explicit', 'pglite'), loadDataDir: new Blob([other]) });
    try {
      expect(await hasTable(explicit, 'other_marker')).toBe(true);
    } finally {
      await explicit.close();
    }
  }, 60_000);
});
