/**
 * The start-up order of main.ts (docs/OPERATIONS.md, "Start-up"): the server listens once the app is built, while
 * the reference data, the demo seed and the start-up checks after the last stop still run. Until they are done only
 * the liveness probe answers; every other request waits for them (no request sees unrecovered state), and the
 * background work started at start (the vendor index) begins after them. A later start's demo seed costs no
 * password hash.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '@sextant/db/testing';
import { users } from '@sextant/db';
import { loadConfig } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { syncReferenceData } from '../src/seed/reference.ts';
import { DEMO_USERS, seedDemo } from '../src/seed/demo.ts';
import { argon2Stats } from '../src/lib/passwords.ts';

describe('start-up gate', () => {
  let db: TestDb;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sextant-gate-'));

  beforeAll(async () => {
    db = await createTestDb('pglite');
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /health/live while the start-up work runs; everything else waits for it', async () => {
    let done!: () => void;
    const startUp = new Promise<void>((resolve) => (done = resolve));
    const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    const app = await buildApp({ config, dbh: db, web: false, logger: false, startUp });
    try {
      await app.ready();
      const live = await app.inject({ method: 'GET', url: '/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ status: 'ok' });

      // the database is still empty of reference data and demo users here: the start-up work has not run
      let answered = false;
      const api = app.inject({ method: 'GET', url: '/api/v1/auth/methods' }).then((r) => {
        answered = true;
        return r;
      });
      const ready = app.inject({ method: 'GET', url: '/health/ready' }).then((r) => {
        answered = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(answered).toBe(false);

      await syncReferenceData(db.db);
      await seedDemo(db.db, 'demo');
      done();
      expect((await api).statusCode).toBe(200);
      expect((await ready).statusCode).toBe(200);
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { origin: 'http://127.0.0.1:3000' },
        payload: { username: DEMO_USERS[0]!.username, password: 'demo' },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('hashes the demo password only when a demo user is missing', async () => {
    await syncReferenceData(db.db);
    await seedDemo(db.db, 'demo'); // all present (from the test before, or created now)
    const before = argon2Stats.hashes;
    expect(await seedDemo(db.db, 'demo')).toEqual({ created: 0 });
    expect(argon2Stats.hashes).toBe(before);

    const gone = DEMO_USERS[DEMO_USERS.length - 1]!.username;
    await db.db.delete(users).where(eq(users.username, gone));
    expect(await seedDemo(db.db, 'demo')).toEqual({ created: 1 });
    expect(argon2Stats.hashes).toBe(before + 1);
    const [row] = await db.db.select().from(users).where(eq(users.username, gone));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  }, 120_000);
});
