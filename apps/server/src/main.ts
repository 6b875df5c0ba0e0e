/**
 * Sextant server entry. `--services=api,worker,chat` chooses the parts to run (default: all in one process).
 * Embedded default: PGlite in DATA_DIR/pglite, demo data seeded, http://127.0.0.1:3000.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openDb } from '@sextant/db';
import { loadConfig, publicUrl } from './config.ts';
import { buildApp } from './app.ts';
import { syncReferenceData } from './seed/reference.ts';
import { DEMO_USERS, seedDemo } from './seed/demo.ts';
import { seedDemoLinkedAccount } from './seed/demo-linked-accounts.ts';
import { purgeExpiredAuthRows } from './modules/auth/auth.service.ts';
import { startAuditRetention } from './modules/audit-logs/audit-logs.service.ts';
import { seedDemoJobs } from './seed/demo-jobs.ts';
import { seedDemoResources } from './modules/resource-hub/resource-hub.seed.ts';
import { scheduleChatRetention, scheduleEmbeddingBackfill } from './modules/chat/chat.commands.ts';
import { seedChatGuide } from './seed/chat-guide.ts';
import { configRefusals, databaseRefusals } from './production.ts';
import { acquireDataDirLock, controlSocketPath, type DataDirLock } from './lib/data-dir-lock.ts';
import { recoverAfterStop } from './lib/crash-recovery.ts';
import { startControlSocket } from './backup/control-socket.ts';
import { StartPhases } from './lib/start-phases.ts';

const SERVICES = ['api', 'worker', 'chat'] as const;
type Service = (typeof SERVICES)[number];

function parseServices(argv: string[]): Set<Service> {
  const arg = argv.find((a) => a.startsWith('--services='));
  if (!arg) return new Set(SERVICES);
  const chosen = arg
    .slice('--services='.length)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = chosen.filter((s) => !(SERVICES as readonly string[]).includes(s));
  if (unknown.length) throw new Error(`Unknown service(s) ${unknown.join(', ')}; choose from ${SERVICES.join(', ')}`);
  return new Set(chosen as Service[]);
}

/** Ends the start with every reason when there are any: status 1, nothing listens. */
async function refuseToStart(reasons: string[], cleanup?: () => Promise<void>): Promise<void> {
  if (!reasons.length) return;
  console.error(`Sextant will not start:\n${reasons.map((r) => `  - ${r}`).join('\n')}`);
  await cleanup?.().catch(() => undefined);
  process.exit(1);
}

async function main(): Promise<void> {
  const phases = new StartPhases();
  const started = performance.now();
  const config = loadConfig();
  const services = parseServices(process.argv.slice(2));
  await refuseToStart(configRefusals(config));
  // The embedded database is this process's alone: the data-directory lock keeps a second server (or a restore)
  // away, and waits a little for a previous server that is still shutting down.
  let lock: DataDirLock | null = null;
  const socketPath = controlSocketPath(config.dataDir);
  if (!config.DATABASE_URL) {
    mkdirSync(config.dataDir, { recursive: true });
    lock = await acquireDataDirLock(config.dataDir, {
      holder: 'server',
      controlSocket: socketPath,
      waitMs: 20_000,
      onWait: (h) => console.log(`Waiting for process ${h.pid} (${h.holder}) to release ${config.dataDir}…`),
    });
  }
  const releaseLock = () => lock?.release();
  process.on('exit', releaseLock);
  phases.mark('config+lock');
  const dbh = await openDb({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite'),
  });
  phases.mark('openDb');
  await refuseToStart(await databaseRefusals(config, dbh.db), () => dbh.close());
  phases.mark('dbRefusals');
  // The server listens as soon as the app is built; the start-up work below runs meanwhile, and every request but
  // the liveness probe waits for it (app.ts, startUp): nothing is served from unrecovered state.
  let startUpDone!: () => void;
  const startUp = new Promise<void>((resolve) => (startUpDone = resolve));
  const app = await buildApp({
    config,
    dbh,
    web: services.has('api') ? undefined : false,
    services: { api: services.has('api'), chat: services.has('chat') },
    startUp,
  });
  phases.mark('buildApp');
  const stops: ((graceMs?: number) => Promise<void>)[] = [];
  if (services.has('api') || services.has('chat')) {
    await app.listen({ port: config.PORT, host: config.HOST });
    stops.push(() => app.close());
  } else {
    await app.ready();
  }
  phases.mark('listen');
  await syncReferenceData(dbh.db);
  phases.mark('referenceData');
  if (config.demoSeed) await seedDemo(dbh.db, config.DEMO_PASSWORD).then(() => seedDemoLinkedAccount(dbh.db));
  phases.mark('demoSeed');
  // After a crash or kill: no half-written file is used, interrupted commands resume (lib/crash-recovery.ts).
  await recoverAfterStop(app.ctx, { exclusive: lock !== null });
  phases.mark('recovery');
  startUpDone();
  if (lock) {
    const control = await startControlSocket({ socketPath, dbh, dataDir: config.dataDir, log: app.log });
    stops.push(() => control.close());
  }
  phases.mark('controlSocket');
  if (services.has('worker')) {
    await app.ctx.proq.start();
    stops.unshift((graceMs) => app.ctx.proq.stop(graceMs === undefined ? undefined : { graceMs }));
    const stopRetention = startAuditRetention(app.ctx);
    stops.push(async () => stopRetention());
    await scheduleChatRetention(app.ctx).catch((err: unknown) =>
      app.log.error({ err }, 'chat retention not scheduled'),
    );
    await scheduleEmbeddingBackfill(app.ctx).catch((err: unknown) =>
      app.log.error({ err }, 'chat embedding backfill not scheduled'),
    );
  }
  phases.mark('worker');
  if (config.demoSeed)
    await seedDemoResources(app.ctx).catch((err: unknown) => app.log.error({ err }, 'Demo resources not created'));
  phases.mark('demoResources');
  if (config.demoSeed && config.DEMO_JOBS) {
    // In the background: the first start generates the reference network while the demo jobs wait in the queue.
    void seedDemoJobs(app.ctx)
      .then((n) => n && app.log.info(`Queued ${n} demo jobs; they finish in a minute or two`))
      .catch((err: unknown) => app.log.error({ err }, 'Demo jobs could not be created'));
  }
  if (config.demoSeed)
    void seedChatGuide(app.ctx).catch((err: unknown) =>
      app.log.error({ err }, 'The chat user guide could not be indexed'),
    );
  if (config.APP_ENV === 'production' && !config.SMTP_URL)
    app.log.warn('No SMTP_URL: emails (sign-in links, invitations) cannot be delivered');
  const purge = setInterval(
    () => void purgeExpiredAuthRows(app.ctx).catch((err: unknown) => app.log.error({ err }, 'purge failed')),
    3_600_000,
  );
  purge.unref();

  phases.mark('rest');
  app.log.info({ phases }, 'Start-up phases');
  const url = publicUrl(config);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const lines = [
    '',
    `  Sextant is running at ${url}  (started in ${seconds} s; services: ${[...services].join(', ')})`,
    `  Database: ${dbh.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Files: ${app.ctx.blobs.description}`,
  ];
  if (config.demoSeed) {
    lines.push(
      `  Demo accounts (password "${config.DEMO_PASSWORD === 'demo' ? 'demo' : '<DEMO_PASSWORD>'}"): ${DEMO_USERS.map((u) => u.username).join(', ')}`,
    );
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  /**
   * graceMs: how long running commands may finish (default PROQ_SHUTDOWN_GRACE_MS). Whatever happens, the process
   * exits within graceMs + 15 s (5 s with no grace): everything committed is safe on disk, and interrupted steps
   * resume at the next start.
   */
  const shutdown = async (signal: string, graceMs?: number) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    setTimeout(
      () => {
        app.log.warn(`${signal}: shutdown took too long; exiting now`);
        releaseLock();
        process.exit(1);
      },
      graceMs === 0 ? 5_000 : (graceMs ?? 10_000) + 15_000,
    ).unref();
    clearInterval(purge);
    for (const stop of stops) await stop(graceMs).catch(() => undefined);
    await dbh.close().catch(() => undefined);
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Started by `npm start` (scripts/start.mjs) with an IPC channel: when that process dies (even by SIGKILL) the
  // channel closes, and the server stops instead of running on orphaned with the port and the data directory.
  if (process.channel) {
    process.channel.unref();
    // quickly: a restarted `npm start` waits for this process's data-directory lock
    process.on('disconnect', () => void shutdown('npm start exited', 0));
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
