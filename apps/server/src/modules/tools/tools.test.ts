import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { brandings, companyRegisterEntries, systemAuditLog, toolEmails, userPermissions, users } from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';
import { ensureNetwork } from '../jobs/index.ts';
import { useAddressModel } from './addresses.service.ts';

const REGISTER = [
  'number,name,status,address,incorporationDate,sic,officers',
  '01234567,Harbour Freight Services Ltd,Active,"1 Dock Road, Liverpool L3 4AA",2011-05-17,49410;52290,"Jane Smith (Director, appointed 2011-05-17); Omar Ali (Secretary)"',
  'SC765432,Thistle Analytics Limited,Dissolved,"2 George St, Edinburgh EH2 2LR",23/09/2015,62020,',
].join('\n');

describe.each(dbKinds())('tools API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let issuerUser: string;
  let client: string;
  const userId = async (username: string) =>
    (await t.db.db.select().from(users).where(eq(users.username, username)))[0]!.id;

  beforeAll(async () => {
    t = await createTestApp(kind, { NETWORK_MERCHANTS: '400' });
    admin = await t.login('sysAdmin');
    client = await t.login('client');
    // a tenant user with the tools permission: the recipient picker must stay within their issuer
    await t.db.db.insert(userPermissions).values({ userId: await userId('issuer'), permission: 'Tools_Area_VIEW' });
    invalidateAllSessions();
    issuerUser = await t.login('issuer');
  });
  afterAll(async () => {
    useAddressModel(null);
    await t?.close();
  });

  it('parses addresses in order, empty fields null, with the country hint', async () => {
    const res = await t.call('POST', '/api/v1/tools/address-parser', {
      cookie: admin,
      body: {
        addresses: ['7500 S Martin Luther King Dr, Chicago, IL 60619', 'Via Roma 12, 00184 Roma', ''],
        country: 'IT',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.engine).toBe('rules');
    expect(body.results).toHaveLength(3);
    expect(body.results[0]).toMatchObject({
      input: '7500 S Martin Luther King Dr, Chicago, IL 60619',
      houseNumber: '7500',
      street: 'S Martin Luther King Dr',
      unit: null,
      city: 'Chicago',
      region: 'IL',
      postcode: '60619',
      country: 'US',
    });
    expect(body.results[1]).toMatchObject({ street: 'Via Roma', houseNumber: '12', country: 'IT' });
    expect(body.results[2]).toMatchObject({ input: '', street: null, confidence: 0 });
  });

  it('refuses an empty list and more than 1,000 addresses with the field named', async () => {
    const none = await t.call('POST', '/api/v1/tools/address-parser', { cookie: admin, body: { addresses: [] } });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('addresses');
    const many = await t.call('POST', '/api/v1/tools/address-parser', {
      cookie: admin,
      body: { addresses: Array.from({ length: 1001 }, () => '1 Main St') },
    });
    expect(many.statusCode).toBe(400);
    expect(many.body).toContain('1000');
  });

  it('uses the configured model when there is one, and the rules when its answer is unusable', async () => {
    useAddressModel(async ({ addresses }) =>
      addresses.map(() => ({ houseNumber: '1', street: 'Model Street', city: 'Modelton', confidence: 0.9 })),
    );
    const res = await t.call('POST', '/api/v1/tools/address-parser', { cookie: admin, body: { addresses: ['x'] } });
    expect(res.json()).toMatchObject({
      engine: 'model',
      results: [{ input: 'x', street: 'Model Street', unit: null }],
    });
    useAddressModel(async () => 'not json');
    const fallback = await t.call('POST', '/api/v1/tools/address-parser', {
      cookie: admin,
      body: { addresses: ['1 Main St, Boston, MA 02108'] },
    });
    expect(fallback.json()).toMatchObject({ engine: 'rules', results: [{ city: 'Boston' }] });
    useAddressModel(null);
  });

  it('lower roles are refused every tool (403)', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/v1/tools/address-parser', { addresses: ['1 Main St'] }],
      ['GET', '/api/v1/tools/companies?q=harbour', undefined],
      ['GET', '/api/v1/tools/email/recipients', undefined],
      ['POST', '/api/v1/tools/address-validator', { addresses: [{ country: 'US' }] }],
    ] as const) {
      const res = await t.call(method, url, { cookie: client, body });
      expect(res.statusCode, url).toBe(403);
    }
    // the validator needs Address_Validator_VIEW, which the tenant user with Tools_Area_VIEW lacks
    const v = await t.call('POST', '/api/v1/tools/address-validator', {
      cookie: issuerUser,
      body: { addresses: [{ country: 'US' }] },
    });
    expect(v.statusCode).toBe(403);
  });

  it('validates addresses: country list, postcode format, city ↔ postcode reference', async () => {
    const res = await t.call('POST', '/api/v1/tools/address-validator', {
      cookie: admin,
      body: {
        addresses: [
          { city: 'Chicago', postcode: '60606', country: 'United States' },
          { city: 'Los Angeles', postcode: '60606', country: 'US' },
          { city: 'Berlin', postcode: '1011', country: 'DE' },
          { city: 'Paris', postcode: '75008', country: 'Atlantis' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { results, summary } = res.json();
    expect(results.map((r: { status: string }) => r.status)).toEqual(['valid', 'warning', 'invalid', 'invalid']);
    expect(results[1].issues[0].message).toBe('Postcode 60606 is in Chicago, not Los Angeles');
    expect(results[2].issues[0]).toMatchObject({ field: 'postcode', severity: 'error' });
    expect(results[3].issues[0]).toMatchObject({ field: 'country' });
    expect(summary).toEqual({ valid: 1, warning: 1, invalid: 2 });
  });

  it('annotates a CSV of addresses row by row', async () => {
    const csv = 'id,Street,City,Zip,Country\n1,1 Main St,Chicago,60606,US\n2,Hauptstr. 5,Berlin,1011,DE\n';
    const res = await t.upload('/api/v1/tools/address-validator/csv', { name: 'addr.csv', content: csv }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,Street,City,Zip,Country,validationStatus,countryIso2,postcodeNormalised,validationMessages',
    );
    expect(lines[1]).toMatch(/^1,1 Main St,Chicago,60606,US,valid,US,60606,$/);
    expect(lines[2]).toContain('invalid,DE,1011');
    const noCountry = await t.upload(
      '/api/v1/tools/address-validator/csv',
      { name: 'a.csv', content: 'city\nX\n' },
      admin,
    );
    expect(noCountry.statusCode).toBe(400);
    expect(noCountry.json().message).toContain('country');
  });

  it('imports a register file (audited), then finds companies by name and number with officers', async () => {
    const res = await t.upload('/api/v1/tools/companies/register', { name: 'register.csv', content: REGISTER }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 2, updated: 0 });
    const audit = await t.db.db
      .select()
      .from(systemAuditLog)
      .where(eq(systemAuditLog.action, 'tools.company-register.import'));
    expect(audit).toHaveLength(1);
    const byName = (await t.call('GET', '/api/v1/tools/companies?q=harbour&source=register', { cookie: admin })).json();
    expect(byName.results).toHaveLength(1);
    expect(byName.results[0]).toMatchObject({
      source: 'register',
      number: '01234567',
      incorporationDate: '2011-05-17',
      sic: ['49410', '52290'],
      officers: [
        { name: 'Jane Smith', role: 'Director', appointedOn: '2011-05-17' },
        { name: 'Omar Ali', role: 'Secretary', appointedOn: null },
      ],
    });
    const byNumber = (
      await t.call('GET', '/api/v1/tools/companies?q=sc765432&source=register', { cookie: admin })
    ).json();
    expect(byNumber.results[0]).toMatchObject({
      name: 'Thistle Analytics Limited',
      incorporationDate: '2015-09-23',
      officers: null,
    });
    const again = await t.upload(
      '/api/v1/tools/companies/register',
      { name: 'register.csv', content: REGISTER },
      admin,
    );
    expect(again.json()).toMatchObject({ imported: 2, updated: 2 });
    const status = (await t.call('GET', '/api/v1/tools/companies/register', { cookie: admin })).json();
    expect(status).toMatchObject({ entries: 2, withOfficers: 1 });
    expect(status.imports).toHaveLength(2);
  });

  it('refuses a register file with invalid rows, naming row and field, and writes nothing', async () => {
    const before = (await t.db.db.select().from(companyRegisterEntries)).length;
    const bad = 'number,name,incorporationDate,sic\nNEW1,New Co,2020-02-30,1234\n,Nameless,,\nNEW3,Third,,12AB\n';
    const res = await t.upload('/api/v1/tools/companies/register', { name: 'bad.csv', content: bad }, admin);
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(['row 2.incorporationDate', 'row 3.number', 'row 4.sic']);
    expect((await t.db.db.select().from(companyRegisterEntries)).length).toBe(before);
    const noName = await t.upload('/api/v1/tools/companies/register', { name: 'x.csv', content: 'number\n1\n' }, admin);
    expect(noName.json().message).toContain('name');
  });

  it('searches the reference network once it is prepared', async () => {
    const first = (await t.call('GET', '/api/v1/tools/companies?q=zz&source=network', { cookie: admin })).json();
    expect(first.sources[0]).toMatchObject({ source: 'network', searched: false });
    await ensureNetwork(t.app.ctx);
    const { withDb } = await import('@sextant/analysis');
    const { existingNetworkFile } = await import('../jobs/index.ts');
    const file = existingNetworkFile(t.app.ctx)!;
    const [m] = await withDb({}, (db) =>
      db.all<{ merchantId: string; name: string }>(`SELECT merchantId, name FROM read_parquet('${file}') LIMIT 1`),
    );
    const byName = (
      await t.call('GET', `/api/v1/tools/companies?q=${encodeURIComponent(m!.name)}&source=network`, { cookie: admin })
    ).json();
    expect(byName.results.some((r: { number: string }) => r.number === m!.merchantId)).toBe(true);
    const byId = (await t.call('GET', `/api/v1/tools/companies?q=${m!.merchantId}`, { cookie: admin })).json();
    expect(byId.results[0]).toMatchObject({ source: 'network', number: m!.merchantId });
  });

  it('the recipient picker is tenant-scoped: a tenant user sees only users of their issuer', async () => {
    const all = (await t.call('GET', '/api/v1/tools/email/recipients?q=', { cookie: admin })).json();
    expect(all.map((u: { username: string }) => u.username)).toEqual(expect.arrayContaining(['issuerPlus', 'client']));
    const scoped = (await t.call('GET', '/api/v1/tools/email/recipients?q=', { cookie: issuerUser })).json();
    const names = scoped.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['client', 'issuer']));
    expect(names).not.toContain('issuerPlus'); // meridian
    expect(names).not.toContain('sysAdmin');
    // sending to a user outside the scope answers 404, as if unknown
    const res = await t.call('POST', '/api/v1/tools/email/send', {
      cookie: issuerUser,
      body: { userIds: [await userId('issuerPlus')], subject: 'Hi', body: 'Hello' },
    });
    expect(res.statusCode).toBe(404);
    expect((await t.db.db.select().from(toolEmails)).length).toBe(0);
  });

  it('previews and sends the branded message, logs each recipient, refuses bad input with the field', async () => {
    const [b] = await t.db.db.select().from(brandings).where(eq(brandings.brandingKey, 'test'));
    const body = {
      userIds: [await userId('client')],
      addresses: ['someone@example.com'],
      subject: 'Quarterly review',
      body: 'Hello {{name}},\n\nThe review is ready.',
      brandingId: b!.brandingId,
    };
    const preview = await t.call('POST', '/api/v1/tools/email/preview', { cookie: admin, body });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().text).toContain('Hello Carl Bennett');
    expect(preview.json().html).toContain('<html');
    // the footer in any issuer language; a language that is not one is refused
    const pl = await t.call('POST', '/api/v1/tools/email/preview', {
      cookie: admin,
      body: { ...body, language: 'pl' },
    });
    expect(pl.statusCode, pl.body).toBe(200);
    expect(pl.json().text).toContain('Otrzymują Państwo tę wiadomość w imieniu');
    expect(pl.json().html).toContain('<html lang="pl">');
    const xx = await t.call('POST', '/api/v1/tools/email/preview', {
      cookie: admin,
      body: { ...body, language: 'xx' },
    });
    expect(xx.statusCode).toBe(400);
    const sent = await t.call('POST', '/api/v1/tools/email/send', { cookie: admin, body });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().sent).toHaveLength(2);
    const log = (await t.call('GET', '/api/v1/tools/email/log', { cookie: admin })).json();
    expect(log.items).toHaveLength(2);
    expect(log.items.map((i: { toAddress: string }) => i.toAddress)).toContain('someone@example.com');
    expect(log.items[0]).toMatchObject({ subject: 'Quarterly review', status: 'outbox', sentBy: 'sysAdmin' });
    const outbox = (
      await t.call('GET', '/api/v1/dev/outbox?to=someone@example.com', { cookie: await t.login('developer') })
    ).json();
    expect(outbox[0].text).toContain('Hello someone@example.com');
    const audits = await t.db.db.select().from(systemAuditLog).where(eq(systemAuditLog.action, 'tools.email.send'));
    expect(audits).toHaveLength(2);
    const bad = await t.call('POST', '/api/v1/tools/email/send', {
      cookie: admin,
      body: { addresses: ['not-an-email'], subject: '', body: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().errors.map((e: { path: string }) => e.path);
    expect(fields).toEqual(expect.arrayContaining(['body.addresses.0', 'body.subject']));
    const none = await t.call('POST', '/api/v1/tools/email/send', { cookie: admin, body: { subject: 'a', body: 'b' } });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('choose at least one user or address');
  });
});

describe('address parser through the configured language model (loopback OpenAI-compatible server)', () => {
  let t: TestApp;
  let server: Server;
  const prompts: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const prompt = (JSON.parse(body) as { messages: { content: string }[] }).messages[0]!.content;
        prompts.push(prompt);
        const answer = {
          name: null,
          street: 'Model Street',
          houseNumber: '9',
          postcode: null,
          city: 'Modelton',
          region: null,
          country: 'GB',
        };
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({ choices: [{ message: { content: '```json\n' + JSON.stringify(answer) + '\n```' } }] }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    t = await createTestApp(dbKinds()[0]!, { LLM_BASE_URL: `http://127.0.0.1:${port}/v1` });
  });
  afterAll(async () => {
    await t?.close();
    server?.close();
  });

  it('asks the model with the address-parser prompt, one call per address, and answers its fields', async () => {
    const res = await t.call('POST', '/api/v1/tools/address-parser', {
      cookie: await t.login('sysAdmin'),
      body: { addresses: ['9 Model Street, Modelton', 'another'], country: 'GB' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      engine: 'model',
      results: [
        {
          input: '9 Model Street, Modelton',
          houseNumber: '9',
          street: 'Model Street',
          unit: null,
          city: 'Modelton',
          country: 'GB',
        },
        { input: 'another', street: 'Model Street' },
      ],
    });
    expect(prompts).toHaveLength(2);
    expect(prompts[0]).toContain('9 Model Street, Modelton');
    expect(prompts[0]).toContain('Country hint (may be empty): GB.');
  });
});
