/**
 * ProQ across processes (PostgreSQL only: PGlite is one process's database). A worker killed with SIGKILL
 * mid-command → the command runs again after its stuck timeout, on another worker, and its effect happens once.
 * SIGTERM → the worker takes nothing new, finishes what it runs, deregisters and exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDb, type TestDb } from '@sextant/db/testing';
import { createProq, defineCommandType, type CommandMapOf } from './index.ts';
import { freshEnv, waitFor } from './test-helpers.ts';

const CHILD = fileURLToPath(new URL('./test-child-worker.ts', import.meta.url));
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!hasPostgres)('ProQ worker processes on postgres (skipped: set TEST_DATABASE_URL to run)', () => {
  let t: TestDb;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    t = await createTestDb('postgres');
    await t.query(
      'create table proq_test_starts (command_id bigint, attempt int, pid int, at timestamptz default now())',
    );
    await t.query('create table proq_test_effects (key text primary key, command_id bigint, pid int)');
  });
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Starts a worker child and resolves once it is claiming. */
  function startChild(
    env: string,
    extra: Record<string, string> = {},
  ): Promise<{ child: ChildProcess; pid: number; exit: Promise<number | string | null> }> {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, DATABASE_URL: t.url, PROQ_ENVIRONMENT: env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const exit = new Promise<number | string | null>((resolve) =>
      child.on('exit', (code, signal) => resolve(code ?? signal)),
    );
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('"ready":true')) resolve({ child, pid: child.pid!, exit });
      });
      void exit.then((code) => reject(new Error(`worker exited early (${code}): ${stderr}`)));
    });
  }

  // Only used to enqueue (validation needs the type); never started.
  const effect = defineCommandType({
    name: 'test.effect',
    schema: z.object({ key: z.string(), sleepMs: z.number().int().default(0) }),
    handler: () => undefined,
  });

  it('re-runs a command after its stuck timeout when its worker was SIGKILLed mid-command', async () => {
    const env = freshEnv('kill');
    const proq = createProq<CommandMapOf<typeof effect>>({ db: t, environment: env, commandTypes: [effect] });
    const a = await startChild(env);
    const cmd = await proq.enqueue(t.db, {
      commandType: 'test.effect',
      payload: { key: `k-${env}`, sleepMs: 1500 },
      stuckTimeOutInSeconds: 2,
    });
    const started = await waitFor(
      async () => {
        const c = await proq.get(cmd.id);
        return c?.state === 'InProgress' && c.lockedBy?.includes(`:${a.pid}:`) ? c : null;
      },
      { what: 'claimed by the first worker' },
    );
    expect(started.attempts).toBe(1);
    // Killed mid-command: once its handler has recorded its start (claimed is not yet started).
    await waitFor(
      async () =>
        (await t.query('select 1 from proq_test_starts where command_id = $1 and attempt = 1', [cmd.id])).length > 0,
      { what: 'the first attempt’s handler started' },
    );
    a.child.kill('SIGKILL');
    expect(await a.exit).toBe('SIGKILL');
    // Still leased to the dead worker until the stuck timeout passes.
    expect((await proq.get(cmd.id))!.state).toBe('InProgress');
    const b = await startChild(env);
    const done = await waitFor(
      async () => {
        const c = await proq.get(cmd.id);
        return c?.state === 'Completed' ? c : null;
      },
      { what: 'completed by the second worker', timeoutMs: 20_000 },
    );
    expect(done.attempts).toBe(2);
    expect(done.message).toBe(`done by ${b.pid}`);
    const starts = await t.query<{ attempt: number; pid: number }>(
      'select attempt, pid from proq_test_starts where command_id = $1 order by attempt',
      [cmd.id],
    );
    expect(starts.map((s) => [s.attempt, s.pid])).toEqual([
      [1, a.pid],
      [2, b.pid],
    ]);
    const effects = await t.query<{ pid: number }>('select pid from proq_test_effects where key = $1', [`k-${env}`]);
    expect(effects.map((e) => e.pid)).toEqual([b.pid]);
    // The restart came no earlier than the stuck timeout after the last sign of life.
    const restart = await t.query<{ gap: number }>(
      'select extract(epoch from (max(at) - min(at)))::float8 as gap from proq_test_starts where command_id = $1',
      [cmd.id],
    );
    expect(Number(restart[0]!.gap)).toBeGreaterThanOrEqual(1.9);
    b.child.kill('SIGTERM');
    expect(await b.exit).toBe(0);
  });

  it('on SIGTERM finishes the running command, takes nothing new, deregisters and exits 0', async () => {
    const env = freshEnv('term');
    const proq = createProq<CommandMapOf<typeof effect>>({ db: t, environment: env, commandTypes: [effect] });
    const w = await startChild(env);
    const [running, a2] = await proq.enqueueMany(t.db, [
      { commandType: 'test.effect', payload: { key: `r-${env}`, sleepMs: 1200 }, processingGroup: env },
      { commandType: 'test.effect', payload: { key: `n-${env}` }, processingGroup: env },
    ]);
    await waitFor(async () => (await proq.get(running!.id))?.state === 'InProgress', { what: 'running' });
    w.child.kill('SIGTERM');
    expect(await w.exit).toBe(0);
    expect((await proq.get(running!.id))!.state).toBe('Completed');
    expect((await proq.get(a2!.id))!.state).toBe('Pending');
    expect(await t.query('select id from proq_workers where environment = $1', [env])).toEqual([]);
  });
});
