/**
 * The confirmatory match of further networks on its own (docs/NETWORKS.md "Matching"), for a working directory
 * whose reference match has already run without them: the supplier side is normalised again and each supplier's
 * best candidate in the reference network (matches.parquet) gives the names looked for. The match step matches
 * further networks in the reference match's own session instead (MatchOptions.further: the supplier side reused,
 * the best candidate and a close or strong runner-up looked for), so this is the fallback, with the same candidates,
 * scoring, ruleset and ambiguity step (match.ts confirmNetworksIn).
 *
 * What the confirmatory match does not find, by design: a merchant only a further network lists, under a name
 * neither the supplier's nor one of its reference candidates', and without a tax id or a street address and postcode
 * in common. `npm run bench -- networks` measures how often the full matcher would have decided otherwise;
 * NETWORKS_MATCH=full runs the full matcher instead.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { lit, tempDirOf, withDb } from '../db.ts';
import { workFile } from '../pipeline/workdir.ts';
import type { ProgressFn } from '../progress.ts';
import {
  confirmNetworksIn,
  ensurePreparedNetwork,
  parseSupplierStreets,
  type FurtherNetwork,
  type MatchResult,
} from './match.ts';
import { supplierColumnsSql } from './match-sql.ts';
import { createNormaliseMacros } from './normalise-sql.ts';
import { defaultMatchRuleset, type TMatchRuleset } from './rules.ts';

export interface ConfirmOptions {
  workDir: string;
  /** the reference network the suppliers were matched against (prepared Parquet) */
  primaryNetworkFile: string;
  networks: readonly FurtherNetwork[];
  ruleset?: TMatchRuleset;
  onProgress?: ProgressFn;
}

/** Matches the suppliers against each further network (confirmatory candidates), one DuckDB session for all. */
export async function confirmMatchNetworks(options: ConfirmOptions): Promise<MatchResult[]> {
  const { workDir } = options;
  const rs = options.ruleset ?? defaultMatchRuleset();
  const networks: FurtherNetwork[] = [];
  for (const n of options.networks) {
    networks.push({ ...n, file: await ensurePreparedNetwork(n.file, workDir) });
    mkdirSync(path.dirname(n.outFile), { recursive: true });
  }
  return withDb({ tempDir: tempDirOf(workDir) }, async (db) => {
    await createNormaliseMacros(db);
    const suppliersFile = workFile(workDir, 'suppliers');
    await parseSupplierStreets(db, suppliersFile);
    await db.run(`CREATE TABLE sup AS ${supplierColumnsSql(suppliersFile)}`);
    await db.run(
      `CREATE TABLE kept_cand AS SELECT DISTINCT s.sid, n.nameSorted, TRUE AS isBest, TRUE AS close
         FROM read_parquet(${lit(workFile(workDir, 'matches'))}) m JOIN sup s USING (supplierKey)
         JOIN read_parquet(${lit(options.primaryNetworkFile)}) n ON n.merchantId = m.candidateMerchantId
         WHERE n.nameSorted <> ''`,
    );
    return confirmNetworksIn(db, rs, networks, options.onProgress ?? (() => {}));
  });
}
