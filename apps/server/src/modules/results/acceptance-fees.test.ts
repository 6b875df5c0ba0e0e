/**
 * The issuer's acceptance fee table (issue #34 point 2, docs/ROUTES.md): edited through the issuer API by a manager
 * of the issuer (another issuer's manager: 404; a member: 403; bad rows: 400 naming the row), snapshotted on the
 * next run, which prices the supplier's case with it (supplierNetBenefit and each route's supplierNet), while the
 * earlier run keeps the defaults it was computed with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { issuers, jobRuns, userPermissions, users } from '@sextant/db';
import type { TIssuer, TSupplierDetail, TSupplierPage } from '@sextant/shared';
import { createDemoJobsApp, demoJobId } from '../../../test/demo-jobs-fixture.ts';
import { runAndWait } from '../../../test/job-fixture.ts';
import type { TestApp } from '../../../test/harness.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';

const FEES = '/api/v1/issuers/issuer-admin-acceptance-fees';

describe('acceptance fee table per issuer', () => {
  let t: TestApp;
  let jobId: string;
  let northbridgeId: string;
  let manager: string;
  const grant = async (username: string, ...perms: string[]) => {
    const [u] = await t.db.db.select().from(users).where(eq(users.username, username));
    await t.db.db
      .insert(userPermissions)
      .values(perms.map((permission) => ({ userId: u!.id, permission })))
      .onConflictDoNothing();
    invalidateAllSessions();
  };
  const post = (cookie: string, body: unknown, issuerId = northbridgeId) =>
    t.call('POST', `${FEES}?issuerId=${issuerId}`, { cookie, body });
  const withCase = encodeURIComponent(
    JSON.stringify([
      { propertyName: 'daysSooner', itemComparisonOperator: 'GreaterThan', itemValue: 0 },
      { propertyName: 'supplierNetBenefit', itemComparisonOperator: 'NotEqual', itemValue: 0 },
    ]),
  );
  const suppliers = async (query = `filters=${withCase}`) => {
    const res = await t.call('GET', `/api/v1/jobs/${jobId}/results/suppliers?pageSize=50&orderBy=spend:desc&${query}`, {
      cookie: manager,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TSupplierPage;
  };
  const detail = async (key: string) =>
    (
      await t.call('GET', `/api/v1/jobs/${jobId}/results/suppliers/${encodeURIComponent(key)}`, { cookie: manager })
    ).json() as TSupplierDetail;

  beforeAll(async () => {
    t = await createDemoJobsApp('pglite');
    jobId = await demoJobId(t, 'Severn'); // Northbridge's job whose files carry payment terms
    [{ id: northbridgeId }] = (await t.db.db
      .select({ id: issuers.id })
      .from(issuers)
      .where(eq(issuers.issuerKey, 'northbridge'))) as [{ id: string }];
    // the issuer's manager administers its settings with Issuer_Update (as in issuers.test.ts)
    await grant('issuer', 'Issuer_View', 'Issuer_Update');
    await grant('client', 'Issuer_View', 'Issuer_Update');
    await grant('issuerPlus', 'Issuer_View', 'Issuer_Update');
    manager = await t.login('issuer');
    await t.app.ctx.proq.start();
  }, 600_000);
  afterAll(async () => t?.close());

  it('refuses bad tables with 400 naming the row, other tenants with 404 and members with 403', async () => {
    const any = { network: '*', mccType: '*', sizeBand: '*', feeBps: 100 };
    const dup = await post(manager, { acceptanceFees: [any, { ...any, feeBps: 50 }] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toContainEqual(
      expect.objectContaining({ path: 'body.acceptanceFees.1', message: 'Row 2 (* / * / *) repeats row 1' }),
    );
    const range = await post(manager, { acceptanceFees: [{ ...any, feeBps: 1200 }] });
    expect(range.statusCode).toBe(400);
    expect(range.json().errors[0]).toMatchObject({ path: 'body.acceptanceFees.0.feeBps' });
    const mcc = await post(manager, { acceptanceFees: [any, { ...any, mccType: 'Pets' }] });
    expect(mcc.json().errors[0]).toMatchObject({ path: 'body.acceptanceFees.1.mccType' });
    const tooMany = await post(manager, {
      acceptanceFees: Array.from({ length: 201 }, (_, i) => ({ ...any, network: `N${i}` })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await post(await t.login('issuerPlus'), { acceptanceFees: [any] })).statusCode).toBe(404);
    expect((await post(await t.login('client'), { acceptanceFees: [any] })).statusCode).toBe(403);
    const issuer = (await t.call('GET', `/api/v1/issuers/${northbridgeId}`, { cookie: manager })).json() as TIssuer;
    expect(issuer.acceptanceFees).toBeNull();
  });

  it("a re-run after the manager edits the table prices the supplier's case with it; the earlier run keeps the defaults", async () => {
    const before = await suppliers();
    const row = before.collection.find((r) => r.supplierNetBenefit !== null && r.bestRoute && r.bestRoute !== 'Boost');
    expect(row, 'a demo supplier with a net benefit on a card route').toBeTruthy();
    const was = (await detail(row!.supplierKey)).routes.find((r) => r.route === row!.bestRoute)!;
    expect(was.supplierNet.feeTable).toBe('defaults');
    expect(was.supplierNet.feeBps).toBeGreaterThan(0);

    // one rate for any supplier: 0 bps, so the net is the value of the cash alone
    const table = [{ network: '*', mccType: '*', sizeBand: '*', feeBps: 0 }];
    const saved = await post(manager, { acceptanceFees: table });
    expect(saved.statusCode, saved.body).toBe(200);
    const issuer = (await t.call('GET', `/api/v1/issuers/${northbridgeId}`, { cookie: manager })).json() as TIssuer;
    expect(issuer.acceptanceFees).toEqual(table);

    const job = await runAndWait(t, await t.login('sysAdmin'), jobId);
    expect(job.status, JSON.stringify(job.runs?.[0]?.error)).toBe('Ready');
    const named = await suppliers(`search=${encodeURIComponent(row!.supplierName ?? '')}`);
    const after = named.collection.find((r) => r.supplierKey === row!.supplierKey)!;
    const d = await detail(row!.supplierKey);
    const best = d.routes[0]!;
    expect(after.bestRoute).toBe(best.route);
    expect(best.supplierNet).toMatchObject({ feeTable: 'issuer', feeBps: 0, fee: 0 });
    expect(after.supplierNetBenefit).toBe(best.supplierNet.cashValue);
    expect(Number(after.supplierNetBenefit)).toBeGreaterThan(Number(row!.supplierNetBenefit));

    // the runs keep the table they were computed with
    const runs = await t.db.db
      .select({ settings: jobRuns.issuerSettings })
      .from(jobRuns)
      .where(eq(jobRuns.jobArtifactId, jobId))
      .orderBy(asc(jobRuns.runNumber));
    expect(runs[0]!.settings?.acceptanceFees ?? null).toBeNull();
    expect(runs.at(-1)!.settings?.acceptanceFees).toEqual(table);

    // reset to the defaults
    expect((await post(manager, { acceptanceFees: null })).statusCode).toBe(200);
    const reset = (await t.call('GET', `/api/v1/issuers/${northbridgeId}`, { cookie: manager })).json() as TIssuer;
    expect(reset.acceptanceFees).toBeNull();
  }, 600_000);
});
