/**
 * Translations on both databases: the list of bundled strings per language with overrides, single edits checked
 * for broken interpolation, CSV export and an all-or-nothing import with row errors, overrides served with an
 * ETag, every change audited; lower roles refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { systemAuditLog, translationOverrides } from '@sextant/db';
import { dbKinds } from '@sextant/db/testing';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bundles, keyId } from './translations.bundles.ts';

describe.each(dbKinds())('translations (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const put = (body: unknown, cookie = admin) => t.call('PUT', '/api/v1/translations', { cookie, body });
  const importCsv = (csv: string, cookie = admin) =>
    t.upload('/api/v1/translations/import', { name: 'translations.csv', content: csv }, cookie);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
  }, 120_000);
  afterAll(async () => t?.close());

  it('lists every key of a language with the English source, bundled text and placeholders', async () => {
    const de = await t.call('GET', '/api/v1/translations?language=de&q=auth:layout.copyright', { cookie: admin });
    expect(de.statusCode, de.body).toBe(200);
    expect(de.json().collection).toEqual([
      expect.objectContaining({
        namespace: 'auth',
        key: 'layout.copyright',
        source: '© {{year}} {{product}}. For authorised users only.',
        bundled: expect.stringContaining('{{year}}'),
        override: null,
        placeholders: ['product', 'year'],
      }),
    ]);
    const all = (await t.call('GET', '/api/v1/translations?language=en&pageSize=1', { cookie: admin })).json();
    expect(all.totalCount).toBeGreaterThan(500);
    expect(all.namespaces).toEqual(expect.arrayContaining(['auth', 'shell', 'admin']));
    expect(all.missingCount).toBe(0);
    // Every issuer language is bundled complete: nothing is missing in Spanish, and every English key has its text
    const es = (
      await t.call('GET', '/api/v1/translations?language=es&missingOnly=true&pageSize=5', { cookie: admin })
    ).json();
    expect(es).toMatchObject({ totalCount: 0, missingCount: 0, collection: [] });
    const b = await bundles();
    const esBundled = b.texts.get('es')!;
    for (const k of b.keys) expect(esBundled.has(keyId(k.namespace, k.key)), `${k.namespace}:${k.key}`).toBe(true);
    const esTitle = (
      await t.call('GET', '/api/v1/translations?language=es&q=auth:login.title', { cookie: admin })
    ).json();
    expect(esTitle.collection[0]).toMatchObject({ key: 'login.title', bundled: 'Iniciar sesión', override: null });
  });

  it('sets and removes an override (audited with before/after), refusing broken interpolation and unknown keys', async () => {
    const broken = await put({ language: 'de', namespace: 'auth', key: 'login.sso', value: 'Anmelden mit {{nom}}' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors[0]).toMatchObject({ path: 'value' });
    expect(broken.json().message).toMatch(/\{\{nom\}\}/);
    const missing = await put({ language: 'de', namespace: 'auth', key: 'login.sso', value: 'Anmelden' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/missing the placeholder \{\{name\}\}/);
    const unknown = await put({ language: 'de', namespace: 'auth', key: 'login.nope', value: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('key');
    const lang = await put({ language: 'xx', namespace: 'auth', key: 'login.sso', value: 'x' });
    expect(lang.statusCode).toBe(400);
    expect(await t.db.db.select().from(translationOverrides)).toHaveLength(0);

    const ok = await put({ language: 'de', namespace: 'auth', key: 'login.sso', value: 'Weiter mit {{name}}' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ override: 'Weiter mit {{name}}', updatedBy: 'sysAdmin' });
    const served = await t.call('GET', '/api/v1/translations/de');
    expect(served.statusCode).toBe(200);
    expect(served.json()).toEqual({ auth: { login: { sso: 'Weiter mit {{name}}' } } });
    const etag = served.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.call('GET', '/api/v1/translations/de', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect((await t.call('GET', '/api/v1/translations/de/auth')).json()).toEqual({
      login: { sso: 'Weiter mit {{name}}' },
    });

    const removed = await put({ language: 'de', namespace: 'auth', key: 'login.sso', value: null });
    expect(removed.json().override).toBeNull();
    const after = await t.call('GET', '/api/v1/translations/de', { headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200); // changed: a new ETag
    expect(after.json()).toEqual({});
    const audit = await t.db.db
      .select()
      .from(systemAuditLog)
      .where(eq(systemAuditLog.action, 'translation.override.set'));
    expect(audit.at(-1)).toMatchObject({
      username: 'sysAdmin',
      details: { language: 'de', namespace: 'auth', key: 'login.sso', before: null, after: 'Weiter mit {{name}}' },
    });
  });

  it('refuses markup in an override (single edit and import), naming the key; keeps the text’s own component tags', async () => {
    const attacks = [
      '<img src=x onerror=alert(1)>',
      'Weiter mit {{name}}<script>alert(1)</script>',
      'Weiter mit <b onclick="x()">{{name}}</b>',
      'Weiter <!-- x --> mit {{name}}',
      'Weiter mit {{name}}</ a>',
    ];
    for (const value of attacks) {
      const r = await put({ language: 'de', namespace: 'auth', key: 'login.sso', value });
      expect(r.statusCode, value).toBe(400);
      expect(r.json().errors[0]).toMatchObject({ path: 'value' });
      expect(r.json().message).toMatch(/auth:login\.sso: The override contains markup/);
    }
    // a component tag the bundled text has, written bare, stays allowed; with an attribute it does not
    const strong = '<strong>{{name}}</strong> möchte bearbeiten.';
    expect((await put({ language: 'de', namespace: 'jobs', key: 'presence.asks', value: strong })).statusCode).toBe(
      200,
    );
    const withAttr = await put({
      language: 'de',
      namespace: 'jobs',
      key: 'presence.asks',
      value: '<strong style="x">{{name}}</strong> möchte bearbeiten.',
    });
    expect(withAttr.statusCode).toBe(400);
    expect(withAttr.json().message).toMatch(/jobs:presence\.asks: .*markup.*<strong>/);
    // a comparison sign is not markup
    expect(
      (await put({ language: 'de', namespace: 'auth', key: 'login.sso', value: 'a < b {{name}}' })).statusCode,
    ).toBe(200);
    const csv = ['language,namespace,key,override', 'de,auth,login.sso,"<svg onload=alert(1)> {{name}}"'].join('\n');
    const imported = await importCsv(csv);
    expect(imported.statusCode).toBe(400);
    expect(imported.json().message).toMatch(/auth:login\.sso: The override contains markup/);
    const rows = await t.db.db.select().from(translationOverrides);
    expect(rows.map((r) => r.value).sort()).toEqual(['a < b {{name}}', strong].sort());
    await put({ language: 'de', namespace: 'auth', key: 'login.sso', value: null });
    await put({ language: 'de', namespace: 'jobs', key: 'presence.asks', value: null });
  });

  it('exports CSV and imports it back all or nothing, with row-level errors', async () => {
    const csv = await t.call('GET', '/api/v1/translations/export.csv?language=fr', { cookie: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\n');
    expect(lines[0]).toBe('language,namespace,key,bundled,override');
    expect(lines.some((l) => l.startsWith('fr,auth,login.sso,'))).toBe(true);

    const bad = [
      'language,namespace,key,override',
      'fr,auth,login.sso,Continuer avec {{name}}',
      'xx,auth,login.sso,Hi',
      'fr,auth,login.unknownKey,Hi',
      'fr,nope,login.sso,Hi',
      'fr,auth,layout.copyright,© {{annee}} {{product}}',
      'fr,auth,login.sso,Again {{name}}',
    ].join('\n');
    const refused = await importCsv(bad);
    expect(refused.statusCode).toBe(400);
    const errors = refused.json().errors as { path: string; message: string }[];
    expect(errors.map((e) => e.path)).toEqual(['row 3', 'row 4', 'row 5', 'row 6', 'row 7']);
    expect(errors[0]!.message).toMatch(/Unknown language "xx"/);
    expect(errors[1]!.message).toMatch(/Unknown key "login.unknownKey"/);
    expect(errors[2]!.message).toMatch(/Unknown namespace "nope"/);
    expect(errors[3]!.message).toMatch(/\{\{annee\}\}/);
    expect(errors[4]!.message).toMatch(/also on row 2/);
    expect(await t.db.db.select().from(translationOverrides)).toHaveLength(0); // nothing applied

    const good = [
      'language,namespace,key,bundled,override',
      'fr,auth,login.sso,ignored,"Continuer avec {{name}}, s.v.p."',
      'es,auth,login.submit,,Iniciar sesión',
      'de,auth,login.submit,,',
    ].join('\n');
    const res = await importCsv(good);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 3, set: 2, removed: 0, unchanged: 1 });
    expect((await t.call('GET', '/api/v1/translations/es')).json()).toEqual({
      auth: { login: { submit: 'Iniciar sesión' } },
    });
    const exported = (await t.call('GET', '/api/v1/translations/export.csv?language=fr', { cookie: admin })).body;
    expect(exported).toContain('"Continuer avec {{name}}, s.v.p."');
    const [audit] = await t.db.db.select().from(systemAuditLog).where(eq(systemAuditLog.action, 'translation.import'));
    expect(audit).toMatchObject({ username: 'sysAdmin', details: { rows: 3, changed: 2 } });
    expect((audit!.details as { changes: unknown[] }).changes).toContainEqual({
      language: 'es',
      namespace: 'auth',
      key: 'login.submit',
      before: null,
      after: 'Iniciar sesión',
    });
    const noCols = await importCsv('lang,key\nfr,x');
    expect(noCols.statusCode).toBe(400);
    expect(noCols.json().message).toMatch(/lacks the columns language, namespace, override/);
  });

  it('lists and overrides a language’s own plural forms (Polish few and many), which English does not have', async () => {
    const q = 'jobs:workflow.uploadFiles';
    const rows = (lang: string) =>
      t
        .call('GET', `/api/v1/translations?language=${lang}&q=${encodeURIComponent(q)}`, { cookie: admin })
        .then((r) => r.json().collection as { key: string; source: string; bundled: string | null }[]);
    const en = await rows('en');
    expect(en.map((r) => r.key)).toEqual(['workflow.uploadFiles_one', 'workflow.uploadFiles_other']);
    const pl = await rows('pl');
    expect(pl.map((r) => r.key)).toEqual([
      'workflow.uploadFiles_one',
      'workflow.uploadFiles_few',
      'workflow.uploadFiles_many',
      'workflow.uploadFiles_other',
    ]);
    // a form English lacks shows English "other" as its source, and Polish has a bundled text for each
    expect(pl[1]!.source).toBe(en[1]!.source);
    for (const r of pl) {
      expect(r.bundled?.trim(), r.key).toMatch(/\{\{count\}\}/); // a Polish text with the count, not empty
      expect(r.bundled, r.key).not.toBe(r.source);
    }
    expect((await rows('fr')).map((r) => r.key)).toContain('workflow.uploadFiles_many');
    // nothing is missing in Polish either, plural forms included
    const missing = await t.call('GET', '/api/v1/translations?language=pl&missingOnly=true', { cookie: admin });
    expect(missing.json()).toMatchObject({ totalCount: 0, missingCount: 0 });

    const few = await put({
      language: 'pl',
      namespace: 'jobs',
      key: 'workflow.uploadFiles_few',
      value: 'Wyślij {{count}} pliki',
    });
    expect(few.statusCode, few.body).toBe(200);
    expect((await t.call('GET', '/api/v1/translations/pl/jobs')).json()).toEqual({
      workflow: { uploadFiles_few: 'Wyślij {{count}} pliki' },
    });
    const noCount = await put({
      language: 'pl',
      namespace: 'jobs',
      key: 'workflow.uploadFiles_many',
      value: 'Wyślij pliki',
    });
    expect(noCount.statusCode).toBe(400);
    expect(noCount.json().message).toMatch(/\{\{count\}\}/);
    // English and German have no "few": unknown there, in a single edit and in an import
    const enFew = await put({ language: 'de', namespace: 'jobs', key: 'workflow.uploadFiles_few', value: '{{count}}' });
    expect(enFew.statusCode).toBe(400);
    expect(enFew.json().errors[0].path).toBe('key');
    const imported = await importCsv(
      ['language,namespace,key,override', 'de,jobs,workflow.uploadFiles_few,{{count}} Dateien'].join('\n'),
    );
    expect(imported.statusCode).toBe(400);
    expect(imported.json().errors[0].message).toMatch(/Unknown key "workflow.uploadFiles_few"/);
    const exported = (await t.call('GET', '/api/v1/translations/export.csv?language=pl', { cookie: admin })).body;
    expect(exported).toContain('pl,jobs,workflow.uploadFiles_few,');
    await put({ language: 'pl', namespace: 'jobs', key: 'workflow.uploadFiles_few', value: null });
  });

  it('refuses lower roles (403) while anyone may read the served overrides', async () => {
    const client = await t.login('client');
    expect((await t.call('GET', '/api/v1/translations?language=de', { cookie: client })).statusCode).toBe(403);
    expect(
      (await put({ language: 'de', namespace: 'auth', key: 'login.sso', value: 'x {{name}}' }, client)).statusCode,
    ).toBe(403);
    expect((await importCsv('language,namespace,key,override\nde,auth,login.submit,x', client)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/translations/export.csv', { cookie: client })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/translations/de')).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/translations/zz')).statusCode).toBe(400);
  });
});
