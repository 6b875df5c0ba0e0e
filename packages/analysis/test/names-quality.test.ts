/**
 * Match quality on the generated company-name evaluation set (bench/names-eval.ts: ISO 20275 legal forms × name
 * words with perturbations and hard negatives), through ingest → normalise → match. Floors below the measured
 * figures (names only: precision 0.945, recall 0.865, F1 0.903; with addresses: precision 1.000, recall 0.990), so a
 * change that makes name matching worse fails here.
 */
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { namesQuality } from '../bench/names-eval.ts';
import { tmpDir } from './helpers.ts';

const { dir, cleanup } = tmpDir('sx-names-quality-');
afterAll(cleanup);

describe('match quality on the company-name evaluation set', () => {
  it('names only: High+Medium precision >= 0.93, recall >= 0.85, F1 >= 0.88', async () => {
    const q = await namesQuality(path.join(dir, 'names'), false);
    expect(q.present).toBe(600);
    expect(q.absent).toBeGreaterThan(200);
    expect(q.precision).toBeGreaterThanOrEqual(0.93);
    expect(q.recall).toBeGreaterThanOrEqual(0.85);
    expect(q.f1).toBeGreaterThanOrEqual(0.88);
  }, 300_000);

  it('with addresses: High+Medium precision >= 0.99 and recall >= 0.97', async () => {
    const q = await namesQuality(path.join(dir, 'addr'), true);
    expect(q.precision).toBeGreaterThanOrEqual(0.99);
    expect(q.recall).toBeGreaterThanOrEqual(0.97);
  }, 300_000);
});
