/**
 * Issue 13, item 8: production start-up refusals, checked by starting the real server process (main.ts).
 * `APP_ENV=production DEMO_SEED=true npm start` used to seed the demo accounts, and sysAdmin / demo signed in.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '@sextant/db';
import { createTestDb, dbKinds } from '@sextant/db/testing';
import { syncReferenceData } from '../src/seed/reference.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { isLoopbackHost } from '../src/production.ts';
import { serverMainArgs } from './process-harness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'sextant-prod-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

interface Run {
  code: number | null;
  out: string;
  listening: boolean;
}

/** Starts the server (main.ts, compiled) with `env`; resolves when it exits, or once it listens (then it is stopped). */
async function start(env: Record<string, string>, timeoutMs = 120_000): Promise<Run> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !['APP_ENV', 'DEMO_SEED', 'DEMO_PASSWORD', 'DATABASE_URL', 'HOST', 'PUBLIC_URL', 'SMTP_URL'].includes(k) &&
        !k.startsWith('VITEST'),
    ),
  );
  const child = spawn(process.execPath, [...(await serverMainArgs()), '--services=api'], {
    cwd: root,
    env: { ...base, PORT: '0', LOG_LEVEL: 'warn', WEB_DIST: tempDir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    let listening = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no exit within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (!listening && out.includes('Sextant is running')) {
        listening = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, listening });
    });
  });
}

describe('production start-up', () => {
  it('refuses demo seeding with a clear message, before anything listens', async () => {
    const run = await start({ APP_ENV: 'production', DEMO_SEED: 'true', DATA_DIR: tempDir() });
    expect(run.listening).toBe(false);
    expect(run.code).toBe(1);
    expect(run.out).toContain('Sextant will not start');
    expect(run.out).toContain('APP_ENV=production refuses DEMO_SEED');
  }, 60_000);

  it('refuses to listen on a non-loopback address without explicit production settings', async () => {
    const dev = await start({ HOST: '0.0.0.0', DATA_DIR: tempDir() });
    expect(dev.code).toBe(1);
    expect(dev.listening).toBe(false);
    expect(dev.out).toContain('HOST=0.0.0.0 is reachable from the network');
    expect(dev.out).toContain('APP_ENV=production and PUBLIC_URL');
    const noUrl = await start({ HOST: '0.0.0.0', APP_ENV: 'production', DATA_DIR: tempDir() });
    expect(noUrl.code).toBe(1);
    expect(noUrl.out).toMatch(/set PUBLIC_URL, or listen on 127\.0\.0\.1/);
  }, 60_000);

  it('starts in production with explicit settings and no demo data', async () => {
    const run = await start({
      APP_ENV: 'production',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://sextant.example',
      DATA_DIR: tempDir(),
    });
    expect(run.listening, run.out).toBe(true);
    expect(run.out).not.toContain('Demo accounts');
  }, 150_000);

  it('recognises loopback addresses', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '10.0.0.5', 'example.com', '192.168.1.2'])
      expect(isLoopbackHost(h), h).toBe(false);
  });
});

describe.each(dbKinds())('production refuses the default password on %s', (kind) => {
  it('a database that still has demo accounts with password "demo" does not start', async () => {
    // Seeded earlier (a development start on the same database), then started as production.
    let env: Record<string, string>;
    let close: () => Promise<void>;
    if (kind === 'pglite') {
      const dataDir = tempDir();
      const dbh = await openDb({ dataDir: path.join(dataDir, 'pglite') });
      await syncReferenceData(dbh.db);
      await seedDemo(dbh.db, 'demo');
      await dbh.close();
      env = { DATA_DIR: dataDir };
      close = async () => {};
    } else {
      const db = await createTestDb('postgres');
      await syncReferenceData(db.db);
      await seedDemo(db.db, 'demo');
      env = { DATA_DIR: tempDir(), DATABASE_URL: db.url! };
      close = () => db.close();
    }
    try {
      const run = await start({ APP_ENV: 'production', ...env });
      expect(run.listening).toBe(false);
      expect(run.code).toBe(1);
      expect(run.out).toContain('APP_ENV=production refuses the default password');
      expect(run.out).toContain('sysAdmin');
    } finally {
      await close();
    }
  }, 150_000);
});
