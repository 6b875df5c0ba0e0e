/**
 * Campaigns that learn (conversion.ts) through the HTTP API on both databases, on workflows written straight into
 * the tables (no run: every supplier's level is unknown, so the prior is the business case's Medium rate, 30 %):
 * the prior below 50 outcomes, the learnt model from 50 on, the next wave ordered by expected value, achieved vs
 * predicted per wave, and the tenant walls (another issuer's user cannot read the predictions; another issuer's
 * outcomes do not change this issuer's model).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  campaignEnrolments,
  campaigns,
  campaignWorkflows,
  issuers,
  jobArtifacts,
  userRoles,
  users,
  type DbOrTx,
} from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import type { TEnrolmentStatus, TWorkflowDetail, TWorkflowSupplierPage } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';
import { outcomesChanged } from './conversion.ts';

/** Outcome i: plumbers succeed 4 in 5, hotels 1 in 5 (by index, deterministic). */
const outcomeOf = (i: number): { name: string; status: TEnrolmentStatus } => {
  const plumber = i % 2 === 0;
  return {
    name: plumber ? `Plumbing Services ${i}` : `Grand Hotel ${i}`,
    status: (plumber ? i % 10 !== 0 : i % 10 === 1) ? 'Succeeded' : 'Failed',
  };
};

async function seedWorkflow(
  db: DbOrTx,
  o: { jobId: string; outcomes: number; pending: string[]; flip?: boolean; prefix: string },
): Promise<string> {
  const [wf] = await db
    .insert(campaignWorkflows)
    .values({ jobId: o.jobId, name: `${o.prefix} workflow`, sourceKind: 'filter' })
    .returning();
  const [wave] = await db
    .insert(campaigns)
    .values({ workflowId: wf!.id, name: 'Wave 1', route: 'Issuer', stageStatus: 'Completed' })
    .returning();
  const rows = Array.from({ length: o.outcomes }, (_, i) => {
    const x = outcomeOf(i);
    const status: TEnrolmentStatus = o.flip ? (x.status === 'Succeeded' ? 'Failed' : 'Succeeded') : x.status;
    return {
      workflowId: wf!.id,
      campaignId: wave!.id,
      supplierKey: `${o.prefix}-done-${i}`,
      supplierName: x.name,
      country: 'GB',
      spend: 5_000,
      status,
    };
  });
  const pending = o.pending.map((name, i) => ({
    workflowId: wf!.id,
    supplierKey: `${o.prefix}-open-${i}`,
    supplierName: name,
    country: 'GB',
    spend: 5_000,
  }));
  await db.insert(campaignEnrolments).values([...rows, ...pending]);
  outcomesChanged(); // written straight into the table: drop the outcomes version read within the last 2 s
  return wf!.id;
}

describe.each(dbKinds())('campaigns that learn (%s)', (kind) => {
  let t: TestApp;
  let cm: string;
  let jobA: string;
  let jobB: string;
  let wfA: string;
  const PENDING = ['Northern Plumbing', 'Seaside Hotel', 'Western Plumbing', 'Harbour Hotel'];

  const get = async <T>(url: string, cookie = cm): Promise<T> => {
    const res = await t.call('GET', url, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const suppliersOf = (jobId: string, wf: string, q = '') =>
    get<TWorkflowSupplierPage>(`/api/v1/jobs/${jobId}/campaign-workflows/${wf}/suppliers?pageSize=100${q}`);
  const predictions = async () =>
    Object.fromEntries(
      (await suppliersOf(jobA, wfA, '&campaignId=none')).collection.map((s) => [s.supplierName, s.predictedConversion]),
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.db.db;
    const [manager] = await db.select().from(users).where(eq(users.username, 'campaignManager'));
    const [other] = await db.select().from(users).where(eq(users.username, 'issuerPlus'));
    const [north] = await db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [meridian] = await db.select().from(issuers).where(eq(issuers.issuerKey, 'meridian'));
    const [a] = await db
      .insert(jobArtifacts)
      .values({ name: 'Learning A', type: 'base', ownerId: manager!.id, issuerId: north!.id, status: 'Ready' })
      .returning();
    const [b] = await db
      .insert(jobArtifacts)
      .values({ name: 'Learning B', type: 'base', ownerId: other!.id, issuerId: meridian!.id, status: 'Ready' })
      .returning();
    jobA = a!.id;
    jobB = b!.id;
    await db
      .insert(userRoles)
      .values([
        { userId: other!.id, role: 'campaignManager' },
        { userId: other!.id, role: 'JobCampaignsAccessor' },
      ])
      .onConflictDoNothing();
    invalidateAllSessions();
    cm = await t.login('campaignManager');
    // issuer A: 40 outcomes, not enough to learn from
    wfA = await seedWorkflow(db, { jobId: jobA, outcomes: 40, pending: PENDING, prefix: 'a' });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('uses the prior below 50 outcomes and says so', async () => {
    const page = await suppliersOf(jobA, wfA);
    expect(page.prediction).toMatchObject({ source: 'prior', outcomes: 40, minOutcomes: 50, brier: null });
    expect(page.prediction.reason).toBe('40 outcomes recorded; the model learns from 50');
    // level unknown (no run): the business case's Medium rate; route value = 5,000 × (1 % + 25/365 × 5 %)
    const open = page.collection.find((s) => s.supplierName === 'Northern Plumbing')!;
    expect(open.predictedConversion).toBe(0.3);
    expect(open.routeValue).toBeCloseTo(5_000 * (0.01 + (25 / 365) * 0.05), 2);
    expect(open.expectedValue).toBeCloseTo(0.3 * open.routeValue, 1);
  });

  it('another issuer’s user cannot read this workflow’s predictions (404)', async () => {
    const foreign = await t.login('issuerPlus');
    const res = await t.call('GET', `/api/v1/jobs/${jobA}/campaign-workflows/${wfA}/suppliers`, { cookie: foreign });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('predictedConversion');
  });

  it('learns from 50 outcomes on, and another issuer’s outcomes do not change it', async () => {
    // 60 more outcomes in a second workflow of the same issuer: 100 in all
    await seedWorkflow(t.db.db, { jobId: jobA, outcomes: 60, pending: [], prefix: 'a2' });
    const page = await suppliersOf(jobA, wfA);
    expect(page.prediction.source).toBe('learned');
    expect(page.prediction.outcomes).toBe(100);
    expect(page.prediction.reason).toBeNull();
    const before = await predictions();
    expect(before['Northern Plumbing']!).toBeGreaterThan(before['Seaside Hotel']! + 0.2);
    // issuer B records 200 outcomes saying the opposite (hotels convert): A's predictions stay exactly as they were
    await seedWorkflow(t.db.db, { jobId: jobB, outcomes: 200, pending: PENDING, flip: true, prefix: 'b' });
    expect(await predictions()).toEqual(before);
    // and B's own model learnt the opposite
    const foreign = await t.login('issuerPlus');
    const [wfB] = await t.db.db.select().from(campaignWorkflows).where(eq(campaignWorkflows.jobId, jobB));
    const res = await t.call('GET', `/api/v1/jobs/${jobB}/campaign-workflows/${wfB!.id}/suppliers?campaignId=none`, {
      cookie: foreign,
    });
    const b = res.json() as TWorkflowSupplierPage;
    const p = Object.fromEntries(b.collection.map((s) => [s.supplierName, s.predictedConversion]));
    expect(p['Seaside Hotel']!).toBeGreaterThan(p['Northern Plumbing']!);
  });

  it('orders the next wave by expected value and reports achieved vs predicted per wave', async () => {
    const res = await t.call('POST', `/api/v1/jobs/${jobA}/campaign-workflows/${wfA}/campaigns`, {
      cookie: cm,
      body: { name: 'Wave 2', route: 'Issuer', count: 2 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = res.json() as TWorkflowDetail;
    const wave2 = detail.campaigns.find((c) => c.name === 'Wave 2')!;
    const inWave = await suppliersOf(jobA, wfA, `&campaignId=${wave2.id}`);
    // same spend for all: the two plumbers have the higher predicted conversion, hence expected value
    expect(inWave.collection.map((s) => s.supplierName).sort()).toEqual(['Northern Plumbing', 'Western Plumbing']);
    const wave1 = detail.campaigns.find((c) => c.name === 'Wave 1')!;
    // 40 outcomes: plumbers (20) succeed 16, hotels (20) succeed 4 → 20 of 40
    expect(wave1.conversion).toMatchObject({ achievedPct: 50, decided: 40, source: 'learned' });
    expect(wave1.conversion!.predictedPct!).toBeGreaterThan(35);
    expect(wave1.conversion!.predictedPct!).toBeLessThan(65);
    expect(wave2.conversion).toMatchObject({ achievedPct: null, decided: 0 });
    expect(wave2.conversion!.predictedPct!).toBeGreaterThan(50);
  });
});
