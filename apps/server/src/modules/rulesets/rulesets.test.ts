/**
 * Ruleset versions over HTTP on both databases: the seeded version 1, a new version validated by the engine's own
 * schema (errors by path, nothing written), activation (409 when already active), audit rows in the same
 * transaction, permissions (403 without the view or update permission), the dry-run on a job's latest results
 * (tenant scope: another issuer's job is a 404), and a re-run that uses the new active version and changes scores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buyers, issuers, rulesetVersions, systemAuditLog, userPermissions, users } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import { ANALYSIS_ADMIN_AREAS } from '@sextant/shared';
import type { TJobDetails, TRulesetDryRun, TRulesetList, TRulesetVersionDetail, TSupplierPage } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';

const SUPPLIERS_CSV = [
  'Vendor No;Vendor Name;Street;Zip;City;Country;Annual Spend',
  ...Array.from(
    { length: 30 },
    (_, i) => `V${1000 + i};Supplier ${i} Trading Ltd;${i + 1} High Street;AB${i} 1CD;London;GB;${(i + 1) * 1234.5}`,
  ),
].join('\n');

async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 150_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (done(v) || Date.now() - start > ms) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.each(dbKinds())('rulesets on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let jobId: string;
  let meridianJobId: string;
  let v1: TRulesetVersionDetail;

  const details = async () => (await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie: manager })).json() as TJobDetails;
  const vcardLevels = async () => {
    const page = (
      await t.call('GET', `/api/v1/jobs/${jobId}/results/suppliers?pageSize=500`, { cookie: manager })
    ).json() as TSupplierPage;
    return page.collection.map((r) => (r as Record<string, unknown>).VcardLevel as string);
  };
  const createJob = async (issuerKey: string, name: string) => {
    const [iss] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, issuerKey));
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, iss!.id));
    const id = (
      await t.call(
        'POST',
        `/api/v1/job-artifacts?name=${encodeURIComponent(name)}&type=base&issuerId=${iss!.id}&buyerId=${b!.id}`,
        { cookie: manager },
      )
    ).json().id as string;
    const up = await t.upload(
      `/api/v1/jobs/${id}/files?dataKind=suppliers`,
      { name: 'suppliers.csv', content: SUPPLIERS_CSV },
      manager,
    );
    expect(up.json().status, up.body).toBe('validated');
    return id;
  };
  const grant = async (username: string, ...perms: string[]) => {
    const [u] = await t.db.db.select().from(users).where(eq(users.username, username));
    await t.db.db
      .insert(userPermissions)
      .values(perms.map((permission) => ({ userId: u!.id, permission })))
      .onConflictDoNothing();
    invalidateAllSessions();
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { NETWORK_MERCHANTS: '2000', PROQ_MIN_DELAY_MS: '50', PROQ_MAX_DELAY_MS: '200' });
    admin = await t.login('sysAdmin');
    manager = await t.login('ptcoJobManager');
    jobId = await createJob('northbridge', 'Ruleset job');
    meridianJobId = await createJob('meridian', 'Meridian ruleset job');
    await t.app.ctx.proq.start();
    expect((await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager })).statusCode).toBe(200);
    const done = await until(details, (d) => d.status !== 'Processing');
    expect(done.status).toBe('Ready');
  }, 200_000);
  afterAll(async () => t?.close());

  it('lists the seeded version 1 of each kind as active, with the job that used it', async () => {
    for (const k of ['scoring', 'confidence'] as const) {
      const res = await t.call('GET', `/api/v1/rulesets/${k}`, { cookie: admin });
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as TRulesetList;
      expect(list).toMatchObject({ kind: k, activeVersion: 1, canUpdate: true });
      expect(list.versions).toEqual([
        expect.objectContaining({ version: 1, isActive: true, jobsCount: 1, createdBy: null }),
      ]);
    }
    v1 = (await t.call('GET', '/api/v1/rulesets/scoring/1', { cookie: admin })).json();
    expect(v1.definition).toMatchObject({ format: 'sextant.scoring-ruleset', version: 1 });
    expect(v1.jobs).toEqual([expect.objectContaining({ jobId, jobName: 'Ruleset job', runNumber: 1 })]);
    expect(v1.fields).toContainEqual(expect.objectContaining({ name: 'spend', type: 'number' }));
    expect((await t.call('GET', '/api/v1/rulesets/scoring/99', { cookie: admin })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/v1/rulesets/scoring/abc', { cookie: admin })).statusCode).toBe(400);
  });

  it('refuses a bad version with the path of each problem, and writes nothing', async () => {
    const post = (body: unknown) => t.call('POST', '/api/v1/rulesets/scoring', { cookie: admin, body });
    const text = await post({ definition: '{"format": "sextant.scoring-ruleset",\n "name": }' });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors[0]).toMatchObject({
      path: 'body.definition',
      message: expect.stringMatching(/^invalid JSON/),
    });
    const def = structuredClone(v1.definition) as {
      scores: Record<string, { rules: { when: unknown }[] }>;
    };
    def.scores.Vcard!.rules[0]!.when = { field: 'nope', op: 'eq', value: 1 };
    def.scores.Stp!.rules[0]!.when = { field: 'spend', op: 'gte', value: 'ten thousand' };
    const bad = await post({ basedOn: 1, definition: def });
    expect(bad.statusCode).toBe(400);
    const errors = bad.json().errors as { path: string; message: string }[];
    expect(errors).toContainEqual({
      path: 'body.definition.scores.Vcard.rules.0.when.field',
      message: expect.stringContaining('unknown field "nope"'),
    });
    expect(errors).toContainEqual({
      path: 'body.definition.scores.Stp.rules.0.when.value',
      message: 'field spend is a number; got "ten thousand"',
    });
    expect(bad.json().message).toContain('scores.Vcard.rules.0.when.field');
    const missing = await post({ definition: { format: 'sextant.scoring-ruleset' } });
    expect(missing.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['body.definition.name', 'body.definition.scores', 'body.definition.optima']),
    );
    expect((await post({ basedOn: 42, definition: v1.definition })).json().errors[0].path).toBe('body.basedOn');
    expect(await t.db.db.select().from(rulesetVersions).where(eq(rulesetVersions.kind, 'scoring'))).toHaveLength(1);
  });

  let v2: TRulesetVersionDetail;
  it('creates version 2 from version 1 (numbered by the server, audited) and dry-runs it on the job', async () => {
    const def = structuredClone(v1.definition) as {
      name: string;
      version: number;
      scores: { Vcard: { rules: unknown[] } };
    };
    def.name = 'Every supplier is a virtual card opportunity';
    def.version = 77; // ignored: the server numbers versions
    def.scores.Vcard.rules.unshift({
      id: 'VC-ALL',
      description: 'Every supplier with spend',
      when: { field: 'spend', op: 'gt', value: 0 },
      level: 'High',
    });
    const res = await t.call('POST', '/api/v1/rulesets/scoring', {
      cookie: admin,
      body: { basedOn: 1, definition: JSON.stringify(def, null, 2) },
    });
    expect(res.statusCode, res.body).toBe(200);
    v2 = res.json();
    expect(v2).toMatchObject({ version: 2, basedOn: 1, isActive: false, createdBy: 'Sara Admin' });
    expect(v2.definition).toMatchObject({ version: 2, name: def.name });
    const [audit] = await t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, 'ruleset.scoring.create'), eq(systemAuditLog.targetId, '2')));
    expect(audit).toMatchObject({ username: 'sysAdmin', outcome: 'success' });
    expect((audit!.details as { after: { name: string } }).after.name).toBe(def.name);

    const before = await vcardLevels();
    const dry = await t.call('POST', '/api/v1/rulesets/scoring/2/dry-run', { cookie: admin, body: { jobId } });
    expect(dry.statusCode, dry.body).toBe(200);
    const d = dry.json() as TRulesetDryRun;
    const vcard = d.scoreKinds.find((k) => k.scoreKind === 'Vcard')!;
    const notHigh = before.filter((l) => l !== 'High').length;
    expect(notHigh).toBeGreaterThan(0);
    expect(vcard).toMatchObject({ changed: notHigh, up: notHigh, down: 0 });
    expect(vcard.examples.length).toBe(Math.min(5, notHigh));
    expect(vcard.examples[0]).toMatchObject({ to: 'High', ruleId: 'VC-ALL' });
    expect(d.scoreKinds.find((k) => k.scoreKind === 'Stp')!.changed).toBe(0);
    expect(d).toMatchObject({ version: 2, runNumber: 1, runVersion: '1', suppliers: before.length });
    // nothing was written: the job's scores are those of version 1
    expect(await vcardLevels()).toEqual(before);
  });

  it('activates a version (audited, 409 when already active); a re-run uses it and its scores change', async () => {
    const before = await vcardLevels();
    const act = await t.call('POST', '/api/v1/rulesets/scoring/2/activate', { cookie: admin, body: {} });
    expect(act.statusCode, act.body).toBe(200);
    expect(act.json()).toMatchObject({ version: 2, isActive: true });
    const again = await t.call('POST', '/api/v1/rulesets/scoring/2/activate', { cookie: admin, body: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Version 2 is already the active scoring ruleset');
    const [audit] = await t.db.db
      .select()
      .from(systemAuditLog)
      .where(eq(systemAuditLog.action, 'ruleset.scoring.activate'));
    expect(audit!.details).toMatchObject({ before: { activeVersion: 1 }, after: { activeVersion: 2 } });
    const list = (await t.call('GET', '/api/v1/rulesets/scoring', { cookie: admin })).json() as TRulesetList;
    expect(list.activeVersion).toBe(2);
    expect(list.versions.filter((v) => v.isActive).map((v) => v.version)).toEqual([2]);

    const run = (await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie: manager })).json();
    expect(run).toMatchObject({ runNumber: 2, scoringRulesetVersion: '2', confidenceRulesetVersion: '1' });
    const done = await until(details, (d) => d.runs[0]!.id === run.id && d.status !== 'Processing');
    expect(done.status).toBe('Ready');
    const after = await vcardLevels();
    expect(after.every((l) => l === 'High')).toBe(true);
    expect(after).not.toEqual(before);
    // the Details tab's runs carry the suppliers per level, so the change shows against the previous run
    expect(done.runs[0]!.scoreLevels!.Vcard).toEqual({ High: after.length });
    expect(done.runs[1]!.scoreLevels!.Vcard!.High ?? 0).toBe(before.filter((l) => l === 'High').length);
    // the supplier detail explains the score with the rule of the version the run used
    const page = (
      await t.call('GET', `/api/v1/jobs/${jobId}/results/suppliers?pageSize=1`, { cookie: manager })
    ).json() as TSupplierPage;
    const key = page.collection[0]!.supplierKey;
    const detail = (
      await t.call('GET', `/api/v1/jobs/${jobId}/results/suppliers/${encodeURIComponent(key)}`, { cookie: manager })
    ).json() as { scores: { kind: string; rule: { id: string; description: string } }[] };
    expect(detail.scores.find((s) => s.kind === 'Vcard')!.rule).toEqual({
      id: 'VC-ALL',
      description: 'Every supplier with spend',
    });
    const v2Now = (await t.call('GET', '/api/v1/rulesets/scoring/2', { cookie: admin })).json();
    expect(v2Now.jobsCount).toBe(1);
  }, 200_000);

  it('answers 403 without the view or update permission, and 404 for another issuer’s job in a dry-run', async () => {
    const manager403 = await t.call('POST', '/api/v1/rulesets/scoring', {
      cookie: manager,
      body: { definition: v1.definition },
    });
    expect(manager403.statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/rulesets/confidence', { cookie: manager })).statusCode).toBe(403);
    expect(
      (await t.call('POST', '/api/v1/rulesets/scoring/1/activate', { cookie: manager, body: {} })).statusCode,
    ).toBe(403);
    // A Northbridge issuer user granted the view: reads versions, cannot create, and a Meridian job is not found.
    await grant('issuer', 'Scoring_VIEW');
    const issuer = await t.login('issuer');
    const list = await t.call('GET', '/api/v1/rulesets/scoring', { cookie: issuer });
    expect(list.statusCode).toBe(200);
    expect(list.json().canUpdate).toBe(false);
    expect(
      (await t.call('POST', '/api/v1/rulesets/scoring', { cookie: issuer, body: { definition: v1.definition } }))
        .statusCode,
    ).toBe(403);
    const foreign = await t.call('POST', '/api/v1/rulesets/scoring/1/dry-run', {
      cookie: issuer,
      body: { jobId: meridianJobId },
    });
    expect(foreign.statusCode).toBe(404);
    const own = await t.call('POST', '/api/v1/rulesets/scoring/1/dry-run', { cookie: issuer, body: { jobId } });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().scoreKinds.find((k: { scoreKind: string }) => k.scoreKind === 'Vcard').down).toBeGreaterThan(0);
    const noResults = await t.call('POST', '/api/v1/rulesets/scoring/1/dry-run', {
      cookie: admin,
      body: { jobId: meridianJobId },
    });
    expect(noResults.statusCode).toBe(409);
    expect(
      (await t.call('POST', '/api/v1/rulesets/scoring/1/dry-run', { cookie: admin, body: { jobId: 'x' } })).json(),
    ).toMatchObject({ errors: [{ path: 'body.jobId' }] });
  });

  it('shows the active versions on the analysis admin overview', async () => {
    const res = await t.call('GET', '/api/v1/analysis-admin/overview', { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json().figures as { area: string; value: unknown }[];
    expect(figures).toContainEqual(expect.objectContaining({ area: 'scoringRulesets', value: 'v2' }));
    expect(figures).toContainEqual(expect.objectContaining({ area: 'confidenceRulesets', value: 'v1' }));
    expect(figures).toContainEqual(expect.objectContaining({ area: 'datapointProfiles', value: 3 }));
    // every area of the dashboard has its figure for an administrator holding every area's permission
    expect(figures.map((f) => f.area).sort()).toEqual([...ANALYSIS_ADMIN_AREAS.map((a) => a.area)].sort());
    expect((await t.call('GET', '/api/v1/analysis-admin/overview', { cookie: manager })).statusCode).toBe(403);
  });
});
