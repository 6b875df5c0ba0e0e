/**
 * A private PostgreSQL instance for tests that stop and restart the database (the machine's shared cluster must not
 * be touched): `initdb` into a temporary folder, `pg_ctl start` on a free loopback port, trust authentication. Run
 * as the `postgres` OS user when the test runs as root (PostgreSQL refuses to run as root).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './process-harness.ts';

/** Where the PostgreSQL server binaries are (PG_BIN overrides). */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const privatePostgresAvailable = () => existsSync(path.join(PG_BIN, 'pg_ctl'));

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  stop(): void;
  start(): void;
  /** Stops (fast: open connections are cut) and starts again on the same port and data. */
  restart(): void;
  destroy(): void;
}

export async function startPrivatePostgres(database = 'sextant'): Promise<PrivatePostgres> {
  const root = mkdtempSync(path.join(tmpdir(), 'sextant-pg-'));
  const data = path.join(root, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString().trim()) : null;
  if (owner !== null) chownSync(root, owner, owner);
  const run = (bin: string, args: string[]) => {
    const cmd = path.join(PG_BIN, bin);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    return execFileSync(file, argv, { stdio: 'pipe', timeout: 120_000 }).toString();
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(root, 'log'), '-w', '-t', '120', 'start']);
  const stop = (mode = 'fast') => run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '120', 'stop']);
  start();
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database]);
  return {
    port,
    url: (db = database) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    start,
    stop: () => stop(),
    restart() {
      stop();
      start();
    },
    destroy() {
      try {
        stop('immediate');
      } catch {
        /* already stopped */
      }
      rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}
