/**
 * GET /api/v1/dashboard: my jobs and their state, what needs me, campaigns in progress with counters, and changes
 * since my previous visit — all through the caller's job visibility, so another tenant sees none of it. On PGlite
 * and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import {
  campaignEnrolments,
  campaigns,
  campaignWorkflows,
  issuers,
  jobArtifacts,
  jobRuns,
  userPermissions,
  users,
} from '@sextant/db';
import type { TDashboard } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { invalidateUser } from '../../plugins/auth-cache.ts';

describe.each(dbKinds())('home dashboard (%s)', (kind) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const issuerIds: Record<string, string> = {};
  const jobIds: Record<string, string> = {};
  const dashboard = async (cookie: string) => {
    const res = await t.call('GET', '/api/v1/dashboard', { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TDashboard;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const u of await t.db.db.select().from(users)) ids[u.username] = u.id;
    for (const i of await t.db.db.select().from(issuers)) issuerIds[i.issuerKey] = i.id;
    // Tenant managers given the dashboard (an extra permission), one per issuer.
    await t.db.db.insert(userPermissions).values([
      { userId: ids.issuer!, permission: 'Dashboard_VIEW' },
      { userId: ids.issuerPlus!, permission: 'Dashboard_VIEW' },
    ]);
    invalidateUser(ids.issuer!);
    invalidateUser(ids.issuerPlus!);
    const jobs = await t.db.db
      .insert(jobArtifacts)
      .values([
        { name: 'NB failed', type: 'base', ownerId: ids.issuer!, issuerId: issuerIds.northbridge!, status: 'Failed' },
        { name: 'NB draft', type: 'base', ownerId: ids.issuer!, issuerId: issuerIds.northbridge!, status: 'Draft' },
        {
          name: 'NB processing',
          type: 'base',
          ownerId: ids.issuer!,
          issuerId: issuerIds.northbridge!,
          status: 'Processing',
        },
        {
          name: 'MD ready',
          type: 'base',
          ownerId: ids.issuerPlus!,
          issuerId: issuerIds.meridian!,
          status: 'Ready',
        },
      ])
      .returning();
    for (const j of jobs) jobIds[j.name] = j.id;
    await t.db.db.insert(jobRuns).values({
      jobArtifactId: jobIds['NB failed']!,
      runNumber: 1,
      status: 'Failed',
      batchId: 'b1',
      resultPath: 'x',
      error: 'Matching failed: the supplier file has no name column',
    });
    const [wf] = await t.db.db
      .insert(campaignWorkflows)
      .values({ jobId: jobIds['MD ready']!, name: 'Meridian card drive', sourceKind: 'filter' })
      .returning();
    const [wave] = await t.db.db
      .insert(campaigns)
      .values({ workflowId: wf!.id, name: 'Wave 1', route: 'Issuer' })
      .returning();
    await t.db.db.insert(campaignEnrolments).values([
      { workflowId: wf!.id, campaignId: wave!.id, supplierKey: 's1', supplierName: 'S1', status: 'Pending' },
      { workflowId: wf!.id, campaignId: wave!.id, supplierKey: 's2', supplierName: 'S2', status: 'Active' },
      { workflowId: wf!.id, campaignId: wave!.id, supplierKey: 's3', supplierName: 'S3', status: 'Succeeded' },
    ]);
  }, 120_000);
  afterAll(async () => t?.close());

  it('refuses roles without Dashboard_VIEW', async () => {
    for (const username of ['client', 'campaignManager', 'ptcoJobManager']) {
      expect((await t.call('GET', '/api/v1/dashboard', { cookie: await t.login(username) })).statusCode).toBe(403);
    }
  });

  it('shows my jobs with their state and what needs me, and nothing of another tenant', async () => {
    const d = await dashboard(await t.login('issuer'));
    expect(d.since).toBeNull(); // the first visit
    expect(d.changes).toBeNull();
    expect(d.myJobs.counts).toEqual({ Draft: 1, Processing: 1, Ready: 0, Failed: 1 });
    expect(d.myJobs.recent.map((j) => j.name).sort()).toEqual(['NB draft', 'NB failed', 'NB processing']);
    expect(d.needsMe.map((n) => [n.kind, n.job.name])).toEqual([
      ['jobFailed', 'NB failed'],
      ['jobDraft', 'NB draft'],
    ]);
    expect(d.needsMe[0]!.job.error).toBe('Matching failed: the supplier file has no name column');
    expect(d.campaigns).toBeNull(); // no campaign feature
    expect(JSON.stringify(d)).not.toContain('Meridian');
    expect(JSON.stringify(d)).not.toContain('MD ready');

    const other = await dashboard(await t.login('issuerPlus'));
    expect(other.myJobs.recent.map((j) => j.name)).toEqual(['MD ready']);
    expect(other.needsMe).toEqual([]);
    expect(JSON.stringify(other)).not.toContain('NB ');
  });

  it('shows campaigns in progress with their counters to the campaign feature, over visible jobs', async () => {
    const d = await dashboard(await t.login('developer'));
    expect(d.campaigns).toEqual([
      expect.objectContaining({
        name: 'Meridian card drive',
        jobName: 'MD ready',
        pending: 1,
        active: 1,
        succeeded: 1,
        failed: 0,
      }),
    ]);
    // The same campaign is not shown to a tenant user of another issuer, whatever they hold.
    await t.db.db.insert(userPermissions).values([
      { userId: ids.issuer!, permission: 'CampaignManager_Feature_VIEW' },
      { userId: ids.issuer!, permission: 'Campaign_View' },
    ]);
    invalidateUser(ids.issuer!);
    expect((await dashboard(await t.login('issuer'))).campaigns).toEqual([]);
  });

  it('counts what changed since the previous visit; a reload keeps the same changes', async () => {
    const cookie = await t.login('issuer');
    await dashboard(cookie);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await t.db.db.update(users).set({ dashboardVisitedAt: twoHoursAgo }).where(eq(users.id, ids.issuer!));
    // Since then: a job became Ready in Northbridge, one of Meridian failed (not visible to this manager).
    await t.db.db
      .update(jobArtifacts)
      .set({ status: 'Ready', updatedAt: new Date() })
      .where(eq(jobArtifacts.id, jobIds['NB processing']!));
    await t.db.db
      .update(jobArtifacts)
      .set({ status: 'Failed', updatedAt: new Date() })
      .where(eq(jobArtifacts.id, jobIds['MD ready']!));
    const d = await dashboard(cookie);
    expect(new Date(d.since!).getTime()).toBe(twoHoursAgo.getTime());
    expect(d.changes).toMatchObject({ jobsCreated: 3, jobsReady: 1, jobsFailed: 1 });
    expect(d.changes!.campaignReplies).toBe(0); // the Meridian reply is not this tenant's
    const reload = await dashboard(cookie);
    expect(reload.since).toBe(d.since);
    expect(reload.changes).toEqual(d.changes);
    // The other tenant's manager: only Meridian's change.
    const other = await dashboard(await t.login('issuerPlus'));
    expect(other.since).toBeNull();
  });
});
