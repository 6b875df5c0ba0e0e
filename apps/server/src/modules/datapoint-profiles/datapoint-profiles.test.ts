/**
 * Datapoint profiles over HTTP on both databases: the seeded defaults with the issuers using them, create / edit /
 * delete audited with before and after, columns checked against the catalogue (errors by path), 409 when deleting a
 * profile in use (naming the issuers) or changing its kind, 403 without DatapointProfiles_CRUD.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { datapointProfiles, issuers, systemAuditLog } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import type { TDatapointProfile, TDatapointProfileList } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe.each(dbKinds())('datapoint profiles on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const base = '/api/v1/datapoint-profiles';
  const audits = (action: string, targetId: string) =>
    t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, action), eq(systemAuditLog.targetId, targetId)));

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
  });
  afterAll(async () => t?.close());

  it('lists the default profiles with the issuers using each, and the datapoints a profile may carry', async () => {
    const res = await t.call('GET', base, { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as TDatapointProfileList;
    expect(list.profiles.map((p) => p.id).sort()).toEqual([
      'default-analysis-data',
      'default-matched-data-only',
      'default-onboarding',
    ]);
    const analysis = list.profiles.find((p) => p.id === 'default-analysis-data')!;
    const issuerCount = (await t.db.db.select().from(issuers)).length;
    expect(analysis.usedBy).toHaveLength(issuerCount);
    expect(analysis.usedBy[0]).toMatchObject({ kind: 'analysis-data' });
    expect(list.datapoints).toContainEqual(expect.objectContaining({ datapoint: 'VcardLevel', group: 'Scores' }));
    expect((await t.call('GET', `${base}/nope`, { cookie: admin })).statusCode).toBe(404);
  });

  let created: TDatapointProfile;
  it('creates, edits and deletes a profile, each audited with before and after', async () => {
    const body = {
      name: 'Treasury export',
      kind: 'analysis-data',
      columns: [
        { datapoint: 'supplierName', header: 'Vendor' },
        { datapoint: 'spend', header: 'Annual spend' },
      ],
    };
    const res = await t.call('POST', base, { cookie: admin, body });
    expect(res.statusCode, res.body).toBe(200);
    created = res.json();
    expect(created).toMatchObject({ name: 'Treasury export', kind: 'analysis-data', usedBy: [] });
    expect(created.id).toMatch(/^analysis-data-/);
    expect(await audits('datapoint-profile.create', created.id)).toHaveLength(1);

    const edit = await t.call('PUT', `${base}/${created.id}`, {
      cookie: admin,
      body: { ...body, columns: [body.columns[1], body.columns[0], { datapoint: 'VcardLevel', header: 'VC' }] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().columns.map((c: { header: string }) => c.header)).toEqual(['Annual spend', 'Vendor', 'VC']);
    const [upd] = await audits('datapoint-profile.update', created.id);
    expect(upd!.details).toMatchObject({
      before: { columns: body.columns },
      after: { columns: [body.columns[1], body.columns[0], { datapoint: 'VcardLevel', header: 'VC' }] },
    });
    expect(upd!.username).toBe('sysAdmin');

    const del = await t.call('DELETE', `${base}/${created.id}`, { cookie: admin });
    expect(del.statusCode).toBe(200);
    expect(await t.db.db.select().from(datapointProfiles).where(eq(datapointProfiles.id, created.id))).toHaveLength(0);
    const [gone] = await audits('datapoint-profile.delete', created.id);
    expect(gone!.details).toMatchObject({ before: { name: 'Treasury export' }, after: null });
  });

  it('refuses unknown datapoints, repeated columns and blank headers with their paths, writing nothing', async () => {
    const count = (await t.db.db.select().from(datapointProfiles)).length;
    const bad = await t.call('POST', base, {
      cookie: admin,
      body: {
        name: 'Bad',
        kind: 'analysis-data',
        columns: [
          { datapoint: 'supplierName', header: 'Name' },
          { datapoint: 'password', header: 'Secret' },
          { datapoint: 'supplierName', header: 'name' },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'body.columns.1.datapoint', message: 'unknown datapoint "password"' },
      { path: 'body.columns.2.datapoint', message: '"supplierName" is already column 1' },
      { path: 'body.columns.2.header', message: 'the header "name" is already used by column 1' },
    ]);
    const blank = await t.call('POST', base, {
      cookie: admin,
      body: { name: ' ', kind: 'csv', columns: [{ datapoint: 'spend', header: ' ' }] },
    });
    expect(blank.statusCode).toBe(400);
    const paths = blank.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['body.name', 'body.kind', 'body.columns.0.header']));
    expect((await t.db.db.select().from(datapointProfiles)).length).toBe(count);
  });

  it('answers 409 naming the issuers when a profile in use is deleted or changes kind', async () => {
    const del = await t.call('DELETE', `${base}/default-matched-data-only`, { cookie: admin });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/in use by .*Northbridge.*\(matched-data-only download\)/);
    const profile = (await t.call('GET', `${base}/default-onboarding`, { cookie: admin })).json() as TDatapointProfile;
    const kindChange = await t.call('PUT', `${base}/default-onboarding`, {
      cookie: admin,
      body: { name: profile.name, kind: 'analysis-data', columns: profile.columns },
    });
    expect(kindChange.statusCode).toBe(409);
    expect(kindChange.json().errors[0].path).toBe('body.kind');
    expect(
      await t.db.db.select().from(datapointProfiles).where(eq(datapointProfiles.id, 'default-matched-data-only')),
    ).toHaveLength(1);
  });

  it('answers 403 to roles without DatapointProfiles_CRUD', async () => {
    const manager = await t.login('ptcoJobManager');
    expect((await t.call('GET', base, { cookie: manager })).statusCode).toBe(403);
    expect(
      (
        await t.call('POST', base, {
          cookie: manager,
          body: { name: 'x', kind: 'onboarding', columns: [{ datapoint: 'spend', header: 'Spend' }] },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.call('DELETE', `${base}/default-onboarding`, { cookie: manager })).statusCode).toBe(403);
  });
});
