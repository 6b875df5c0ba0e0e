/**
 * ProQ runtime on every database kind: enqueue validation and transactions, ordering (prerequisites, batches,
 * priority, schedule), processing groups, retries with backoff, failures, cancel/retry, stuck recovery, graceful
 * shutdown.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { createTestDb, dbKinds, type TestDb } from '@sextant/db/testing';
import { createProq, defineCommandType, ProqError, ProqPermanentError, type Proq, type ProqOptions } from './index.ts';
import type { AnyCommands, CommandTypeDef } from './types.ts';
import { PollBackoff, retryDelayMs } from './backoff.ts';
import { allDone, countByState, freshEnv, memoryLogger, sleep, waitFor } from './test-helpers.ts';

describe('backoff arithmetic', () => {
  it('idle polling grows by the coefficient from minDelay and is capped at maxDelay; work resets it', () => {
    const b = new PollBackoff({ minDelayMs: 100, maxDelayMs: 1000, coefficient: 2 });
    expect([b.idle(0), b.idle(0), b.idle(0), b.idle(0), b.idle(0), b.idle(0)]).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
    expect(b.totalSecondsDiff(5_400)).toBe(5);
    b.busy();
    expect(b.current).toBe(100);
    expect(b.totalSecondsDiff()).toBe(0);
    expect(() => new PollBackoff({ minDelayMs: 0, maxDelayMs: 10, coefficient: 2 })).toThrow();
    expect(() => new PollBackoff({ minDelayMs: 10, maxDelayMs: 5, coefficient: 2 })).toThrow();
  });

  it('retry delay doubles per attempt, capped', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 100, 1000))).toEqual([100, 200, 400, 800, 1000]);
  });
});

describe.each(dbKinds())('ProQ runtime on %s', (kind) => {
  let t: TestDb;
  const running: Proq<AnyCommands>[] = [];

  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((p) => p.stop({ graceMs: 0 })));
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * A ProQ on its own environment with fast polling and maintenance. Its map is open (AnyCommands): these tests
   * send unknown types and bad payloads on purpose, to check what the runtime refuses.
   */
  function make(types: CommandTypeDef[], opts: Partial<ProqOptions<AnyCommands>> = {}): Proq<AnyCommands> {
    const proq = createProq<AnyCommands>({
      db: t,
      environment: freshEnv(kind),
      commandTypes: types,
      concurrency: 4,
      pollMinDelayMs: 20,
      pollMaxDelayMs: 200,
      maintenanceIntervalMs: 200,
      retryBaseDelayMs: 50,
      logger: memoryLogger(),
      ...opts,
    });
    return proq;
  }
  async function start(proq: Proq<AnyCommands>): Promise<Proq<AnyCommands>> {
    await proq.start();
    running.push(proq);
    return proq;
  }

  const recorder = (name = 'test.record') => {
    const order: number[] = [];
    const def = defineCommandType({
      name,
      schema: z.object({ n: z.number().int(), ms: z.number().default(0) }),
      async handler(p) {
        if (p.ms) await sleep(p.ms);
        order.push(p.n);
        return `did ${p.n}`;
      },
    });
    return { def: def, order };
  };

  describe('enqueue', () => {
    it('refuses unknown types, bad payloads, bad options, missing prerequisites and cycles — writing nothing', async () => {
      const { def } = recorder();
      const proq = make([def]);
      const refuse = async (input: Parameters<Proq<AnyCommands>['enqueue']>[1], code: string, text: RegExp) => {
        const err = await proq.enqueue(t.db, input).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ProqError);
        expect((err as ProqError).code).toBe(code);
        expect((err as ProqError).message).toMatch(text);
      };
      await refuse({ commandType: 'no.such' }, 'UNKNOWN_COMMAND_TYPE', /Unknown command type "no.such"/);
      await refuse({ commandType: 'test.record', payload: { n: 'x' } }, 'INVALID_PAYLOAD', /payload\.n/);
      await refuse({ commandType: 'test.record', payload: {} }, 'INVALID_PAYLOAD', /payload\.n/);
      await refuse({ commandType: 'test.record', payload: { n: 1 }, maxAttempts: 0 }, 'INVALID_OPTIONS', /maxAttempts/);
      await refuse({ commandType: 'test.record', payload: { n: 1 }, jobId: 'not-a-uuid' }, 'INVALID_OPTIONS', /jobId/);
      await refuse(
        { commandType: 'test.record', payload: { n: 1 }, scheduledTime: 'tomorrow' },
        'INVALID_OPTIONS',
        /scheduledTime/,
      );
      await refuse(
        { commandType: 'test.record', payload: { n: 1 }, prerequisite: 987654 },
        'PREREQUISITE_NOT_FOUND',
        /#987654/,
      );
      await refuse(
        { commandType: 'test.record', payload: { n: 1 }, prerequisiteBatchId: 'nothing-here' },
        'PREREQUISITE_NOT_FOUND',
        /nothing-here/,
      );
      await refuse(
        { commandType: 'test.record', payload: { n: 1 }, batchId: 'self', prerequisiteBatchId: 'self' },
        'PREREQUISITE_CYCLE',
        /own batch/,
      );
      expect(await countByState(t, proq.environment)).toEqual({});

      // A cycle through batches: B waits on batch X; a new command joining X that waits on B would wait on itself.
      const a = await proq.enqueue(t.db, { commandType: 'test.record', payload: { n: 1 }, batchId: 'X' });
      const b = await proq.enqueue(t.db, { commandType: 'test.record', payload: { n: 2 }, prerequisiteBatchId: 'X' });
      await refuse(
        { commandType: 'test.record', payload: { n: 3 }, batchId: 'X', prerequisite: b.id },
        'PREREQUISITE_CYCLE',
        /batch "X"/,
      );
      const c = await proq.enqueue(t.db, {
        commandType: 'test.record',
        payload: { n: 4 },
        batchId: 'Y',
        prerequisite: b.id,
      });
      await refuse(
        { commandType: 'test.record', payload: { n: 5 }, batchId: 'X', prerequisiteBatchId: 'Y' },
        'PREREQUISITE_CYCLE',
        /batch "X"/,
      );
      expect([a.state, b.state, c.state]).toEqual(['Pending', 'Blocked', 'Blocked']);
      expect(await countByState(t, proq.environment)).toEqual({ Pending: 1, Blocked: 2 });
    });

    it('is rolled back with the caller transaction, and committed with it', async () => {
      const { def } = recorder();
      const proq = make([def]);
      await start(proq);
      await expect(
        t.db.transaction(async (tx) => {
          await proq.enqueue(tx, { commandType: 'test.record', payload: { n: 1 } });
          await proq.enqueueMany(tx, [{ commandType: 'test.record', payload: { n: 2 } }]);
          throw new Error('caller failed');
        }),
      ).rejects.toThrow('caller failed');
      await sleep(100);
      expect(await countByState(t, proq.environment)).toEqual({});

      const id = await t.db.transaction(async (tx) => {
        const c = await proq.enqueue(tx, { commandType: 'test.record', payload: { n: 3 } });
        // Not visible outside before commit (PGlite has one connection: a query outside would wait for us).
        if (kind === 'postgres') expect(await proq.get(c.id)).toBeNull();
        return c.id;
      });
      await waitFor(async () => (await proq.get(id))?.state === 'Completed', { what: 'completion' });
    });

    it('stores every SPEC field, applies payload defaults, and de-duplicates by unique key', async () => {
      const { def } = recorder();
      const proq = make([def]);
      const jobId = '3f0b3c4e-8a4d-4c62-9d7e-4d2b9a5a1c11';
      const at = new Date(Date.now() + 3_600_000);
      const c = await proq.enqueue(t.db, {
        commandType: 'test.record',
        payload: { n: 7 },
        priority: 5,
        category: 'analysis',
        targetEntityId: 'supplier-9',
        jobId,
        correlationId: 'corr-1',
        tags: ['a', 'b'],
        processingGroup: `job:${jobId}`,
        scheduledTime: at,
        stuckTimeOutInSeconds: 42,
        batchId: 'batch-1',
        maxAttempts: 3,
        uniqueKey: `k-${proq.environment}`,
      });
      expect(c).toMatchObject({
        commandType: 'test.record',
        payload: { n: 7, ms: 0 },
        priority: 5,
        category: 'analysis',
        targetEntityId: 'supplier-9',
        jobId,
        correlationId: 'corr-1',
        tags: ['a', 'b'],
        environment: proq.environment,
        processingGroup: `job:${jobId}`,
        stuckTimeOutInSeconds: 42,
        batchId: 'batch-1',
        prerequisite: null,
        prerequisiteBatchId: null,
        state: 'Pending',
        attempts: 0,
        maxAttempts: 3,
      });
      expect(new Date(c.scheduledTime!).getTime()).toBe(at.getTime());
      expect(new Date(c.queuedDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(c.age).toBeGreaterThanOrEqual(0);
      const again = await proq.enqueue(t.db, {
        commandType: 'test.record',
        payload: { n: 8 },
        uniqueKey: `k-${proq.environment}`,
      });
      expect(again.id).toBe(c.id);
      const many = await proq.enqueueMany(t.db, [
        { commandType: 'test.record', payload: { n: 9 } },
        { commandType: 'test.record', payload: { n: 10 }, uniqueKey: `k-${proq.environment}` },
        { commandType: 'test.record', payload: { n: 11 } },
      ]);
      expect(many.map((m) => (m.payload as { n: number }).n)).toEqual([9, 7, 11]);
      expect(await countByState(t, proq.environment)).toEqual({ Pending: 3 });
    });

    it('returns each command exactly as stored, for a batch mixing every field, keys, groups and prerequisites', async () => {
      // enqueueMany builds the returned commands from the rows it sent and what the database decided (ids, times):
      // they must equal what get() reads back, field by field, in every variant of the insert statement.
      const def = defineCommandType({
        name: 'test.stored',
        schema: z.object({ n: z.number(), at: z.date().optional(), text: z.string().default('é "q" \\ {x}') }),
        handler: () => undefined,
      });
      const proq = make([def]);
      const env = proq.environment;
      const [root] = await proq.enqueueMany(t.db, [
        { commandType: 'test.stored', payload: { n: 0 }, batchId: `b-${env}` },
      ]);
      const failed = await proq.enqueue(t.db, { commandType: 'test.stored', payload: { n: -1 } });
      await t.query(`update proq_commands set state = 'Error', completed_date = now() where id = $1`, [failed.id]);
      const existing = await proq.enqueue(t.db, {
        commandType: 'test.stored',
        payload: { n: 99 },
        uniqueKey: `e-${env}`,
      });
      const at = new Date(Date.now() + 3_600_000);
      const jobId = '3F0B3C4E-8A4D-4C62-9D7E-4D2B9A5A1C11';
      const inputs = [
        { commandType: 'test.stored', payload: { n: 1, at } },
        { commandType: 'test.stored', payload: { n: 2 }, uniqueKey: `e-${env}` }, // exists: the existing command
        { commandType: 'test.stored', payload: { n: 3 }, uniqueKey: `u-${env}`, tags: ['x', 'y,z', 'q"'] },
        { commandType: 'test.stored', payload: { n: 4 }, uniqueKey: `u-${env}` }, // repeated: the same as the row above
        { commandType: 'test.stored', payload: { n: 5 }, processingGroup: `g-${env}`, jobId, priority: -3 },
        { commandType: 'test.stored', payload: { n: 6 }, scheduledTime: at, category: 'c', correlationId: 'corr' },
        { commandType: 'test.stored', payload: { n: 7 }, prerequisite: root!.id, targetEntityId: 't-1' },
        { commandType: 'test.stored', payload: { n: 8 }, prerequisiteBatchId: `b-${env}`, batchId: `b2-${env}` },
        { commandType: 'test.stored', payload: { n: 9 }, prerequisite: failed.id, maxAttempts: 2 },
        { commandType: 'test.stored', payload: { n: 10 }, stuckTimeOutInSeconds: 7 },
      ];
      // Outside a transaction (no prerequisite: one statement on its own) and inside one (with prerequisites).
      const plain = await proq.enqueueMany(t.db, inputs.slice(0, 6));
      const chained = await t.db.transaction((tx) => proq.enqueueMany(tx, inputs.slice(6)));
      const got = [...plain, ...chained];
      expect(got.map((c) => c.state)).toEqual([
        ...['Pending', 'Pending', 'Pending', 'Pending', 'Pending', 'Pending'],
        ...['Blocked', 'Blocked', 'Error', 'Pending'],
      ]);
      expect(got[1]!.id).toBe(existing.id);
      expect(got[3]!.id).toBe(got[2]!.id);
      expect(got[8]).toMatchObject({ failedRootId: failed.id, message: `Prerequisite command #${failed.id} failed` });
      for (const c of got) {
        const stored = (await proq.get(c.id))!;
        expect({ ...c, age: 0 }).toEqual({ ...stored, age: 0 });
      }
      expect(got[0]!.payload).toEqual({ n: 1, at: at.toISOString(), text: 'é "q" \\ {x}' });
    });
  });

  describe('ordering', () => {
    it('runs a prerequisite chain in order; dependents stay Blocked until then', async () => {
      const { def, order } = recorder();
      const proq = make([def], { concurrency: 8 });
      const ids = await t.db.transaction(async (tx) => {
        const a = await proq.enqueue(tx, { commandType: 'test.record', payload: { n: 1, ms: 30 } });
        const b = await proq.enqueue(tx, { commandType: 'test.record', payload: { n: 2 }, prerequisite: a.id });
        const c = await proq.enqueue(tx, { commandType: 'test.record', payload: { n: 3 }, prerequisite: b.id });
        return [a.id, b.id, c.id];
      });
      expect((await proq.get(ids[2]!))?.state).toBe('Blocked');
      await start(proq);
      await waitFor(() => allDone(t, proq.environment), { what: 'chain' });
      expect(order).toEqual([1, 2, 3]);
      const rows = await Promise.all(ids.map((id) => proq.get(id)));
      for (let i = 1; i < rows.length; i++) {
        expect(new Date(rows[i]!.startedDate!).getTime()).toBeGreaterThanOrEqual(
          new Date(rows[i - 1]!.completedDate!).getTime(),
        );
      }
    });

    it('runs a batch dependent only after every batch member completed', async () => {
      const { def, order } = recorder();
      const proq = make([def], { concurrency: 8 });
      await start(proq);
      await proq.enqueueMany(
        t.db,
        [1, 2, 3, 4, 5].map((n) => ({
          commandType: 'test.record',
          payload: { n, ms: 10 * n },
          batchId: `B-${proq.environment}`,
        })),
      );
      const after = await proq.enqueue(t.db, {
        commandType: 'test.record',
        payload: { n: 99 },
        prerequisiteBatchId: `B-${proq.environment}`,
      });
      expect(['Blocked', 'Pending']).toContain(after.state);
      await waitFor(() => allDone(t, proq.environment), { what: 'batch' });
      expect(order.at(-1)).toBe(99);
      expect(order.slice(0, 5).sort()).toEqual([1, 2, 3, 4, 5]);
      // A dependent of an already completed batch is Pending at once.
      const late = await proq.enqueue(t.db, {
        commandType: 'test.record',
        payload: { n: 100 },
        prerequisiteBatchId: `B-${proq.environment}`,
      });
      expect(late.state).toBe('Pending');
    });

    it('runs higher priority first and never before the scheduled time', async () => {
      const { def, order } = recorder();
      const proq = make([def], { concurrency: 1 });
      await proq.enqueueMany(t.db, [
        { commandType: 'test.record', payload: { n: 1 }, priority: 0 },
        { commandType: 'test.record', payload: { n: 2 }, priority: 10 },
        { commandType: 'test.record', payload: { n: 3 }, priority: 5 },
      ]);
      const scheduled = await proq.enqueue(t.db, {
        commandType: 'test.record',
        payload: { n: 4 },
        priority: 100,
        scheduledTime: new Date(Date.now() + 700),
      });
      await start(proq);
      await waitFor(() => order.length === 3, { what: 'three unscheduled' });
      expect(order).toEqual([2, 3, 1]);
      await waitFor(async () => (await proq.get(scheduled.id))?.state === 'Completed', { what: 'scheduled' });
      const s = (await proq.get(scheduled.id))!;
      expect(new Date(s.startedDate!).getTime()).toBeGreaterThanOrEqual(new Date(s.scheduledTime!).getTime());
    });
  });

  describe('processing groups', () => {
    it('never runs two commands of a group at once, across several workers, while groups run in parallel', async () => {
      let running = 0;
      let maxRunning = 0;
      const perGroup = new Map<string, number>();
      const overlaps: string[] = [];
      let maxGroups = 0;
      const def = defineCommandType({
        name: 'test.grouped',
        schema: z.object({ g: z.string(), i: z.number() }),
        async handler(p) {
          const now = (perGroup.get(p.g) ?? 0) + 1;
          perGroup.set(p.g, now);
          if (now > 1) overlaps.push(`${p.g}#${p.i}`);
          running++;
          maxRunning = Math.max(maxRunning, running);
          maxGroups = Math.max(maxGroups, [...perGroup.values()].filter((v) => v > 0).length);
          await sleep(5);
          running--;
          perGroup.set(p.g, (perGroup.get(p.g) ?? 1) - 1);
        },
      });
      const env = freshEnv(kind);
      const workers = [
        make([def], { environment: env, concurrency: 6 }),
        make([def], { environment: env, concurrency: 6 }),
      ];
      const inputs = [];
      for (let i = 0; i < 20; i++)
        for (const g of ['g1', 'g2', 'g3'])
          inputs.push({ commandType: 'test.grouped', payload: { g, i }, processingGroup: `${env}:${g}` });
      for (let i = 0; i < 10; i++) inputs.push({ commandType: 'test.grouped', payload: { g: `solo${i}`, i } });
      await workers[0]!.enqueueMany(t.db, inputs);
      await Promise.all(workers.map(start));
      await waitFor(() => allDone(t, env), { what: 'groups', timeoutMs: 30_000 });
      expect(overlaps).toEqual([]);
      expect(maxGroups).toBeGreaterThan(1);
      expect(await countByState(t, env)).toEqual({ Completed: 70 });
      const busy = await t.query<{ n: number }>(
        'select count(*)::int as n from proq_groups where name like $1 and active_command_id is not null',
        [`${env}:%`],
      );
      expect(Number(busy[0]?.n)).toBe(0);
    });
  });

  describe('failures', () => {
    it('retries with exponential backoff, then Error with the last message after maxAttempts', async () => {
      const attempts: { n: number; at: number }[] = [];
      const flaky = defineCommandType({
        name: 'test.flaky',
        schema: z.object({ failTimes: z.number() }),
        retry: { baseDelayMs: 150, maxDelayMs: 10_000 },
        async handler(p, ctx) {
          attempts.push({ n: ctx.command.attempts, at: Date.now() });
          if (ctx.command.attempts <= p.failTimes) throw new Error(`boom ${ctx.command.attempts}`);
          return 'finally';
        },
      });
      const proq = make([flaky]);
      await start(proq);
      const ok = await proq.enqueue(t.db, { commandType: 'test.flaky', payload: { failTimes: 2 }, maxAttempts: 5 });
      await waitFor(async () => (await proq.get(ok.id))?.state === 'Completed', { what: 'flaky success' });
      const done = (await proq.get(ok.id))!;
      expect(done.attempts).toBe(3);
      expect(done.message).toBe('finally');
      expect(attempts.map((a) => a.n)).toEqual([1, 2, 3]);
      // Waits of ≥150 ms then ≥300 ms (timer slack allowed below, never above the schedule).
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(140);
      expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(290);

      attempts.length = 0;
      const bad = await proq.enqueue(t.db, { commandType: 'test.flaky', payload: { failTimes: 99 }, maxAttempts: 3 });
      await waitFor(async () => (await proq.get(bad.id))?.state === 'Error', {
        what: 'flaky error',
        timeoutMs: 10_000,
      });
      const failed = (await proq.get(bad.id))!;
      expect(failed.attempts).toBe(3);
      expect(failed.message).toBe('boom 3');
      expect(failed.completedDate).not.toBeNull();
      expect(attempts).toHaveLength(3);
    });

    it('survives handlers that throw anything, synchronously or not; a permanent error skips retries', async () => {
      const { def, order } = recorder();
      const throwers = [
        defineCommandType({
          name: 'test.throw.sync',
          schema: z.object({}),
          handler: () => {
            throw new Error('sync');
          },
        }),
        defineCommandType({
          name: 'test.throw.string',
          schema: z.object({}),
          handler: async () => {
            throw 'a string';
          },
        }),
        defineCommandType({
          name: 'test.throw.null',
          schema: z.object({}),
          handler: async () => {
            throw null;
          },
        }),
        defineCommandType({
          name: 'test.throw.permanent',
          schema: z.object({}),
          handler: async () => {
            throw new ProqPermanentError('no point retrying');
          },
        }),
      ];
      const proq = make([def, ...throwers], { concurrency: 2 });
      await start(proq);
      const cmds = await proq.enqueueMany(t.db, [
        ...['sync', 'string', 'null', 'permanent'].map((k) => ({ commandType: `test.throw.${k}`, maxAttempts: 2 })),
        ...[1, 2, 3].map((n) => ({ commandType: 'test.record', payload: { n } })),
      ]);
      await waitFor(() => allDone(t, proq.environment), { what: 'all outcomes', timeoutMs: 10_000 });
      expect(proq.isRunning).toBe(true);
      expect(order.sort()).toEqual([1, 2, 3]);
      const out = await Promise.all(cmds.slice(0, 4).map((c) => proq.get(c.id)));
      expect(out.map((c) => [c!.state, c!.attempts, c!.message])).toEqual([
        ['Error', 2, 'sync'],
        ['Error', 2, 'a string'],
        ['Error', 2, 'null'],
        ['Error', 1, 'no point retrying'],
      ]);
    });

    it('fails dependents of a failed prerequisite (transitively); retry reopens and completes them', async () => {
      let shouldFail = true;
      const gate = defineCommandType({
        name: 'test.gate',
        schema: z.object({}),
        async handler() {
          if (shouldFail) throw new Error('gate closed');
        },
      });
      const { def, order } = recorder();
      const proq = make([gate, def]);
      await start(proq);
      const batch = `FB-${proq.environment}`;
      const root = await proq.enqueue(t.db, { commandType: 'test.gate', maxAttempts: 1, batchId: batch });
      const viaBatch = await proq.enqueue(t.db, {
        commandType: 'test.record',
        payload: { n: 1 },
        prerequisiteBatchId: batch,
      });
      const viaCmd = await proq.enqueue(t.db, {
        commandType: 'test.record',
        payload: { n: 2 },
        prerequisite: viaBatch.id,
      });
      await waitFor(() => allDone(t, proq.environment), { what: 'cascade' });
      const [r, a, b] = await Promise.all([root, viaBatch, viaCmd].map((c) => proq.get(c.id)));
      expect(r!.state).toBe('Error');
      expect([a!.state, a!.failedRootId, a!.message]).toEqual([
        'Error',
        root.id,
        `Prerequisite command #${root.id} failed`,
      ]);
      expect([b!.state, b!.failedRootId]).toEqual(['Error', root.id]);
      // A new dependent of the failed command fails at once.
      const late = await proq.enqueue(t.db, { commandType: 'test.record', payload: { n: 3 }, prerequisite: root.id });
      expect(late.state).toBe('Error');
      // Retrying a cascaded command alone is refused: its root is still failed.
      await expect(proq.retry(viaCmd.id)).rejects.toThrow(/retry #\d+ first/);

      shouldFail = false;
      const retried = await proq.retry(root.id);
      expect(['Pending', 'InProgress', 'Completed']).toContain(retried.state); // the worker may be quick
      expect(retried.attempts).toBeLessThanOrEqual(1);
      await waitFor(() => allDone(t, proq.environment), { what: 'after retry' });
      expect(order.indexOf(1)).toBeLessThan(order.indexOf(2));
      const after = await Promise.all([root, viaBatch, viaCmd, late].map((c) => proq.get(c.id)));
      expect(after.map((c) => c!.state)).toEqual(['Completed', 'Completed', 'Completed', 'Completed']);
      await expect(proq.retry(root.id)).rejects.toThrow(/only Error or Canceled/);
      await expect(proq.retry(123456789)).rejects.toThrow(/does not exist/);
    });
  });

  describe('cancel', () => {
    it('cancels pending and blocked commands (cascading) and aborts a running one', async () => {
      let sawAbort = false;
      const slow = defineCommandType({
        name: 'test.slow',
        schema: z.object({}),
        async handler(_p, ctx) {
          await new Promise<void>((resolve) => {
            ctx.signal.addEventListener('abort', () => {
              sawAbort = true;
              resolve();
            });
            setTimeout(resolve, 5000);
          });
          return 'should not be stored';
        },
      });
      const { def, order } = recorder();
      const proq = make([slow, def], { concurrency: 1 });
      const running = await proq.enqueue(t.db, { commandType: 'test.slow' });
      const waiting = await proq.enqueue(t.db, {
        commandType: 'test.record',
        payload: { n: 1 },
        prerequisite: running.id,
      });
      const pending = await proq.enqueue(t.db, { commandType: 'test.record', payload: { n: 2 }, priority: -1 });
      await start(proq);
      await waitFor(async () => (await proq.get(running.id))?.state === 'InProgress', { what: 'running' });
      const c = await proq.cancel(running.id, 'operator request');
      expect([c.state, c.message]).toEqual(['Canceled', 'Canceled: operator request']);
      expect((await proq.get(waiting.id))!.state).toBe('Canceled');
      await waitFor(() => sawAbort, { what: 'abort signal' });
      await waitFor(async () => (await proq.get(pending.id))?.state === 'Completed', { what: 'next command' });
      expect((await proq.get(running.id))!.message).toBe('Canceled: operator request');
      await expect(proq.cancel(pending.id)).rejects.toThrow(/is Completed/);
      expect(order).toEqual([2]);
      // Retry of the canceled chain reopens the dependent.
      await proq.retry(running.id);
      expect((await proq.get(waiting.id))!.state).toBe('Blocked');
    });
  });

  describe('leases', () => {
    it('recovers a command whose worker went silent past its stuck timeout, and refuses the late outcome', async () => {
      let calls = 0;
      let wakeFirst!: () => void;
      const firstAttempt = new Promise<void>((r) => (wakeFirst = r));
      let firstReturned = false;
      const hang = defineCommandType({
        name: 'test.hang',
        schema: z.object({}),
        async handler(_p, ctx) {
          calls++;
          if (ctx.command.attempts === 1) {
            await firstAttempt; // silent past the 1 s stuck timeout
            firstReturned = true;
            return 'late';
          }
          await ctx.progress(50, 'second try');
          return 'second';
        },
      });
      const proq = make([hang], { concurrency: 2 });
      await start(proq);
      const c = await proq.enqueue(t.db, { commandType: 'test.hang', stuckTimeOutInSeconds: 1 });
      await waitFor(async () => (await proq.get(c.id))?.state === 'Completed', {
        what: 'recovered',
        timeoutMs: 10_000,
      });
      const done = (await proq.get(c.id))!;
      expect([done.attempts, done.message, done.progressPercent]).toEqual([2, 'second', 100]);
      wakeFirst(); // the first attempt returns now; its outcome must not overwrite
      await waitFor(() => firstReturned, { what: 'first attempt returned' });
      await sleep(150);
      expect((await proq.get(c.id))!.message).toBe('second');
      expect(calls).toBe(2);
    });

    it('takes over the commands of a worker whose heartbeat stopped, long before their stuck timeout', async () => {
      const def = defineCommandType({
        name: 'test.takeover',
        schema: z.object({}),
        async handler() {
          return 'done here';
        },
      });
      const proq = make([def], { workerDeadAfterSeconds: 1 });
      const dead = await proq.enqueue(t.db, { commandType: 'test.takeover', stuckTimeOutInSeconds: 600 });
      const alive = await proq.enqueue(t.db, { commandType: 'test.takeover', stuckTimeOutInSeconds: 600 });
      // both leased 3 s ago (past the 1 s limit); one worker's heartbeat stopped 3 s ago, the other's is current
      // (dated ahead so that it stays current for the whole test)
      for (const [id, worker] of [
        [dead.id, 'takeover-dead'],
        [alive.id, 'takeover-live'],
      ] as const)
        await t.query(
          `update proq_commands set state = 'InProgress', attempts = 1, started_date = now(), locked_by = $2,
             locked_at = now() - interval '3 seconds' where id = $1`,
          [id, worker],
        );
      await t.query(
        `insert into proq_workers (id, hostname, pid, environment, concurrency, last_seen_at, current_delay_ms,
           min_delay_ms, max_delay_ms, coefficient)
         values ('takeover-dead', 'h', 1, $1, 1, now() - interval '3 seconds', 0, 0, 0, 1),
                ('takeover-live', 'h', 2, $1, 1, now() + interval '10 minutes', 0, 0, 0, 1)`,
        [proq.environment],
      );
      await start(proq);
      await waitFor(async () => (await proq.get(dead.id))?.state === 'Completed', {
        what: 'taken over',
        timeoutMs: 20_000,
      });
      const done = (await proq.get(dead.id))!;
      expect([done.attempts, done.message]).toEqual([2, 'done here']);
      expect(done.lockedBy).toBe(proq.workerId);
      const held = (await proq.get(alive.id))!;
      expect([held.state, held.lockedBy]).toEqual(['InProgress', 'takeover-live']);
      await t.query(`update proq_commands set state = 'Canceled' where id = $1`, [alive.id]);
      await t.query(`delete from proq_workers where id in ('takeover-dead', 'takeover-live')`);
    });

    it('records an outcome once the database answers again, not at the stuck timeout (a restart under load)', async () => {
      // A handle whose database refuses every statement while `down` (as while PostgreSQL restarts): plain ones
      // (execute, transaction) and the prepared ones (the session's prepareQuery: claim, complete, enqueue).
      let down = false;
      const refused = () => Promise.reject(new Error('Connection terminated unexpectedly'));
      const db = new Proxy(t.db, {
        get(target, prop) {
          const v: unknown = Reflect.get(target, prop, target);
          if (prop === '_' && down) {
            const internals = v as typeof target._;
            return { ...internals, session: { prepareQuery: () => ({ execute: refused }) } };
          }
          if (typeof v !== 'function') return v;
          if (down && (prop === 'execute' || prop === 'transaction')) return refused;
          return (v as (...a: unknown[]) => unknown).bind(target);
        },
      });
      const def = defineCommandType({
        name: 'test.db-restart',
        schema: z.object({}),
        async handler() {
          down = true; // the database goes away as the handler returns; its outcome cannot be written yet
          setTimeout(() => (down = false), 1500);
          return 'done before the restart';
        },
      });
      const logger = memoryLogger();
      const proq = createProq<AnyCommands>({
        db: { ...t, db },
        environment: freshEnv(kind),
        commandTypes: [def],
        pollMinDelayMs: 20,
        pollMaxDelayMs: 200,
        maintenanceIntervalMs: 200,
        logger,
      });
      await start(proq);
      const c = await proq.enqueue(t.db, { commandType: 'test.db-restart', stuckTimeOutInSeconds: 600 });
      const t0 = Date.now();
      const state = async () =>
        (await t.query<{ state: string }>('select state from proq_commands where id = $1', [c.id]))[0]?.state;
      await waitFor(async () => (await state()) === 'Completed', {
        what: 'the outcome written after the database came back',
        timeoutMs: 15_000,
      });
      console.log(`proq: outcome written ${Date.now() - t0} ms after the command was enqueued (database down 1.5 s)`);
      const done = (await proq.get(c.id))!;
      expect([done.attempts, done.message]).toEqual([1, 'done before the restart']); // not run again
      expect(logger.lines.some((l) => l.msg?.startsWith('ProQ: could not record the outcome; trying again'))).toBe(
        true,
      );
    });

    it('progress reports renew the lease and are visible while running', async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const long = defineCommandType({
        name: 'test.long',
        schema: z.object({}),
        async handler(_p, ctx) {
          for (let i = 1; i <= 4; i++) {
            await sleep(350); // 1.4 s in all, past the 1 s stuck timeout: only the renewals keep the lease
            await ctx.progress(i * 20, `step ${i}`);
          }
          await gate;
        },
      });
      const proq = make([long]);
      await start(proq);
      const c = await proq.enqueue(t.db, { commandType: 'test.long', stuckTimeOutInSeconds: 1 });
      await waitFor(async () => (await proq.get(c.id))?.progressPercent === 80, {
        what: 'progress 80',
        timeoutMs: 10_000,
      });
      const mid = (await proq.get(c.id))!;
      expect([mid.state, mid.progressMessage, mid.attempts]).toEqual(['InProgress', 'step 4', 1]);
      release();
      await waitFor(async () => (await proq.get(c.id))?.state === 'Completed', { what: 'done' });
      expect((await proq.get(c.id))!.attempts).toBe(1);
    });
  });

  describe('background service toggle', () => {
    it('a pause from any process stops every worker of the environment taking commands; resume lets them finish', async () => {
      const { def, order } = recorder();
      const worker = await start(make([def]));
      // Another process (its own ProQ on the same environment, no worker) flips the switch.
      const admin = createProq<AnyCommands>({
        db: t,
        environment: worker.environment,
        commandTypes: [def],
        logger: memoryLogger(),
      });
      await admin.pause(null);
      expect((await worker.pausedState()).paused).toBe(true);
      await sleep(150); // the worker hears the NOTIFY (or re-reads within a second)
      const [cmd] = await admin.enqueueMany(t.db, [{ commandType: 'test.record', payload: { n: 1 } }]);
      await sleep(1500);
      expect((await worker.get(cmd!.id))!.state).toBe('Pending');
      expect(order).toEqual([]);
      await admin.resume(null);
      await waitFor(() => allDone(t, worker.environment), { what: 'the command after resume', timeoutMs: 10_000 });
      expect((await worker.get(cmd!.id))!.state).toBe('Completed');
      expect(order).toEqual([1]);
      expect((await admin.pausedState()).paused).toBe(false);
    });
  });

  describe('shutdown', () => {
    it('lets running commands finish within the grace period and takes nothing new', async () => {
      const { def, order } = recorder();
      const proq = make([def], { concurrency: 1 });
      const [first, second] = await proq.enqueueMany(t.db, [
        { commandType: 'test.record', payload: { n: 1, ms: 300 } },
        { commandType: 'test.record', payload: { n: 2 }, priority: -1 },
      ]);
      await proq.start();
      await waitFor(async () => (await proq.get(first!.id))?.state === 'InProgress', { what: 'started' });
      await proq.stop({ graceMs: 5000 });
      expect(proq.isRunning).toBe(false);
      expect((await proq.get(first!.id))!.state).toBe('Completed');
      expect((await proq.get(second!.id))!.state).toBe('Pending');
      expect(order).toEqual([1]);
      const workers = await t.query('select id from proq_workers where environment = $1', [proq.environment]);
      expect(workers).toEqual([]);
    });

    it('hands commands still running after the grace period back, without counting the attempt', async () => {
      let openGate!: () => void;
      const gate = new Promise<void>((r) => (openGate = r));
      let firstReturned = false;
      const stuck = defineCommandType({
        name: 'test.stubborn',
        schema: z.object({}),
        async handler(_p, ctx) {
          if (ctx.command.attempts === 1 && !firstReturned) {
            await gate;
            firstReturned = true;
          }
          return `attempt ${ctx.command.attempts} by ${ctx.command.lockedBy}`;
        },
      });
      const env = freshEnv(kind);
      const first = make([stuck], { environment: env });
      const c = await first.enqueue(t.db, { commandType: 'test.stubborn' });
      await first.start();
      await waitFor(async () => (await first.get(c.id))?.state === 'InProgress', { what: 'started' });
      await first.stop({ graceMs: 100 });
      const released = (await first.get(c.id))!;
      expect([released.state, released.attempts, released.message]).toEqual([
        'Pending',
        0,
        'Released by a stopping worker',
      ]);
      firstReturned = true; // from here on the handler returns at once
      const second = await start(make([stuck], { environment: env }));
      await waitFor(async () => (await second.get(c.id))?.state === 'Completed', { what: 'second worker' });
      openGate(); // the first worker's handler ends now; its outcome is refused
      await sleep(150);
      expect((await second.get(c.id))!.message).toBe(`attempt 1 by ${second.workerId}`);
    });
  });

  it('reports its backoff strategy and heartbeats as a running worker', async () => {
    const { def } = recorder();
    const proq = make([def], { pollMinDelayMs: 20, pollMaxDelayMs: 80, pollCoefficient: 2 });
    await start(proq);
    await waitFor(() => proq.backoffStrategy().currentDelay === 80, { what: 'backoff to max' });
    expect(proq.backoffStrategy()).toMatchObject({ minDelay: 20, maxDelay: 80, coefficient: 2 });
    const w = await t.db.execute(
      sql`select concurrency, command_types from proq_workers where environment = ${proq.environment}`,
    );
    expect(w.rows).toEqual([{ concurrency: 4, command_types: ['test.record'] }]);
  });
});
