import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { issuers, jobArtifacts, users } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import type { TPagedResult, TProqCommand } from '@sextant/shared';
import { apiModules } from '../index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  defineCommandType,
  ProqPermanentError,
  proqFor,
  type CommandMapOf,
  type Proq,
  type ProqCommands,
} from '../../proq/index.ts';
import { memoryLogger, waitFor } from '../../proq/test-helpers.ts';
import { proqRoutes } from './proq.routes.ts';

// Until modules/index.ts lists it, register the module for this test's app.
if (!apiModules.includes(proqRoutes)) apiModules.push(proqRoutes);

describe.each(dbKinds())('ProQ API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let client: string;
  let jobId: string;
  const ids: Record<string, number> = {};
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const fail = defineCommandType({
    name: 'test.api.fail',
    schema: z.object({}),
    handler: () => {
      throw new ProqPermanentError('supplier file is empty');
    },
  });
  const hold = defineCommandType({
    name: 'test.api.hold',
    schema: z.object({}),
    async handler(_p, ctx) {
      await ctx.progress(40, 'matching suppliers');
      await gate;
    },
  });
  let proq: Proq<ProqCommands & CommandMapOf<typeof fail | typeof hold>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [northbridge] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [owner] = await t.db.db.select().from(users).where(eq(users.username, 'ptcoJobManager'));
    const [job] = await t.db.db
      .insert(jobArtifacts)
      .values({ name: 'Albion spend 2026', type: 'base', ownerId: owner!.id, issuerId: northbridge!.id })
      .returning();
    jobId = job!.id;
    admin = await t.login('sysAdmin');
    client = await t.login('client');

    // The app's ProQ, also typed for this test's own command types.
    proq = proqFor(t.db, { logger: memoryLogger() }).withCommandTypes(fail, hold);

    const done = await proq.enqueue(t.db.db, {
      commandType: 'proq.noop',
      payload: { message: 'all good' },
      jobId,
      tags: ['ingest'],
    });
    const failed = await proq.enqueue(t.db.db, { commandType: 'test.api.fail', jobId, category: 'analysis' });
    const running = await proq.enqueue(t.db.db, { commandType: 'test.api.hold', jobId, tags: ['match'], priority: 5 });
    const blocked = await proq.enqueue(t.db.db, { commandType: 'proq.noop', jobId, prerequisite: running.id });
    const later = await proq.enqueue(t.db.db, {
      commandType: 'proq.noop',
      scheduledTime: new Date(Date.now() + 3_600_000),
    });
    Object.assign(ids, { done: done.id, failed: failed.id, running: running.id, blocked: blocked.id, later: later.id });
    await proq.start();
    await waitFor(
      async () =>
        (await proq.get(done.id))?.state === 'Completed' &&
        (await proq.get(failed.id))?.state === 'Error' &&
        (await proq.get(running.id))?.progressPercent === 40,
      { what: 'setup states' },
    );
  });
  afterAll(async () => {
    release();
    await t?.close(); // the module's onClose hook stops the worker
  });

  const get = async (url: string, cookie = admin) => {
    const res = await t.call('GET', `/api/v1/proq${url}`, { cookie });
    return res;
  };
  const post = (url: string, body: unknown, cookie = admin) => t.call('POST', `/api/v1/proq${url}`, { cookie, body });

  it('refuses callers without the DevOps or quick-view permission', async () => {
    for (const url of [
      '/get-proqmonitoring-data',
      '/proq-status-details',
      '/proq-commands-info',
      '/get-proq-command-types',
    ]) {
      expect((await get(url, client)).statusCode, url).toBe(403);
    }
    expect((await post('/queued-commands', {}, client)).statusCode).toBe(403);
    expect((await post(`/commands/${ids.failed}/retry`, {}, client)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/proq/proq-status-details')).statusCode).toBe(401);
  });

  it('reports monitoring data, status, counts, command types and the backoff strategy', async () => {
    expect((await get('/get-proqmonitoring-data')).json()).toEqual({
      queueCounts: { queuedCommandsCount: 3, queuedCompletedCommandsCount: 1, queuedErrorCommandsCount: 1 },
      isRunning: true,
    });
    expect((await get(`/get-proqmonitoring-data?jobId=${jobId}`)).json().queueCounts).toEqual({
      queuedCommandsCount: 2,
      queuedCompletedCommandsCount: 1,
      queuedErrorCommandsCount: 1,
    });
    expect((await get('/get-proqmonitoring-data?jobId=nope')).statusCode).toBe(400);
    expect((await get('/proq-status-details')).json()).toEqual({ queuedCommandCount: 3, isRunning: true });
    expect((await get('/queued-commands-count')).json()).toEqual([
      { name: 'proq.noop', count: 2 },
      { name: 'test.api.hold', count: 1 },
    ]);
    expect((await get('/queued-commands-count?groupBy=state')).json()).toEqual([
      { name: 'Blocked', count: 1 },
      { name: 'InProgress', count: 1 },
      { name: 'Pending', count: 1 },
    ]);
    expect((await get('/get-proq-command-types')).json()).toEqual(
      expect.arrayContaining(['proq.noop', 'test.api.fail', 'test.api.hold']),
    );
    const backoff = (await get('/get-proq-backoff-strategy-data')).json();
    expect(backoff).toMatchObject({ minDelay: 100, maxDelay: 5000, coefficient: 1.5 });
    expect(backoff.currentDelay).toBeGreaterThanOrEqual(100);
    expect(backoff.totalSecondsDiff).toBeGreaterThanOrEqual(0);
    const workers = (await get('/workers')).json();
    expect(workers).toHaveLength(1);
    expect(workers[0]).toMatchObject({ alive: true, concurrency: 4, pid: process.pid });
  });

  it('serves the quick views, running first, with job names', async () => {
    const all = (await get('/proq-commands-info')).json();
    expect(all.map((r: { id: number }) => r.id)).toEqual([ids.running, ids.later, ids.blocked]);
    expect(all[0]).toMatchObject({
      commandType: 'test.api.hold',
      state: 'InProgress',
      tags: ['match'],
      jobName: 'Albion spend 2026',
      jobId,
      progressPercent: 40,
      progressMessage: 'matching suppliers',
    });
    expect(typeof all[0].age).toBe('number');
    const job = (await get(`/queued-commands-quick-view/${jobId}`)).json();
    expect(job.map((r: { id: number }) => r.id)).toEqual([ids.running, ids.blocked]);
    expect((await post(`/${jobId}/check-queued-commands`, {})).json()).toBe(true);
    expect((await post('/00000000-0000-4000-8000-000000000000/check-queued-commands', {})).json()).toBe(false);
  });

  it('pages the queued, error and completed lists with filters and ordering', async () => {
    const queued = (await post('/queued-commands', { pageSize: 2 })).json() as TPagedResult<TProqCommand>;
    expect(queued).toMatchObject({
      currentPage: 1,
      pageSize: 2,
      totalCount: 3,
      totalPages: 2,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    expect(queued.collection.map((c) => c.id)).toEqual([ids.running, ids.blocked]);
    expect(queued.collection[1]).toMatchObject({
      state: 'Blocked',
      prerequisite: ids.running,
      jobName: 'Albion spend 2026',
    });

    const errors = (await post('/error-commands', {})).json() as TPagedResult<TProqCommand>;
    expect(errors.collection).toHaveLength(1);
    expect(errors.collection[0]).toMatchObject({
      id: ids.failed,
      state: 'Error',
      message: 'supplier file is empty',
      category: 'analysis',
      attempts: 1,
    });

    const completed = (await post('/completed-commands', {})).json() as TPagedResult<TProqCommand>;
    expect(completed.collection[0]).toMatchObject({
      id: ids.done,
      message: 'all good',
      payload: { sleepMs: 0, message: 'all good' },
      tags: ['ingest'],
    });

    const filtered = (
      await post('/queued-commands', {
        filters: {
          filterItems: [
            { propertyName: 'jobName', itemComparisonOperator: 'Contains', itemValue: 'albion' },
            { propertyName: 'tags', itemComparisonOperator: 'Equal', itemValue: 'match' },
          ],
        },
        orderBy: { propertyName: 'priority', direction: 'desc' },
      })
    ).json() as TPagedResult<TProqCommand>;
    expect(filtered.collection.map((c) => c.id)).toEqual([ids.running]);
    const bad = await post('/queued-commands', {
      filters: { filterItems: [{ propertyName: 'secret', itemComparisonOperator: 'Equal', itemValue: 'x' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/cannot filter by "secret"/);
  });

  it('shows a command in detail and a job as its workflow', async () => {
    const detail = (await get(`/commands/${ids.failed}`)).json();
    expect(detail).toMatchObject({
      id: ids.failed,
      commandType: 'test.api.fail',
      payload: {},
      message: 'supplier file is empty',
      maxAttempts: 5,
    });
    expect((await get('/commands/999999')).statusCode).toBe(404);
    const flow = (await get(`/jobs/${jobId}/commands`)).json() as TProqCommand[];
    expect(flow.map((c) => [c.id, c.state, c.prerequisite])).toEqual([
      [ids.done, 'Completed', null],
      [ids.failed, 'Error', null],
      [ids.running, 'InProgress', null],
      [ids.blocked, 'Blocked', ids.running],
    ]);
  });

  it('lets DevOps retry and cancel, refusing impossible transitions, and audits them', async () => {
    const retried = await post(`/commands/${ids.failed}/retry`, {});
    expect(retried.statusCode).toBe(200);
    expect(['Pending', 'InProgress', 'Error']).toContain(retried.json().state);
    await waitFor(
      async () => (await proq.get(ids.failed!))?.state === 'Error' && (await proq.get(ids.failed!))?.attempts === 1,
      { what: 'failed again' },
    );
    expect((await post(`/commands/${ids.done}/retry`, {})).statusCode).toBe(409);
    expect((await post(`/commands/${ids.done}/cancel`, {})).json().message).toMatch(
      /only Blocked, Pending or InProgress/,
    );

    const canceled = await post(`/commands/${ids.running}/cancel`, { reason: 'wrong file' });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ state: 'Canceled', message: 'Canceled: wrong file' });
    expect((await get(`/commands/${ids.blocked}`)).json()).toMatchObject({
      state: 'Canceled',
      failedRootId: ids.running,
    });
    expect((await post('/commands/999999/cancel', {})).statusCode).toBe(404);
    const audit = await t.db.query<{ action: string; target_id: string; outcome: string }>(
      "select action, target_id, outcome from system_audit_log where action like 'proq.%' order by id",
    );
    expect(audit.map((a) => [a.action, a.outcome])).toEqual([
      ['proq.retry', 'success'],
      ['proq.retry', 'failure'],
      ['proq.cancel', 'failure'],
      ['proq.cancel', 'success'],
    ]);
  });

  it('pauses and resumes the background service for developers only, reflected in isRunning, and audits it', async () => {
    const developer = await t.login('developer');
    expect((await post('/background-service?running=false', undefined)).statusCode).toBe(403); // sysAdmin
    expect((await get('/background-service', client)).statusCode).toBe(403);
    const bad = await post('/background-service?running=maybe', undefined, developer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/running must be true or false/);

    const paused = await post('/background-service?running=false', undefined, developer);
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ paused: true, isRunning: false, changedBy: 'developer' });
    expect((await get('/proq-status-details')).json().isRunning).toBe(false);
    const cmd = await proq.enqueue(t.db.db, { commandType: 'proq.noop', payload: { message: 'after pause' } });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await proq.get(cmd.id))!.state).toBe('Pending');

    const resumed = await post('/background-service?running=true', undefined, developer);
    expect(resumed.json()).toMatchObject({ paused: false, isRunning: true });
    await waitFor(async () => (await proq.get(cmd.id))?.state === 'Completed', { what: 'command after resume' });
    expect((await get('/background-service')).json().paused).toBe(false);
    const audit = await t.db.query<{ action: string }>(
      "select action from system_audit_log where action in ('proq.pause', 'proq.resume') order by id",
    );
    expect(audit.map((a) => a.action)).toEqual(['proq.pause', 'proq.resume']);
  });

  it('rolls a cancel or a pause back when its audit row cannot be written (one transaction)', async () => {
    const developer = await t.login('developer');
    // A trigger refuses the success rows of these two actions, as a failing audit insert would.
    await t.db.query(
      `create or replace function test_refuse_audit() returns trigger language plpgsql as $$
       begin raise exception 'audit row refused by the test'; end $$`,
    );
    await t.db.query(
      `create trigger test_refuse_audit before insert on system_audit_log for each row
       when (new.action in ('proq.cancel', 'proq.pause') and new.outcome = 'success')
       execute function test_refuse_audit()`,
    );
    try {
      const before = await t.db.query<{ n: number }>(
        "select count(*)::int as n from system_audit_log where action in ('proq.cancel', 'proq.pause') and outcome = 'success'",
      );
      expect((await proq.get(ids.later!))!.state).toBe('Pending');
      expect((await post(`/commands/${ids.later}/cancel`, { reason: 'no audit' })).statusCode).toBe(500);
      expect((await proq.get(ids.later!))!.state).toBe('Pending');

      expect((await post('/background-service?running=false', undefined, developer)).statusCode).toBe(500);
      expect((await get('/background-service')).json()).toMatchObject({ paused: false, isRunning: true });

      const after = await t.db.query<{ n: number }>(
        "select count(*)::int as n from system_audit_log where action in ('proq.cancel', 'proq.pause') and outcome = 'success'",
      );
      expect(after[0]!.n).toBe(before[0]!.n);
    } finally {
      await t.db.query('drop trigger test_refuse_audit on system_audit_log');
      await t.db.query('drop function test_refuse_audit()');
    }
  });
});
