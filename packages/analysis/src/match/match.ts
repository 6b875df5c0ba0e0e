/**
 * Supplier matching against the reference network (DESIGN §4 step 3), entirely in DuckDB SQL.
 *
 * 1. Normalise (normalise-sql.ts): names (legal forms, honorifics, location noise, spaced initials,
 *    abbreviations, name parts) and street addresses (number and range, street, unit).
 * 2. Blocking — none needs a country or an address: exact normalised name, sorted tokens
 *    (word order), tax id, postcode, the supplier's rarest token-pair keys (pairs of name tokens and
 *    pairs of 3-letter token prefixes, so one typo or a reordering keeps a key; network document
 *    frequency ≤ MAX_KEY_DF), and the street address (number + street, with or without postcode).
 * 3. Pair evidence: name score (0.4 Jaro-Winkler + 0.6 soft token similarity, weaker direction),
 *    containment (stronger direction, or a part of a name in parts), shared word, acronym, and
 *    agree / differ / unknown for tax id, postcode, city, country, street number, street and address.
 * 4. One best candidate per supplier; its confidence comes from the first rule of the versioned match
 *    ruleset (rulesets/match-v3.json, rules.ts) that holds; a runner-up almost as good without
 *    distinguishing evidence lowers it one step. Only High and Medium are MATCHED: precision before
 *    recall; a Low candidate is kept as evidence for review but the supplier stays UNMATCHED.
 * 5. Evidence JSON per supplier: ruleset version, deciding rule, and per field
 *    [field, result, supplier value, merchant value] (normalised, as compared; fields unknown on both
 *    sides left out; no tax id values), name / street / total / runner-up scores.
 *
 * The SQL of each step is a named builder in match-sql.ts; matchSuppliers runs them in order.
 */
import path from 'node:path';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { AnalysisInputError } from '../errors.ts';
import { copyToParquet, lit, tempDirOf, withDb, type Db } from '../db.ts';
import { parseAddress } from '../address/parse-address.ts';
import { createNormaliseMacros } from './normalise-sql.ts';
import { importNetwork, isPreparedNetwork } from '../network/import.ts';
import { workFile } from '../pipeline/workdir.ts';
import type { ProgressFn } from '../progress.ts';
import { defaultMatchRuleset } from './rules.ts';
import type { TMatchRuleset } from './rules.ts';
import {
  ADDR_PARSED_TABLE,
  acronymKeysSql,
  addressFrequencySql,
  bestCandidateSql,
  blockingKeysSql,
  candidateJwSql,
  candidatePairsSql,
  confidenceCountsSql,
  finalConfidenceSql,
  keyFrequencySql,
  matchOutputSql,
  nameFrequenciesSql,
  nameTokensSql,
  networkColumnsSql,
  networkViewSql,
  confirmCandidatePairsSql,
  keptCandidatesSql,
  ruledCandidateSql,
  scorePairsSql,
  supplierAddressLinesSql,
  supplierAcronymKeysSql,
  supplierColumnsSql,
  supplierKeysSql,
  tokenFrequencySql,
  topCandidatesSql,
} from './match-sql.ts';

/** Format of the cached network blocking keys (bump when the name normalisation or the keys change). */
export const KEY_FORMAT = 'k4';
export interface MatchOptions {
  workDir: string;
  networkFile: string;
  onProgress?: ProgressFn;
  /** the match ruleset (default: rulesets/match-v3.json) */
  ruleset?: TMatchRuleset;
  /** where the matches are written (default: the working directory's matches.parquet; other networks elsewhere) */
  outFile?: string;
  /**
   * Further networks to match by the confirmatory match in the same session, after this network (docs/NETWORKS.md
   * "Matching"): the supplier side is reused, candidates come from exact keys and this network's best candidates'
   * names (confirmCandidatePairsSql), and each is decided by decideMatches as this one is.
   */
  further?: readonly FurtherNetwork[];
}

/** A further network for the confirmatory match: its (prepared) file, where its matches go, its name for progress. */
export interface FurtherNetwork {
  name: string;
  file: string;
  outFile: string;
}

export interface MatchResult {
  suppliers: number;
  matched: number;
  byConfidence: Record<'High' | 'Medium' | 'Low', number>;
  candidatePairs: number;
  file: string;
  networkFile: string;
  rulesetVersion: number;
  /** the further networks' matches (MatchOptions.further), in order; empty without */
  further: MatchResult[];
  /** wall-clock and CPU seconds of the further networks' matching (0 without) */
  furtherSeconds: number;
  furtherCpuSeconds: number;
}

/** Human-readable form of the confidence rules (from the match ruleset; kept in the README). */
export const MATCH_RULES = {
  version: defaultMatchRuleset().version,
  rules: defaultMatchRuleset().rules.map((r) => ({ id: r.id, confidence: r.confidence, description: r.description })),
  Ambiguity:
    'a different merchant within ambiguityMargin of the best score, without tax id / postcode / street address agreement for the best, lowers the confidence one step (not when the best is the only exact name match)',
} as const;

/**
 * Pair evidence and scores of candidate pairs: from `pairs` (sid, mid, jw) and the tables `sup` (sid, normalised
 * supplier columns) and `net` (mid, normalised merchant columns), creates `out` with the agreement of each field
 * (taxE, postcodeE, cityE, countryE, streetNumberE, streetE, addressE), nameScore and totalScore. The one scoring of
 * the matcher, also used by the vendor search.
 */
export async function scorePairs(
  db: Db,
  P: TMatchRuleset['parameters'],
  pairs: string,
  out: string,
  opts: { sup?: string; net?: string; supDf?: string; netDf?: string; merchants: number; temp?: boolean },
): Promise<void> {
  const { sup = 'sup', net = 'net', supDf = 'sup_df', netDf = 'net_df' } = opts;
  const create = opts.temp ? 'CREATE OR REPLACE TEMP TABLE' : 'CREATE TABLE';
  const pm = `${out}_pm`;
  const pair = `${out}_pair`;
  const rel = { pairs, sup, net, supDf, netDf, pm, pair };
  const sql = scorePairsSql(P, rel, opts.merchants);
  // the token matrix once per pair (a table); the evidence and the scores from it in one statement (a table less)
  await db.run(`${create} ${pm} AS ${sql.pm}`);
  await db.run(`${create} ${out} AS ${scorePairsSql(P, { ...rel, pair: `(${sql.pair})` }, opts.merchants).scored}`);
  await db.run(`DROP TABLE ${pm}`);
}

/** Makes sure the network is a prepared Parquet; imports (prepares) it into the working dir if not. */
export async function ensurePreparedNetwork(
  networkFile: string,
  workDir: string,
  onProgress?: ProgressFn,
): Promise<string> {
  if (!existsSync(networkFile))
    throw new AnalysisInputError('INVALID_NETWORK', 'network file not found', { file: networkFile });
  const prepared = await withDb({}, (db) => isPreparedNetwork(db, networkFile));
  if (prepared) return networkFile;
  const out = path.join(workDir, 'network.prepared.parquet');
  await importNetwork(networkFile, out, { onProgress, workDir });
  return out;
}

/**
 * The street line (house number and street) of each distinct supplier address, read by the shared address parser
 * (address/parse-address.ts, the one behind the address-parser tool): it takes the unit, PO box, city, region and
 * postcode off addresses written on one line ("123 Main St Apt 4, Springfield, IL 62701"). The street-address
 * macros then key it as they key the network's addresses; an address it cannot read keeps the raw line.
 */
export async function parseSupplierStreets(db: Db, suppliersFile: string): Promise<void> {
  await db.run(ADDR_PARSED_TABLE);
  const rows = await db.all<{ line: string; country: string | null }>(supplierAddressLinesSql(suppliersFile));
  if (!rows.length) return;
  const appender = await db.conn.createAppender('addr_parsed');
  for (const r of rows) {
    const p = parseAddress(r.line, { country: r.country });
    appender.appendVarchar(r.line);
    if (r.country === null) appender.appendNull();
    else appender.appendVarchar(r.country);
    const streetLine = p.street ? [p.houseNumber, p.street].filter(Boolean).join(' ') : null;
    if (streetLine === null) appender.appendNull();
    else appender.appendVarchar(streetLine);
    appender.endRow();
  }
  appender.closeSync();
}

/**
 * A table computed once per network and cached next to the prepared network (the file name carries the key format, so
 * a matcher with other keys never reads an older cache): read from the cache, or computed by `compute` (which creates
 * `table`) and written to it. `where`: only the rows this run needs are kept.
 */
export async function cachedNetworkTable(
  db: Db,
  net: string,
  table: string,
  suffix: string,
  compute: () => Promise<void>,
  where?: string,
): Promise<void> {
  const file = net.replace(/\.parquet$/i, '') + `.${suffix}-${KEY_FORMAT}.parquet`;
  if (existsSync(file) && statSync(file).mtimeMs >= statSync(net).mtimeMs) {
    try {
      await db.run(
        `CREATE TABLE ${table} AS SELECT * FROM read_parquet(${lit(file)})${where ? ` WHERE ${where}` : ''}`,
      );
      return;
    } catch {
      // An unreadable cache (e.g. left half-written by an older version) is rebuilt below.
      await db.run(`DROP TABLE IF EXISTS ${table}`);
    }
  }
  await compute();
  // Written under a unique name and renamed into place: concurrent matches (several jobs at once) never
  // read a half-written cache.
  const tmp = `${file}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await db.run(copyToParquet(`SELECT * FROM ${table}`, tmp));
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true }); // read-only network location: recompute next time
  }
  if (where) await db.run(`DELETE FROM ${table} WHERE NOT (${where})`);
}

/**
 * The network side of the blocking keys as `net_key` (token pairs, their prefixes, acronyms) and the network frequency
 * of each name token as `tok_df`, each computed once per network and cached.
 */
async function networkKeysAndFrequencies(db: Db, net: string): Promise<void> {
  await cachedNetworkTable(db, net, 'net_key', 'blocking-keys', async () => {
    await db.run(`CREATE TABLE net_tok AS ${nameTokensSql('net', 'mid')}`);
    await db.run(
      `CREATE TABLE net_key AS ${blockingKeysSql('net_tok', 'mid')} UNION ALL ${acronymKeysSql('net', 'mid', 'network')}`,
    );
    await db.run(`DROP TABLE net_tok`);
  });
  await cachedNetworkTable(db, net, 'tok_df', 'token-df', () =>
    db.run(`CREATE TABLE tok_df AS ${tokenFrequencySql('net')}`),
  );
}

/** Suppliers per confidence, from the written matches file. */
export async function confidenceCounts(db: Db, out: string) {
  const r = await db.all<{ c: string | null; n: number }>(confidenceCountsSql(out));
  const byConfidence = { High: 0, Medium: 0, Low: 0 };
  let suppliers = 0;
  for (const x of r) {
    suppliers += x.n;
    if (x.c === 'High' || x.c === 'Medium' || x.c === 'Low') byConfidence[x.c] = x.n;
  }
  return { suppliers, byConfidence, matched: byConfidence.High + byConfidence.Medium };
}

export async function matchSuppliers(options: MatchOptions): Promise<MatchResult> {
  const { workDir } = options;
  const rs = options.ruleset ?? defaultMatchRuleset();
  const P = rs.parameters;
  const onProgress = options.onProgress ?? (() => {});
  onProgress(1, 'Preparing network');
  const net = await ensurePreparedNetwork(options.networkFile, workDir, (p, m) => onProgress(p * 0.2, m));
  const out = options.outFile ?? workFile(workDir, 'matches');
  const suppliersFile = workFile(workDir, 'suppliers');
  const further = options.further ?? [];
  const furtherFiles: string[] = [];
  for (const n of further) {
    furtherFiles.push(await ensurePreparedNetwork(n.file, workDir));
    mkdirSync(path.dirname(n.outFile), { recursive: true });
  }
  return withDb({ tempDir: tempDirOf(workDir) }, async (db) => {
    const table = (name: string, sql: string) => db.run(`CREATE TABLE ${name} AS ${sql}`);
    await createNormaliseMacros(db);
    onProgress(20, 'Normalising supplier names');
    await table('net0', networkColumnsSql(net));
    await db.run(`CREATE VIEW net AS ${networkViewSql('net0')}`);
    await parseSupplierStreets(db, suppliersFile);
    await table('sup', supplierColumnsSql(suppliersFile));

    onProgress(30, 'Blocking');
    await networkKeysAndFrequencies(db, net);
    await table('key_df', keyFrequencySql('net_key'));
    await table('sup_tok', nameTokensSql('sup', 'sid'));
    await table('sup_key', supplierKeysSql('sup_tok', 'key_df'));
    await db.run(`INSERT INTO sup_key ${supplierAcronymKeysSql('sup', 'key_df')}`);
    await table('addr_df', addressFrequencySql());
    await table('cand', candidatePairsSql(P));
    // Intermediate tables are dropped as soon as they are used: the peak memory is the sum of what is alive.
    await db.run(`DROP TABLE net_key; DROP TABLE key_df; DROP TABLE sup_tok; DROP TABLE sup_key; DROP TABLE addr_df`);
    const candidatePairs = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM cand`))!.n;

    onProgress(50, `Scoring ${candidatePairs} candidate pairs`);
    const share = further.length ? 0.8 : 1;
    // the further networks' cost (furtherSeconds, furtherCpuSeconds): the names kept for them, and their match
    let furtherMs = 0;
    let furtherCpu = 0;
    const timed = async (fn: () => Promise<void>) => {
      const t = performance.now();
      const c = process.cpuUsage();
      await fn();
      const u = process.cpuUsage(c);
      furtherMs += performance.now() - t;
      furtherCpu += (u.user + u.system) / 1e6;
    };
    const { suppliers, matched, byConfidence } = await decideMatches(db, rs, net, out, {
      onProgress: (p, m) => onProgress(p * share, m),
      // the names further networks look for, while every scored pair of this network is still there
      onScored: further.length
        ? () => timed(() => db.run(`CREATE TABLE kept_cand AS ${keptCandidatesSql(rs.parameters, 'scored')}`))
        : undefined,
    });
    const furtherResults: MatchResult[] = [];
    if (further.length) {
      await db.run(`DROP VIEW net; DROP TABLE net0`);
      await timed(async () => {
        furtherResults.push(
          ...(await confirmNetworksIn(
            db,
            rs,
            further.map((n, i) => ({ ...n, file: furtherFiles[i]! })),
            (p, m) => onProgress(80 + p * 0.2, m),
          )),
        );
      });
    }
    onProgress(100, `${matched} of ${suppliers} suppliers matched`);
    return {
      suppliers,
      matched,
      byConfidence,
      candidatePairs,
      file: out,
      networkFile: net,
      rulesetVersion: rs.version,
      further: furtherResults,
      furtherSeconds: furtherMs / 1000,
      furtherCpuSeconds: furtherCpu,
    };
  });
}

/**
 * The confirmatory match of further networks in a session that holds the normalised suppliers (`sup`) and the names
 * of their best candidates in the reference network (`kept_cand`: sid, nameSorted): for each network, its matching
 * columns and token frequencies, the candidate pairs by exact keys (confirmCandidatePairsSql), decided by
 * decideMatches as the reference network's are. `networks[].file`: prepared Parquet.
 */
export async function confirmNetworksIn(
  db: Db,
  rs: TMatchRuleset,
  networks: readonly FurtherNetwork[],
  onProgress: ProgressFn,
): Promise<MatchResult[]> {
  const results: MatchResult[] = [];
  for (const [i, n] of networks.entries()) {
    const share = 100 / networks.length;
    const progress: ProgressFn = (p, m) => onProgress(i * share + (p / 100) * share, `${n.name}: ${m}`);
    progress(5, 'Confirming the matches');
    await db.run(`CREATE TABLE net0 AS ${networkColumnsSql(n.file)}`);
    await db.run(`CREATE VIEW net AS ${networkViewSql('net0')}`);
    await cachedNetworkTable(db, n.file, 'tok_df', 'token-df', () =>
      db.run(`CREATE TABLE tok_df AS ${tokenFrequencySql('net')}`),
    );
    await db.run(`CREATE TABLE cand AS ${confirmCandidatePairsSql('kept_cand')}`);
    const candidatePairs = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM cand`))!.n;
    progress(30, `Scoring ${candidatePairs} candidate pairs`);
    const r = await decideMatches(db, rs, n.file, n.outFile, { onProgress: progress });
    await db.run(`DROP VIEW net; DROP TABLE net0`);
    progress(100, `${r.matched} of ${r.suppliers} suppliers matched`);
    results.push({
      ...r,
      candidatePairs,
      file: n.outFile,
      networkFile: n.file,
      rulesetVersion: rs.version,
      further: [],
      furtherSeconds: 0,
      furtherCpuSeconds: 0,
    });
  }
  return results;
}

/**
 * From the candidate pairs in `cand` (sid, mid) against the network `net` (and its token frequencies `tok_df`): the
 * name Jaro-Winkler of each pair, the best MAX_SCORED_CANDIDATES per supplier, their evidence and scores, the best
 * candidate with the ruleset's confidence and the ambiguity step, written to `out` (one row per supplier of `sup`).
 * The one decision of every match, the reference network's and each further network's (confirm.ts). `onScored` runs
 * while every scored pair is still in `scored`.
 */
export async function decideMatches(
  db: Db,
  rs: TMatchRuleset,
  net: string,
  out: string,
  opts: { onProgress: ProgressFn; onScored?: () => Promise<void> },
): Promise<{ suppliers: number; matched: number; byConfidence: Record<'High' | 'Medium' | 'Low', number> }> {
  const P = rs.parameters;
  const table = (name: string, sql: string) => db.run(`CREATE TABLE ${name} AS ${sql}`);
  // the name Jaro-Winkler of every candidate pair (pair0), kept for the best of each supplier: one statement
  await table('pair1', topCandidatesSql(`(${candidateJwSql('cand')})`));
  await db.run(`DROP TABLE cand`);
  await table('sup_df', nameFrequenciesSql('sup', 'sid', 'tok_df', 'WHERE sid IN (SELECT sid FROM pair1)'));
  // the frequencies of every merchant's name tokens, computed once per network and cached; the candidates' read
  await cachedNetworkTable(
    db,
    net,
    'net_df',
    'name-df',
    () => db.run(`CREATE TABLE net_df AS ${nameFrequenciesSql('net', 'mid', 'tok_df')}`),
    'mid IN (SELECT mid FROM pair1)',
  );
  const merchants = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM net0`))!.n;
  await scorePairs(db, P, 'pair1', 'scored', { merchants });
  await db.run(`DROP TABLE pair1; DROP TABLE tok_df; DROP TABLE sup_df; DROP TABLE net_df`);
  await opts.onScored?.();

  opts.onProgress(75, 'Choosing best matches');
  // each supplier's best candidate (ranked), its merchant and rule (best), its final confidence (final), as
  // subqueries of the statement writing the matches: materialising each as a table cost more than computing it
  const ranked = `(${bestCandidateSql('scored')})`;
  const final = `(${finalConfidenceSql(P, `(${ruledCandidateSql(rs, ranked)})`)})`;
  // a working file, read by the next steps of this run: snappy, cheaper to write than zstd
  await db.run(copyToParquet(matchOutputSql(rs.version, final), out, 'snappy'));
  await db.run(`DROP TABLE scored`);
  return confidenceCounts(db, out);
}
