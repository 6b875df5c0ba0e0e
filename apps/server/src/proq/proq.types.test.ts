/**
 * The command map (ProqCommands): what does not fit it does not compile (`npx tsc -p apps/server` fails on an
 * unused @ts-expect-error below if the check is lost), and the runtime refuses the same inputs. The payload a
 * handler receives is the schema's output, validated again when it comes back from the database.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createTestDb, dbKinds, type TestDb } from '@sextant/db/testing';
import {
  builtinCommandTypes,
  createProq,
  defineCommandType,
  ProqError,
  type CommandDefOf,
  type CommandMapOf,
  type EnqueueInput,
} from './index.ts';
import { freshEnv, memoryLogger, waitFor } from './test-helpers.ts';

describe.each(dbKinds())('ProQ command map on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an unknown command type or a payload that does not fit does not compile, and is refused at run time', async () => {
    const proq = createProq({ db: t, environment: freshEnv(kind), commandTypes: builtinCommandTypes });
    const ok = await proq.enqueue(t.db, { commandType: 'proq.noop', payload: { message: 'typed' } });
    expect(ok.payload).toEqual({ sleepMs: 0, message: 'typed' });

    // @ts-expect-error -- not a command type of ProqCommands
    const unknownType: EnqueueInput = { commandType: 'proq.nosuch' };
    // @ts-expect-error -- sleepMs is a number
    const wrongPayload: EnqueueInput = { commandType: 'proq.noop', payload: { sleepMs: 'soon' } };
    // @ts-expect-error -- a pipeline step needs its run: the payload cannot be left out
    const missingPayload: EnqueueInput = { commandType: 'job.match' };
    // @ts-expect-error -- runId is a string (a uuid)
    const wrongField: EnqueueInput = { commandType: 'job.match', payload: { runId: 42 } };
    const codes = [];
    for (const input of [unknownType, wrongPayload, missingPayload, wrongField]) {
      const err = await proq.enqueue(t.db, input).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProqError);
      if (err instanceof ProqError) codes.push(err.code);
    }
    // job.match is not registered on this ProQ (no app context): the runtime refuses it by name.
    expect(codes).toEqual(['UNKNOWN_COMMAND_TYPE', 'INVALID_PAYLOAD', 'UNKNOWN_COMMAND_TYPE', 'UNKNOWN_COMMAND_TYPE']);
  });

  it('a definition registered for a name must use the schema the map gives that name', () => {
    const other = defineCommandType({ name: 'proq.noop', schema: z.object({ other: z.string() }), handler: () => 'x' });
    // @ts-expect-error -- proq.noop's schema in ProqCommands is the noop payload, not this one
    const mismatched: CommandDefOf = other;
    expect(mismatched.name).toBe('proq.noop');
    expect(() => createProq({ db: t, commandTypes: [...builtinCommandTypes, mismatched] })).toThrow(
      /already registered/,
    );
  });

  it("a handler gets its schema's output, parsed again from the database: a stored payload that no longer fits fails the command", async () => {
    const seen: { n: number; label: string }[] = [];
    const count = defineCommandType({
      name: 'test.count',
      schema: z.object({ n: z.number().int(), label: z.string().default('none') }),
      handler(p) {
        expectTypeOf(p).toEqualTypeOf<{ n: number; label: string }>();
        seen.push(p);
        return `counted ${p.n}`;
      },
    });
    const proq = createProq<CommandMapOf<typeof count>>({
      db: t,
      environment: freshEnv(kind),
      commandTypes: [count],
      pollMinDelayMs: 20,
      pollMaxDelayMs: 100,
      maintenanceIntervalMs: 200,
      logger: memoryLogger(),
    });
    const good = await proq.enqueue(t.db, { commandType: 'test.count', payload: { n: 1 } });
    const bad = await proq.enqueue(t.db, { commandType: 'test.count', payload: { n: 2 } });
    // Something other than ProQ rewrote the stored payload (an old build, a hand edit).
    await t.query(`update proq_commands set payload = '{"n": "two"}'::jsonb where id = $1`, [bad.id]);
    await proq.start();
    try {
      const states = await waitFor(
        async () => {
          const [a, b] = [await proq.get(good.id), await proq.get(bad.id)];
          return a?.state === 'Completed' && b?.state === 'Error' ? { a, b } : null;
        },
        { what: 'both commands done' },
      );
      expect(states.a.message).toBe('counted 1');
      expect(states.b.message).toMatch(/Payload does not match the "test.count" schema: payload\.n/);
      expect(states.b.attempts).toBe(1); // permanent: not retried
      expect(seen).toEqual([{ n: 1, label: 'none' }]);
    } finally {
      await proq.stop({ graceMs: 0 });
    }
  });
});
