/**
 * Match quality on real public data: the Fodors / Zagat restaurant guides (test/fixtures/restaurants, see its
 * README). The same business written by two guides becomes a network merchant and a supplier:
 *  - of each of the 112 labelled pairs, one record goes to the network and the other to the suppliers (sides
 *    alternate from pair to pair);
 *  - of the records in no pair, every third is a supplier absent from the network, the others are network
 *    merchants no supplier is.
 * The files go through the product path (ingest, normalise, match) and each confidence level is scored:
 * precision = correct matches / suppliers MATCHED at that level, recall = correct / suppliers present.
 */
import { readFileSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { ingestFile } from '../src/ingest/ingest.ts';
import { normaliseAndAggregate } from '../src/aggregate/normalise.ts';
import { matchSuppliers } from '../src/match/match.ts';
import { withDb, lit } from '../src/db.ts';

export const RESTAURANTS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'test',
  'fixtures',
  'restaurants',
);

export interface LevelQuality {
  predicted: number;
  correct: number;
  precision: number | null;
  recall: number;
}
export interface RestaurantQuality {
  network: number;
  suppliers: number;
  present: number;
  High: LevelQuality;
  'High+Medium': LevelQuality;
  wrong: { supplier: string; matched: string; confidence: string }[];
  missed: { supplier: string; truth: string; candidate: string | null; confidence: string | null }[];
}

/** Builds the network and supplier CSVs in `dir`; returns their paths and the true merchant per supplier. */
export function restaurantFiles(dir: string): { network: string; suppliers: string; truth: Map<string, string> } {
  type Row = { name: string; addr: string; city: string; phone: string };
  const rows = parse(readFileSync(path.join(RESTAURANTS_DIR, 'restaurant.csv')), {
    columns: true,
    trim: true,
  }) as Row[];
  const gold = parse(readFileSync(path.join(RESTAURANTS_DIR, 'restaurant_gold.csv')), {
    columns: true,
    trim: true,
  }) as { id_1: string; id_2: string }[];
  const paired = new Set<number>();
  const net: number[] = [];
  const sup: number[] = [];
  const truth = new Map<string, string>();
  gold.forEach((g, k) => {
    const a = Number(g.id_1);
    const b = Number(g.id_2);
    paired.add(a).add(b);
    const [n, s] = k % 2 === 0 ? [a, b] : [b, a];
    net.push(n);
    sup.push(s);
    truth.set(`S${s}`, `M${n}`);
  });
  let u = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (paired.has(i)) continue;
    if (u++ % 3 === 0) sup.push(i);
    else net.push(i);
  }
  const network = path.join(dir, 'network.csv');
  const suppliers = path.join(dir, 'suppliers.csv');
  writeFileSync(
    network,
    stringify([
      ['merchantId', 'name', 'addressLine1', 'city', 'country'],
      ...net.map((i) => [`M${i}`, rows[i - 1]!.name, rows[i - 1]!.addr, rows[i - 1]!.city, 'US']),
    ]),
  );
  writeFileSync(
    suppliers,
    stringify([
      ['Supplier ID', 'Supplier Name', 'Address', 'City', 'Country', 'Annual Spend'],
      ...sup.map((i) => [`S${i}`, rows[i - 1]!.name, rows[i - 1]!.addr, rows[i - 1]!.city, 'US', '1000']),
    ]),
  );
  return { network, suppliers, truth };
}

/** Runs ingest → normalise → match on the restaurant split in `workDir` and scores the result. */
export async function restaurantQuality(workDir: string): Promise<RestaurantQuality> {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const files = restaurantFiles(workDir);
  await ingestFile({ file: files.suppliers, kind: 'suppliers', workDir });
  await normaliseAndAggregate({ workDir });
  const m = await matchSuppliers({ workDir, networkFile: files.network });
  return withDb({}, async (db) => {
    await db.run(`CREATE TABLE truth (supplierId VARCHAR, merchantId VARCHAR)`);
    for (const [s, n] of files.truth) await db.run(`INSERT INTO truth VALUES (${lit(s)}, ${lit(n)})`);
    await db.run(`CREATE TABLE r AS SELECT s.sourceSupplierId AS supplierId, s.supplierName, t.merchantId AS truth,
        m.matchConfidence, m.matchedMerchantId, m.candidateMerchantId
      FROM read_parquet(${lit(path.join(workDir, 'suppliers.parquet'))}) s
      JOIN read_parquet(${lit(m.file)}) m USING (supplierKey) LEFT JOIN truth t ON t.supplierId = s.sourceSupplierId`);
    const present = files.truth.size;
    const level = async (where: string): Promise<LevelQuality> => {
      const x = (await db.one<{ predicted: number; correct: number }>(
        `SELECT count(*) AS predicted, count(*) FILTER (WHERE matchedMerchantId = truth) AS correct FROM r WHERE ${where}`,
      ))!;
      return {
        predicted: x.predicted,
        correct: x.correct,
        precision: x.predicted ? Math.round((x.correct / x.predicted) * 10000) / 10000 : null,
        recall: Math.round((x.correct / present) * 10000) / 10000,
      };
    };
    const net = parse(readFileSync(files.network), { columns: true }) as {
      merchantId: string;
      name: string;
      addressLine1: string;
    }[];
    const byId = new Map(net.map((n) => [n.merchantId, `${n.name}, ${n.addressLine1}`]));
    const sup = parse(readFileSync(files.suppliers), { columns: true }) as Record<string, string>[];
    const supById = new Map(sup.map((s) => [s['Supplier ID']!, `${s['Supplier Name']}, ${s['Address']}`]));
    const wrong = await db.all<{ supplierId: string; matchedMerchantId: string; matchConfidence: string }>(
      `SELECT supplierId, matchedMerchantId, matchConfidence FROM r WHERE matchedMerchantId IS NOT NULL AND matchedMerchantId IS DISTINCT FROM truth ORDER BY supplierId`,
    );
    const missed = await db.all<{
      supplierId: string;
      truth: string;
      candidateMerchantId: string | null;
      matchConfidence: string | null;
    }>(
      `SELECT supplierId, truth, candidateMerchantId, matchConfidence FROM r WHERE truth IS NOT NULL AND matchedMerchantId IS DISTINCT FROM truth ORDER BY supplierId`,
    );
    return {
      network: net.length,
      suppliers: sup.length,
      present,
      High: await level(`matchConfidence = 'High'`),
      'High+Medium': await level(`matchConfidence IN ('High', 'Medium')`),
      wrong: wrong.map((w) => ({
        supplier: supById.get(w.supplierId) ?? w.supplierId,
        matched: byId.get(w.matchedMerchantId) ?? w.matchedMerchantId,
        confidence: w.matchConfidence,
      })),
      missed: missed.map((w) => ({
        supplier: supById.get(w.supplierId) ?? w.supplierId,
        truth: byId.get(w.truth) ?? w.truth,
        candidate: w.candidateMerchantId ? (byId.get(w.candidateMerchantId) ?? w.candidateMerchantId) : null,
        confidence: w.matchConfidence,
      })),
    };
  });
}

// `node --import tsx bench/restaurants.ts [--verbose]`: prints the quality (and, verbose, every miss).
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const q = await restaurantQuality(
    path.join(RESTAURANTS_DIR, '..', '..', '..', '.bench-cache', `restaurants-${process.pid}`),
  );
  const verbose = process.argv.includes('--verbose');
  console.log(
    JSON.stringify(
      {
        stage: 'restaurants',
        ...q,
        wrong: verbose ? q.wrong : q.wrong.length,
        missed: verbose ? q.missed : q.missed.length,
      },
      null,
      verbose ? 1 : 0,
    ),
  );
}
