/**
 * Match quality on the generated company-name evaluation set (bench/names-eval.ts: ISO 20275 legal forms × name
 * words with perturbations and hard negatives), through ingest → normalise → match. Floors below the measured
 * figures with match ruleset v3 (names only: precision 0.995, recall 0.930, F1 0.961, High 297 of 299 right; with
 * addresses: precision 1.000, recall 0.990), so a change that makes name matching worse fails here. (Ruleset v2, before
 * the rarity-weighted name evidence and acronyms: names only 0.945 / 0.865 / 0.903, no High.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { namesQuality } from '../bench/names-eval.ts';
import { tmpDir } from './helpers.ts';

const { dir, cleanup } = tmpDir('sx-names-quality-');
afterAll(cleanup);

describe('match quality on the company-name evaluation set', () => {
  it('names only: High+Medium precision >= 0.98, recall >= 0.90, F1 >= 0.94; High precision >= 0.99', async () => {
    const q = await namesQuality(path.join(dir, 'names'), false);
    expect(q.present).toBe(600);
    expect(q.absent).toBeGreaterThan(200);
    expect(q.precision).toBeGreaterThanOrEqual(0.98);
    expect(q.recall).toBeGreaterThanOrEqual(0.9);
    expect(q.f1).toBeGreaterThanOrEqual(0.94);
    // a name alone reaches High when its rare words agree, and High stays right
    expect(q.High.predicted).toBeGreaterThan(200);
    expect(q.High.correct / q.High.predicted).toBeGreaterThanOrEqual(0.99);
    // acronyms of the network's names are found without an address
    expect(q.missedBy.acronym ?? 0).toBeLessThanOrEqual(5);
  }, 300_000);

  it('with addresses: High+Medium precision >= 0.99 and recall >= 0.97', async () => {
    const q = await namesQuality(path.join(dir, 'addr'), true);
    expect(q.precision).toBeGreaterThanOrEqual(0.99);
    expect(q.recall).toBeGreaterThanOrEqual(0.97);
  }, 300_000);
});
