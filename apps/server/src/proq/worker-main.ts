/**
 * Standalone ProQ runtime worker: `node --import tsx apps/server/src/proq/worker-main.ts` runs the context-free
 * catalog types only (proq/catalog.ts). The application's worker — with the job pipeline types, which need the app
 * context — is `npm start -- --services=worker`. Needs DATABASE_URL (PostgreSQL): the embedded PGlite database belongs to one process. Any number of these
 * may run against the same database. Settings: PROQ_CONCURRENCY, PROQ_MIN_DELAY_MS, PROQ_MAX_DELAY_MS,
 * PROQ_COEFFICIENT, PROQ_SHUTDOWN_GRACE_MS, PROQ_ENVIRONMENT, PROQ_MAINTENANCE_INTERVAL_MS, PROQ_WORKER_DEAD_SECONDS.
 */
import { openDb } from '@sextant/db';
import { loadConfig, proqOptions } from '../config.ts';
import { commandCatalog } from './catalog.ts';
import { createProq, type ProqOptions } from './proq.ts';
import { stopOnSignals } from './service.ts';
import type { CommandDefOf } from './types.ts';

/** Opens DATABASE_URL, runs a worker with `commandTypes` until SIGTERM/SIGINT, then exits. */
export async function runWorkerService(
  commandTypes: CommandDefOf[] = commandCatalog,
  extra: Partial<ProqOptions> = {},
) {
  const config = loadConfig();
  const url = config.DATABASE_URL;
  if (!url) {
    console.error(
      'The ProQ worker service needs DATABASE_URL (PostgreSQL); the embedded database runs its worker in-process.',
    );
    process.exit(2);
  }
  const dbh = await openDb({ url });
  const proq = createProq({ db: dbh, commandTypes, ...proqOptions(config), ...extra });
  await proq.start();
  console.log(JSON.stringify({ msg: 'ProQ worker started', workerId: proq.workerId, types: proq.commandTypeNames() }));
  stopOnSignals(proq, {
    onStopped: async (signal) => {
      await dbh.close();
      console.log(JSON.stringify({ msg: 'ProQ worker stopped', signal }));
      process.exit(0);
    },
  });
  return proq;
}

if (import.meta.url === `file://${process.argv[1]}`) await runWorkerService();
