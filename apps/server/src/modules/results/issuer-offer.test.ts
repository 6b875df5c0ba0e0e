/**
 * Issuer settings act on results (DESIGN §8): changing Northbridge's capabilities and virtual lockboxes and
 * re-running the Albion Foods demo job takes the kinds not offered out of the scores, waterfall, use cases, supplier
 * columns and business case (with the reason), makes enrolled suppliers payable through a supported lockbox
 * programme at its rebate, and leaves the earlier run with the settings it was computed with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { issuers, jobRuns } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import {
  SCORE_KINDS,
  type TBusinessCase,
  type TJobSummary,
  type TSupplierColumns,
  type TSupplierDetail,
  type TSupplierPage,
  type TUseCaseList,
} from '@sextant/shared';
import { createDemoJobsApp, demoJobId } from '../../../test/demo-jobs-fixture.ts';
import { runAndWait } from '../../../test/job-fixture.ts';
import type { TestApp } from '../../../test/harness.ts';

const ALL_BUT_SCF_BOOST = SCORE_KINDS.filter((k) => k !== 'Scf' && k !== 'Boost');

describe.each(dbKinds())('issuer settings change the results (%s)', (kind) => {
  let t: TestApp;
  let jobId: string;
  let issuerId: string;
  let admin: string;
  const get = async <T>(url: string, cookie = admin): Promise<T> => {
    const res = await t.call('GET', `/api/v1/jobs/${jobId}${url}`, { cookie });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  const setting = async (path: string, body: object) => {
    const res = await t.call('POST', `/api/v1/issuers/${path}?issuerId=${issuerId}`, { cookie: admin, body });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createDemoJobsApp(kind);
    jobId = await demoJobId(t, 'Albion');
    [{ id: issuerId }] = (await t.db.db
      .select({ id: issuers.id })
      .from(issuers)
      .where(eq(issuers.issuerKey, 'northbridge'))) as [{ id: string }];
    admin = await t.login('sysAdmin');
    await t.app.ctx.proq.start();
  }, 600_000);
  afterAll(async () => t?.close());

  it('offers SCF, Boost and the supported lockbox programmes while Northbridge offers them', async () => {
    const ids = (await get<TUseCaseList>('/results/use-cases')).useCases.map((u) => u.useCaseId);
    expect(ids).toEqual(expect.arrayContaining(['scf-strategic', 'boost-lockbox', 'lockbox-boost', 'lockbox-its']));
    expect(ids).not.toContain('lockbox-boosteu'); // Northbridge supports Boost and ITS only
    const summary = await get<TJobSummary>('/results/summary');
    expect(summary.offer?.notOffered).toEqual([]);
    expect(summary.scores!.map((s) => s.scoreKind)).toEqual([...SCORE_KINDS]);
  });

  it('re-run without SCF and Boost and with no lockbox: they are absent everywhere, with the reason', async () => {
    await setting('issuer-admin-capabilities', { capabilities: ALL_BUT_SCF_BOOST });
    await setting('issuer-admin-virtual-lockbox-update', { virtualLockboxes: [] });
    const job = await runAndWait(t, admin, jobId);
    expect(job.status, JSON.stringify(job.runs?.[0]?.error)).toBe('Ready');

    const summary = await get<TJobSummary>('/results/summary');
    expect(summary.offer).toEqual({
      issuerName: 'Northbridge Bank',
      offered: ALL_BUT_SCF_BOOST,
      notOffered: [
        { kind: 'Scf', setting: 'issuerCapabilities' },
        { kind: 'Boost', setting: 'issuerCapabilities' },
      ],
      virtualLockboxes: [],
    });
    expect(summary.scores!.map((s) => s.scoreKind)).toEqual(ALL_BUT_SCF_BOOST);
    // the waterfall still adds up to every supplier
    expect(summary.waterfall.reduce((a, w) => a + w.suppliers, 0)).toBe(summary.suppliers);

    const list = await get<TUseCaseList>('/results/use-cases');
    const ids = list.useCases.map((u) => u.useCaseId);
    expect(ids).not.toContain('scf-strategic');
    expect(ids.filter((i) => i.includes('lockbox'))).toEqual([]);
    expect(list.useCases.map((u) => u.name).join('|')).not.toMatch(/Supply chain finance|Virtual lockbox/);
    expect(list.offer?.notOffered.map((n) => n.kind)).toEqual(['Scf', 'Boost']);
    expect(
      (await t.call('GET', `/api/v1/jobs/${jobId}/results/use-cases/scf-strategic`, { cookie: admin })).statusCode,
    ).toBe(404);

    // not listed, filtered or exported
    const columns = await get<TSupplierColumns>('/results/suppliers/columns');
    expect(columns.columns.map((c) => c.field).filter((f) => /^(Scf|Boost)/.test(f))).toEqual([]);
    const filters = encodeURIComponent(
      JSON.stringify([{ propertyName: 'ScfLevel', itemComparisonOperator: 'Equal', itemValue: 'High' }]),
    );
    expect(
      (await t.call('GET', `/api/v1/jobs/${jobId}/results/suppliers?filters=${filters}`, { cookie: admin })).statusCode,
    ).toBe(400);
    const page = await get<TSupplierPage>('/results/suppliers?pageSize=1&orderBy=spend:desc');
    const detail = await get<TSupplierDetail>(
      `/results/suppliers/${encodeURIComponent(page.collection[0]!.supplierKey)}`,
    );
    expect(detail.scores.map((s) => s.kind)).toEqual(ALL_BUT_SCF_BOOST);
    expect(detail.acceptance.lockboxProgramme).toBeNull();

    // the business case has no SCF or Boost route
    const bc = await get<TBusinessCase>('/business-case');
    expect(bc.offer?.notOffered.map((n) => n.kind)).toEqual(['Scf', 'Boost']);
    expect(bc.outputs.target.byRoute.map((r) => r.route).filter((r) => r === 'Scf' || r === 'Boost')).toEqual([]);
    expect(bc.outputs.target.byRoute.length).toBeGreaterThan(0);

    // the earlier run keeps the settings it was computed with; the new one has the new ones
    const runs = await t.db.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.jobArtifactId, jobId))
      .orderBy(asc(jobRuns.runNumber));
    expect(runs[0]!.issuerSettings?.capabilities).toContain('Scf');
    expect(runs.at(-1)!.issuerSettings).toEqual({
      issuerName: 'Northbridge Bank',
      capabilities: ALL_BUT_SCF_BOOST,
      virtualLockboxes: [],
    });
  }, 400_000);

  it('re-run with Boost and the ITS lockbox: enrolled suppliers are payable through ITS at its rebate', async () => {
    await setting('issuer-admin-capabilities', { capabilities: [...SCORE_KINDS] });
    await setting('issuer-admin-virtual-lockbox-update', { virtualLockboxes: ['Its'] });
    const job = await runAndWait(t, admin, jobId);
    expect(job.status).toBe('Ready');
    const list = await get<TUseCaseList>('/results/use-cases');
    const its = list.useCases.find((u) => u.useCaseId === 'lockbox-its');
    expect(its).toMatchObject({ rebateBps: 50 }); // 100 bps card rebate less the ITS provider's 50 bps
    expect(list.useCases.map((u) => u.useCaseId)).not.toContain('lockbox-boost');
    expect(its!.supplierCount).toBeGreaterThan(0);
    const enrolled = await get<TSupplierPage>('/results/use-cases/lockbox-its/suppliers?pageSize=5');
    expect(enrolled.totalCount).toBe(its!.supplierCount);
    const d = await get<TSupplierDetail>(
      `/results/suppliers/${encodeURIComponent(enrolled.collection[0]!.supplierKey)}`,
    );
    expect(d.acceptance.lockboxProgramme).toBe('Its');
    expect(d.acceptance.lockboxes).toContain('Its');
    expect(d.scores.find((s) => s.kind === 'Boost')?.level).toBe(
      (enrolled.collection[0]!.spend ?? 0) >= 10000 ? 'High' : 'Low',
    );
    const bc = await get<TBusinessCase>('/business-case');
    for (const r of bc.outputs.target.byRoute.filter((x) => x.route === 'Boost'))
      expect(r).toMatchObject({ lockbox: 'Its', rebateBps: 50 });
  }, 400_000);
});
