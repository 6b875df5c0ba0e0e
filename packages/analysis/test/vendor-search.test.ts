/**
 * Vendor search over a built index: a merchant is found first by its exact name, with a typo, with its words
 * reordered and by the beginning of its last word; the candidates come from the in-memory postings; scores and
 * confidence are the matcher's (an exact name scores as the job matcher scores it); the index is reused.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildVendorIndex, oneEditApart, SEARCH_SCORED, VendorIndex, vendorIndexFile } from '../src/match/search.ts';
import { VendorSearchPool, VendorSearchTimeout } from '../src/match/search-pool.ts';
import { readParquet } from './match-helpers.ts';
import { smallNetwork, tmpDir } from './helpers.ts';

describe('vendor search', () => {
  const tmp = tmpDir('sx-vendor-search-');
  let ix: VendorIndex;
  let network: string;
  let merchants: { merchantId: string; name: string; nameTokens: string[] }[];

  beforeAll(async () => {
    network = await smallNetwork();
    const file = vendorIndexFile(tmp.dir, network);
    const info = await buildVendorIndex(network, file);
    expect(info.built).toBe(true);
    expect(info.merchants).toBe(3000);
    ix = await VendorIndex.open(file);
    // merchants whose name has two words or more of 5 letters or more, and is unique in the network
    merchants = await readParquet(
      `SELECT merchantId, name, nameTokens FROM read_parquet('${network}')
       WHERE len(list_filter(nameTokens, t -> length(t) >= 5)) >= 2
       QUALIFY count(*) OVER (PARTITION BY nameSorted) = 1 ORDER BY merchantId LIMIT 12`,
    );
    expect(merchants.length).toBe(12);
  }, 120_000);
  afterAll(() => {
    ix?.close();
    tmp.cleanup();
  });

  it('reuses a built index', async () => {
    const again = await buildVendorIndex(network, vendorIndexFile(tmp.dir, network));
    expect(again.built).toBe(false);
    expect(path.basename(again.file)).toContain('.vx');
  });

  it('finds the merchant first by its exact name, a typo, reordered words and a prefix', async () => {
    const firsts = { exact: 0, typo: 0, reordered: 0, prefix: 0 };
    for (const m of merchants) {
      const words = m.name.split(/\s+/);
      const long = words.findIndex((w) => w.length >= 6);
      const typo = words.map((w, i) => (i === long ? w.slice(0, 3) + w.slice(4) : w)).join(' ');
      const reordered = [...words.slice(1), words[0]].join(' ');
      const prefix = [...words.slice(0, -1), words.at(-1)!.slice(0, Math.max(3, words.at(-1)!.length - 2))].join(' ');
      for (const [shape, q] of Object.entries({ exact: m.name, typo, reordered, prefix }))
        if ((await ix.search({ q }))[0]?.vendorId === m.merchantId) firsts[shape as keyof typeof firsts]++;
    }
    expect(firsts.exact).toBe(merchants.length);
    expect(firsts.reordered).toBeGreaterThanOrEqual(merchants.length - 1);
    expect(firsts.typo).toBeGreaterThanOrEqual(merchants.length - 2);
    expect(firsts.prefix).toBeGreaterThanOrEqual(merchants.length - 2);
  });

  it('scores an exact name as the matcher does: name score 1, a confidence from the ruleset', async () => {
    const m = merchants[0]!;
    const [hit] = await ix.search({ q: m.name });
    expect(hit).toMatchObject({ vendorId: m.merchantId, nameScore: 1 });
    expect(hit!.agreeing).toContain('name');
    expect(['High', 'Medium', 'Low']).toContain(hit!.confidence);
    expect(hit!.rule).not.toBeNull();
    // a country that differs costs what it costs a job match
    const [other] = await ix.search({ q: m.name, country: 'ZZ' });
    expect(other!.vendorId).toBe(m.merchantId);
    expect(other!.score).toBeCloseTo(hit!.score - 0.3, 4);
    expect(other!.differing).toContain('country');
  });

  it('ranks candidates in memory, keeping the merchants that carry the query words', () => {
    const m = merchants[1]!;
    const words = m.nameTokens.filter((t) => t !== '');
    const cands = ix.candidates(words, words.at(-1)!);
    expect(cands.length).toBeGreaterThan(0);
    expect(cands.length).toBeLessThanOrEqual(SEARCH_SCORED);
    expect(cands.map((c) => c.mid)).toEqual([...new Set(cands.map((c) => c.mid))]);
    expect(ix.candidates(['zzqxv'], 'zzqxv')).toEqual([]);
  });

  it('does not let one misspelt or extra word hide the merchant that carries the other words', async () => {
    // the extra word is a rare word of another merchant with a letter dropped: alone it would pick that merchant's
    // look-alikes as the only candidates
    const rare = await readParquet<{ tok: string }>(
      `SELECT tok FROM (SELECT unnest(nameTokens) AS tok FROM read_parquet('${network}'))
       WHERE length(tok) >= 7 GROUP BY tok HAVING count(*) = 1 ORDER BY tok LIMIT ${merchants.length}`,
    );
    expect(rare.length).toBe(merchants.length);
    let first = 0;
    for (const [i, m] of merchants.entries()) {
      const t = rare[i]!.tok;
      const noise = t.slice(0, 4) + t.slice(5);
      if ((await ix.search({ q: `${m.name} ${noise}` }))[0]?.vendorId === m.merchantId) first++;
    }
    expect(first).toBeGreaterThanOrEqual(merchants.length - 1);
  });

  it('puts the exact written name before a merchant with the same words in another order or legal form', async () => {
    const twins = await readParquet<{ merchantId: string; name: string }>(
      `SELECT merchantId, name FROM read_parquet('${network}')
       QUALIFY count(*) OVER (PARTITION BY nameSorted) > 1 AND count(DISTINCT name) OVER (PARTITION BY nameSorted) > 1
       ORDER BY nameSorted, merchantId LIMIT 10`,
    );
    expect(twins.length).toBeGreaterThanOrEqual(2);
    for (const m of twins) expect((await ix.search({ q: m.name }))[0]?.name).toBe(m.name);
  });

  it('knows words one edit apart', () => {
    expect(oneEditApart('dynolano', 'dynlano')).toBe(true); // a letter dropped
    expect(oneEditApart('dynlano', 'dynolano')).toBe(true); // added
    expect(oneEditApart('harbour', 'harbur')).toBe(true);
    expect(oneEditApart('timber', 'timbre')).toBe(true); // two neighbours swapped
    expect(oneEditApart('timber', 'tinber')).toBe(true); // changed
    expect(oneEditApart('timber', 'tmbre')).toBe(false);
    expect(oneEditApart('dynolano', 'dyniano')).toBe(false);
  });

  it('answers nothing for a query without words, and a vendor by id', async () => {
    expect(await ix.search({ q: '!!!' })).toEqual([]);
    const m = merchants[2]!;
    expect((await ix.get(m.merchantId))?.name).toBe(m.name);
    expect(await ix.get('no-such-vendor')).toBeNull();
  });

  it('answers the same results from the worker pool, off this thread, and recycles a worker past its wall clock', async () => {
    const pool = await VendorSearchPool.open(ix.file, { size: 2 });
    try {
      const queries = merchants.slice(0, 6).flatMap((m) => [{ q: m.name }, { q: m.name.slice(0, -2), country: 'ZZ' }]);
      const here = await Promise.all(queries.map((q) => ix.search(q)));
      expect(await Promise.all(queries.map((q) => pool.search(q)))).toEqual(here);
      expect(await pool.get(merchants[2]!.merchantId)).toEqual(await ix.get(merchants[2]!.merchantId));
      expect(await pool.get('no-such-vendor')).toBeNull();
      expect(pool.state).toMatchObject({ workers: 2, busy: 0, waiting: 0, timeouts: 0 });
    } finally {
      await pool.close();
    }
    // a wall clock no search can meet: the request fails with a clear error, its worker is replaced, the pool serves on
    const strict = await VendorSearchPool.open(ix.file, { size: 1, timeoutMs: 1 });
    try {
      const err = await strict.search({ q: merchants[0]!.name }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(VendorSearchTimeout);
      expect((err as Error).message).toMatch(/took longer than 0 s and was stopped/);
      expect(strict.state).toMatchObject({ workers: 1, timeouts: 1 });
    } finally {
      await strict.close();
    }
    await expect(strict.search({ q: 'x' })).rejects.toThrow(/closed/);
    // an index that cannot be opened fails the pool's opening, with DuckDB's reason
    await expect(VendorSearchPool.open(path.join(tmp.dir, 'missing.duckdb'), { size: 1 })).rejects.toThrow(
      /The vendor index could not be opened/,
    );
  }, 60_000);
});
