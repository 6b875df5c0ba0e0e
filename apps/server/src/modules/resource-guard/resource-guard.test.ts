import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { systemAuditLog } from '@sextant/db';
import type { TResourceGuardState, TResourceLimits } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createJobWithFile, supplierCsv } from '../../../test/job-fixture.ts';
import { heavyWorkOf } from './resource-guard.routes.ts';

const OPEN: TResourceLimits = {
  cpuPercent: null,
  memoryPercent: null,
  diskPercent: null,
  dbSizeMb: null,
  duckdbMemoryMb: null,
  queueDepth: null,
};

describe('heavy work by route', () => {
  it('knows runs, uploads and exports; maintenance re-runs only', () => {
    expect(heavyWorkOf('POST', '/api/v1/jobs/:jobId/runs')).toBe('run');
    // list exports (every filtered row) are exports; the paged list is not
    expect(heavyWorkOf('GET', '/api/v1/jobs/:jobId/results/suppliers', undefined, { format: 'xlsx' })).toBe('export');
    expect(
      heavyWorkOf('GET', '/api/v1/jobs/:jobId/results/use-cases/:useCaseId/suppliers', undefined, { format: 'csv' }),
    ).toBe('export');
    expect(heavyWorkOf('GET', '/api/v1/jobs/:jobId/results/suppliers', undefined, {})).toBeNull();
    expect(heavyWorkOf('POST', '/api/v1/jobs/:jobId/runs/:runId/retry')).toBe('run');
    expect(heavyWorkOf('POST', '/api/v1/jobs/:jobId/files')).toBe('upload');
    expect(heavyWorkOf('GET', '/api/v1/jobs/:jobId/downloads/analysis-data')).toBe('export');
    expect(heavyWorkOf('GET', '/api/v1/jobs/:jobId/presentation/pptx')).toBe('export');
    expect(heavyWorkOf('GET', '/api/v1/jobs/:jobId/reports/:analysisReportType/pdf')).toBe('export');
    expect(heavyWorkOf('POST', '/api/v1/devops/job-maintenance/:jobId/actions', { action: 'rerun' })).toBe('run');
    expect(heavyWorkOf('POST', '/api/v1/devops/job-maintenance/:jobId/actions', { action: 'deleteJob' })).toBeNull();
    expect(heavyWorkOf('GET', '/api/v1/jobs/:jobId/runs')).toBeNull();
    expect(heavyWorkOf('GET', '/api/v1/jobs/:jobId/results/summary')).toBeNull();
  });
});

describe.each(dbKinds())('resource guard (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let jobId: string;
  const state = async () =>
    (await t.call('GET', '/api/v1/resource-guard', { cookie: admin })).json() as TResourceGuardState;
  const setLimits = (limits: Partial<TResourceLimits>, cookie = admin) =>
    t.call('PUT', '/api/v1/resource-guard/limits', { cookie, body: { ...OPEN, ...limits } });

  beforeAll(async () => {
    t = await createTestApp(kind, { NETWORK_MERCHANTS: '500' });
    admin = await t.login('sysAdmin');
    manager = await t.login('ptcoJobManager');
    jobId = await createJobWithFile(t, manager, 'Guarded 2026', supplierCsv(5));
  }, 120_000);
  afterAll(async () => t?.close());

  it('reports live resources with the default limits', async () => {
    const s = await state();
    expect(s.statuses.map((x) => x.metric)).toEqual(['cpu', 'memory', 'disk', 'dbSize', 'duckdbMemory', 'queueDepth']);
    expect(s.sample.memoryTotalBytes).toBeGreaterThan(0);
    expect(s.sample.memoryPercent).toBeGreaterThan(0);
    expect(s.sample.diskTotalBytes).toBeGreaterThan(s.sample.diskUsedBytes);
    expect(s.sample.dbSizeBytes).toBeGreaterThan(0);
    expect(s.sample.rssBytes).toBeGreaterThan(0);
    expect(s.limits).toMatchObject({ memoryPercent: 95, diskPercent: 95, queueDepth: 10000 });
  });

  it('lets only SystemMode_UPDATE holders change limits, with field errors; changes are audited', async () => {
    expect((await t.call('GET', '/api/v1/resource-guard', { cookie: manager })).statusCode).toBe(403);
    expect((await setLimits({ memoryPercent: 50 }, manager)).statusCode).toBe(403);
    const bad = await setLimits({ memoryPercent: 150 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toContain('memoryPercent');
    expect(bad.json().errors[0].message).toBe('Memory limit must be at most 100');
    const ok = await setLimits({ diskPercent: 99 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().limits).toEqual({ ...OPEN, diskPercent: 99 });
    expect(ok.json().limitsUpdatedBy).toBe('sysAdmin');
    const audits = await t.db.db
      .select()
      .from(systemAuditLog)
      .where(eq(systemAuditLog.action, 'resource-guard.limits.set'));
    expect(audits.at(-1)!.details).toMatchObject({ after: { diskPercent: 99 } });
  });

  it('refuses a run and an upload with 503 naming what is exhausted, and accepts them again below the limit', async () => {
    await setLimits({ memoryPercent: 0.01 });
    const s = await state();
    expect(s.statuses.find((x) => x.metric === 'memory')!.level).toBe('exceeded');
    expect(s.refusing.map((r) => r.kind)).toEqual(['run', 'upload', 'export']);
    const run = await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager });
    expect(run.statusCode).toBe(503);
    expect(run.json()).toMatchObject({ code: 'ResourceExhausted' });
    expect(run.json().message).toMatch(
      /^New runs are refused to protect the server: Memory is at [\d.]+%, at or above its limit of 0.0%/,
    );
    expect(run.json().errors[0].path).toBe('memory');
    const up = await t.upload(
      `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
      { name: 's.csv', content: supplierCsv(3) },
      manager,
    );
    expect(up.statusCode).toBe(503);
    expect(up.json().message).toMatch(/^New uploads are refused/);
    // Reading results is not heavy work: never refused.
    expect((await t.call('GET', `/api/v1/jobs/${jobId}/runs`, { cookie: manager })).statusCode).toBe(200);
    await setLimits({});
    const accepted = await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses new runs with 429 when the queue is full, but not exports', async () => {
    const s = await state();
    expect(s.sample.queueDepth).toBeGreaterThan(0); // the run queued above (no worker here)
    await setLimits({ queueDepth: 1 });
    const run = await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager });
    expect(run.statusCode).toBe(429);
    expect(run.json().message).toContain('Queue depth is at');
    expect((await state()).refusing.map((r) => r.kind)).toEqual(['run', 'upload']);
    await setLimits({});
  });

  it('keeps a history of samples', async () => {
    for (let i = 0; i < 2; i++)
      expect((await t.call('POST', '/api/v1/resource-guard/samples', { cookie: admin })).statusCode).toBe(200);
    const h = (await t.call('GET', '/api/v1/resource-guard/history?minutes=5', { cookie: admin })).json();
    expect(h.samples.length).toBeGreaterThanOrEqual(2);
    expect(h.samples[0]).toMatchObject({ memoryTotalBytes: expect.any(Number), at: expect.any(String) });
    expect((await t.call('GET', '/api/v1/resource-guard/history?minutes=1', { cookie: admin })).statusCode).toBe(400);
  });
});
