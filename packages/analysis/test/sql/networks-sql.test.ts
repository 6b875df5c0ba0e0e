/**
 * Several networks at once on tiny tables (docs/NETWORKS.md): each network's rows (merchant, confidence, acceptance
 * attributes only when matched, capability by the waterfall), the merged view (accepts anywhere and where, best
 * capability across networks and its network, the earlier network on a tie), and the second demo network's overlap.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCORE_KINDS } from '@sextant/shared';
import { copyToParquet, withDb, type Db } from '../../src/db.ts';
import { allNetworkRowsSql, mergedNetworksSql, networkMatchRowsSql } from '../../src/network/networks-sql.ts';
import { networkMerchants, overlappingNetworkMerchants, registryNameKey } from '../../src/network/generate.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'sx-networks-sql-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tiny = <T>(fn: (db: Db) => Promise<T>) => withDb({ threads: 1, memoryLimit: '256MB' }, fn);

/** Network A: m1 accepts (VC, L2), m2 does not accept; network B: n1 (= supplier s2's merchant) accepts, STP. */
async function files(db: Db) {
  const f = (n: string) => path.join(dir, n);
  await db.run(
    copyToParquet(
      `SELECT * FROM (VALUES
        ('m1', 'Acme Ltd', TRUE, TRUE, 2, FALSE, ['Boost']),
        ('m2', 'Brill GmbH', FALSE, FALSE, NULL, FALSE, []::VARCHAR[]),
        ('m3', 'Cole Inc', TRUE, FALSE, 3, FALSE, []::VARCHAR[])
      ) t(merchantId, name, acceptsCard, vcAccepting, detailLevel, stpCapable, lockboxes)`,
      f('a.parquet'),
    ),
  );
  await db.run(
    copyToParquet(
      `SELECT * FROM (VALUES
        ('n1', 'Brill GmbH', TRUE, TRUE, 3, TRUE, ['BoostEu']),
        ('n2', 'Acme Limited', TRUE, FALSE, 1, FALSE, []::VARCHAR[])
      ) t(merchantId, name, acceptsCard, vcAccepting, detailLevel, stpCapable, lockboxes)`,
      f('b.parquet'),
    ),
  );
  // s1 → m1 High in A, n2 Low in B (a candidate only); s2 → m2 Medium in A, n1 High in B; s3 → m3 Low in A, none in B
  await db.run(
    copyToParquet(
      `SELECT * FROM (VALUES
        ('s1', 'MATCHED', 'High', 'm1', 'm1', 0.97, '{"rule":"a"}'),
        ('s2', 'MATCHED', 'Medium', 'm2', 'm2', 0.88, '{"rule":"b"}'),
        ('s3', 'UNMATCHED', 'Low', NULL, 'm3', 0.6, '{"rule":"c"}'),
        ('s4', 'UNMATCHED', NULL, NULL, NULL, NULL, NULL)
      ) t(supplierKey, matchStatus, matchConfidence, matchedMerchantId, candidateMerchantId, matchScore, matchEvidence)`,
      f('a.matches.parquet'),
    ),
  );
  await db.run(
    copyToParquet(
      `SELECT * FROM (VALUES
        ('s1', 'UNMATCHED', 'Low', NULL, 'n2', 0.7, '{"rule":"x"}'),
        ('s2', 'MATCHED', 'High', 'n1', 'n1', 0.99, '{"rule":"y"}'),
        ('s3', 'UNMATCHED', NULL, NULL, NULL, NULL, NULL),
        ('s4', 'UNMATCHED', NULL, NULL, NULL, NULL, NULL)
      ) t(supplierKey, matchStatus, matchConfidence, matchedMerchantId, candidateMerchantId, matchScore, matchEvidence)`,
      f('b.matches.parquet'),
    ),
  );
  const a = {
    network: 'Scheme A',
    version: 'v1',
    order: 0,
    matchesFile: f('a.matches.parquet'),
    networkFile: f('a.parquet'),
  };
  const b = {
    network: 'Scheme B',
    version: '2026-11',
    order: 1,
    matchesFile: f('b.matches.parquet'),
    networkFile: f('b.parquet'),
  };
  return { a, b };
}

describe('networkMatchRowsSql', () => {
  it('gives each supplier its merchant, confidence and the acceptance attributes only when matched', async () => {
    const rows = await tiny(async (db) => {
      const { a } = await files(db);
      return db.all<Record<string, unknown>>(
        `SELECT network, networkVersion, networkOrder, supplierKey, merchantId, merchantName, confidence, acceptsCard, vcAccepting, detailLevel, stpCapable, lockboxes, cardCapability
         FROM (${networkMatchRowsSql(a, SCORE_KINDS)}) ORDER BY supplierKey`,
      );
    });
    expect(
      rows.map((r) => [r.supplierKey, r.merchantId, r.merchantName, r.confidence, r.acceptsCard, r.cardCapability]),
    ).toEqual([
      ['s1', 'm1', 'Acme Ltd', 'High', true, 'VC'],
      ['s2', 'm2', 'Brill GmbH', 'Medium', false, 'Unmatched'],
      // a Low candidate is shown, but its acceptance is not taken (as enrich does for the primary network)
      ['s3', 'm3', 'Cole Inc', 'Low', null, 'Unmatched'],
      ['s4', null, null, null, null, 'Unmatched'],
    ]);
    expect(rows[0]).toMatchObject({
      network: 'Scheme A',
      networkVersion: 'v1',
      networkOrder: 0,
      detailLevel: 2,
      lockboxes: ['Boost'],
    });
    expect(rows[2]).toMatchObject({ vcAccepting: null, detailLevel: null, stpCapable: null, lockboxes: [] });
  });

  it("names each row's deciding rule; a further network keeps its evidence, the reference network's is the supplier's", async () => {
    const rows = await tiny(async (db) => {
      const { a, b } = await files(db);
      return db.all<{ network: string; supplierKey: string; matchRule: string | null; matchEvidence: string | null }>(
        `SELECT network, supplierKey, matchRule, matchEvidence FROM (${allNetworkRowsSql([a, b], SCORE_KINDS)})
         WHERE supplierKey IN ('s1', 's4') ORDER BY network, supplierKey`,
      );
    });
    expect(rows.map((r) => [r.network, r.supplierKey, r.matchRule, r.matchEvidence])).toEqual([
      ['Scheme A', 's1', 'a', null],
      ['Scheme A', 's4', null, null],
      ['Scheme B', 's1', 'x', '{"rule":"x"}'],
      ['Scheme B', 's4', null, null],
    ]);
  });

  it('follows the issuer offer: without STP and virtual card, an STP merchant counts by its detail level', async () => {
    const rows = await tiny(async (db) => {
      const { b } = await files(db);
      return db.all<{ supplierKey: string; cardCapability: string }>(
        `SELECT supplierKey, cardCapability FROM (${networkMatchRowsSql(
          b,
          SCORE_KINDS.filter((k) => k !== 'Stp' && k !== 'Vcard'),
        )}) ORDER BY 1`,
      );
    });
    expect(rows.find((r) => r.supplierKey === 's2')!.cardCapability).toBe('L3');
  });
});

describe('mergedNetworksSql', () => {
  it('merges: accepts anywhere with the networks saying so, best capability across networks and where it comes from', async () => {
    const rows = await tiny(async (db) => {
      const { a, b } = await files(db);
      await db.run(`CREATE TABLE nr AS ${allNetworkRowsSql([a, b], SCORE_KINDS)}`);
      return db.all<Record<string, unknown>>(`SELECT * FROM (${mergedNetworksSql('nr')}) ORDER BY supplierKey`);
    });
    expect(rows).toEqual([
      // only A matched: A's VC
      {
        supplierKey: 's1',
        acceptsAnywhere: true,
        acceptsAnywhereNetworks: 'Scheme A',
        bestCapabilityAnyNetwork: 'VC',
        bestCapabilityNetwork: 'Scheme A',
        networksMatched: 1,
      },
      // A matched but does not accept; B matched, accepts, STP: the merged view says accepts (B) and STP (B)
      {
        supplierKey: 's2',
        acceptsAnywhere: true,
        acceptsAnywhereNetworks: 'Scheme B',
        bestCapabilityAnyNetwork: 'STP',
        bestCapabilityNetwork: 'Scheme B',
        networksMatched: 2,
      },
      {
        supplierKey: 's3',
        acceptsAnywhere: false,
        acceptsAnywhereNetworks: null,
        bestCapabilityAnyNetwork: 'Unmatched',
        bestCapabilityNetwork: null,
        networksMatched: 0,
      },
      {
        supplierKey: 's4',
        acceptsAnywhere: false,
        acceptsAnywhereNetworks: null,
        bestCapabilityAnyNetwork: 'Unmatched',
        bestCapabilityNetwork: null,
        networksMatched: 0,
      },
    ]);
  });

  it('on a tie names the earlier network (the primary first) and lists every accepting network in order', async () => {
    const rows = await tiny((db) =>
      db.all<Record<string, unknown>>(
        `SELECT * FROM (${mergedNetworksSql(`(SELECT * FROM (VALUES
          ('B', 1, 's', 'MATCHED', TRUE, 'Card Acceptor'),
          ('A', 0, 's', 'MATCHED', TRUE, 'Card Acceptor')) t(network, networkOrder, supplierKey, matchStatus, acceptsCard, cardCapability))`)})`,
      ),
    );
    expect(rows[0]).toMatchObject({ acceptsAnywhereNetworks: 'A, B', bestCapabilityNetwork: 'A', networksMatched: 2 });
  });
});

describe('overlappingNetworkMerchants (the demo second network)', () => {
  it('shares about half its merchants with the first network (same name and address, own id), the rest its own', () => {
    const base = [...networkMerchants(7, 400)];
    const second = [...overlappingNetworkMerchants(7, 8, 400)];
    expect(second).toHaveLength(400);
    expect(second.every((m, i) => m.merchantId === `N${String(i + 1).padStart(8, '0')}`)).toBe(true);
    const shared = second.filter((m, i) => m.name === base[i]!.name && m.addressLine1 === base[i]!.addressLine1);
    expect(shared.length).toBeGreaterThan(150);
    expect(shared.length).toBeLessThan(250);
    // names unique per country across both networks' own merchants
    const baseKeys = new Set(base.map((m) => registryNameKey(m.country, m.name)));
    const own = second.filter((m, i) => m.name !== base[i]!.name);
    expect(own.filter((m) => baseKeys.has(registryNameKey(m.country, m.name))).length).toBeLessThan(own.length / 10);
    // acceptance of shared merchants drawn again: some differ
    expect(shared.some((m) => m.acceptsCard !== base[second.indexOf(m)]!.acceptsCard)).toBe(true);
    // deterministic
    expect([...overlappingNetworkMerchants(7, 8, 50)]).toEqual(second.slice(0, 50));
  });
});
