/**
 * One process at a time on an embedded data directory. PGlite is PostgreSQL in single-user mode: two processes
 * opening the same DATA_DIR/pglite would both write it and corrupt it. The server (and the offline backup/restore
 * CLI) hold DATA_DIR/server.lock, a file created exclusively with the holder's pid and its control socket; a lock
 * whose process is gone (killed) is taken over. The lock also tells the backup CLI that a server runs and where to
 * ask it for a consistent backup.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'server.lock';

export interface LockInfo {
  pid: number;
  /** what holds it: "server" or "cli <command>" */
  holder: string;
  startedAt: string;
  /** Unix socket of the running server's control endpoint (backup), when a server holds the lock. */
  controlSocket?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly info: LockInfo,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${info.pid} (${info.holder}, since ${info.startedAt}). ` +
        'Only one process may use an embedded data directory: stop it first, or choose another DATA_DIR.',
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock's content when a live process holds it, else null (no lock, or a stale one). */
export function readLiveLock(dataDir: string): LockInfo | null {
  let info: LockInfo;
  try {
    info = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as LockInfo;
  } catch {
    return null;
  }
  return typeof info.pid === 'number' && alive(info.pid) ? info : null;
}

/** Where the control socket of a server on `dataDir` lives (unix socket paths are limited to ~100 bytes). */
export function controlSocketPath(dataDir: string): string {
  const inside = path.join(dataDir, '.control.sock');
  if (Buffer.byteLength(inside) < 100) return inside;
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `sextant-${hash}.sock`);
}

export interface DataDirLock {
  info: LockInfo;
  release(): void;
}

/**
 * Takes the lock, waiting up to `waitMs` while a live holder has it (a server that is shutting down after its
 * `npm start` parent was killed). Throws DataDirLockedError when it stays held.
 */
export async function acquireDataDirLock(
  dataDir: string,
  opts: { holder: string; controlSocket?: string; waitMs?: number; onWait?: (info: LockInfo) => void },
): Promise<DataDirLock> {
  const file = path.join(dataDir, LOCK_FILE);
  const info: LockInfo = {
    pid: process.pid,
    holder: opts.holder,
    startedAt: new Date().toISOString(),
    ...(opts.controlSocket ? { controlSocket: opts.controlSocket } : {}),
  };
  const deadline = Date.now() + (opts.waitMs ?? 0);
  let told = false;
  for (;;) {
    try {
      writeFileSync(file, JSON.stringify(info), { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readLiveLock(dataDir);
    if (!holder || holder.pid === process.pid) {
      // stale (its process is gone) or unreadable (killed while writing it): take it over
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() >= deadline) throw new DataDirLockedError(dataDir, holder);
    if (!told) opts.onWait?.(holder);
    told = true;
    await new Promise((r) => setTimeout(r, 200));
  }
  let released = false;
  return {
    info,
    release() {
      if (released) return;
      released = true;
      try {
        const current = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
        if (current.pid === process.pid) rmSync(file, { force: true });
      } catch {
        /* already gone */
      }
    },
  };
}
