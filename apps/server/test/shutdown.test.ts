/**
 * app.close() waits for what the app left running: once it resolves, nothing of the app writes into DATA_DIR (a test
 * removes the folder next, a restart opens it again). A vendor index prepared at start (outside APP_ENV=test) kept
 * writing the reference network and the index into a removed folder: `rmdir … ENOTEMPTY` in CI.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '@sextant/db/testing';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { inBackground, settleBackground } from '../src/lib/background.ts';

/** Every file and folder under `dir` with its size and modification time. */
function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      const s = statSync(p);
      out.push(`${path.relative(dir, p)} ${e.isDirectory() ? 'dir' : s.size} ${s.mtimeMs}`);
      if (e.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out.sort();
}

describe('closing the app', () => {
  it.each([0, 1500])(
    'stops and waits for the vendor index being prepared at start (closed %i ms after ready): nothing is written after',
    async (afterMs) => {
      const db = await createTestDb('pglite');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sextant-test-data-'));
      try {
        const config = loadConfig({
          APP_ENV: 'development',
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
          NETWORK_MERCHANTS: '1000',
        });
        const app = await buildApp({ config, dbh: db, web: false, logger: false });
        await app.ready(); // starts preparing the vendor index in the background
        await new Promise((r) => setTimeout(r, afterMs));
        await app.close();
        const closed = listing(dataDir);
        await new Promise((r) => setTimeout(r, 1500));
        expect(listing(dataDir)).toEqual(closed);
        // no retries: a write racing the removal made it fail with ENOTEMPTY
        rmSync(dataDir, { recursive: true });
      } finally {
        await db.close();
        rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      }
    },
    120_000,
  );

  it('waits for background work started before and during the wait', async () => {
    const ctx = { config: loadConfig({ APP_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sextant-bg-')) }) };
    const done: string[] = [];
    const later = (ms: number, what: string) => new Promise<void>((r) => setTimeout(() => (done.push(what), r()), ms));
    inBackground(
      ctx,
      later(50, 'first').then(() => inBackground(ctx, later(100, 'started by the first'))),
    );
    inBackground(ctx, Promise.reject(new Error('a failure ends the wait like a success')));
    await settleBackground(ctx);
    expect(done).toEqual(['first', 'started by the first']);
    rmSync(ctx.config.dataDir, { recursive: true, force: true });
  });
});
