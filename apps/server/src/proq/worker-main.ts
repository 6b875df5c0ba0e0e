/**
 * Standalone ProQ runtime worker: `node --import tsx apps/server/src/proq/worker-main.ts` runs the context-free
 * catalog types only (proq/catalog.ts). The application's worker — with the job pipeline types, which need the app
 * context — is `npm start -- --services=worker`. Needs DATABASE_URL (PostgreSQL): the embedded PGlite database belongs to one process. Any number of these
 * may run against the same database. Settings: PROQ_CONCURRENCY, PROQ_MIN_DELAY_MS, PROQ_MAX_DELAY_MS,
 * PROQ_COEFFICIENT, PROQ_SHUTDOWN_GRACE_MS, PROQ_ENVIRONMENT, PROQ_MAINTENANCE_INTERVAL_MS, PROQ_WORKER_DEAD_SECONDS.
 */
import { openDb } from '@sextant/db';
import { commandCatalog } from './catalog.ts';
import { createProq, type ProqOptions } from './proq.ts';
import { stopOnSignals } from './service.ts';
import type { CommandTypeDef } from './types.ts';

const num = (v: string | undefined): number | undefined => (v && v.trim() !== '' ? Number(v) : undefined);

export function proqOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Omit<ProqOptions, 'db'> {
  const all: Omit<ProqOptions, 'db'> = {
    environment: env.PROQ_ENVIRONMENT || undefined,
    concurrency: num(env.PROQ_CONCURRENCY),
    pollMinDelayMs: num(env.PROQ_MIN_DELAY_MS),
    pollMaxDelayMs: num(env.PROQ_MAX_DELAY_MS),
    pollCoefficient: num(env.PROQ_COEFFICIENT),
    shutdownGraceMs: num(env.PROQ_SHUTDOWN_GRACE_MS),
    maintenanceIntervalMs: num(env.PROQ_MAINTENANCE_INTERVAL_MS),
    workerDeadAfterSeconds: num(env.PROQ_WORKER_DEAD_SECONDS),
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined && !Number.isNaN(v)));
}

/** Opens DATABASE_URL, runs a worker with `commandTypes` until SIGTERM/SIGINT, then exits. */
export async function runWorkerService(
  commandTypes: CommandTypeDef[] = commandCatalog,
  extra: Partial<ProqOptions> = {},
) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'The ProQ worker service needs DATABASE_URL (PostgreSQL); the embedded database runs its worker in-process.',
    );
    process.exit(2);
  }
  const dbh = await openDb({ url });
  const proq = createProq({ db: dbh, commandTypes, ...proqOptionsFromEnv(), ...extra });
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
