/**
 * 4 workers × 10,000 commands (PostgreSQL; 2,000 on PGlite's single connection): every command's effect happens
 * exactly once (idempotency key), none is lost, none runs twice except where a failure forced a retry. 1 % of the
 * commands fail right after their effect on the first attempt — the crash-after-effect case idempotency exists for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDb, dbKinds, type TestDb } from '@sextant/db/testing';
import { openDb, type DbHandle } from '@sextant/db';
import { createProq, defineCommandType, type Proq } from './index.ts';
import { allDone, countByState, freshEnv, memoryLogger, waitFor } from './test-helpers.ts';

const ZEffect = z.object({ key: z.string(), failOnce: z.boolean() });
interface EffectCommands {
  'test.effect': typeof ZEffect;
}

describe.each(dbKinds())('ProQ under load on %s', (kind) => {
  const N = kind === 'postgres' ? 10_000 : 2_000;
  const WORKERS = 4;
  let t: TestDb;
  const handles: DbHandle[] = [];

  beforeAll(async () => {
    t = await createTestDb(kind);
    await t.query('create table proq_test_effects (key text primary key, command_id bigint not null)');
    await t.query(
      'create table proq_test_runs (command_id bigint not null, attempt int not null, worker text not null, primary key (command_id, attempt))',
    );
  });
  afterAll(async () => {
    for (const h of handles) await h.close();
    await t?.close();
  });

  it(`${WORKERS} workers × ${N} commands: each effect exactly once, none lost`, { timeout: 120_000 }, async () => {
    const env = freshEnv(`load-${kind}`);
    const workers: Proq<EffectCommands>[] = [];
    for (let w = 0; w < WORKERS; w++) {
      // On PostgreSQL each worker has its own connection pool, as separate processes would.
      const dbh = kind === 'postgres' ? await openDb({ url: t.url, migrate: false, poolSize: 10 }) : t;
      if (dbh !== t) handles.push(dbh);
      const effect = defineCommandType({
        name: 'test.effect',
        schema: ZEffect,
        async handler(p, ctx) {
          // One statement: log this run, and apply the effect unless its key was applied already.
          await dbh.query(
            `with run as (insert into proq_test_runs (command_id, attempt, worker) values ($1, $2, $3))
             insert into proq_test_effects (key, command_id) values ($4, $1) on conflict (key) do nothing`,
            [ctx.command.id, ctx.command.attempts, String(w), p.key],
          );
          if (p.failOnce && ctx.command.attempts === 1) throw new Error('crashed after the effect');
        },
      });
      workers.push(
        createProq<EffectCommands>({
          db: dbh,
          environment: env,
          commandTypes: [effect],
          concurrency: 16,
          retryBaseDelayMs: 10,
          pollMinDelayMs: 10,
          pollMaxDelayMs: 200,
          logger: memoryLogger(),
        }),
      );
    }
    const failOnce = (i: number) => i % 100 === 7;
    const t0 = Date.now();
    for (let i = 0; i < N; i += 1000) {
      await workers[0]!.enqueueMany(
        t.db,
        Array.from({ length: Math.min(1000, N - i) }, (_, j) => ({
          commandType: 'test.effect',
          payload: { key: `e${i + j}`, failOnce: failOnce(i + j) },
        })),
      );
    }
    const enqueued = Date.now();
    await Promise.all(workers.map((w) => w.start()));
    await waitFor(() => allDone(t, env), { what: 'all commands', timeoutMs: 110_000, intervalMs: 100 });
    const finished = Date.now();
    await Promise.all(workers.map((w) => w.stop()));
    console.log(
      JSON.stringify({
        kind,
        n: N,
        enqueueMs: enqueued - t0,
        processMs: finished - enqueued,
        perSecond: Math.round(N / ((finished - enqueued) / 1000)),
      }),
    );

    const failures = Array.from({ length: N }, (_, i) => i).filter(failOnce).length;
    expect(await countByState(t, env)).toEqual({ Completed: N });
    const [effects] = await t.query<{ n: number; keys: number }>(
      'select count(*)::int as n, count(distinct key)::int as keys from proq_test_effects',
    );
    expect([Number(effects!.n), Number(effects!.keys)]).toEqual([N, N]);
    const [runs] = await t.query<{ n: number; cmds: number; workers: number }>(
      'select count(*)::int as n, count(distinct command_id)::int as cmds, count(distinct worker)::int as workers from proq_test_runs',
    );
    // Exactly one run per command, plus one per injected failure: no double delivery.
    expect([Number(runs!.n), Number(runs!.cmds)]).toEqual([N + failures, N]);
    expect(Number(runs!.workers)).toBe(WORKERS);
    const [attempts] = await t.query<{ two: number }>(
      'select count(*)::int as two from proq_commands where environment = $1 and attempts = 2',
      [env],
    );
    expect(Number(attempts!.two)).toBe(failures);
  });
});
