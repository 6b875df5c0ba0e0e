/**
 * The confirmatory match of a further network (match/confirm.ts, docs/NETWORKS.md "Matching") against the full
 * matcher on the same overlapping pair of generated networks: run in the reference match's session it leaves the
 * reference network's matches as they are and decides (almost) every supplier as the full match would, from a fraction
 * of the candidate pairs; it marks its rows; run on its own (confirm.ts) it decides as in the session.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lit, withDb } from '../src/db.ts';
import { ingestFile } from '../src/ingest/ingest.ts';
import { normaliseAndAggregate } from '../src/aggregate/normalise.ts';
import { generateNetwork } from '../src/network/import.ts';
import { labelledCsv, makeLabelledSuppliers } from '../src/network/labelled.ts';
import { matchSuppliers } from '../src/match/match.ts';
import { confirmMatchNetworks } from '../src/match/confirm.ts';
import { matchNetworks } from '../src/network/networks.ts';
import { furtherMatchesFile, workFile } from '../src/pipeline/workdir.ts';
import { tmpDir } from './helpers.ts';

const { dir, cleanup } = tmpDir('sx-networks-confirm-');
afterAll(cleanup);
const MERCHANTS = 4000;
const SEED_A = 31;
let netA = '';
let netB = '';
let work = '';

beforeAll(async () => {
  netA = (await generateNetwork({ merchants: MERCHANTS, seed: SEED_A, out: path.join(dir, 'a.parquet') })).out;
  netB = (
    await generateNetwork({
      merchants: MERCHANTS,
      seed: SEED_A + 1,
      overlapsSeed: SEED_A,
      out: path.join(dir, 'b.parquet'),
    })
  ).out;
  work = path.join(dir, 'work');
  const csv = path.join(dir, 'suppliers.csv');
  writeFileSync(
    csv,
    labelledCsv(makeLabelledSuppliers({ networkSeed: SEED_A, networkSize: MERCHANTS, present: 600, absent: 150 })),
  );
  await ingestFile({ file: csv, kind: 'suppliers', workDir: work });
  await normaliseAndAggregate({ workDir: work });
}, 120_000);

type Row = {
  supplierKey: string;
  matchStatus: string;
  matchConfidence: string | null;
  matchedMerchantId: string | null;
};
/** The decision on a supplier: matched or not, to which merchant, how confidently (a Low candidate is no decision). */
const decision = (r: Row) =>
  r.matchStatus === 'MATCHED' ? `${r.matchedMerchantId} ${r.matchConfidence}` : 'unmatched';
const agreement = (a: Row[], b: Row[]) => a.filter((r, i) => decision(r) === decision(b[i]!)).length / a.length;
const rowsOf = (file: string) =>
  withDb({}, (db) =>
    db.all<Row>(
      `SELECT supplierKey, matchStatus, matchConfidence, matchedMerchantId FROM read_parquet(${lit(file)}) ORDER BY supplierKey`,
    ),
  );
const refs = () => ({
  workDir: work,
  primary: { name: 'A', version: 't', file: netA },
  others: [{ name: 'B', version: 't', file: netB }],
});

describe('the confirmatory match of a further network', () => {
  it("decides in the reference match's session as the full matcher does, from a fraction of its candidate pairs", async () => {
    const confirmFile = path.join(dir, 'b.confirm.parquet');
    const r = await matchSuppliers({
      workDir: work,
      networkFile: netA,
      further: [{ name: 'B', file: netB, outFile: confirmFile }],
    });
    // the reference network's own match is the one without further networks
    const alone = await matchSuppliers({ workDir: work, networkFile: netA, outFile: path.join(dir, 'a.parquet2') });
    expect(await rowsOf(r.file)).toEqual(await rowsOf(alone.file));
    expect(r.further).toHaveLength(1);
    expect(r.furtherSeconds).toBeGreaterThan(0);
    const [confirmed] = r.further;
    const full = await matchSuppliers({ workDir: work, networkFile: netB, outFile: path.join(dir, 'b.full.parquet') });

    expect(confirmed!.suppliers).toBe(750);
    expect(confirmed!.candidatePairs).toBeLessThan(full.candidatePairs / 2);
    const c = await rowsOf(confirmFile);
    const f = await rowsOf(path.join(dir, 'b.full.parquet'));
    expect(c.map((x) => x.supplierKey)).toEqual(f.map((x) => x.supplierKey));
    expect(agreement(c, f)).toBeGreaterThanOrEqual(0.98);
    // about half the present suppliers' merchants are listed by B too: matched there
    expect(full.matched).toBeGreaterThan(200);
    const bothMatched = c.filter(
      (x, i) => x.matchStatus === 'MATCHED' && x.matchedMerchantId === f[i]!.matchedMerchantId,
    );
    expect(bothMatched.length / full.matched).toBeGreaterThanOrEqual(0.97);
  }, 120_000);

  it('marks each network row with how its candidates were found', async () => {
    const r = await matchSuppliers({
      workDir: work,
      networkFile: netA,
      further: [{ name: 'B', file: netB, outFile: furtherMatchesFile(work, 0) }],
    });
    const summaries = await matchNetworks({ ...refs(), mode: 'confirm', matched: r.further });
    expect(summaries.map((s) => [s.network, s.matched])).toEqual([
      ['A', r.matched],
      ['B', r.further[0]!.matched],
    ]);
    const by = await withDb({}, (db) =>
      db.all<{ network: string; candidateSearch: string; n: number }>(
        `SELECT network, candidateSearch, count(*) AS n FROM read_parquet(${lit(workFile(work, 'networkMatches'))})
         GROUP BY ALL ORDER BY network`,
      ),
    );
    expect(by).toEqual([
      { network: 'A', candidateSearch: 'full', n: 750 },
      { network: 'B', candidateSearch: 'confirm', n: 750 },
    ]);
  }, 120_000);

  it('matches on its own, when the reference match ran without the further network, as it does in the session', async () => {
    const inSession = path.join(dir, 'b.session.parquet');
    await matchSuppliers({
      workDir: work,
      networkFile: netA,
      further: [{ name: 'B', file: netB, outFile: inSession }],
    });
    // the reference match of the working directory, then matchNetworks without its results: confirm.ts
    await matchSuppliers({ workDir: work, networkFile: netA });
    await matchNetworks({ ...refs(), mode: 'confirm' });
    const alone = await rowsOf(furtherMatchesFile(work, 0));
    // normalised again, and only the best reference candidate's name looked for: the same or nearly the same decisions
    expect(agreement(alone, await rowsOf(inSession))).toBeGreaterThanOrEqual(0.98);
    const [direct] = await confirmMatchNetworks({
      workDir: work,
      primaryNetworkFile: netA,
      networks: [{ name: 'B', file: netB, outFile: path.join(dir, 'b.direct.parquet') }],
    });
    expect(await rowsOf(direct!.file)).toEqual(alone);
    expect(existsSync(direct!.file)).toBe(true);
  }, 120_000);
});
