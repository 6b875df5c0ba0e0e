/**
 * The start-up checks on a real database: what a crash can leave behind (temporary files, an upload without its
 * row, a job folder without its job, a stored upload gone, a completed run with a truncated result file, a pipeline
 * step left InProgress) is cleaned up, marked with a message, or resumed — and only when the process has the data
 * directory to itself.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buyers, issuers, jobFiles, jobRuns } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import type { TJobDetails } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { recoverAfterStop } from './crash-recovery.ts';

const CSV = [
  'Vendor No;Vendor Name;City;Country;Annual Spend',
  'V1;Alpha Ltd;London;GB;100',
  'V2;Beta Ltd;Leeds;GB;200',
].join('\n');

describe.each(dbKinds())('start-up checks after a crash on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let jobId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { NETWORK_MERCHANTS: '1000' });
    cookie = await t.login('ptcoJobManager');
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, nb!.id));
    const r = await t.call(
      'POST',
      `/api/v1/job-artifacts?name=Recovery&type=base&issuerId=${nb!.id}&buyerId=${b!.id}`,
      {
        cookie,
      },
    );
    jobId = r.json().id;
  }, 120_000);
  afterAll(async () => t?.close());

  it('removes unfinished writes and orphans, marks what is gone, and resumes interrupted steps', async () => {
    const dataDir = t.config.dataDir;
    const up = (name: string) =>
      t.upload(`/api/v1/jobs/${jobId}/files?dataKind=suppliers`, { name, content: CSV }, cookie);
    const kept = (await up('kept.csv')).json();
    const lost = (await up('lost.csv')).json();
    const uploads = path.join(dataDir, 'jobs', jobId, 'uploads');
    // what a crash leaves: a half-written upload under its temporary name, an upload whose row never committed, the
    // folder of a job whose deletion committed, a stored upload gone (power loss), and a DuckDB spill folder
    writeFileSync(path.join(uploads, `.${crypto.randomUUID()}.123.abcd.tmp`), 'half');
    const unrecorded = path.join(uploads, crypto.randomUUID());
    writeFileSync(unrecorded, CSV);
    const deletedJob = path.join(dataDir, 'jobs', crypto.randomUUID(), 'uploads');
    mkdirSync(deletedJob, { recursive: true });
    writeFileSync(path.join(deletedJob, 'x'), 'x');
    await rm(path.join(uploads, lost.id));
    mkdirSync(path.join(dataDir, 'network', '.tmp'), { recursive: true });
    // a completed run with a truncated result file, and its step left InProgress by the killed process
    const runDir = path.join(dataDir, 'jobs', jobId, 'runs', '1', 'results');
    mkdirSync(runDir, { recursive: true });
    writeFileSync(path.join(runDir, 'suppliers.parquet'), 'PAR1 cut here');
    writeFileSync(path.join(runDir, 'views.parquet'), 'PAR1xxxxxxxxxxxxPAR1');
    const [run] = await t.db.db
      .insert(jobRuns)
      .values({
        jobArtifactId: jobId,
        runNumber: 1,
        batchId: `job-run:${jobId}:1`,
        resultPath: path.join('jobs', jobId, 'runs', '1'),
        status: 'Completed',
        summary: { files: { suppliers: 'suppliers.parquet', views: 'views.parquet' } },
      })
      .returning();
    const cmd = await t.app.ctx.proq.enqueue(t.db.db, {
      commandType: 'job.ingest',
      payload: { runId: run!.id },
      batchId: `job-run:${jobId}:other`,
    });
    await t.db.query(
      `update proq_commands set state = 'InProgress', attempts = 1, locked_by = 'vm:999999:dead', locked_at = now() where id = $1`,
      [cmd.id],
    );

    // A process that shares DATA_DIR (PostgreSQL with several processes) only reports.
    const shared = await recoverAfterStop(t.app.ctx, { exclusive: false });
    expect(shared).toMatchObject({ tempFilesRemoved: 0, orphansRemoved: 0, filesMissing: 1, runsFailed: 1 });
    expect(existsSync(unrecorded)).toBe(true);
    expect((await t.app.ctx.proq.get(cmd.id))!.state).toBe('InProgress');

    const report = await recoverAfterStop(t.app.ctx, { exclusive: true });
    expect(report).toMatchObject({ filesMissing: 1, runsFailed: 1, commandsResumed: 1, commandsFailed: 0 });
    expect(report.tempFilesRemoved).toBeGreaterThanOrEqual(2);
    expect(report.orphansRemoved).toBe(2);
    expect(existsSync(unrecorded)).toBe(false);
    expect(existsSync(path.dirname(deletedJob))).toBe(false);
    expect(existsSync(path.join(uploads, kept.id))).toBe(true);
    expect(existsSync(path.join(dataDir, 'network', '.tmp'))).toBe(false);

    const [failedRun] = await t.db.db.select().from(jobRuns).where(eq(jobRuns.id, run!.id));
    expect(failedRun!.status).toBe('Failed');
    expect(failedRun!.error).toMatch(/suppliers\.parquet is not a complete Parquet file.*run the analysis again/);
    const [lostRow] = await t.db.db.select().from(jobFiles).where(eq(jobFiles.id, lost.id));
    expect(lostRow!.status).toBe('invalid');
    const details = (await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie })).json() as TJobDetails;
    expect(details.files.find((f) => f.id === lost.id)!.validation!.fatal).toMatch(/missing.*upload it again/);
    expect(details.resultRunId).toBeNull(); // the unreadable results are not served

    const resumed = (await t.app.ctx.proq.get(cmd.id))!;
    expect(resumed.state).toBe('Pending');
    expect(resumed.message).toMatch(
      /Interrupted: the server stopped while this step ran \(attempt 1 of \d+\); it runs again/,
    );
    await t.app.ctx.proq.cancel(cmd.id, 'test over');

    // A second start finds nothing more to do.
    const again = await recoverAfterStop(t.app.ctx, { exclusive: true });
    expect(again).toMatchObject({ tempFilesRemoved: 0, orphansRemoved: 0, runsFailed: 0, commandsResumed: 0 });
  }, 120_000);
});
