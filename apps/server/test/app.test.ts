import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb, type DbHandle } from '@sextant/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { syncRoles } from '../src/seed/roles.ts';
import type { FastifyInstance } from 'fastify';

describe('application surface', () => {
  let app: FastifyInstance;
  let dbh: DbHandle;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'sextant-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Sextant</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    dbh = await openDb();
    await syncRoles(dbh.db);
    app = await buildApp({
      config: loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent' }),
      dbh,
      web: dist,
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await dbh?.close();
  });

  it('documents every API route in the OpenAPI document at /api/docs', async () => {
    const doc = (await app.inject('/api/docs.json')).json() as { openapi: string; paths: Record<string, object> };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = new Set(Object.keys(doc.paths));
    for (const r of app.accessRegistry) {
      const openapiPath = r.url.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(documented.has(openapiPath), `${r.method} ${r.url}`).toBe(true);
    }
    expect((await app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('serves the web app for client-side routes, with cache headers by kind', async () => {
    const root = await app.inject('/');
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toMatch(/text\/html/);
    const page = await app.inject('/jobs/123/summary');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    // A rebuild while the server runs adds files with new hashes: they are served without a restart.
    writeFileSync(path.join(dist, 'assets', 'app-new456.js'), 'console.log(2)');
    expect((await app.inject('/assets/app-new456.js')).statusCode).toBe(200);
  });

  it('answers unknown API paths and missing files with the JSON 404', async () => {
    for (const url of ['/api/v1/nope', '/assets/missing.js']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, statusCode: 404, code: 'NotFound' });
    }
  });
});
