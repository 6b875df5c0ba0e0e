import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, readLiveLock } from './data-dir-lock.ts';

describe('data-directory lock (one process per embedded data directory)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sextant-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second holder while the first lives, and takes over the lock of a killed one', async () => {
    // another process "holds" the lock
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    await new Promise((r) => other.once('spawn', r));
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({
        pid: other.pid,
        holder: 'server',
        startedAt: new Date().toISOString(),
        controlSocket: '/x.sock',
      }),
    );
    expect(readLiveLock(dir)).toMatchObject({ pid: other.pid, controlSocket: '/x.sock' });
    const waited = Date.now();
    await expect(acquireDataDirLock(dir, { holder: 'server', waitMs: 500 })).rejects.toBeInstanceOf(DataDirLockedError);
    expect(Date.now() - waited).toBeGreaterThanOrEqual(400); // it waited for the holder before giving up
    await expect(acquireDataDirLock(dir, { holder: 'server' })).rejects.toThrow(/in use by process/);

    // killed holder: its lock is stale and is taken over
    other.kill('SIGKILL');
    await new Promise((r) => other.once('exit', r));
    expect(readLiveLock(dir)).toBeNull();
    const lock = await acquireDataDirLock(dir, { holder: 'cli backup' });
    expect(readLiveLock(dir)).toMatchObject({ pid: process.pid, holder: 'cli backup' });
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock file left unreadable (killed while writing it)', async () => {
    writeFileSync(path.join(dir, LOCK_FILE), '{"pi');
    const lock = await acquireDataDirLock(dir, { holder: 'server' });
    expect(readLiveLock(dir)?.pid).toBe(process.pid);
    lock.release();
  });
});
