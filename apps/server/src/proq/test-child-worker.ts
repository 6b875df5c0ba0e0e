/**
 * A worker process for the multi-process ProQ tests (spawned with `node --import tsx`). Runs the `test.effect`
 * command type against DATABASE_URL in PROQ_ENVIRONMENT until SIGTERM (graceful) or SIGKILL.
 */
import { z } from 'zod';
import { openDb } from '@sextant/db';
import { loadConfig } from '../config.ts';
import { createProq, defineCommandType, stopOnSignals, type CommandMapOf } from './index.ts';

const config = loadConfig();
const dbh = await openDb({ url: config.DATABASE_URL, migrate: false, poolSize: 4 });
const effect = defineCommandType({
  name: 'test.effect',
  schema: z.object({ key: z.string(), sleepMs: z.number().int().default(0) }),
  async handler(p, ctx) {
    await dbh.query('insert into proq_test_starts (command_id, attempt, pid) values ($1, $2, $3)', [
      ctx.command.id,
      ctx.command.attempts,
      process.pid,
    ]);
    if (p.sleepMs) await new Promise((r) => setTimeout(r, p.sleepMs));
    // Idempotent effect: keyed, so a re-run after a crash does not repeat it.
    await dbh.query(
      'insert into proq_test_effects (key, command_id, pid) values ($1, $2, $3) on conflict (key) do nothing',
      [p.key, ctx.command.id, process.pid],
    );
    return `done by ${process.pid}`;
  },
});
const proq = createProq<CommandMapOf<typeof effect>>({
  db: dbh,
  environment: config.PROQ_ENVIRONMENT,
  commandTypes: [effect],
  concurrency: 2,
  pollMinDelayMs: 20,
  pollMaxDelayMs: 200,
  maintenanceIntervalMs: 300,
  shutdownGraceMs: config.PROQ_SHUTDOWN_GRACE_MS ?? 10_000,
});
await proq.start();
stopOnSignals(proq, {
  onStopped: async () => {
    await dbh.close();
    process.exit(0);
  },
});
process.stdout.write(`${JSON.stringify({ ready: true, pid: process.pid, workerId: proq.workerId })}\n`);
