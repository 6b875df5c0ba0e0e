import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { jobArtifacts, jobRuns, proqCommands, systemAuditLog } from '@sextant/db';
import type { TJobMaintenanceList, TMaintenanceJob } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createJobWithFile, runAndWait, supplierCsv, until } from '../../../test/job-fixture.ts';

describe.each(dbKinds())('job maintenance (%s)', (kind) => {
  let t: TestApp;
  let manager: string;
  let developer: string;
  let tester: string;
  let jobId: string;
  const list = async (cookie = developer) =>
    (await t.call('GET', '/api/v1/devops/job-maintenance', { cookie })).json() as TJobMaintenanceList;
  const job = async (cookie = developer) => (await list(cookie)).jobs.find((j) => j.id === jobId) as TMaintenanceJob;
  const act = (action: string, cookie = developer, id = jobId) =>
    t.call('POST', `/api/v1/devops/job-maintenance/${id}/actions`, { cookie, body: { action } });
  const settled = () =>
    until(job, (j) => !j.lastAction || ['Completed', 'Error', 'Canceled'].includes(j.lastAction.state));

  beforeAll(async () => {
    t = await createTestApp(kind, { NETWORK_MERCHANTS: '500', PROQ_MIN_DELAY_MS: '50', PROQ_MAX_DELAY_MS: '200' });
    manager = await t.login('ptcoJobManager');
    developer = await t.login('developer');
    tester = await t.login('tester');
    await t.app.ctx.proq.start();
    jobId = await createJobWithFile(t, manager, 'Maintenance 2026', supplierCsv(20));
    const done = await runAndWait(t, manager, jobId);
    if (done.status !== 'Ready') throw new Error(`run did not complete: ${JSON.stringify(done.runs?.[0])}`);
  }, 180_000);
  afterAll(async () => t?.close());

  it('lists every job with storage, runs and the last run; hidden jobs count only for developers', async () => {
    const l = await list();
    const j = l.jobs.find((x) => x.id === jobId)!;
    expect(j).toMatchObject({ name: 'Maintenance 2026', runs: 1, failedRuns: 0, staleRuns: 0, status: 'Ready' });
    expect(j.lastRun).toMatchObject({ runNumber: 1, status: 'Completed' });
    expect(j.storage.filesBytes).toBeGreaterThan(0);
    expect(j.storage.parquetBytes).toBeGreaterThan(j.storage.intermediateBytes);
    expect(j.storage.intermediateBytes).toBeGreaterThan(0);
    expect(j.storage.totalBytes).toBe(j.storage.filesBytes + j.storage.parquetBytes + j.storage.cacheBytes);
    expect(l.totals.totalBytes).toBeGreaterThanOrEqual(j.storage.totalBytes);
    const [base] = await t.db.db.select().from(jobArtifacts).where(eq(jobArtifacts.id, jobId));
    const [hidden] = await t.db.db
      .insert(jobArtifacts)
      .values({
        name: 'Maintenance hidden',
        type: 'base',
        issuerId: base!.issuerId,
        ownerId: base!.ownerId,
        isHidden: true,
      })
      .returning();
    const dev = await list();
    expect(dev.hiddenJobsCount).toBeGreaterThanOrEqual(1);
    expect(dev.jobs.some((x) => x.id === hidden!.id)).toBe(true);
    const test = await list(tester);
    expect(test.hiddenJobsCount).toBeNull();
    expect(test.jobs.some((x) => x.id === hidden!.id)).toBe(false);
  });

  it('refuses roles without the permissions: view needs JobMaintenance_VIEW, actions JobMaintenance_UPDATE', async () => {
    expect((await t.call('GET', '/api/v1/devops/job-maintenance', { cookie: manager })).statusCode).toBe(403);
    expect(
      (await t.call('GET', '/api/v1/devops/job-maintenance', { cookie: await t.login('sysAdmin') })).statusCode,
    ).toBe(403);
    expect((await act('cleanIntermediates', tester)).statusCode).toBe(403);
    const bad = await act('explode');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toContain('action');
    expect((await act('rerun', developer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('counts a job as processing while a pipeline step is open, and refuses maintenance other than deleting it', async () => {
    // The last step marks the run Completed and the job Ready before ProQ records the step: until ProQ has, the
    // step may still write to the run, so the job is processing. A Blocked step stands for it (no worker takes it).
    const [step] = await t.db.db
      .insert(proqCommands)
      .values({ commandType: 'job.aggregate', jobId, state: 'Blocked', payload: {} })
      .returning();
    try {
      expect((await job()).status).toBe('Processing');
      for (const action of ['cleanIntermediates', 'deleteResults', 'rerun']) {
        const res = await act(action);
        expect(res.statusCode, action).toBe(409);
        expect(res.json().message).toMatch(/processing/);
      }
    } finally {
      await t.db.db.delete(proqCommands).where(eq(proqCommands.id, step!.id));
    }
    expect((await job()).status).toBe('Ready');
  });

  it('cleans intermediates as a ProQ command with progress; audited on request and when done', async () => {
    const res = await act('cleanIntermediates');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ action: 'cleanIntermediates', state: 'Pending' });
    const j = await settled();
    expect(j.lastAction).toMatchObject({ state: 'Completed', progressPercent: 100 });
    expect(j.lastAction!.message).toMatch(/1 run\(s\) cleaned, \d+ bytes freed/);
    expect(j.storage.intermediateBytes).toBe(0);
    expect(j.storage.parquetBytes).toBeGreaterThan(0); // results kept
    const audits = await t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.targetId, jobId)));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['job-maintenance.cleanIntermediates', 'job-maintenance.cleanIntermediates.done']),
    );
    expect(audits.find((a) => a.action === 'job-maintenance.cleanIntermediates')!.username).toBe('developer');
  });

  it('re-runs a job, refusing a second action while one is open (409)', async () => {
    const res = await act('rerun');
    expect(res.statusCode, res.body).toBe(200);
    const second = await act('deleteResults');
    // Either still open (409) or, on a fast machine, already done and the job processing (409 too).
    expect(second.statusCode).toBe(409);
    await settled();
    const done = await until(job, (j) => j.status !== 'Processing');
    expect(done.runs).toBe(2);
    expect(done.lastRun).toMatchObject({ runNumber: 2, status: 'Completed' });
  }, 120_000);

  it('deletes results: runs and their files go, the job and its files stay', async () => {
    expect((await act('deleteResults')).statusCode).toBe(200);
    const j = await settled();
    expect(j.lastAction).toMatchObject({ state: 'Completed', message: 'Results of 2 run(s) deleted' });
    expect(j).toMatchObject({ runs: 0, lastRun: null, status: 'Draft' });
    expect(j.storage.parquetBytes).toBe(0);
    expect(j.storage.filesBytes).toBeGreaterThan(0);
    expect(await t.db.db.select().from(jobRuns).where(eq(jobRuns.jobArtifactId, jobId))).toEqual([]);
  });

  it('deletes a job with its folder', async () => {
    expect((await act('deleteJob')).statusCode).toBe(200);
    await until(
      async () => (await t.db.db.select().from(jobArtifacts).where(eq(jobArtifacts.id, jobId))).length,
      (n) => n === 0,
    );
    // the row goes first, the files right after it
    const folderLeft = await until(
      async () => existsSync(path.join(t.config.dataDir, 'jobs', jobId)),
      (exists) => !exists,
    );
    expect(folderLeft).toBe(false);
    expect((await list()).jobs.some((j) => j.id === jobId)).toBe(false);
    const done = await until(
      async () =>
        t.db.db
          .select()
          .from(systemAuditLog)
          .where(and(eq(systemAuditLog.action, 'job-maintenance.deleteJob.done'), eq(systemAuditLog.targetId, jobId))),
      (rows) => rows.length > 0,
    );
    expect(done).toHaveLength(1);
  });

  it('hides other issuers’ jobs from a tenant-scoped user (404)', async () => {
    const other = await createJobWithFile(t, manager, 'Maintenance tenant', supplierCsv(5));
    const { userPermissions, users, issuerMemberships } = await import('@sextant/db');
    const { invalidateAllSessions } = await import('../../plugins/auth-cache.ts');
    const [u] = await t.db.db.select().from(users).where(eq(users.username, 'issuerPlus'));
    const m = await t.db.db.select().from(issuerMemberships).where(eq(issuerMemberships.userId, u!.id));
    const [j] = await t.db.db.select().from(jobArtifacts).where(eq(jobArtifacts.id, other));
    expect(m.map((x) => x.issuerId)).not.toContain(j!.issuerId);
    await t.db.db
      .insert(userPermissions)
      .values(['JobMaintenance_VIEW', 'JobMaintenance_UPDATE'].map((permission) => ({ userId: u!.id, permission })))
      .onConflictDoNothing();
    invalidateAllSessions();
    const scoped = await t.login('issuerPlus');
    expect((await list(scoped)).jobs.some((x) => x.id === other)).toBe(false);
    expect((await act('deleteJob', scoped, other)).statusCode).toBe(404);
    expect((await t.db.db.select().from(jobArtifacts).where(eq(jobArtifacts.id, other))).length).toBe(1);
  });
});
