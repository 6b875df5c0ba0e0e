import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { jobFiles, sessions, userPermissions, users } from '@sextant/db';
import type { TComparisonJob, TJobComparison, TUserComparison } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createJobWithFile, runAndWait, supplierCsv } from '../../../test/job-fixture.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';

describe.each(dbKinds())('endpoint comparison (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let jobId: string;
  let runs: TComparisonJob['runs'];
  const compare = (base: string, other: string, cookie = admin, id = jobId) =>
    t.call('GET', `/api/v1/endpoint-comparison/jobs/${id}?baseRunId=${base}&compareRunId=${other}`, { cookie });
  const userId = async (username: string) =>
    (await t.db.db.select().from(users).where(eq(users.username, username)))[0]!.id;

  beforeAll(async () => {
    t = await createTestApp(kind, { NETWORK_MERCHANTS: '500', PROQ_MIN_DELAY_MS: '50', PROQ_MAX_DELAY_MS: '200' });
    admin = await t.login('sysAdmin');
    manager = await t.login('ptcoJobManager');
    await t.app.ctx.proq.start();
    jobId = await createJobWithFile(t, manager, 'Compared 2026', supplierCsv(10));
    if ((await runAndWait(t, manager, jobId)).status !== 'Ready') throw new Error('run 1 failed');
    // Run 2 on a changed file: two more suppliers, every spend doubled.
    const [f] = await t.db.db.select().from(jobFiles).where(eq(jobFiles.jobArtifactId, jobId));
    await t.call('DELETE', `/api/v1/jobs/${jobId}/files/${f!.id}`, { cookie: manager });
    await t.upload(
      `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
      { name: 's2.csv', content: supplierCsv(12, 2) },
      manager,
    );
    if ((await runAndWait(t, manager, jobId)).status !== 'Ready') throw new Error('run 2 failed');
    await t.app.ctx.proq.stop();
    const jobs = (
      await t.call('GET', '/api/v1/endpoint-comparison/jobs', { cookie: admin })
    ).json() as TComparisonJob[];
    runs = jobs.find((j) => j.id === jobId)!.runs;
  }, 240_000);
  afterAll(async () => t?.close());

  it('lists jobs with their runs, newest first', () => {
    expect(runs.map((r) => [r.runNumber, r.status])).toEqual([
      [2, 'Completed'],
      [1, 'Completed'],
    ]);
  });

  it('finds no difference between a run and itself', async () => {
    const res = await compare(runs[1]!.id, runs[1]!.id);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as TJobComparison;
    expect(c.sections.map((s) => [s.name, s.totalDifferences])).toEqual([
      ['summary', 0],
      ['views', 0],
      ['suppliers', 0],
    ]);
  });

  it('lists the differences between two runs field by field, suppliers by key', async () => {
    const c = (await compare(runs[1]!.id, runs[0]!.id)).json() as TJobComparison;
    expect(c.base.runNumber).toBe(1);
    expect(c.compare.runNumber).toBe(2);
    const [summary, views, suppliers] = c.sections;
    expect(summary!.totalDifferences).toBeGreaterThan(0);
    expect(summary!.differences.find((d) => d.path === '$.suppliers')).toMatchObject({
      kind: 'changed',
      before: 10,
      after: 12,
    });
    expect(views!.totalDifferences).toBeGreaterThan(0);
    const added = suppliers!.differences.filter((d) => d.kind === 'added');
    expect(added).toHaveLength(2);
    for (const d of added) expect(d.path).toMatch(/^\$\["S[0-9a-f]{16}"\]$/);
    const spend = suppliers!.differences.filter((d) => d.kind === 'changed' && d.path.endsWith('.spend'));
    expect(spend).toHaveLength(10);
    expect(spend[0]!.after).toBeCloseTo((spend[0]!.before as number) * 2, 1);
  });

  it('answers 400 for a run of another job, 404 for an unknown job, 403 without the DevOps view', async () => {
    const other = await createJobWithFile(t, manager, 'Other 2026', supplierCsv(3));
    const wrong = await compare(runs[0]!.id, runs[1]!.id, admin, other);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('baseRunId');
    expect((await compare(runs[0]!.id, runs[1]!.id, admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await compare(runs[0]!.id, runs[1]!.id, manager)).statusCode).toBe(403);
    const missing = await t.call('GET', `/api/v1/endpoint-comparison/jobs/${jobId}`, { cookie: admin });
    expect(missing.statusCode).toBe(400);
  });

  it('compares what the API answers to two users, field by field; the comparison sessions are removed', async () => {
    const res = await t.call('POST', '/api/v1/endpoint-comparison/users', {
      cookie: admin,
      body: { userA: await userId('issuer'), userB: await userId('ptcoJobManager') },
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as TUserComparison;
    expect(c.userA.username).toBe('issuer');
    const perms = c.endpoints.find((e) => e.name === '/api/v1/users/user-permissions')!;
    expect(perms).toMatchObject({ statusA: 200, statusB: 200 });
    expect(perms.totalDifferences).toBeGreaterThan(0);
    const jobs = c.endpoints.find((e) => e.name === '/api/v1/authorization/auth-mapped-job-artifacts')!;
    expect(jobs.statusA).toBe(200);
    const same = (
      await t.call('POST', '/api/v1/endpoint-comparison/users', {
        cookie: admin,
        body: { userA: await userId('issuer'), userB: await userId('issuer') },
      })
    ).json() as TUserComparison;
    expect(same.endpoints.map((e) => e.totalDifferences)).toEqual(same.endpoints.map(() => 0));
    expect(await t.db.db.select().from(sessions).where(eq(sessions.method, 'comparison'))).toEqual([]);
  });

  it('keeps a tenant-scoped caller to the users of their issuers (404 otherwise)', async () => {
    const id = await userId('issuer');
    await t.db.db.insert(userPermissions).values({ userId: id, permission: 'DevOps_Area_VIEW' }).onConflictDoNothing();
    invalidateAllSessions();
    const scoped = await t.login('issuer');
    const listed = (await t.call('GET', '/api/v1/endpoint-comparison/users', { cookie: scoped })).json();
    expect(listed.map((u: { username: string }) => u.username)).not.toContain('sysAdmin');
    const res = await t.call('POST', '/api/v1/endpoint-comparison/users', {
      cookie: scoped,
      body: { userA: id, userB: await userId('sysAdmin') },
    });
    expect(res.statusCode).toBe(404);
    const bad = await t.call('POST', '/api/v1/endpoint-comparison/users', { cookie: scoped, body: { userA: id } });
    expect(bad.statusCode).toBe(400);
  });
});
