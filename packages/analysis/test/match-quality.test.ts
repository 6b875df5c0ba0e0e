/**
 * End-to-end match quality on real public data no one here wrote: the Fodors / Zagat restaurant guides
 * (test/fixtures/restaurants), through ingest → normalise → match. Floors below the measured figures
 * (High 1.000 / 0.821, High+Medium 1.000 / 0.946 with match rulesets v2 and v3), so a change that makes real-data
 * matching worse fails here.
 */
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { restaurantQuality } from '../bench/restaurants.ts';
import { tmpDir } from './helpers.ts';

const { dir, cleanup } = tmpDir('sx-match-quality-');
afterAll(cleanup);

describe('match quality on the restaurants set', () => {
  it('keeps High precision >= 0.99, High+Medium precision >= 0.97 and recall >= 0.90', async () => {
    const q = await restaurantQuality(path.join(dir, 'work'));
    expect(q.present).toBe(112);
    expect(q.suppliers).toBeGreaterThan(300);
    expect(q.High.precision).toBeGreaterThanOrEqual(0.99);
    expect(q.High.recall).toBeGreaterThanOrEqual(0.78);
    expect(q['High+Medium'].precision).toBeGreaterThanOrEqual(0.97);
    expect(q['High+Medium'].recall).toBeGreaterThanOrEqual(0.9);
  }, 60_000);
});
