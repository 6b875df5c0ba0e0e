/**
 * Vitest global setup: builds two PGlite data directories once per run — migrated, and migrated + reference and
 * demo data (what the harness seeds) — and names their tars in the environment the test workers inherit. Each test
 * file then starts its PGlite from a copy (createTestDb, createTestApp) instead of running initdb, every migration
 * and the seed itself. Tests never share a database: each gets its own copy.
 *
 * With TEST_DATABASE_URL the same two are made as PostgreSQL databases on that server, and each test file's
 * PostgreSQL database is created from one (CREATE DATABASE … TEMPLATE); both are dropped at the end of the run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '@sextant/db';
import { readMigratedTemplate, writeMigratedTemplate } from '@sextant/db/pglite-template';
import {
  PG_SEEDED_TEMPLATE_ENV,
  PG_TEMPLATE_ENV,
  PGLITE_SEEDED_TEMPLATE_ENV,
  PGLITE_TEMPLATE_ENV,
  onTestServer,
  testServerUrl,
} from '@sextant/db/testing';
import { seedTestDb } from './harness.ts';

/** The two template databases on TEST_DATABASE_URL's server; returns their removal. */
async function postgresTemplates(): Promise<() => Promise<void>> {
  const prefix = `sextant_tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const [migrated, seeded] = [`${prefix}_migrated`, `${prefix}_seeded`];
  const drop = () => onTestServer([seeded, migrated].map((name) => `drop database if exists ${name} with (force)`));
  try {
    await onTestServer([`create database ${migrated}`]);
    await (await openDb({ url: testServerUrl(migrated), poolSize: 1 })).close();
    await onTestServer([`create database ${seeded} template ${migrated}`]);
    const db = await openDb({ url: testServerUrl(seeded), poolSize: 1 });
    try {
      await seedTestDb(db);
    } finally {
      await db.close();
    }
  } catch (err) {
    await drop();
    throw err;
  }
  process.env[PG_TEMPLATE_ENV] = migrated;
  process.env[PG_SEEDED_TEMPLATE_ENV] = seeded;
  return drop;
}

export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sextant-pglite-templates-'));
  // The checkout's migrated template (packages/db/pglite-template.ts), made here when there is none yet.
  const template = readMigratedTemplate();
  const db = await openDb(template ? { loadDataDir: template } : {});
  try {
    const migrated = path.join(dir, 'migrated.tar');
    const tar = new Uint8Array(await (await db.dumpDataDir!()).tar.arrayBuffer());
    writeFileSync(migrated, tar);
    if (!template) writeMigratedTemplate(tar);
    await seedTestDb(db);
    const seeded = path.join(dir, 'seeded.tar');
    writeFileSync(seeded, Buffer.from(await (await db.dumpDataDir!()).tar.arrayBuffer()));
    process.env[PGLITE_TEMPLATE_ENV] = migrated;
    process.env[PGLITE_SEEDED_TEMPLATE_ENV] = seeded;
  } finally {
    await db.close();
  }
  const dropPostgres = process.env.TEST_DATABASE_URL ? await postgresTemplates() : null;
  return async () => {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    await dropPostgres?.();
  };
}
