/**
 * Integration-test harness: a real app on a real database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set),
 * seeded with the demo data, with helpers to sign in as a demo user and call the API through fastify.inject.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  createTestDb,
  PG_SEEDED_TEMPLATE_ENV,
  PGLITE_SEEDED_TEMPLATE_ENV,
  pgliteTemplate,
  postgresTemplate,
  type TestDb,
  type TestDbKind,
} from '@sextant/db/testing';
import { loadConfig, type Config } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { syncReferenceData } from '../src/seed/reference.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { startTestS3 } from './s3-server.ts';

export const TEST_ORIGIN = 'http://127.0.0.1:3000';

export interface TestApp {
  app: FastifyInstance;
  db: TestDb;
  config: Config;
  /** Signs in with the demo password and returns the Cookie header value. */
  login(username: string, password?: string): Promise<string>;
  call(
    method: string,
    url: string,
    opts?: { cookie?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** Uploads one file as multipart/form-data field "file". */
  upload(
    url: string,
    file: { name: string; content: Buffer | string },
    cookie: string,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The reference data and the demo installation (users, issuers, buyers) every integration test starts from. */
export async function seedTestDb(db: Pick<TestDb, 'db'>): Promise<void> {
  await syncReferenceData(db.db);
  await seedDemo(db.db, 'demo');
}

/**
 * A fixture to start from instead of the seeded database, as demo-jobs-fixture.ts makes them: the database made by
 * the same seed — a PGlite data-directory tar, or the name of a PostgreSQL template database — and the data folder of
 * the app that made it (copied).
 */
export interface TestAppFixture {
  template: Blob | string;
  dataFrom: string;
}

export async function createTestApp(
  kind: TestDbKind,
  env: Record<string, string> = {},
  fixture?: TestAppFixture,
): Promise<TestApp> {
  if (fixture && (kind === 'pglite') !== fixture.template instanceof Blob)
    throw new Error(`createTestApp: the fixture's database is not one for ${kind}`);
  // The database starts from the run's seeded template when there is one (pglite-templates.ts): the same rows these
  // calls make.
  const seeded =
    fixture?.template ??
    (kind === 'pglite' ? pgliteTemplate(PGLITE_SEEDED_TEMPLATE_ENV) : postgresTemplate(PG_SEEDED_TEMPLATE_ENV));
  const db = await createTestDb(kind, seeded);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sextant-test-data-'));
  if (fixture) cpSync(fixture.dataFrom, dataDir, { recursive: true });
  // TEST_BLOB_S3=1 runs the app on object storage: an S3-compatible server on loopback (test/s3-server.ts) per app,
  // so any integration test can be run against the S3 blob store.
  const s3 = process.env.TEST_BLOB_S3 === '1' && !env.BLOB_URL ? await startTestS3() : null;
  const config = loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // Outside APP_ENV=test the app prepares the vendor index at start, in the background: on a small network here (not
    // the default 100 000 merchants: half a minute of CPU, which close() then waits for).
    ...(env.APP_ENV && env.APP_ENV !== 'test' ? { NETWORK_MERCHANTS: '1000' } : {}),
    ...(s3 ? { BLOB_URL: s3.url() } : {}),
    // One reference network unless a test asks for the demo's second one (each further network is another match
    // step in every run): the demo-jobs fixture and the networks tests do.
    NETWORK_SECOND: 'false',
    ...env,
  });
  if (!seeded) await seedTestDb(db);
  const app = await buildApp({ config, dbh: db, web: false, logger: false });
  await app.ready();
  const call: TestApp['call'] = (method, url, opts = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { origin: TEST_ORIGIN, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.headers ?? {}) },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
  const cookies = new Map<string, string>();
  return {
    app,
    db,
    config,
    call,
    async login(username, password = 'demo') {
      const key = `${username}:${password}`;
      const cached = cookies.get(key);
      if (cached) return cached;
      const res = await call('POST', '/api/v1/auth/login', { body: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      const c = res.cookies.find((x) => x.name === 'sextant_session');
      const cookie = `sextant_session=${c!.value}`;
      cookies.set(key, cookie);
      return cookie;
    },
    upload(url, file, cookie) {
      const boundary = `----sextant${Math.random().toString(16).slice(2)}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.inject({
        method: 'POST',
        url,
        payload,
        headers: { origin: TEST_ORIGIN, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    },
    async close() {
      await app.ctx.proq.stop().catch(() => undefined);
      await app.close();
      await db.close();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}
