/**
 * The embedded server's local control endpoint: HTTP over a Unix socket in DATA_DIR (mode 0600, so only the
 * server's own OS user — who can read the data files anyway — may use it; nothing listens on the network). The
 * backup CLI finds it through the data-directory lock and asks the running server for a consistent backup:
 *   POST /backup  {"outDir": "/abs/path"}  → 200 the manifest | 400/500 {"error": "…"}
 */
import { chmodSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { DbHandle } from '@sextant/db';
import { backupEmbedded } from './backup.ts';

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

async function body(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > 64 * 1024) throw new Error('Request too large');
    chunks.push(c);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

export async function startControlSocket(opts: {
  socketPath: string;
  dbh: DbHandle;
  dataDir: string;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}): Promise<ControlSocket> {
  let busy = false;
  const server = http.createServer((req, res) => {
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.method !== 'POST' || req.url !== '/backup') return reply(404, { error: 'Unknown control request' });
    void (async () => {
      let outDir: string;
      try {
        const b = (await body(req)) as { outDir?: unknown };
        if (typeof b.outDir !== 'string' || !path.isAbsolute(b.outDir)) throw new Error('outDir: an absolute path');
        outDir = b.outDir;
      } catch (err) {
        return reply(400, { error: err instanceof Error ? err.message : String(err) });
      }
      if (busy) return reply(409, { error: 'A backup is already running' });
      busy = true;
      const started = Date.now();
      try {
        const manifest = await backupEmbedded({ dbh: opts.dbh, dataDir: opts.dataDir, outDir, mode: 'live' });
        opts.log.info(
          {
            outDir,
            files: manifest.files.length,
            bytes: manifest.totalBytes,
            pauseMs: manifest.database.pauseMs,
            ms: Date.now() - started,
          },
          'Backup written',
        );
        reply(200, manifest);
      } catch (err) {
        opts.log.error({ err, outDir }, 'Backup failed');
        reply(500, { error: err instanceof Error ? err.message : String(err) });
      } finally {
        busy = false;
      }
    })();
  });
  rmSync(opts.socketPath, { force: true }); // left by a killed server (we hold the data-directory lock)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.socketPath, () => resolve());
  });
  chmodSync(opts.socketPath, 0o600);
  server.unref();
  return {
    path: opts.socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(opts.socketPath, { force: true });
      }),
  };
}

/** Client side: asks the server listening on `socketPath` for a backup into `outDir`. */
export function requestBackup(socketPath: string, outDir: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath, path: '/backup', method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            return reject(new Error(`The server answered ${res.statusCode} without JSON`));
          }
          if (res.statusCode === 200) resolve(parsed);
          else reject(new Error((parsed as { error?: string }).error ?? `The server answered ${res.statusCode}`));
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ outDir }));
  });
}
