/**
 * Server-side CLI (`npm run cli -- backup|restore …`, dispatched here by scripts/cli.mjs):
 *   backup --out DIR [--data-dir DIR]             a consistent backup of the embedded installation; while a server
 *                                                 runs on the data directory it is asked to take it (control
 *                                                 socket), else the data directory is opened directly
 *   restore --from DIR [--data-dir DIR] [--force] restores a backup into a data directory no server runs on
 * The data directory defaults to DATA_DIR (./data). With DATABASE_URL (PostgreSQL) see docs/OPERATIONS.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { readLiveLock } from '../lib/data-dir-lock.ts';
import { backupOffline, restoreEmbedded, type BackupManifest } from '../backup/backup.ts';
import { requestBackup } from '../backup/control-socket.ts';

const USAGE = `Usage:
  npm run cli -- backup --out DIR [--data-dir DIR]
  npm run cli -- restore --from DIR [--data-dir DIR] [--force]
The data directory defaults to DATA_DIR (./data). PostgreSQL installations (DATABASE_URL): see docs/OPERATIONS.md.`;

function summary(m: BackupManifest, outDir: string): string {
  const mb = (m.totalBytes / 1024 / 1024).toFixed(1);
  return `Backup (${m.mode}) written to ${outDir}: database ${(m.database.bytes / 1024).toFixed(0)} KB, ${m.files.length} data files, ${mb} MB in all`;
}

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      out: { type: 'string' },
      from: { type: 'string' },
      'data-dir': { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help || (cmd !== 'backup' && cmd !== 'restore')) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  if (config.DATABASE_URL && !values['data-dir']) {
    console.error(
      'DATABASE_URL is set: this installation uses PostgreSQL. Back it up with pg_dump (or your provider’s point-in-time recovery) plus a copy of DATA_DIR; see "Backups" in docs/OPERATIONS.md.',
    );
    return 2;
  }
  const dataDir = path.resolve(values['data-dir'] ?? config.dataDir);
  if (cmd === 'backup') {
    if (!values.out) throw new Error(`--out is required\n${USAGE}`);
    const outDir = path.resolve(values.out);
    const live = readLiveLock(dataDir);
    let manifest: BackupManifest;
    if (live?.controlSocket) {
      console.error(`A server (process ${live.pid}) runs on ${dataDir}: asking it for a consistent backup…`);
      manifest = (await requestBackup(live.controlSocket, outDir)) as BackupManifest;
    } else if (live) {
      throw new Error(`${dataDir} is in use by process ${live.pid} (${live.holder}); try again when it is done`);
    } else {
      console.error(`No server runs on ${dataDir}: opening it directly…`);
      manifest = await backupOffline(dataDir, outDir);
    }
    console.log(summary(manifest, outDir));
    return 0;
  }
  if (!values.from) throw new Error(`--from is required\n${USAGE}`);
  const r = await restoreEmbedded({ fromDir: values.from, dataDir, force: values.force });
  console.log(
    `Restored the backup of ${r.manifest.createdAt} (${r.manifest.files.length} data files) into ${dataDir}.` +
      (r.movedAside ? ` The previous content was moved to ${r.movedAside}.` : '') +
      ' Start the server (npm start) to use it: newer migrations are applied then.',
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
