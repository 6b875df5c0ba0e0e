/**
 * GET /api/v1/networks (docs/NETWORKS.md): the loaded reference networks — the generated reference network first, the
 * demo's second generated network, a further network imported from a file in the documented layout (a lockbox
 * provider's enrolment list: merchantId, name, address, lockboxes only) — with name, version, merchants and loaded
 * at; the vendor lookup's permission (403 without it); NETWORKS_EXTRA that does not parse is refused.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNetworkList, TVendorSearchResult } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { parseExtraNetworks } from '../jobs/index.ts';
import { loadConfig } from '../../config.ts';

describe('GET /api/v1/networks', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(tmpdir(), 'sx-networks-'));
  const lockbox = path.join(dir, 'lockbox-enrolments.csv');

  beforeAll(async () => {
    writeFileSync(
      lockbox,
      [
        'merchantId,name,addressLine1,city,postcode,country,lockboxes',
        'LB-1,Harbour Freight Forwarding Ltd,12 Quay Street,Leeds,LS1 4AB,GB,Its',
        'LB-2,Kestrel Office Supplies GmbH,Hauptstraße 5,Berlin,10115,DE,BoostEu',
        'LB-3,,Nowhere 1,Paris,75001,FR,Its',
      ].join('\n'),
    );
    t = await createTestApp('pglite', {
      NETWORK_MERCHANTS: '400',
      NETWORK_SECOND: 'true',
      NETWORKS_EXTRA: `Lockbox Co @ 2026-10 = ${lockbox}`,
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists every loaded network, the reference network first, with version, merchants and loaded at', async () => {
    const r = await t.call('GET', '/api/v1/networks', { cookie: await t.login('issuer') });
    expect(r.statusCode, r.body).toBe(200);
    const { networks } = r.json() as TNetworkList;
    expect(networks.map((n) => [n.name, n.version, n.merchants, n.primary])).toEqual([
      ['Scheme A', 'generated-20261122', 400, true],
      ['Scheme B', 'generated-20261128', 400, false],
      // the row without a name is skipped by the importer
      ['Lockbox Co', '2026-10', 2, false],
    ]);
    for (const n of networks) expect(Date.parse(n.loadedAt)).toBeGreaterThan(Date.now() - 3_600_000);
  }, 120_000);

  it('the vendor lookup searches every network: each result names its network, a vendor of another network opens', async () => {
    const cookie = await t.login('issuer');
    const search = (q: string) => t.call('GET', `/api/v1/vendors/search?q=${encodeURIComponent(q)}`, { cookie });
    let r = await search('Kestrel Office Supplies');
    // the first search builds the indexes (503 meanwhile)
    for (let i = 0; i < 240 && r.statusCode === 503; i++) {
      await new Promise((res) => setTimeout(res, 500));
      r = await search('Kestrel Office Supplies');
    }
    expect(r.statusCode, r.body).toBe(200);
    const { results } = r.json() as TVendorSearchResult;
    expect(results[0]).toMatchObject({ network: 'Lockbox Co', vendorId: 'LB-2', lockboxes: ['BoostEu'] });
    expect(new Set(results.map((v) => v.network)).size).toBeGreaterThan(1);
    for (let i = 1; i < results.length; i++) expect(results[i - 1]!.score).toBeGreaterThanOrEqual(results[i]!.score);
    const csv = await t.call(
      'GET',
      `/api/v1/vendors/search?q=${encodeURIComponent('Kestrel Office Supplies')}&format=csv`,
      {
        cookie,
      },
    );
    expect(csv.body.split('\r\n')[0]).toMatch(/,network$/);
    const d = await t.call('GET', '/api/v1/vendors/LB-2', { cookie });
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json()).toMatchObject({
      vendor: { network: 'Lockbox Co', name: 'Kestrel Office Supplies GmbH' },
      inYourJobs: [],
    });
    const b = await t.call('GET', '/api/v1/vendors/N00000001', { cookie });
    expect(b.json()).toMatchObject({ vendor: { network: 'Scheme B', vendorId: 'N00000001' } });
  }, 180_000);

  it('needs the vendor lookup permission', async () => {
    const r = await t.call('GET', '/api/v1/networks', { cookie: await t.login('client') });
    expect(r.statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/networks')).statusCode).toBe(401);
  });
});

describe('NETWORKS_EXTRA', () => {
  it('reads name[@version]=file entries separated by ";" and refuses one that is not', () => {
    expect(parseExtraNetworks(' A = /x/a.csv ; B@v2=/y/b.parquet;')).toEqual([
      { name: 'A', version: null, file: '/x/a.csv' },
      { name: 'B', version: 'v2', file: '/y/b.parquet' },
    ]);
    expect(parseExtraNetworks(undefined)).toEqual([]);
    expect(() => parseExtraNetworks('just-a-file.csv')).toThrow(/name\[@version\]=file/);
    // refused at start, naming the setting
    expect(() => loadConfig({ NETWORKS_EXTRA: 'A=/a.csv;just-a-file.csv' })).toThrow(/NETWORKS_EXTRA/);
    expect(loadConfig({ NETWORKS_EXTRA: 'A@1=/a.csv' }).NETWORKS_EXTRA).toBe('A@1=/a.csv');
  });
});
