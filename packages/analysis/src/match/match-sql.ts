/**
 * The SQL of supplier matching (match.ts), as pure builders: each returns a query from typed inputs (the match
 * ruleset's parameters, the limits below); match.ts creates a table from each, in order. Tested one by one on tiny
 * tables (test/sql/match-sql.test.ts).
 *
 * The relations, in the order matchSuppliers creates them:
 *   net      the prepared network: mid (position in the network file), merchantId and the normalised columns
 *   sup      the suppliers: sid (integer surrogate of supplierKey) and the same normalised columns
 *   net_key / sup_key (sid, key, df), key_df (key, df), addr_df (addrNum, addrStreet, df)   blocking keys
 *   cand     candidate pairs (sid, mid) from every blocking path
 *   pair0    candidate pairs with the name Jaro-Winkler and the tax-id / street-address hits
 *   pair1    the best MAX_SCORED_CANDIDATES candidates of each supplier (sid, mid, jw)
 *   scored   pair evidence and scores (scorePairsSql)
 *   ranked   each supplier's best candidate, with the runner-up's score
 *   best     with the merchant's columns, the ruleset's confidence and the deciding rule
 *   final    with the confidence after the ambiguity rule
 */
import { lit } from '../db.ts';
import { rulesSql } from './rules.ts';
import type { TMatchRuleset } from './rules.ts';

type Parameters = TMatchRuleset['parameters'];

/** Blocking keys shared by more merchants than this are too common to block on. */
export const MAX_KEY_DF = 200;
export const KEYS_PER_SUPPLIER = 3;
/**
 * A supplier's second and third keys are used only while the network frequencies of its keys add up to
 * at most this: the rarest key finds the merchant; common extra keys only added look-alike candidates
 * (on the 1M benchmark, 71 % fewer candidate pairs with slightly better precision and recall).
 */
export const KEY_DF_BUDGET = 40;
/** Only the best candidates by name Jaro-Winkler (and tax-id hits) get the full similarity scoring. */
export const MAX_SCORED_CANDIDATES = 8;
/** Exact-name blocks on names this common in the network are skipped (ambiguous anyway). */
export const MAX_NAME_DF = 50;

/** The prepared network's matching columns, in file order (a fresh table keeps it: its rowid is the position). */
export const networkColumnsSql = (networkFile: string): string =>
  `SELECT merchantId, nameTokens, nameCore, nameSorted, postcodeNorm, cityNorm, taxNorm, country, addrNum, addrNumHi, addrStreet, nameSegments FROM read_parquet(${lit(networkFile)})`;

/**
 * mid: the merchant's position in the network file (as the cached blocking keys number them), from the rowid of
 * the fresh table `net0` (without a single-threaded window).
 */
export const networkViewSql = (net0: string): string => `SELECT rowid + 1 AS mid, * FROM ${net0}`;

/** The distinct (address line, country) pairs of the suppliers, for the street-line parser. */
export const supplierAddressLinesSql = (suppliersFile: string): string =>
  `SELECT DISTINCT addressLine1 AS line, country FROM read_parquet(${lit(suppliersFile)}) WHERE nullif(trim(addressLine1), '') IS NOT NULL`;

/** The table the parsed street lines are appended to (line, country → streetLine). */
export const ADDR_PARSED_TABLE = `CREATE TABLE addr_parsed (line VARCHAR, country VARCHAR, streetLine VARCHAR)`;

/**
 * The suppliers with the normalised columns the network has (normalise-sql.ts macros); the street address from the
 * parsed street line where `addr_parsed` has one, the raw line otherwise. sid numbers the suppliers in file order.
 */
export const supplierColumnsSql = (suppliersFile: string): string =>
  `SELECT * EXCLUDE (a0), array_to_string(nameTokens, ' ') AS nameCore, array_to_string(list_sort(nameTokens), ' ') AS nameSorted,
        sx_addr_num(a0) AS addrNum, sx_addr_num_hi(a0) AS addrNumHi, sx_addr_street(a0) AS addrStreet FROM (
        SELECT row_number() OVER () AS sid, supplierKey, sx_name_tokens(supplierName) AS nameTokens, sx_name_segments(supplierName) AS nameSegments, sx_postcode(postcode) AS postcodeNorm, sx_addr_base(coalesce(ap.streetLine, addressLine1)) AS a0,
               nullif(sx_clean(city), '') AS cityNorm, sx_taxid(taxId) AS taxNorm, s0.country
        FROM read_parquet(${lit(suppliersFile)}) s0
        LEFT JOIN addr_parsed ap ON ap.line = s0.addressLine1 AND ap.country IS NOT DISTINCT FROM s0.country)`;

/** The distinct name tokens of each row of `rel` (id, tok). */
export const nameTokensSql = (rel: string, id: string): string =>
  `SELECT DISTINCT ${id}, unnest(nameTokens) AS tok FROM ${rel}`;

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

/** How many merchants share each blocking key (key, df). */
export const keyFrequencySql = (netKey = 'net_key'): string => `SELECT key, count(*) AS df FROM ${netKey} GROUP BY key`;

/**
 * Each supplier's rarest blocking keys (sid, key, df): keys of at most MAX_KEY_DF merchants, the rarest first
 * (ties by key), up to KEYS_PER_SUPPLIER of them while their frequencies add up to at most KEY_DF_BUDGET (the
 * rarest is always kept).
 */
export const supplierKeysSql = (supTok = 'sup_tok', keyDf = 'key_df'): string =>
  `SELECT sid, key, df FROM (
        SELECT sid, key, df, row_number() OVER w AS rk, sum(df) OVER w AS cum FROM (${blockingKeysSql(supTok, 'sid')}) JOIN ${keyDf} USING (key)
        WHERE df <= ${MAX_KEY_DF} WINDOW w AS (PARTITION BY sid ORDER BY df, key ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))
      WHERE rk <= ${KEYS_PER_SUPPLIER} AND (rk = 1 OR cum <= ${KEY_DF_BUDGET})`;

/** How many merchants share each street address (number + street) that a supplier has. */
export const addressFrequencySql = (): string =>
  `SELECT addrNum, addrStreet, count(*) AS df FROM net
        SEMI JOIN (SELECT DISTINCT addrNum, addrStreet FROM sup WHERE addrNum IS NOT NULL AND addrStreet IS NOT NULL) k USING (addrNum, addrStreet)
        GROUP BY ALL`;

/**
 * Candidate pairs (sid, mid), none needing a country or an address: the exact sorted-token name (unless more than
 * MAX_NAME_DF merchants have it), the tax id (6 characters or more), a shared blocking key, the postcode (4
 * characters or more) with a similar name, the street address where at most addressKeyMaxMerchants merchants share
 * it, or the street address and postcode.
 */
export const candidatePairsSql = (P: Parameters): string =>
  `SELECT DISTINCT sid, mid FROM (
        SELECT s.sid, n.mid FROM sup s JOIN net n ON n.nameSorted = s.nameSorted
        WHERE s.nameSorted <> '' AND s.nameSorted NOT IN (SELECT nameSorted FROM net GROUP BY nameSorted HAVING count(*) > ${MAX_NAME_DF})
        UNION ALL SELECT s.sid, n.mid FROM sup s JOIN net n ON n.taxNorm = s.taxNorm WHERE length(s.taxNorm) >= 6
        UNION ALL SELECT k.sid, nk.mid FROM sup_key k JOIN net_key nk USING (key)
        UNION ALL SELECT s.sid, n.mid FROM sup s JOIN net n ON n.postcodeNorm = s.postcodeNorm
          WHERE length(s.postcodeNorm) >= 4 AND jaro_winkler_similarity(s.nameSorted, n.nameSorted) >= 0.8
        UNION ALL SELECT s.sid, n.mid FROM sup s JOIN addr_df d USING (addrNum, addrStreet) JOIN net n USING (addrNum, addrStreet)
          WHERE d.df <= ${P.addressKeyMaxMerchants}
        UNION ALL SELECT s.sid, n.mid FROM sup s JOIN net n USING (addrNum, addrStreet, postcodeNorm))`;

/** Name Jaro-Winkler of a pair (s = supplier, n = merchant): the best of as-is and sorted tokens. */
export const NAME_JW_SQL =
  'greatest(jaro_winkler_similarity(s.nameCore, n.nameCore), jaro_winkler_similarity(s.nameSorted, n.nameSorted))';

/** Name Jaro-Winkler once per candidate pair (materialised, so it is never recomputed) and the tax-id and street-address hits. */
export const candidateJwSql = (cand = 'cand'): string =>
  `SELECT c.sid, c.mid,
        ${NAME_JW_SQL} AS jw,
        coalesce(s.taxNorm = n.taxNorm, FALSE) AS taxHit,
        coalesce(s.addrStreet = n.addrStreet AND s.addrNum <= n.addrNumHi AND n.addrNum <= s.addrNumHi, FALSE) AS addrHit
      FROM ${cand} c JOIN sup s USING (sid) JOIN net n USING (mid)`;

/**
 * The best MAX_SCORED_CANDIDATES candidates per supplier among those with a name Jaro-Winkler of 0.8 or a tax-id or
 * street-address hit: tax-id hits first, then by jw (a street-address hit counts 0.15), then by mid.
 */
export const topCandidatesSql = (pair0 = 'pair0'): string =>
  `SELECT sid, mid, jw FROM ${pair0} WHERE jw >= 0.8 OR taxHit OR addrHit
      QUALIFY row_number() OVER (PARTITION BY sid ORDER BY taxHit DESC, jw + 0.15 * addrHit::INT DESC, mid) <= ${MAX_SCORED_CANDIDATES}`;

/**
 * The three steps of pair scoring as queries: `pm` reads `pairs`, `sup` and `net`; `pair` reads the relation named
 * `pm`; `scored` reads the relation named `pair` (tables in a job's run, common table expressions in vendor search).
 * The result has the agreement of each field (taxE, postcodeE, cityE, countryE, streetNumberE, streetE, addressE),
 * nameScore and totalScore.
 */
export function scorePairsSql(
  P: Parameters,
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

/** Each supplier's best scored candidate (ties by mid), with the score of the runner-up (NULL: none). */
export const bestCandidateSql = (scored = 'scored'): string =>
  `SELECT *, row_number() OVER (PARTITION BY sid ORDER BY totalScore DESC, mid) AS rk,
        lead(totalScore) OVER (PARTITION BY sid ORDER BY totalScore DESC, mid) AS runnerUp FROM ${scored} QUALIFY rk = 1`;

/** The best candidates with the merchant's id and compared columns, the ruleset's confidence and the deciding rule. */
export function ruledCandidateSql(rs: TMatchRuleset, ranked = 'ranked'): string {
  const rules = rulesSql(rs);
  return `SELECT r.*, n.merchantId, n.nameCore AS mNameCore, n.addrNum AS mNum, n.addrNumHi AS mNumHi, n.addrStreet AS mStreet,
        n.postcodeNorm AS mPostcode, n.cityNorm AS mCity, n.country AS mCountry,
        ${rules.confidence} AS rawConfidence, ${rules.ruleId} AS ruleId
      FROM ${ranked} r JOIN net n USING (mid)`;
}

/**
 * The confidence after the ambiguity rule: a different merchant within ambiguityMargin of the best score, without tax
 * id / postcode / street address agreement for the best, lowers the confidence one step (columns rawConfidence,
 * runnerUp, totalScore, nameScore and the agreements).
 */
export function ambiguousConfidenceSql(P: Parameters): string {
  return `CASE WHEN rawConfidence IS NOT NULL AND runnerUp IS NOT NULL AND runnerUp >= totalScore - ${P.ambiguityMargin}
               AND NOT (taxE = 'agree' OR postcodeE = 'agree' OR addressE = 'agree')
               AND NOT (nameScore >= 1 AND runnerUp < totalScore)
             THEN CASE rawConfidence WHEN 'High' THEN 'Medium' WHEN 'Medium' THEN 'Low' ELSE 'Low' END ELSE rawConfidence END`;
}

/** The best candidates with their final confidence. */
export const finalConfidenceSql = (P: Parameters, best = 'best'): string =>
  `SELECT *,
        ${ambiguousConfidenceSql(P)} AS confidence
      FROM ${best}`;

/**
 * One row per supplier as matches.parquet has it: MATCHED for High and Medium (a Low candidate is kept as evidence
 * but the supplier stays UNMATCHED), the scores, and the evidence JSON (ruleset version, deciding rule, and per field
 * [field, result, supplier value, merchant value], fields unknown on both sides left out, no tax id values).
 */
export function matchOutputSql(rulesetVersion: number, final = 'final'): string {
  const num = (lo: string, hi: string) =>
    `CASE WHEN ${lo} IS NULL THEN NULL WHEN ${hi} > ${lo} THEN ${lo} || '-' || ${hi} ELSE ${lo}::VARCHAR END`;
  return `
      SELECT s.supplierKey,
        CASE WHEN f.confidence IN ('High', 'Medium') THEN 'MATCHED' ELSE 'UNMATCHED' END AS matchStatus,
        f.confidence AS matchConfidence,
        CASE WHEN f.confidence IN ('High', 'Medium') THEN f.merchantId END AS matchedMerchantId,
        f.merchantId AS candidateMerchantId,
        f.totalScore AS matchScore, f.nameScore, round(f.jw, 4) AS nameJaroWinkler, round(f.soft, 4) AS nameTokenSimilarity,
        round(f.addressScore, 4) AS addressScore, f.postcodeAgrees, f.cityAgrees, f.countryAgrees, f.taxAgrees,
        round(f.runnerUp, 4) AS runnerUpScore,
        CASE WHEN f.merchantId IS NULL THEN NULL ELSE to_json({
          rulesetVersion: ${Number(rulesetVersion)},
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
      FROM sup s LEFT JOIN ${final} f USING (sid)`;
}

/** Suppliers per match confidence (c NULL: no candidate) in a written matches file. */
export const confidenceCountsSql = (matchesFile: string): string =>
  `SELECT matchConfidence AS c, count(*) AS n FROM read_parquet(${lit(matchesFile)}) GROUP BY 1`;
