/** Several jobs match against one network at the same time (the server runs up to 4 commands at once). */
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { generateNetwork } from '../src/network/import.ts';
import { labelledCsv, makeLabelledSuppliers } from '../src/network/labelled.ts';
import { runAnalysis } from '../src/pipeline/run-analysis.ts';
import { KEY_FORMAT } from '../src/match/match.ts';
import { tmpDir, writeFile } from './helpers.ts';

const { dir, cleanup } = tmpDir('sx-concurrent-');
afterAll(cleanup);

describe('concurrent matching', () => {
  it('lets six analyses share a fresh network (its blocking-key cache is written atomically)', async () => {
    const { out: network } = await generateNetwork({
      merchants: 2000,
      seed: 11,
      out: path.join(dir, 'network.parquet'),
    });
    // Staggered starts, so later runs may find the cache while earlier ones write it (timing-dependent: this
    // exercises the shared cache; the atomic write in match.ts is what makes it safe).
    const runs = [0, 1, 2, 3, 4, 5].map(async (i) => {
      const f = writeFile(
        dir,
        `s${i}.csv`,
        labelledCsv(
          makeLabelledSuppliers({ networkSeed: 11, networkSize: 2000, present: 60, absent: 20, seed: i + 1 }),
        ),
      );
      await new Promise((r) => setTimeout(r, i * 150));
      return runAnalysis({
        type: 'matched-data-only',
        networkFile: network,
        inputs: [{ kind: 'suppliers', file: f }],
        outDir: path.join(dir, `out${i}`),
      });
    });
    const results = await Promise.all(runs);
    for (const r of results) {
      expect(r.summary.suppliers).toBe(80);
      expect(r.match.matched).toBeGreaterThan(30);
    }
  }, 120_000);
});

describe('blocking-key cache', () => {
  it('rebuilds a corrupt cache instead of failing the match', async () => {
    const { writeFileSync } = await import('node:fs');
    const { out: network } = await generateNetwork({
      merchants: 1000,
      seed: 12,
      out: path.join(dir, 'network-b.parquet'),
    });
    writeFileSync(
      network.replace(/\.parquet$/, '') + `.blocking-keys-${KEY_FORMAT}.parquet`,
      Buffer.from('PAR1 this is not a parquet file PAR1'),
    );
    const f = writeFile(
      dir,
      'b.csv',
      labelledCsv(makeLabelledSuppliers({ networkSeed: 12, networkSize: 1000, present: 40, absent: 10 })),
    );
    const r = await runAnalysis({
      type: 'matched-data-only',
      networkFile: network,
      inputs: [{ kind: 'suppliers', file: f }],
      outDir: path.join(dir, 'out-b'),
    });
    expect(r.match.matched).toBeGreaterThan(20);
  }, 60_000);
});
