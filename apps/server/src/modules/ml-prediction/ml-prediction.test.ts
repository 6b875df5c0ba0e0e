/**
 * Acceptance-model monitoring over HTTP on both databases: runs evaluated by the ml.monitor handler from hand-made
 * supplier results (a good model on run 1, a poor one with shifted inputs on run 2), the AUC alert, drift against
 * the previous run, and the tenant scope (other issuers' jobs: absent and 404; lower role: 403).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { buyers, issuers, jobArtifacts, jobLogs, jobRuns, userPermissions, users } from '@sextant/db';
import { copyToParquet, HOLDOUT_SQL, holdoutMetrics, withDb } from '@sextant/analysis';
import type { TMlJobDetail, TMlOverview } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';
import { monitorRun } from './ml-prediction.commands.ts';

/** 600 suppliers; `good`: probabilities separate acceptors from the rest; `shift`: most suppliers move to FRA. */
const suppliersSql = (good: boolean, shift: boolean) => `
  SELECT 'K' || i AS supplierKey, CASE WHEN i % 3 = 0 THEN 'UNMATCHED' ELSE 'MATCHED' END AS matchStatus,
    i % 2 = 0 AS cardAcceptor,
    CASE WHEN ${good} THEN CASE WHEN i % 2 = 0 THEN 0.55 + (i % 40) / 100 ELSE 0.05 + (i % 40) / 100 END
         ELSE ((i * 37) % 100) / 100 END AS acceptanceProbability,
    CASE WHEN ${shift} AND i % 10 < 8 THEN 'FRA' WHEN i % 2 = 0 THEN 'GBR' ELSE 'DEU' END AS country,
    100.0 * (1 + i % 50) * 40 AS spend, 250.0 + i AS avgTransactionValue, 'Monthly' AS frequencyBand,
    '16-30 days' AS paymentTermsBand, 'ACH' AS paymentMethod, NULL::VARCHAR AS inputMcc
  FROM range(600) t(i)`;

describe.each(dbKinds())('ml-prediction API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let northbridgeId: string;
  let meridianId: string;
  let northJob: string;
  let meridianJob: string;
  const runIds: string[] = [];

  async function addRun(jobId: string, runNumber: number, good: boolean, shift: boolean): Promise<string> {
    const resultPath = path.join('jobs', jobId, 'runs', String(runNumber));
    const dir = path.join(t.config.dataDir, resultPath, 'results');
    mkdirSync(dir, { recursive: true });
    await withDb({}, (db) => db.run(copyToParquet(suppliersSql(good, shift), path.join(dir, 'suppliers.parquet'))));
    const [run] = await t.db.db
      .insert(jobRuns)
      .values({
        jobArtifactId: jobId,
        runNumber,
        batchId: `b:${jobId}:${runNumber}`,
        resultPath,
        status: 'Completed',
        completedAt: new Date(Date.now() - (10 - runNumber) * 60_000),
      })
      .returning();
    return run!.id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { ML_AUC_ALERT_THRESHOLD: '0.7', ML_PSI_ALERT_THRESHOLD: '0.25' });
    admin = await t.login('sysAdmin');
    const id = async (key: string) => (await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, key)))[0]!.id;
    northbridgeId = await id('northbridge');
    meridianId = await id('meridian');
    const [owner] = await t.db.db.select().from(users).where(eq(users.username, 'ptcoJobManager'));
    const job = async (issuerId: string, name: string) => {
      const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, issuerId));
      const [j] = await t.db.db
        .insert(jobArtifacts)
        .values({ name, type: 'base', ownerId: owner!.id, issuerId, buyerId: b!.id, status: 'Ready' })
        .returning();
      return j!.id;
    };
    northJob = await job(northbridgeId, 'Albion monitoring');
    meridianJob = await job(meridianId, 'Rheinwerk monitoring');
    runIds.push(await addRun(northJob, 1, true, false));
    runIds.push(await addRun(northJob, 2, false, true));
    runIds.push(await addRun(meridianJob, 1, true, false));
  }, 120_000);
  afterAll(async () => t?.close());

  it('evaluates runs with the hold-out metrics, calibration and drift against the previous run; idempotent', async () => {
    for (const id of runIds) expect(await monitorRun(t.app.ctx, id)).toMatch(/acceptance model AUC/);
    expect(await monitorRun(t.app.ctx, runIds[1]!)).toMatch(/alert/); // again: same row rewritten
    const detail = (
      await t.call('GET', `/api/v1/ml-prediction/jobs/${northJob}`, { cookie: admin })
    ).json() as TMlJobDetail;
    expect(detail.runs.map((r) => r.runNumber)).toEqual([2, 1]);
    const [run2, run1] = detail.runs;
    // Expected figures from the same hold-out, computed independently of the handler.
    const expected = async (good: boolean, shift: boolean) =>
      holdoutMetrics(
        (
          await withDb({}, (db) =>
            db.all<{ y: number; p: number }>(
              `SELECT cardAcceptor::INT AS y, acceptanceProbability AS p FROM (${suppliersSql(good, shift)}) WHERE matchStatus = 'MATCHED' AND ${HOLDOUT_SQL}`,
            ),
          )
        ).map((r) => ({ y: Number(r.y) as 0 | 1, p: Number(r.p) })),
      );
    const e1 = await expected(true, false);
    const e2 = await expected(false, true);
    expect(run1!.metrics.auc).toBe(1);
    expect(run1!.metrics.accuracy).toBeCloseTo(e1.accuracy!, 4);
    expect(run1!.metrics.precisionHigh).toBeCloseTo(e1.precisionHigh!, 4);
    expect(run1!.metrics.recallHigh).toBeCloseTo(e1.recallHigh!, 4);
    expect(run1!.testRows).toBe(e1.n);
    expect(run2!.metrics.auc).toBeCloseTo(e2.auc!, 4);
    expect(run2!.metrics.auc!).toBeLessThan(0.7);
    expect(run1!.calibration).toHaveLength(10);
    // Each decile carries the 95 % interval of its observed rate (its sampling noise).
    for (const b of run1!.calibration) {
      expect(b.ciLow!).toBeLessThanOrEqual(b.observed);
      expect(b.ciHigh!).toBeGreaterThanOrEqual(b.observed);
      expect(b.ciHigh! - b.ciLow!).toBeGreaterThan(0);
    }
    expect(run1!.drift).toBeNull();
    expect(run2!.drift).toMatchObject({ againstRunNumber: 1, maxPsiInput: 'country' });
    expect(run2!.drift!.psi.country!).toBeGreaterThan(0.25);
    expect(run2!.drift!.psi.frequencyBand).toBe(0);
    expect(run2!.alerts).toEqual([
      expect.stringMatching(/^AUC 0\.\d\d is below the alert threshold 0\.70$/),
      expect.stringMatching(/^Input drift: Country PSI .* against run 1/),
    ]);
    expect(run1!.alerts).toEqual([]);
    const logs = await t.db.db.select().from(jobLogs).where(eq(jobLogs.jobArtifactId, northJob));
    expect(logs.filter((l) => l.message.includes('acceptance model alert — AUC')).length).toBeGreaterThanOrEqual(1);
  });

  it('lists every job with its latest run, AUC over time and alerts first', async () => {
    const o = (await t.call('GET', '/api/v1/ml-prediction/jobs', { cookie: admin })).json() as TMlOverview;
    expect(o).toMatchObject({ aucThreshold: 0.7, psiThreshold: 0.25, alertCount: 1, evaluatedRuns: 3 });
    expect(o.jobs.map((j) => j.jobName)).toEqual(['Albion monitoring', 'Rheinwerk monitoring']);
    expect(o.jobs[0]).toMatchObject({ alert: true, runs: 2, latest: { runNumber: 2 } });
    expect(o.jobs[0]!.aucHistory.map((h) => h.runNumber)).toEqual([1, 2]);
    expect(o.jobs[0]!.aucHistory[0]!.auc).toBe(1);
  });

  it('scopes to the caller’s jobs: other issuers’ jobs are absent and answer 404; no permission: 403', async () => {
    const issuerUser = await t.login('issuer'); // Manager of Northbridge, no MlPrediction_VIEW
    expect((await t.call('GET', '/api/v1/ml-prediction/jobs', { cookie: issuerUser })).statusCode).toBe(403);
    const [u] = await t.db.db.select().from(users).where(eq(users.username, 'issuer'));
    await t.db.db.insert(userPermissions).values({ userId: u!.id, permission: 'MlPrediction_VIEW' });
    invalidateAllSessions(); // a direct database edit
    const o = (await t.call('GET', '/api/v1/ml-prediction/jobs', { cookie: issuerUser })).json() as TMlOverview;
    expect(o.jobs.map((j) => j.jobId)).toEqual([northJob]);
    expect((await t.call('GET', `/api/v1/ml-prediction/jobs/${meridianJob}`, { cookie: issuerUser })).statusCode).toBe(
      404,
    );
    expect((await t.call('GET', `/api/v1/ml-prediction/jobs/${northJob}`, { cookie: issuerUser })).statusCode).toBe(
      200,
    );
    const bad = await t.call('GET', '/api/v1/ml-prediction/jobs/not-an-id', { cookie: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toMatch(/jobId/);
  });

  it('leaves matched-data-only runs and deleted runs alone', async () => {
    await t.db.db.update(jobArtifacts).set({ type: 'matched-data-only' }).where(eq(jobArtifacts.id, meridianJob));
    expect(await monitorRun(t.app.ctx, runIds[2]!)).toMatch(/nothing to monitor/);
    expect(await monitorRun(t.app.ctx, '00000000-0000-4000-8000-000000000001')).toMatch(/no longer exists/);
  });

  it('a run with too few matched suppliers to learn from: no AUC alert, the reason instead', async () => {
    const [owner] = await t.db.db.select().from(users).where(eq(users.username, 'ptcoJobManager'));
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, northbridgeId));
    const [j] = await t.db.db
      .insert(jobArtifacts)
      .values({ name: 'Few matches', type: 'base', ownerId: owner!.id, issuerId: northbridgeId, buyerId: b!.id })
      .returning();
    const resultPath = path.join('jobs', j!.id, 'runs', '1');
    const dir = path.join(t.config.dataDir, resultPath, 'results');
    mkdirSync(dir, { recursive: true });
    // 12 matched suppliers: the model is not trained, so no supplier has a probability
    const sql = suppliersSql(true, false).replace('FROM range(600)', 'FROM range(18)');
    await withDb({}, (db) =>
      db.run(
        copyToParquet(
          `SELECT * REPLACE (NULL::DOUBLE AS acceptanceProbability) FROM (${sql})`,
          path.join(dir, 'suppliers.parquet'),
        ),
      ),
    );
    const [run] = await t.db.db
      .insert(jobRuns)
      .values({ jobArtifactId: j!.id, runNumber: 1, batchId: `b:${j!.id}:1`, resultPath, status: 'Completed' })
      .returning();
    expect(await monitorRun(t.app.ctx, run!.id)).toBe('acceptance model not trained for this run');
    const detail = (
      await t.call('GET', `/api/v1/ml-prediction/jobs/${j!.id}`, { cookie: admin })
    ).json() as TMlJobDetail;
    expect(detail.runs[0]).toMatchObject({ trained: false, alerts: [], metrics: { auc: null } });
    expect(detail.runs[0]!.reason).toMatch(
      /^the model was not trained for this run \(\d+ matched suppliers to learn from/,
    );
    const o = (await t.call('GET', '/api/v1/ml-prediction/jobs', { cookie: admin })).json() as TMlOverview;
    expect(o.jobs.find((x) => x.jobId === j!.id)).toMatchObject({ alert: false, latest: { trained: false } });
  });
});
