/**
 * The confirmatory match of a further network (match/confirm.ts, docs/NETWORKS.md "Matching") against the full
 * matcher on the same overlapping pair of generated networks: it decides (almost) every supplier as the full match
 * would, from a fraction of the candidate pairs, marks its rows, and gives the same answer when the reference match
 * kept no supplier side.
 */
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
import { workFile } from '../src/pipeline/workdir.ts';
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

type Row = { supplierKey: string; matchStatus: string; matchConfidence: string | null; matchedMerchantId: string | null };
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
  it('decides as the full matcher does from a fraction of its candidate pairs', async () => {
    await matchSuppliers({ workDir: work, networkFile: netA, keepSupplierSide: true });
    expect(existsSync(workFile(work, 'matchSuppliers'))).toBe(true);
    expect(existsSync(workFile(work, 'matchCandidates'))).toBe(true);

    const [confirmed] = await confirmMatchNetworks({
      workDir: work,
      primaryNetworkFile: netA,
      networks: [{ name: 'B', file: netB, outFile: path.join(dir, 'b.confirm.parquet') }],
    });
    const full = await matchSuppliers({ workDir: work, networkFile: netB, outFile: path.join(dir, 'b.full.parquet') });
    // the kept supplier side belongs to the reference match: a match into another file leaves it alone
    expect(existsSync(workFile(work, 'matchSuppliers'))).toBe(true);

    expect(confirmed!.suppliers).toBe(750);
    expect(confirmed!.candidatePairs).toBeLessThan(full.candidatePairs / 2);
    const c = await rowsOf(path.join(dir, 'b.confirm.parquet'));
    const f = await rowsOf(path.join(dir, 'b.full.parquet'));
    expect(c.map((r) => r.supplierKey)).toEqual(f.map((r) => r.supplierKey));
    expect(agreement(c, f)).toBeGreaterThanOrEqual(0.98);
    // about half the present suppliers' merchants are listed by B too: matched there
    expect(full.matched).toBeGreaterThan(200);
    const bothMatched = c.filter((r, i) => r.matchStatus === 'MATCHED' && r.matchedMerchantId === f[i]!.matchedMerchantId);
    expect(bothMatched.length / full.matched).toBeGreaterThanOrEqual(0.97);
  }, 120_000);

  it('marks each network row with how its candidates were found', async () => {
    await matchSuppliers({ workDir: work, networkFile: netA, keepSupplierSide: true });
    const summaries = await matchNetworks({ ...refs(), mode: 'confirm' });
    expect(summaries.map((s) => s.network)).toEqual(['A', 'B']);
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

  it('gives the same answer when the reference match kept no supplier side', async () => {
    await matchSuppliers({ workDir: work, networkFile: netA, keepSupplierSide: true });
    await matchNetworks({ ...refs(), mode: 'confirm' });
    const kept = path.join(dir, 'kept.parquet');
    renameSync(path.join(work, 'networks', '1.matches.parquet'), kept);
    // a match without keepSupplierSide removes what an earlier one kept
    await matchSuppliers({ workDir: work, networkFile: netA });
    expect(existsSync(workFile(work, 'matchSuppliers'))).toBe(false);
    await matchNetworks({ ...refs(), mode: 'confirm' });
    const again = await rowsOf(path.join(work, 'networks', '1.matches.parquet'));
    const before = await rowsOf(kept);
    // normalised again, and only the best reference candidate's name kept: the same or nearly the same decisions
    expect(agreement(again, before)).toBeGreaterThanOrEqual(0.98);
    rmSync(kept);
  }, 120_000);
});
