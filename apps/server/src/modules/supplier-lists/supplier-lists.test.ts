import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { dbKinds } from '@sextant/db/testing';
import { issuers, issuerSupplierLists, systemAuditLog, userPermissions, users } from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createNormaliseMacros, lit, normaliseSupplierNames, withDb } from '@sextant/analysis';
import { supplierListEntriesOf } from './supplier-lists.service.ts';

async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Suppliers');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('supplier list names', () => {
  it('are normalised by the engine’s DuckDB macro sx_name_core (the one the pipeline matches with)', async () => {
    const names = ['ACME Ltd.', 'Müller & Söhne GmbH', "McDonald's Intl Corp", 'The Company Ltd', 'I B M Corp', ''];
    expect(await normaliseSupplierNames(names)).toEqual([
      'acme',
      'muller sohne',
      'mcdonalds international',
      'the company', // the legal form (ISO 20275) dropped; the words left stay
      'ibm',
      '',
    ]);
    const rows = await withDb({ threads: 1, memoryLimit: '256MB' }, async (db) => {
      await createNormaliseMacros(db);
      return db.all<{ n: string }>(
        `SELECT sx_name_core(s) AS n FROM (VALUES ${names.map((n, i) => `(${i}, ${lit(n)})`).join(', ')}) t(i, s) ORDER BY i`,
      );
    });
    expect(await normaliseSupplierNames(names)).toEqual(rows.map((r) => r.n));
  });
});

describe.each(dbKinds())('supplier lists API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  const issuerIds: Record<string, string> = {};
  const base = (issuer: string, list = '') =>
    `/api/v1/issuers/${issuerIds[issuer] ?? issuer}/supplier-lists${list ? `/${list}` : ''}`;
  const stored = async (issuer: string, listType: 'include' | 'exclude') =>
    t.db.db
      .select()
      .from(issuerSupplierLists)
      .where(and(eq(issuerSupplierLists.issuerId, issuerIds[issuer]!), eq(issuerSupplierLists.listType, listType)));
  const flags = async (issuer: string) => {
    const [i] = await t.db.db.select().from(issuers).where(eq(issuers.id, issuerIds[issuer]!));
    return { include: i!.hasSupplierIncludeList, exclude: i!.hasSupplierExcludeList };
  };
  const audits = (action: string, issuer: string) =>
    t.db.db
      .select()
      .from(systemAuditLog)
      .where(
        and(
          eq(systemAuditLog.action, `issuer.supplierList.${action}`),
          eq(systemAuditLog.targetId, issuerIds[issuer]!),
        ),
      );

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
    for (const u of await t.db.db.select().from(users)) ids[u.username] = u.id;
    for (const i of await t.db.db.select().from(issuers)) issuerIds[i.issuerKey] = i.id;
    await t.db.db.insert(userPermissions).values([
      { userId: ids.issuer!, permission: 'Issuer_View' },
      { userId: ids.issuer!, permission: 'Issuer_Update' },
    ]);
  }, 120_000);
  afterAll(async () => t?.close());

  it('uploads a CSV exclude list: entries stored normalised, duplicates and blanks skipped, flag set, audited', async () => {
    const csv =
      'Supplier ID;Supplier Name;Country\nS1;ACME Ltd.;GB\nS2;Globex GmbH;DE\n;;\nS1;ACME Ltd.;GB\nS3;"Initech, Inc.";US\n';
    const res = await t.upload(
      `${base('northbridge', 'exclude')}/upload`,
      { name: 'exclude.csv', content: csv },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      added: 3,
      duplicates: 1,
      skippedBlank: 1,
      total: 3,
      nameColumn: 'Supplier Name',
      idColumn: 'Supplier ID',
    });
    const rows = await stored('northbridge', 'exclude');
    expect(rows.map((r) => [r.supplierName, r.supplierId, r.normalisedName]).sort()).toEqual([
      ['ACME Ltd.', 'S1', 'acme'],
      ['Globex GmbH', 'S2', 'globex'],
      ['Initech, Inc.', 'S3', 'initech'],
    ]);
    expect(await flags('northbridge')).toEqual({ include: false, exclude: true });
    const issuer = await t.call('GET', `/api/v1/issuers/${issuerIds.northbridge}`, { cookie: admin });
    expect(issuer.json()).toMatchObject({ hasSupplierExcludeList: true, hasSupplierIncludeList: false });
    const [a] = await audits('upload', 'northbridge');
    expect(a!.details).toMatchObject({ listType: 'exclude', mode: 'replace', fileName: 'exclude.csv', added: 3 });
  });

  it('pages and searches the entries; the summary counts them', async () => {
    const page = await t.call('GET', `${base('northbridge', 'exclude')}?pageSize=2`, { cookie: admin });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ totalCount: 3, totalPages: 2, hasNextPage: true, currentPage: 1 });
    expect(page.json().collection.map((e: { supplierName: string }) => e.supplierName)).toEqual([
      'ACME Ltd.',
      'Globex GmbH',
    ]);
    const search = await t.call('GET', `${base('northbridge', 'exclude')}?search=initech`, { cookie: admin });
    expect(search.json().collection).toHaveLength(1);
    const summary = await t.call('GET', base('northbridge'), { cookie: admin });
    expect(summary.json()).toMatchObject({ include: { count: 0 }, exclude: { count: 3 } });
    const bad = await t.call('GET', `${base('northbridge', 'exclude')}?pageSize=500`, { cookie: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({
      path: 'querystring.pageSize',
      message: 'Page size must be at most 200',
    });
    const type = await t.call('GET', base('northbridge', 'maybe'), { cookie: admin });
    expect(type.json().errors).toContainEqual({
      path: 'params.listType',
      message: 'List type must be include or exclude',
    });
  });

  it('uploads an XLSX include list, replace and append', async () => {
    const file = await xlsx([
      ['Vendor Name', 'Vendor ID'],
      ['Umbrella Corp', 'U1'],
      ['Hooli Inc', 'H1'],
    ]);
    const res = await t.upload(
      `${base('northbridge', 'include')}/upload`,
      { name: 'include.xlsx', content: file },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: 2, total: 2, nameColumn: 'Vendor Name', idColumn: 'Vendor ID' });
    const more = await xlsx([['Supplier'], ['Hooli Inc'], ['Pied Piper']]);
    const app = await t.upload(
      `${base('northbridge', 'include')}/upload?mode=append`,
      { name: 'more.xlsx', content: more },
      admin,
    );
    expect(app.statusCode, app.body).toBe(200);
    // "Hooli Inc" without an id differs from "Hooli Inc"/H1 → both kept; nothing duplicated.
    expect(app.json()).toMatchObject({ added: 2, total: 4 });
    expect(await flags('northbridge')).toEqual({ include: true, exclude: true });
    const entries = await supplierListEntriesOf(t.db.db, issuerIds.northbridge!);
    const of = (type: string) => entries.filter((e) => e.listType === type);
    expect([...new Set(of('include').map((e) => e.normalisedName))].sort()).toEqual([
      'hooli',
      'pied piper',
      'umbrella',
    ]);
    expect(
      of('exclude')
        .map((e) => e.normalisedName)
        .sort(),
    ).toEqual(['acme', 'globex', 'initech']);
    expect(
      of('exclude')
        .map((e) => e.supplierId)
        .sort(),
    ).toEqual(['S1', 'S2', 'S3']);
    const replace = await t.upload(
      `${base('northbridge', 'include')}/upload`,
      { name: 'more.xlsx', content: more },
      admin,
    );
    expect(replace.json()).toMatchObject({ added: 2, total: 2 });
  });

  it('reads a quoted line break as part of its field, not as a new row', async () => {
    const csv = 'Supplier Name,Supplier ID\n"Acme\nHoldings Ltd",A1\n"Globex, ""the"" Corp",G2\nHooli,H3\n';
    const res = await t.upload(
      `${base('northbridge', 'include')}/upload`,
      { name: 'include.csv', content: csv },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: 3, skippedBlank: 0, duplicates: 0, total: 3 });
    const rows = await stored('northbridge', 'include');
    expect(rows.map((r) => [r.supplierName, r.supplierId, r.normalisedName]).sort()).toEqual([
      ['Acme\nHoldings Ltd', 'A1', 'acme'],
      ['Globex, "the" Corp', 'G2', 'globex'],
      ['Hooli', 'H3', 'hooli'],
    ]);
  });

  it('refuses unusable files with a clear message and stores nothing', async () => {
    const before = (await stored('pacific', 'exclude')).length;
    const cases: [string, string | Buffer, RegExp][] = [
      ['empty.csv', '', /is empty/],
      ['headers.csv', 'Supplier Name,Country\n', /no supplier names below its header row/],
      ['noname.csv', 'Country,Amount\nGB,12\n', /has no supplier name column.*"Country", "Amount"/],
      ['blank.csv', 'Supplier Name\n ;\n', /no supplier names/],
      ['bad.xlsx', Buffer.from('PK\u0003\u0004 not really a workbook'), /cannot be read|not a readable/],
      ['noname.xlsx', await xlsx([['Amount'], [12]]), /has no supplier name column/],
    ];
    for (const [name, content, message] of cases) {
      const res = await t.upload(`${base('pacific', 'exclude')}/upload`, { name, content }, admin);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().message, name).toMatch(message);
      expect(res.json().errors[0]).toMatchObject({ path: 'file' });
    }
    const notMultipart = await t.call('POST', `${base('pacific', 'exclude')}/upload`, { cookie: admin, body: {} });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().errors[0]).toMatchObject({ path: 'file' });
    expect((await stored('pacific', 'exclude')).length).toBe(before);
    expect(await flags('pacific')).toEqual({ include: false, exclude: false });
    expect(await audits('upload', 'pacific')).toHaveLength(0);
  });

  it('adds and removes single entries and clears a list, keeping the flag in step', async () => {
    const empty = await t.call('POST', `${base('meridian', 'exclude')}/entries`, {
      cookie: admin,
      body: { supplierName: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContainEqual({ path: 'body.supplierName', message: 'Supplier name is required' });
    const add = await t.call('POST', `${base('meridian', 'exclude')}/entries`, {
      cookie: admin,
      body: { supplierName: 'Wayne Enterprises Ltd', supplierId: 'W1' },
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toMatchObject({
      supplierName: 'Wayne Enterprises Ltd',
      supplierId: 'W1',
      normalisedName: 'wayne enterprises',
    });
    expect(await flags('meridian')).toEqual({ include: false, exclude: true });
    const dup = await t.call('POST', `${base('meridian', 'exclude')}/entries`, {
      cookie: admin,
      body: { supplierName: 'WAYNE ENTERPRISES LIMITED', supplierId: 'W1' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0]).toMatchObject({ path: 'body.supplierName' });
    const del = await t.call('DELETE', `${base('meridian', 'exclude')}/entries/${add.json().id}`, { cookie: admin });
    expect(del.statusCode, del.body).toBe(200);
    expect(await flags('meridian')).toEqual({ include: false, exclude: false });
    expect(
      (await t.call('DELETE', `${base('meridian', 'exclude')}/entries/${add.json().id}`, { cookie: admin })).statusCode,
    ).toBe(404);
    expect(await audits('add', 'meridian')).toHaveLength(1);
    expect(await audits('remove', 'meridian')).toHaveLength(1);

    const clear = await t.call('DELETE', base('northbridge', 'exclude'), { cookie: admin });
    expect(clear.statusCode, clear.body).toBe(200);
    expect(clear.json().message).toMatch(/3 removed/);
    expect(await stored('northbridge', 'exclude')).toHaveLength(0);
    expect(await flags('northbridge')).toEqual({ include: true, exclude: false });
    expect(await audits('clear', 'northbridge')).toHaveLength(1);
  });

  it('reads with Issuer_View, changes with Issuer_Update; an issuer manager only their own issuer (others → 404)', async () => {
    const pjm = await t.login('ptcoJobManager');
    expect((await t.call('GET', base('northbridge', 'include'), { cookie: pjm })).statusCode).toBe(200);
    const up = await t.upload(
      `${base('northbridge', 'include')}/upload`,
      { name: 'x.csv', content: 'Supplier Name\nX\n' },
      pjm,
    );
    expect(up.statusCode).toBe(403);
    expect((await t.call('DELETE', base('northbridge', 'include'), { cookie: pjm })).statusCode).toBe(403);
    const client = await t.login('client');
    expect((await t.call('GET', base('northbridge', 'include'), { cookie: client })).statusCode).toBe(403);

    const mgr = await t.login('issuer');
    expect((await t.call('GET', base('meridian', 'include'), { cookie: mgr })).statusCode).toBe(404);
    const other = await t.upload(
      `${base('meridian', 'include')}/upload`,
      { name: 'x.csv', content: 'Supplier Name\nX\n' },
      mgr,
    );
    expect(other.statusCode).toBe(404);
    expect((await t.call('DELETE', base('meridian', 'include'), { cookie: mgr })).statusCode).toBe(404);
    expect(
      (await t.call('POST', `${base('meridian', 'include')}/entries`, { cookie: mgr, body: { supplierName: 'X' } }))
        .statusCode,
    ).toBe(404);
    expect((await stored('meridian', 'include')).length).toBe(0);
    const own = await t.upload(
      `${base('northbridge', 'exclude')}/upload`,
      { name: 'own.csv', content: 'Supplier Name\nOwn Supplier\n' },
      mgr,
    );
    expect(own.statusCode, own.body).toBe(200);
  });
});
