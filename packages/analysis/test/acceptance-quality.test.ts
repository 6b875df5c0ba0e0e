/**
 * Quality floor of the acceptance model on a generated job, judged against the generator's own acceptance
 * probabilities scored on the same hold-out rows (the oracle: no model can rank better on generated data, where
 * acceptance depends on the MCC and on the merchant's size, and size is not in the supplier file).
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lit, withDb } from '../src/db.ts';
import { generateNetwork } from '../src/network/import.ts';
import { acceptanceProbabilityOf, merchantsAt } from '../src/network/generate.ts';
import { labelledCsv, makeLabelledSuppliers } from '../src/network/labelled.ts';
import { ingestFile } from '../src/ingest/ingest.ts';
import { normaliseAndAggregate } from '../src/aggregate/normalise.ts';
import { ensurePreparedNetwork, matchSuppliers } from '../src/match/match.ts';
import { enrich } from '../src/enrich/enrich.ts';
import { createNormaliseMacros } from '../src/match/normalise-sql.ts';
import { trainAndPredictAcceptance } from '../src/score/acceptance-model.ts';
import { auc } from '../src/score/model-monitoring.ts';
import { workFile } from '../src/pipeline/workdir.ts';
import { tmpDir, writeFile } from './helpers.ts';

const { dir, cleanup } = tmpDir('sx-acceptance-quality-');
afterAll(cleanup);

describe('acceptance model quality on a generated job', () => {
  it('ranks within 0.05 of the oracle AUC and is calibrated per decile', { timeout: 180_000 }, async () => {
    const seed = 11;
    const merchants = 20_000;
    const { out: network } = await generateNetwork({ merchants, seed, out: path.join(dir, 'network.parquet') });
    const work = path.join(dir, 'work');
    const suppliers = makeLabelledSuppliers({ networkSeed: seed, networkSize: merchants, present: 2400, absent: 600 });
    await ingestFile({
      file: writeFile(dir, 'suppliers.csv', labelledCsv(suppliers)),
      kind: 'suppliers',
      workDir: work,
    });
    await normaliseAndAggregate({ workDir: work });
    const net = await ensurePreparedNetwork(network, work);
    await matchSuppliers({ workDir: work, networkFile: net });
    await enrich({ workDir: work, networkFile: net });
    const { report, rows } = await withDb({}, async (db) => {
      await createNormaliseMacros(db);
      await db.run(`CREATE TABLE feat_src AS SELECT * FROM read_parquet(${lit(workFile(work, 'enriched'))})`);
      const report = await trainAndPredictAcceptance(db, { networkFile: net });
      const rows = await db.all<{ id: string; y: number; p: number }>(
        `SELECT f.matchedMerchantId AS id, f.cardAcceptor::INT AS y, a.acceptanceProbability AS p
         FROM feat_src f JOIN acceptance a USING (supplierKey) WHERE f.matchStatus = 'MATCHED'`,
      );
      return { report, rows };
    });
    expect(report).toMatchObject({ trained: true, network: true });
    expect(rows.length).toBeGreaterThan(2000);
    const index = (id: string) => Number(id.replace(/^\D+/, '')) - 1;
    const byIndex = merchantsAt(
      seed,
      rows.map((r) => index(r.id)),
    );
    const y = (r: { y: number }) => (Number(r.y) === 1 ? 1 : 0) as 0 | 1;
    const modelAuc = auc(rows.map((r) => ({ y: y(r), p: Number(r.p) })))!;
    const oracleAuc = auc(
      rows.map((r) => {
        const m = byIndex.get(index(r.id))!;
        return { y: y(r), p: acceptanceProbabilityOf(m.mcc, m.size) };
      }),
    )!;
    // The model learns: far from a coin, and close to what the generator's own probabilities reach.
    expect(modelAuc).toBeGreaterThan(0.58);
    expect(modelAuc).toBeGreaterThan(oracleAuc - 0.05);
    expect(report.metrics.auc).toBeCloseTo(modelAuc, 2);
    // Calibrated: each decile within 8 points (about 240 rows a decile: ±3 points of sampling noise alone).
    for (const b of report.calibration) expect(Math.abs(b.predicted - b.observed)).toBeLessThan(0.08);
  });
});
