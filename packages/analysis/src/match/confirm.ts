/**
 * The confirmatory match of further networks (issue #34 point 3; docs/NETWORKS.md "Matching"): every supplier against
 * each further network with the same scoring, the same match ruleset and the same ambiguity step as the reference
 * network's match (decideMatches), but candidates found only by exact keys — the supplier's own sorted-token name,
 * tax id, street address and postcode, and the names of its two best candidates in the reference network (a merchant
 * listed by both networks has the same name in both; a typo in the supplier's name was already bridged there by the
 * full blocking). The supplier side is the one the reference match kept (match-suppliers.parquet,
 * match-candidates.parquet), so a further network costs its candidate pairs, not a second match.
 *
 * What it does not find, by design: a merchant only a further network lists, under a name neither the supplier's nor
 * one of its reference candidates', and without a tax id or street address in common. `npm run bench -- networks`
 * measures how often the full matcher would have decided otherwise; NETWORKS_MATCH=full runs the full matcher instead.
 */
import { existsSync } from 'node:fs';
import { lit, tempDirOf, withDb, type Db } from '../db.ts';
import { workFile } from '../pipeline/workdir.ts';
import type { ProgressFn } from '../progress.ts';
import {
  cachedNetworkTable,
  decideMatches,
  ensurePreparedNetwork,
  parseSupplierStreets,
  type MatchResult,
} from './match.ts';
import {
  confirmCandidatePairsSql,
  networkColumnsSql,
  networkViewSql,
  supplierColumnsSql,
  tokenFrequencySql,
} from './match-sql.ts';
import { createNormaliseMacros } from './normalise-sql.ts';
import { defaultMatchRuleset, type TMatchRuleset } from './rules.ts';

export interface ConfirmNetwork {
  /** the network's prepared Parquet (or a file in the documented layout, prepared into the working dir) */
  file: string;
  /** where its matches are written (as matches.parquet) */
  outFile: string;
  /** shown in progress messages */
  name: string;
}

export interface ConfirmOptions {
  workDir: string;
  /** the reference network the suppliers were matched against (its candidates' names, when the match kept none) */
  primaryNetworkFile: string;
  networks: readonly ConfirmNetwork[];
  ruleset?: TMatchRuleset;
  onProgress?: ProgressFn;
}

/**
 * The supplier side as `sup` and the reference candidates' names as `kept_cand`: from the files the reference match
 * kept, else (a working directory matched without keepSupplierSide) normalised again, with the reference network's
 * best candidate of each supplier (matches.parquet) as its only kept name.
 */
async function supplierSide(db: Db, workDir: string, primaryNetworkFile: string): Promise<void> {
  const kept = workFile(workDir, 'matchSuppliers');
  const keptCand = workFile(workDir, 'matchCandidates');
  if (existsSync(kept) && existsSync(keptCand)) {
    await db.run(`CREATE TABLE sup AS SELECT * FROM read_parquet(${lit(kept)})`);
    await db.run(`CREATE TABLE kept_cand AS SELECT * FROM read_parquet(${lit(keptCand)})`);
    return;
  }
  const suppliersFile = workFile(workDir, 'suppliers');
  await parseSupplierStreets(db, suppliersFile);
  await db.run(`CREATE TABLE sup AS ${supplierColumnsSql(suppliersFile)}`);
  await db.run(
    `CREATE TABLE kept_cand AS SELECT DISTINCT s.sid, n.nameSorted
       FROM read_parquet(${lit(workFile(workDir, 'matches'))}) m JOIN sup s USING (supplierKey)
       JOIN read_parquet(${lit(primaryNetworkFile)}) n ON n.merchantId = m.candidateMerchantId
       WHERE n.nameSorted <> ''`,
  );
}

/** Matches the suppliers against each further network (confirmatory candidates), one DuckDB session for all. */
export async function confirmMatchNetworks(options: ConfirmOptions): Promise<MatchResult[]> {
  const { workDir } = options;
  const rs = options.ruleset ?? defaultMatchRuleset();
  const onProgress = options.onProgress ?? (() => {});
  const prepared: string[] = [];
  for (const n of options.networks) prepared.push(await ensurePreparedNetwork(n.file, workDir));
  return withDb({ tempDir: tempDirOf(workDir) }, async (db) => {
    await createNormaliseMacros(db);
    await supplierSide(db, workDir, options.primaryNetworkFile);
    const results: MatchResult[] = [];
    for (const [i, n] of options.networks.entries()) {
      const share = 100 / options.networks.length;
      const progress: ProgressFn = (p, m) => onProgress(i * share + (p / 100) * share, `${n.name}: ${m}`);
      const net = prepared[i]!;
      progress(5, 'Confirming the matches');
      await db.run(`CREATE TABLE net0 AS ${networkColumnsSql(net)}`);
      await db.run(`CREATE VIEW net AS ${networkViewSql('net0')}`);
      await cachedNetworkTable(db, net, 'tok_df', 'token-df', () =>
        db.run(`CREATE TABLE tok_df AS ${tokenFrequencySql('net')}`),
      );
      await db.run(`CREATE TABLE cand AS ${confirmCandidatePairsSql('kept_cand')}`);
      const candidatePairs = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM cand`))!.n;
      progress(30, `Scoring ${candidatePairs} candidate pairs`);
      const r = await decideMatches(db, rs, net, n.outFile, { onProgress: progress });
      await db.run(`DROP VIEW net; DROP TABLE net0`);
      progress(100, `${r.matched} of ${r.suppliers} suppliers matched`);
      results.push({
        ...r,
        candidatePairs,
        file: n.outFile,
        networkFile: net,
        rulesetVersion: rs.version,
        supplierSideSeconds: 0,
      });
    }
    return results;
  });
}
