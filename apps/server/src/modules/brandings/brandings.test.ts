import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { brandingAssets, brandings, emailOutbox, issuers, systemAuditLog, userPermissions, users } from '@sextant/db';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../test/harness.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';
import type { TBranding } from '@sextant/shared';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GOOD_SVG =
  '<?xml version="1.0"?><!-- a comment --><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/><use href="#g"/><text x="1" y="8">Harbour &amp; Co</text></svg>';

describe.each(dbKinds())('brandings administration (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const valid = (over: Record<string, unknown> = {}) => ({
    brandingKey: 'harbour',
    brandingDisplayName: 'Harbour Bank',
    theme: 'test',
    colours: { primary: '#1D4ED8', primaryText: '#FFFFFF', background: '#FFFFFF', text: '#0F172A' },
    emailSenderAddress: 'no-reply@harbour.example',
    emailSenderName: 'Harbour Analytics',
    emailFooter: 'Harbour Bank plc, 1 Quay Street',
    loginTexts: { en: 'Welcome to Harbour', de: 'Willkommen bei Harbour' },
    domains: ['harbour.localhost'],
    ...over,
  });
  const put = (id: string, file: Buffer | string, cookie: string, kindOf = 'logo') => {
    const boundary = '----brandtest';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.isBuffer(file) ? file : Buffer.from(file),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'PUT',
      url: `/api/v2/brandings/${id}/logo?kind=${kindOf}`,
      payload,
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };
  const assetsOf = async (id: string) => t.db.db.select().from(brandingAssets).where(eq(brandingAssets.brandingId, id));
  const audits = (action: string, targetId: string) =>
    t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, action), eq(systemAuditLog.targetId, targetId)));
  const brandingIdOf = async (key: string) =>
    (await t.db.db.select().from(brandings).where(eq(brandings.brandingKey, key)))[0]!.brandingId;
  let harbourId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
    const res = await t.call('POST', '/api/v2/brandings', { cookie: admin, body: valid() });
    expect(res.statusCode, res.body).toBe(200);
    harbourId = res.json().brandingId;
  });
  afterAll(async () => t?.close());

  it('creates a branding with its colours, texts, footer and domains, audited; it answers on its domain', async () => {
    const got = (await t.call('GET', `/api/v2/brandings/${harbourId}`, { cookie: admin })).json();
    expect(got).toMatchObject({
      brandingKey: 'harbour',
      brandingDisplayName: 'Harbour Bank',
      fullDomainName: 'harbour.localhost',
      domains: ['harbour.localhost'],
      emailFooter: 'Harbour Bank plc, 1 Quay Street',
      loginTexts: { en: 'Welcome to Harbour', de: 'Willkommen bei Harbour' },
      retiredAt: null,
      issuersCount: 0,
    });
    expect(await audits('branding.create', harbourId)).toHaveLength(1);
    const pub = await t.call('GET', '/api/v2/brandings/by-domain', { headers: { host: 'harbour.localhost' } });
    expect(pub.json()).toMatchObject({ brandingKey: 'harbour', brandingDisplayName: 'Harbour Bank', theme: 'test' });
  });

  it('refuses colours below WCAG AA naming the pair and the ratio; nothing is stored', async () => {
    const res = await t.call('POST', '/api/v2/brandings', {
      cookie: admin,
      body: valid({
        brandingKey: 'lowcontrast',
        domains: [],
        colours: { primary: '#FFFF00', primaryText: '#FFFFFF', background: '#FFFFFF', text: '#777777' },
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      'Text on background (#777777 on #FFFFFF) has a contrast of 4.47:1; WCAG AA needs at least 4.5:1',
    );
    expect(res.body).toContain('Primary text on primary (#FFFFFF on #FFFF00) has a contrast of 1.07:1');
    expect(await t.db.db.select().from(brandings).where(eq(brandings.brandingKey, 'lowcontrast'))).toHaveLength(0);
  });

  it('refuses a domain another branding answers on, naming it, and a malformed domain', async () => {
    const taken = await t.call('POST', '/api/v2/brandings', {
      cookie: admin,
      body: valid({ brandingKey: 'copycat', domains: ['lloyds.localhost'] }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('lloyds.localhost already answers for the branding Lloyds');
    const bad = await t.call('POST', '/api/v2/brandings', {
      cookie: admin,
      body: valid({ brandingKey: 'copycat', domains: ['https://evil.example/x'] }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('A domain is a host name');
    const key = await t.call('POST', '/api/v2/brandings', { cookie: admin, body: valid({ domains: [] }) });
    expect(key.statusCode).toBe(409);
    expect(key.json().message).toContain('a branding with the key "harbour" already exists');
  });

  it('edits a branding: the audit names the changed fields and the host cache is invalidated', async () => {
    const before = await t.call('GET', '/api/v2/brandings/by-domain', { headers: { host: 'harbour.localhost' } });
    expect(before.json().brandingDisplayName).toBe('Harbour Bank');
    const res = await t.call('PUT', `/api/v2/brandings/${harbourId}`, {
      cookie: admin,
      body: valid({ brandingDisplayName: 'Harbour Bank Group', domains: ['harbour.localhost', 'harbour2.localhost'] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await audits('branding.update', harbourId);
    expect(rows.at(-1)!.details).toEqual({ changed: ['brandingDisplayName', 'domains'] });
    const after = await t.call('GET', '/api/v2/brandings/by-domain', { headers: { host: 'harbour2.localhost' } });
    expect(after.json()).toMatchObject({ brandingKey: 'harbour', brandingDisplayName: 'Harbour Bank Group' });
  });

  it('uploads a PNG logo (magic bytes) and serves it publicly by branding key; audited', async () => {
    const listed = async () =>
      ((await t.call('GET', '/api/v2/brandings/all', { cookie: admin })).json() as TBranding[]).find(
        (b) => b.brandingId === harbourId,
      );
    // the list says which brandings have a logo, so the page asks only for logos that exist
    expect((await listed())?.logoVersion).toBeNull();
    const res = await put(harbourId, PNG_1x1, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().assets.logo).toMatchObject({ contentType: 'image/png' });
    const img = await t.call('GET', '/api/v2/brandings/assets/harbour/logo');
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG_1x1)).toBe(true);
    expect(await audits('branding.image', harbourId)).toHaveLength(1);
    expect((await listed())?.logoVersion).toBe(res.json().assets.logo.version);
  });

  it('stores a clean SVG as parsed (comments and declaration dropped, in-document references kept)', async () => {
    const res = await put(harbourId, GOOD_SVG, admin, 'favicon');
    expect(res.statusCode, res.body).toBe(200);
    const img = await t.call('GET', '/api/v2/brandings/assets/harbour/favicon');
    expect(img.headers['content-type']).toBe('image/svg+xml');
    expect(img.headers['content-security-policy']).toContain("default-src 'none'");
    expect(img.body).toContain('<use href="#g"/>');
    expect(img.body).toContain('Harbour &amp; Co');
    expect(img.body).not.toContain('comment');
  });

  const refusedSvgs: [string, string, string][] = [
    ['script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'a <script> element'],
    ['onload', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>', 'event handler attribute onload'],
    [
      'uppercase handler',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect OnClick="x()"/></svg>',
      'event handler attribute OnClick',
    ],
    [
      'foreignObject',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body/></foreignObject></svg>',
      '<foreignObject>',
    ],
    [
      'external href',
      '<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.example/x.svg#a"/></svg>',
      'refers outside the file',
    ],
    [
      'javascript href',
      '<svg xmlns="http://www.w3.org/2000/svg"><a xlink:href="javascript:alert(1)"><rect/></a></svg>',
      'the element <a>',
    ],
    [
      'external url() in style',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://evil.example/p)"/></svg>',
      'refers outside the file',
    ],
    ['entity', '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>', 'not an image'],
    ['style element', '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(x)</style></svg>', '<style>'],
    [
      'encoded javascript',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="&#106;avascript:alert(1)"/></svg>',
      'is not allowed',
    ],
  ];
  it.each(refusedSvgs)('refuses an SVG with %s, naming it; nothing is stored', async (_, svg, message) => {
    const id = await brandingIdOf('test');
    const before = await assetsOf(id);
    const res = await put(id, svg, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await assetsOf(id)).toEqual(before);
  });

  it('refuses a file that is not an image, a damaged PNG and a file over the limit; nothing is stored', async () => {
    const id = await brandingIdOf('test');
    const before = await assetsOf(id);
    const text = await put(id, 'name,amount\nAlbion,1\n', admin);
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toContain('The file is not an image: a logo must be an SVG, PNG or JPEG file');
    const damaged = await put(id, PNG_1x1.subarray(0, 12), admin);
    expect(damaged.json().message).toContain('The PNG file is damaged');
    const huge = Buffer.concat([PNG_1x1, Buffer.alloc(600 * 1024)]);
    const big = await put(id, huge, admin);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain('a logo may be at most 512 KB');
    const tooBigForAny = await put(id, Buffer.concat([PNG_1x1, Buffer.alloc(3 * 1024 * 1024)]), admin, 'loginImage');
    expect(tooBigForAny.statusCode).toBe(400);
    expect(await assetsOf(id)).toEqual(before);
  });

  it('a lower role cannot write (403), and a tenant user holding Brandings_CRUD anyway is refused as platform-only', async () => {
    const jm = await t.login('ptcoJobManager');
    expect(
      (await t.call('POST', '/api/v2/brandings', { cookie: jm, body: valid({ brandingKey: 'jm' }) })).statusCode,
    ).toBe(403);
    expect((await put(harbourId, PNG_1x1, jm)).statusCode).toBe(403);
    const [issuer] = await t.db.db.select().from(users).where(eq(users.username, 'issuer'));
    await t.db.db.insert(userPermissions).values({ userId: issuer!.id, permission: 'Brandings_CRUD' });
    invalidateAllSessions();
    const tenant = await t.login('issuer');
    const lloydsId = await brandingIdOf('lloyds');
    const res = await t.call('PUT', `/api/v2/brandings/${lloydsId}`, {
      cookie: tenant,
      body: valid({ brandingKey: 'lloyds' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Brandings_CRUD');
    expect((await t.call('DELETE', `/api/v2/brandings/${lloydsId}`, { cookie: tenant })).statusCode).toBe(403);
    expect((await put(lloydsId, PNG_1x1, tenant)).statusCode).toBe(403);
  });

  it("a tenant user reads their issuer's branding but not another tenant's (404)", async () => {
    const tenant = await t.login('client');
    const own = await t.call('GET', `/api/v2/brandings/${await brandingIdOf('lloyds')}`, { cookie: tenant });
    expect(own.statusCode).toBe(200);
    const other = await t.call('GET', `/api/v2/brandings/${await brandingIdOf('hsbc')}`, { cookie: tenant });
    expect(other.statusCode).toBe(404);
  });

  it('retires a branding: its domains are freed, it is no longer assignable; the default cannot be retired', async () => {
    const res = await t.call('DELETE', `/api/v2/brandings/${harbourId}`, { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ domains: [], fullDomainName: null });
    expect(res.json().retiredAt).not.toBeNull();
    const pub = await t.call('GET', '/api/v2/brandings/by-domain', { headers: { host: 'harbour.localhost' } });
    expect(pub.json().brandingKey).toBe('paytech');
    expect(await audits('branding.retire', harbourId)).toHaveLength(1);
    const assign = await t.call('POST', '/api/v1/issuers', {
      cookie: admin,
      body: {
        name: 'Quay Bank',
        issuerKey: 'quay',
        scheme: 'Visa',
        language: 'en',
        sendMagicLinks: false,
        brandingId: harbourId,
        analysisDataDownloadProfileId: 'p-analysis',
        matchedDataOnlyDownloadProfileId: 'p-mdo',
        onboardingDataDownloadProfileId: 'p-onboarding',
      },
    });
    expect(assign.statusCode).toBe(404);
    expect(assign.json().message).toContain('Branding');
    const paytech = await t.call('DELETE', `/api/v2/brandings/${await brandingIdOf('paytech')}`, { cookie: admin });
    expect(paytech.statusCode).toBe(409);
    expect(paytech.json().message).toContain('cannot be retired');
    const reuse = await t.call('POST', '/api/v2/brandings', {
      cookie: admin,
      body: valid({ brandingKey: 'harbour-new', domains: ['harbour.localhost'] }),
    });
    expect(reuse.statusCode, reuse.body).toBe(200);
  });

  it('seeds the demo brandings as data: their logos are served from the database', async () => {
    const res = await t.call('GET', '/api/v2/brandings/assets/lloyds/logo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toContain('Lloyds');
    expect((await t.call('GET', '/api/v2/brandings/assets/nobody/logo')).statusCode).toBe(404);
  });

  it("a sign-in email is in the reader's issuer language with the branding's name, logo, sender and footer", async () => {
    await t.db.db.update(issuers).set({ language: 'de' }).where(eq(issuers.issuerKey, 'northbridge'));
    await t.db.db
      .update(brandings)
      .set({ emailFooter: 'Lloyds Bank plc, 25 Gresham Street, London' })
      .where(eq(brandings.brandingKey, 'lloyds'));
    const res = await t.call('POST', '/api/v1/auth/magic-link', { body: { email: 'client@northbridge.example' } });
    expect(res.statusCode).toBe(200);
    const [mail] = await t.db.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'client@northbridge.example'));
    expect(mail!.subject).toBe('Ihr Anmeldelink für Lloyds');
    expect(mail!.fromAddress).toBe('"Lloyds B2B Analytics" <no-reply@lloyds.localhost>');
    expect(mail!.text).toContain('mit diesem Link melden Sie sich bei Lloyds an');
    expect(mail!.text).toContain('Lloyds Bank plc, 25 Gresham Street, London');
    expect(mail!.text).toContain('Sie erhalten diese Nachricht im Auftrag von Lloyds.');
    expect(mail!.text).not.toContain('Sextant');
    expect(mail!.html).toContain('<html lang="de">');
    expect(mail!.html).toMatch(
      /<img src="http[^"]+\/api\/v2\/brandings\/assets\/lloyds\/logo\?v=[0-9a-f]{16}" alt="Lloyds"/,
    );
  });
});
