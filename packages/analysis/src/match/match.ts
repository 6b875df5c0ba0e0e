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
 *    ruleset (rulesets/match-v2.json, rules.ts) that holds; a runner-up almost as good without
 *    distinguishing evidence lowers it one step. Only High and Medium are MATCHED: precision before
 *    recall; a Low candidate is kept as evidence for review but the supplier stays UNMATCHED.
 * 5. Evidence JSON per supplier: ruleset version, deciding rule, and per field
 *    [field, result, supplier value, merchant value] (normalised, as compared; fields unknown on both
 *    sides left out; no tax id values), name / street / total / runner-up scores.
 */
import path from 'node:path';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { AnalysisInputError } from '../errors.ts';
import { copyToParquet, lit, tempDirOf, withDb, type Db } from '../db.ts';
import { parseAddress } from '../address/parse-address.ts';
import { createNormaliseMacros } from './normalise-sql.ts';
import { importNetwork, isPreparedNetwork } from '../network/import.ts';
import { workFile } from '../pipeline/workdir.ts';
import type { ProgressFn } from '../progress.ts';
import { defaultMatchRuleset, rulesSql } from './rules.ts';
import type { TMatchRuleset } from './rules.ts';

/** Blocking keys shared by more merchants than this are too common to block on. */
export const MAX_KEY_DF = 200;
export const KEYS_PER_SUPPLIER = 3;
/**
 * A supplier's second and third keys are used only while the network frequencies of its keys add up to
 * at most this: the rarest key finds the merchant; common extra keys only added look-alike candidates
 * (on the 1M benchmark, 71 % fewer candidate pairs with slightly better precision and recall).
 */
export const KEY_DF_BUDGET = 40;
/** Format of the cached network blocking keys (bump when the name normalisation or the keys change). */
export const KEY_FORMAT = 'k2';
/** Only the best candidates by name Jaro-Winkler (and tax-id hits) get the full similarity scoring. */
export const MAX_SCORED_CANDIDATES = 8;
/** Exact-name blocks on names this common in the network are skipped (ambiguous anyway). */
export const MAX_NAME_DF = 50;

export interface MatchOptions {
  workDir: string;
  networkFile: string;
  onProgress?: ProgressFn;
  /** the match ruleset (default: rulesets/match-v2.json) */
  ruleset?: TMatchRuleset;
}

export interface MatchResult {
  suppliers: number;
  matched: number;
  byConfidence: Record<'High' | 'Medium' | 'Low', number>;
  candidatePairs: number;
  file: string;
  networkFile: string;
  rulesetVersion: number;
}

/** Human-readable form of the confidence rules (from the match ruleset; kept in the README). */
export const MATCH_RULES = {
  version: defaultMatchRuleset().version,
  rules: defaultMatchRuleset().rules.map((r) => ({ id: r.id, confidence: r.confidence, description: r.description })),
  Ambiguity:
    'a different merchant within ambiguityMargin of the best score, without tax id / postcode / street address agreement for the best, lowers the confidence one step (not when the best is the only exact name match)',
} as const;

/**
 * Blocking keys of a token table (id, tok): unordered pairs of distinct name tokens, and pairs of their 3-letter
 * prefixes (a typo after the third letter keeps the key); one-token names use the token itself.
 */
export function blockingKeysSql(tokTable: string, id: string): string {
  return `
        SELECT a.${id}, a.tok || '|' || b.tok AS key FROM ${tokTable} a JOIN ${tokTable} b ON a.${id} = b.${id} AND a.tok < b.tok
        UNION SELECT a.${id}, '~' || substr(a.tok, 1, 3) || '|' || substr(b.tok, 1, 3) FROM ${tokTable} a JOIN ${tokTable} b ON a.${id} = b.${id} AND substr(a.tok, 1, 3) < substr(b.tok, 1, 3)
        UNION SELECT ${id}, min(tok) FROM ${tokTable} GROUP BY ${id} HAVING count(*) = 1`;
}

/** Name Jaro-Winkler of a pair (s = supplier, n = merchant): the best of as-is and sorted tokens. */
export const NAME_JW_SQL =
  'greatest(jaro_winkler_similarity(s.nameCore, n.nameCore), jaro_winkler_similarity(s.nameSorted, n.nameSorted))';

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
  opts: { sup?: string; net?: string; temp?: boolean } = {},
): Promise<void> {
  const { sup = 'sup', net = 'net' } = opts;
  const create = opts.temp ? 'CREATE OR REPLACE TEMP TABLE' : 'CREATE TABLE';
  const pm = `${out}_pm`;
  const pair = `${out}_pair`;
  const sql = scorePairsSql(P, { pairs, sup, net, pm, pair });
  await db.run(`${create} ${pm} AS ${sql.pm}`);
  await db.run(`${create} ${pair} AS ${sql.pair}`);
  await db.run(`DROP TABLE ${pm}`);
  await db.run(`${create} ${out} AS ${sql.scored}`);
  await db.run(`DROP TABLE ${pair}`);
}

/**
 * The three steps of scorePairs as queries: `pm` reads `pairs`, `sup` and `net`; `pair` reads the relation named
 * `pm`; `scored` reads the relation named `pair` (tables in a job's run, common table expressions in vendor search).
 */
export function scorePairsSql(
  P: TMatchRuleset['parameters'],
  rel: { pairs: string; sup: string; net: string; pm: string; pair: string },
): { pm: string; pair: string; scored: string } {
  const { pairs, sup, net, pm, pair } = rel;
  // Token similarity matrix (supplier tokens × merchant tokens) computed once; soft similarity is the
  // weaker of the row-wise and column-wise best-match averages, containment the stronger, or how fully one
  // part of a name in parts ("Lakeview Youth Alliance - Little Steps", "… dba …") is found in the other name.
  const pmSql = `SELECT p.sid, p.mid, p.jw,
        list_transform(s.nameTokens, x -> list_transform(n.nameTokens, y -> jaro_winkler_similarity(x, y))) AS tm,
        greatest(
          list_max(list_transform(n.nameSegments, seg -> list_avg(list_transform(seg, y -> list_max(list_transform(s.nameTokens, x -> jaro_winkler_similarity(x, y))))))),
          list_max(list_transform(s.nameSegments, seg -> list_avg(list_transform(seg, x -> list_max(list_transform(n.nameTokens, y -> jaro_winkler_similarity(x, y)))))))) AS segContain,
        len(list_filter(list_intersect(s.nameTokens, n.nameTokens), t -> length(t) >= 3)) > 0 AS sharedWord,
        (len(s.nameTokens) = 1 AND len(n.nameTokens) >= 2 AND length(s.nameTokens[1]) >= 2 AND s.nameTokens[1] = array_to_string(list_transform(n.nameTokens, t -> t[1]), ''))
          OR (len(n.nameTokens) = 1 AND len(s.nameTokens) >= 2 AND length(n.nameTokens[1]) >= 2 AND n.nameTokens[1] = array_to_string(list_transform(s.nameTokens, t -> t[1]), '')) AS acronym,
        CASE WHEN s.taxNorm IS NOT NULL AND n.taxNorm IS NOT NULL THEN s.taxNorm = n.taxNorm END AS taxAgrees,
        CASE WHEN s.postcodeNorm IS NOT NULL AND n.postcodeNorm IS NOT NULL THEN s.postcodeNorm = n.postcodeNorm END AS postcodeAgrees,
        CASE WHEN s.cityNorm IS NOT NULL AND n.cityNorm IS NOT NULL THEN jaro_winkler_similarity(s.cityNorm, n.cityNorm) >= ${P.cityAgreesAtLeast} END AS cityAgrees,
        CASE WHEN s.country IS NOT NULL AND n.country IS NOT NULL THEN s.country = n.country END AS countryAgrees,
        CASE WHEN s.addrNum IS NOT NULL AND n.addrNum IS NOT NULL THEN s.addrNum <= n.addrNumHi AND n.addrNum <= s.addrNumHi END AS numAgrees,
        CASE WHEN s.addrStreet IS NOT NULL AND n.addrStreet IS NOT NULL THEN jaro_winkler_similarity(s.addrStreet, n.addrStreet) END AS addressScore
      FROM ${pairs} p JOIN ${sup} s USING (sid) JOIN ${net} n USING (mid)`;
  const e = (b: string) => `CASE WHEN ${b} IS NULL THEN 'unknown' WHEN ${b} THEN 'agree' ELSE 'differ' END`;
  const pairSql = `SELECT * EXCLUDE (tm, r, c, segContain),
        least(r, c) AS soft, greatest(r, c, coalesce(segContain, 0)) AS contain,
        ${e('taxAgrees')} AS taxE, ${e('postcodeAgrees')} AS postcodeE, ${e('cityAgrees')} AS cityE, ${e('countryAgrees')} AS countryE,
        ${e('numAgrees')} AS streetNumberE,
        CASE WHEN addressScore >= ${P.streetAgreesAtLeast} THEN 'agree' WHEN addressScore < ${P.streetDiffersBelow} THEN 'differ' ELSE 'unknown' END AS streetE,
        CASE WHEN numAgrees AND addressScore >= ${P.streetAgreesAtLeast} THEN 'agree'
             WHEN numAgrees IS NOT NULL AND addressScore IS NOT NULL AND (NOT numAgrees OR addressScore < ${P.streetDiffersBelow}) THEN 'differ'
             ELSE 'unknown' END AS addressE
      FROM (SELECT *, list_avg(list_transform(tm, r -> list_max(r))) AS r,
          list_avg(list_transform(range(1, len(tm[1]) + 1), j -> list_max(list_transform(tm, r -> r[j])))) AS c FROM ${pm})`;
  const scoredSql = `SELECT *,
        round(0.4 * jw + 0.6 * soft, 4) AS nameScore,
        round(0.4 * jw + 0.6 * soft + 0.05 * contain + 0.3 * (taxE = 'agree')::INT + 0.12 * (postcodeE = 'agree')::INT + 0.15 * (addressE = 'agree')::INT
          + 0.04 * (cityE = 'agree')::INT - 0.3 * (countryE = 'differ')::INT - 0.08 * (postcodeE = 'differ')::INT
          - 0.05 * (cityE = 'differ')::INT - 0.12 * (addressE = 'differ')::INT, 4) AS totalScore
      FROM ${pair}`;
  return { pm: pmSql, pair: pairSql, scored: scoredSql };
}

/**
 * The confidence after the ambiguity rule: a different merchant within ambiguityMargin of the best score, without tax
 * id / postcode / street address agreement for the best, lowers the confidence one step (columns rawConfidence,
 * runnerUp, totalScore, nameScore and the agreements).
 */
export function ambiguousConfidenceSql(P: TMatchRuleset['parameters']): string {
  return `CASE WHEN rawConfidence IS NOT NULL AND runnerUp IS NOT NULL AND runnerUp >= totalScore - ${P.ambiguityMargin}
               AND NOT (taxE = 'agree' OR postcodeE = 'agree' OR addressE = 'agree')
               AND NOT (nameScore >= 1 AND runnerUp < totalScore)
             THEN CASE rawConfidence WHEN 'High' THEN 'Medium' WHEN 'Medium' THEN 'Low' ELSE 'Low' END ELSE rawConfidence END`;
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
async function parseSupplierStreets(db: Db, suppliersFile: string): Promise<void> {
  await db.run(`CREATE TABLE addr_parsed (line VARCHAR, country VARCHAR, streetLine VARCHAR)`);
  const rows = await db.all<{ line: string; country: string | null }>(
    `SELECT DISTINCT addressLine1 AS line, country FROM read_parquet(${lit(suppliersFile)}) WHERE nullif(trim(addressLine1), '') IS NOT NULL`,
  );
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

export async function matchSuppliers(options: MatchOptions): Promise<MatchResult> {
  const { workDir } = options;
  const rs = options.ruleset ?? defaultMatchRuleset();
  const P = rs.parameters;
  const onProgress = options.onProgress ?? (() => {});
  onProgress(1, 'Preparing network');
  const net = await ensurePreparedNetwork(options.networkFile, workDir, (p, m) => onProgress(p * 0.2, m));
  const out = workFile(workDir, 'matches');
  return withDb({ tempDir: tempDirOf(workDir) }, async (db) => {
    await createNormaliseMacros(db);
    onProgress(20, 'Normalising supplier names');
    await db.run(
      `CREATE TABLE net0 AS SELECT merchantId, nameTokens, nameCore, nameSorted, postcodeNorm, cityNorm, taxNorm, country, addrNum, addrNumHi, addrStreet, nameSegments FROM read_parquet(${lit(net)})`,
    );
    // mid: the merchant's position in the network file (as the cached blocking keys number them). A fresh
    // table keeps the file order, so its rowid is that position, without a single-threaded window.
    await db.run(`CREATE VIEW net AS SELECT rowid + 1 AS mid, * FROM net0`);
    await parseSupplierStreets(db, workFile(workDir, 'suppliers'));
    // sid: an integer surrogate of supplierKey, so the candidate tables group and join on integers.
    await db.run(`CREATE TABLE sup AS SELECT * EXCLUDE (a0), array_to_string(nameTokens, ' ') AS nameCore, array_to_string(list_sort(nameTokens), ' ') AS nameSorted,
        sx_addr_num(a0) AS addrNum, sx_addr_num_hi(a0) AS addrNumHi, sx_addr_street(a0) AS addrStreet FROM (
        SELECT row_number() OVER () AS sid, supplierKey, sx_name_tokens(supplierName) AS nameTokens, sx_name_segments(supplierName) AS nameSegments, sx_postcode(postcode) AS postcodeNorm, sx_addr_base(coalesce(ap.streetLine, addressLine1)) AS a0,
               nullif(sx_clean(city), '') AS cityNorm, sx_taxid(taxId) AS taxNorm, s0.country
        FROM read_parquet(${lit(workFile(workDir, 'suppliers'))}) s0
        LEFT JOIN addr_parsed ap ON ap.line = s0.addressLine1 AND ap.country IS NOT DISTINCT FROM s0.country)`);
    onProgress(30, 'Blocking');
    const keys = blockingKeysSql;
    // The network side of the blocking keys is cached next to the prepared network (computed once per network;
    // the file name carries the key format, so a matcher with other keys never reads an older cache).
    const keysFile = net.replace(/\.parquet$/i, '') + `.blocking-keys-${KEY_FORMAT}.parquet`;
    let cached = false;
    if (existsSync(keysFile) && statSync(keysFile).mtimeMs >= statSync(net).mtimeMs) {
      try {
        await db.run(`CREATE TABLE net_key AS SELECT * FROM read_parquet(${lit(keysFile)})`);
        cached = true;
      } catch {
        // An unreadable cache (e.g. left half-written by an older version) is rebuilt below.
        await db.run(`DROP TABLE IF EXISTS net_key`);
      }
    }
    if (!cached) {
      await db.run(`CREATE TABLE net_tok AS SELECT DISTINCT mid, unnest(nameTokens) AS tok FROM net`);
      await db.run(`CREATE TABLE net_key AS ${keys('net_tok', 'mid')}`);
      // Written under a unique name and renamed into place: concurrent matches (several jobs at once) never
      // read a half-written cache.
      const tmp = `${keysFile}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        await db.run(copyToParquet(`SELECT * FROM net_key`, tmp));
        renameSync(tmp, keysFile);
      } catch {
        rmSync(tmp, { force: true }); // read-only network location: recompute next time
      }
    }
    await db.run(`CREATE TABLE key_df AS SELECT key, count(*) AS df FROM net_key GROUP BY key`);
    await db.run(`CREATE TABLE sup_tok AS SELECT DISTINCT sid, unnest(nameTokens) AS tok FROM sup`);
    await db.run(`CREATE TABLE sup_key AS SELECT sid, key, df FROM (
        SELECT sid, key, df, row_number() OVER w AS rk, sum(df) OVER w AS cum FROM (${keys('sup_tok', 'sid')}) JOIN key_df USING (key)
        WHERE df <= ${MAX_KEY_DF} WINDOW w AS (PARTITION BY sid ORDER BY df, key ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))
      WHERE rk <= ${KEYS_PER_SUPPLIER} AND (rk = 1 OR cum <= ${KEY_DF_BUDGET})`);
    // Street-address blocking (any name): same street number and street name, where at most
    // addressKeyMaxMerchants merchants share them, or with the same postcode as well.
    await db.run(`CREATE TABLE addr_df AS SELECT addrNum, addrStreet, count(*) AS df FROM net
        SEMI JOIN (SELECT DISTINCT addrNum, addrStreet FROM sup WHERE addrNum IS NOT NULL AND addrStreet IS NOT NULL) k USING (addrNum, addrStreet)
        GROUP BY ALL`);
    await db.run(`CREATE TABLE cand AS SELECT DISTINCT sid, mid FROM (
        SELECT s.sid, n.mid FROM sup s JOIN net n ON n.nameSorted = s.nameSorted
        WHERE s.nameSorted <> '' AND s.nameSorted NOT IN (SELECT nameSorted FROM net GROUP BY nameSorted HAVING count(*) > ${MAX_NAME_DF})
        UNION ALL SELECT s.sid, n.mid FROM sup s JOIN net n ON n.taxNorm = s.taxNorm WHERE length(s.taxNorm) >= 6
        UNION ALL SELECT k.sid, nk.mid FROM sup_key k JOIN net_key nk USING (key)
        UNION ALL SELECT s.sid, n.mid FROM sup s JOIN net n ON n.postcodeNorm = s.postcodeNorm
          WHERE length(s.postcodeNorm) >= 4 AND jaro_winkler_similarity(s.nameSorted, n.nameSorted) >= 0.8
        UNION ALL SELECT s.sid, n.mid FROM sup s JOIN addr_df d USING (addrNum, addrStreet) JOIN net n USING (addrNum, addrStreet)
          WHERE d.df <= ${P.addressKeyMaxMerchants}
        UNION ALL SELECT s.sid, n.mid FROM sup s JOIN net n USING (addrNum, addrStreet, postcodeNorm))`);
    // Intermediate tables are dropped as soon as they are used: the peak memory is the sum of what is alive.
    await db.run(
      `DROP TABLE IF EXISTS net_tok; DROP TABLE net_key; DROP TABLE key_df; DROP TABLE sup_tok; DROP TABLE sup_key; DROP TABLE addr_df`,
    );
    const candidatePairs = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM cand`))!.n;
    onProgress(50, `Scoring ${candidatePairs} candidate pairs`);
    // Name Jaro-Winkler once per candidate pair (materialised, so it is never recomputed), then the best
    // MAX_SCORED_CANDIDATES per supplier: tax-id hits first, then by jw (a street-address hit counts 0.15), then by mid.
    await db.run(`CREATE TABLE pair0 AS SELECT c.sid, c.mid,
        ${NAME_JW_SQL} AS jw,
        coalesce(s.taxNorm = n.taxNorm, FALSE) AS taxHit,
        coalesce(s.addrStreet = n.addrStreet AND s.addrNum <= n.addrNumHi AND n.addrNum <= s.addrNumHi, FALSE) AS addrHit
      FROM cand c JOIN sup s USING (sid) JOIN net n USING (mid)`);
    await db.run(`CREATE TABLE pair1 AS SELECT sid, mid, jw FROM pair0 WHERE jw >= 0.8 OR taxHit OR addrHit
      QUALIFY row_number() OVER (PARTITION BY sid ORDER BY taxHit DESC, jw + 0.15 * addrHit::INT DESC, mid) <= ${MAX_SCORED_CANDIDATES}`);
    await db.run(`DROP TABLE pair0; DROP TABLE cand`);
    await scorePairs(db, P, 'pair1', 'scored');
    await db.run(`DROP TABLE pair1`);
    onProgress(75, 'Choosing best matches');
    await db.run(`CREATE TABLE ranked AS SELECT *, row_number() OVER (PARTITION BY sid ORDER BY totalScore DESC, mid) AS rk,
        lead(totalScore) OVER (PARTITION BY sid ORDER BY totalScore DESC, mid) AS runnerUp FROM scored QUALIFY rk = 1`);
    await db.run(`DROP TABLE scored`);
    const rules = rulesSql(rs);
    await db.run(`CREATE TABLE best AS SELECT r.*, n.merchantId, n.nameCore AS mNameCore, n.addrNum AS mNum, n.addrNumHi AS mNumHi, n.addrStreet AS mStreet,
        n.postcodeNorm AS mPostcode, n.cityNorm AS mCity, n.country AS mCountry,
        ${rules.confidence} AS rawConfidence, ${rules.ruleId} AS ruleId
      FROM ranked r JOIN net n USING (mid)`);
    await db.run(`CREATE TABLE final AS SELECT *,
        ${ambiguousConfidenceSql(P)} AS confidence
      FROM best`);
    const num = (lo: string, hi: string) =>
      `CASE WHEN ${lo} IS NULL THEN NULL WHEN ${hi} > ${lo} THEN ${lo} || '-' || ${hi} ELSE ${lo}::VARCHAR END`;
    await db.run(
      copyToParquet(
        `
      SELECT s.supplierKey,
        CASE WHEN f.confidence IN ('High', 'Medium') THEN 'MATCHED' ELSE 'UNMATCHED' END AS matchStatus,
        f.confidence AS matchConfidence,
        CASE WHEN f.confidence IN ('High', 'Medium') THEN f.merchantId END AS matchedMerchantId,
        f.merchantId AS candidateMerchantId,
        f.totalScore AS matchScore, f.nameScore, round(f.jw, 4) AS nameJaroWinkler, round(f.soft, 4) AS nameTokenSimilarity,
        round(f.addressScore, 4) AS addressScore, f.postcodeAgrees, f.cityAgrees, f.countryAgrees, f.taxAgrees,
        round(f.runnerUp, 4) AS runnerUpScore,
        CASE WHEN f.merchantId IS NULL THEN NULL ELSE to_json({
          rulesetVersion: ${rs.version},
          rule: f.ruleId,
          fields: list_filter([
            ['name', CASE WHEN f.nameScore >= 0.9 THEN 'agree' WHEN f.acronym THEN 'acronym' WHEN f.contain >= 0.9 AND f.sharedWord THEN 'contained'
              WHEN f.nameScore >= 0.82 THEN 'similar' ELSE 'differ' END, s.nameCore, f.mNameCore],
            ['address', f.addressE, NULL, NULL],
            ['streetNumber', f.streetNumberE, ${num('s.addrNum', 's.addrNumHi')}, ${num('f.mNum', 'f.mNumHi')}],
            ['street', f.streetE, s.addrStreet, f.mStreet],
            ['postcode', f.postcodeE, s.postcodeNorm, f.mPostcode],
            ['city', f.cityE, s.cityNorm, f.mCity],
            ['country', f.countryE, s.country, f.mCountry],
            ['taxId', f.taxE, NULL, NULL]
          ], x -> x[2] <> 'unknown' OR x[3] IS NOT NULL OR x[4] IS NOT NULL),
          nameScore: f.nameScore, nameContainment: round(f.contain, 4), streetScore: round(f.addressScore, 4),
          totalScore: f.totalScore, runnerUpScore: f.runnerUp,
          downgradedForAmbiguity: f.confidence IS DISTINCT FROM f.rawConfidence
        })::VARCHAR END AS matchEvidence
      FROM sup s LEFT JOIN final f USING (sid)`,
        out,
      ),
    );
    const r = await db.all<{ c: string | null; n: number }>(
      `SELECT matchConfidence AS c, count(*) AS n FROM read_parquet(${lit(out)}) GROUP BY 1`,
    );
    const byConfidence = { High: 0, Medium: 0, Low: 0 };
    let suppliers = 0;
    for (const x of r) {
      suppliers += x.n;
      if (x.c === 'High' || x.c === 'Medium' || x.c === 'Low') byConfidence[x.c] = x.n;
    }
    const matched = byConfidence.High + byConfidence.Medium;
    onProgress(100, `${matched} of ${suppliers} suppliers matched`);
    return {
      suppliers,
      matched,
      byConfidence,
      candidatePairs,
      file: out,
      networkFile: net,
      rulesetVersion: rs.version,
    };
  });
}
