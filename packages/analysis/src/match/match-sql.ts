/**
 * The SQL of supplier matching (match.ts), as pure builders: each returns a query from typed inputs (the match
 * ruleset's parameters, the limits below); match.ts creates a table from each, in order. Tested one by one on tiny
 * tables (test/sql/match-sql.test.ts).
 *
 * The relations, in the order matchSuppliers creates them:
 *   net      the prepared network: mid (position in the network file), merchantId and the normalised columns
 *   sup      the suppliers: sid (integer surrogate of supplierKey) and the same normalised columns
 *   net_key / sup_key (sid, key, df), key_df (key, df), addr_df (addrNum, addrStreet, df)   blocking keys
 *   tok_df   how many merchants carry each name token (the weights of the name evidence)
 *   cand     candidate pairs (sid, mid) from every blocking path
 *   pair0    candidate pairs with the name Jaro-Winkler and the tax-id / street-address hits (a subquery of pair1)
 *   pair1    the best MAX_SCORED_CANDIDATES candidates of each supplier (sid, mid, jw)
 *   sup_df / net_df   the network frequencies of the suppliers' and the candidate merchants' name tokens
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

/**
 * Blocking keys of acronyms (id, key): a name that is an abbreviation (sx_abbr: one word of 2 to 6 characters, or 2 to 6
 * single letters) keyed "A#" on the network side, the initials of a name of 2 to 6 words keyed "E#"; the supplier side
 * asks for the other kind ("IBM" → E#ibm finds "International Business Machines"; "Procter and Gamble" → A#pg finds
 * "P&G"). Never the supplier's budgeted keys: an acronym shares no word with its expansion.
 */
export function acronymKeysSql(rel: string, id: string, side: 'network' | 'supplier'): string {
  const [abbr, initials] = side === 'network' ? ['A#', 'E#'] : ['E#', 'A#'];
  return `SELECT ${id}, ${lit(abbr)} || a AS key FROM (SELECT ${id}, sx_abbr(nameTokens, nameCore) AS a FROM ${rel}) WHERE a IS NOT NULL
        UNION ALL SELECT ${id}, ${lit(initials)} || sx_initials(nameTokens) FROM ${rel} WHERE len(nameTokens) BETWEEN 2 AND 6`;
}

/** The suppliers' acronym keys (sid, key, df) that some merchant has, at most MAX_KEY_DF merchants. */
export const supplierAcronymKeysSql = (sup = 'sup', keyDf = 'key_df'): string =>
  `SELECT sid, key, df FROM (${acronymKeysSql(sup, 'sid', 'supplier')}) JOIN ${keyDf} USING (key) WHERE df <= ${MAX_KEY_DF}`;

/**
 * How many merchants carry each name token (tok, df): the network's document frequencies, one GROUP BY per network
 * (cached next to the prepared network with the blocking keys).
 */
export const tokenFrequencySql = (rel = 'net'): string =>
  `SELECT tok, count(*)::INTEGER AS df FROM (SELECT unnest(list_distinct(nameTokens)) AS tok FROM ${rel}) GROUP BY tok`;

/**
 * The network frequency of each name token of the rows of `rel`, aligned with their nameTokens (id, nameDf; 0: a token
 * no merchant carries), by one join with the token frequencies; `where` narrows the rows (the candidate merchants).
 * Put back in word order by sorting each row's (position, frequency) pairs: an ordered aggregate (list(… ORDER BY))
 * cost three to four times as much.
 */
export const nameFrequenciesSql = (rel: string, id: string, tokDf = 'tok_df', where = ''): string =>
  `SELECT ${id}, list_transform(list_sort(list({'i': u.i, 'df': coalesce(d.df, 0)})), x -> x.df) AS nameDf
      FROM (SELECT ${id}, unnest(nameTokens) AS tok, unnest(range(1, len(nameTokens) + 1)) AS i FROM ${rel} ${where}) u
      LEFT JOIN ${tokDf} d USING (tok) GROUP BY ${id}`;

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

/** How many of a supplier's best candidates the confirmatory match of further networks looks for by name. */
export const CONFIRM_CANDIDATES = 2;
/**
 * A runner-up below this total score, and not within the ambiguity margin of the best, is not looked for: it could
 * neither be matched (the lowest High or Medium match on the benchmarks scores 0.94) nor lower the best's confidence.
 */
export const CONFIRM_RUNNER_UP_MIN = 0.85;

/**
 * The sorted names of each supplier's best scored candidates in this network (sid, nameSorted, isBest, close): the
 * best, and up to CONFIRM_CANDIDATES − 1 runners-up that score at least CONFIRM_RUNNER_UP_MIN or are within the
 * ambiguity margin of the best (close). A further network's merchants of the same name are its candidates there too
 * (confirmCandidatePairsSql).
 */
export const keptCandidatesSql = (P: Parameters, scored = 'scored'): string =>
  `SELECT DISTINCT c.sid, n.nameSorted, c.totalScore = c.best AS isBest, c.totalScore >= c.best - ${Number(P.ambiguityMargin)} AS close
      FROM (
        SELECT sid, mid, totalScore, max(totalScore) OVER (PARTITION BY sid) AS best FROM ${scored}
        QUALIFY row_number() OVER (PARTITION BY sid ORDER BY totalScore DESC, mid) <= ${CONFIRM_CANDIDATES}) c
      JOIN net n USING (mid)
      WHERE n.nameSorted <> '' AND (c.totalScore = c.best OR c.totalScore >= ${CONFIRM_RUNNER_UP_MIN} OR c.totalScore >= c.best - ${Number(P.ambiguityMargin)})`;

/**
 * Candidate pairs (sid, mid) of the confirmatory match of a further network (docs/NETWORKS.md): only the exact keys —
 * the supplier's own sorted-token name, or the sorted-token name of one of its best candidates in the reference
 * network (`keptCand`: sid, nameSorted, isBest, close; a merchant listed by both networks has the same name in both),
 * unless more than MAX_NAME_DF merchants have that name; the tax id (6 characters or more); the street address and
 * postcode. A strong runner-up's name is looked for only when it is close to the best (it can make the match
 * ambiguous) or no merchant of this network has the best's name (it may be the best here). No token-pair,
 * postcode-with-similar-name, address-only or acronym blocking: those find the look-alikes that the scoring mostly
 * rejects, and cost most of a full match.
 */
export const confirmCandidatePairsSql = (keptCand = 'kept_cand'): string =>
  `SELECT DISTINCT sid, mid FROM (
        WITH common AS (SELECT nameSorted FROM net GROUP BY nameSorted HAVING count(*) > ${MAX_NAME_DF}),
        best_here AS (SELECT DISTINCT c.sid FROM ${keptCand} c SEMI JOIN net n ON n.nameSorted = c.nameSorted WHERE c.isBest),
        kept AS (SELECT c.sid, c.nameSorted FROM ${keptCand} c
                 WHERE c.isBest OR c.close OR c.sid NOT IN (SELECT sid FROM best_here))
        SELECT s.sid, n.mid FROM sup s JOIN net n ON n.nameSorted = s.nameSorted
        WHERE s.nameSorted <> '' AND s.nameSorted NOT IN (SELECT nameSorted FROM common)
        UNION ALL SELECT c.sid, n.mid FROM kept c JOIN net n ON n.nameSorted = c.nameSorted
        WHERE c.nameSorted NOT IN (SELECT nameSorted FROM common)
        UNION ALL SELECT s.sid, n.mid FROM sup s JOIN net n ON n.taxNorm = s.taxNorm WHERE length(s.taxNorm) >= 6
        UNION ALL SELECT s.sid, n.mid FROM sup s JOIN net n USING (addrNum, addrStreet, postcodeNorm))`;

/** Name Jaro-Winkler of a pair (s = supplier, n = merchant): the best of as-is and sorted tokens. */
export const NAME_JW_SQL =
  'greatest(jaro_winkler_similarity(s.nameCore, n.nameCore), jaro_winkler_similarity(s.nameSorted, n.nameSorted))';

/** One whole name is the other's initials (s = supplier, n = merchant; sx_abbr / sx_initials), cheap enough for every candidate pair. */
export const ACRONYM_HIT_SQL = `coalesce(CASE
          WHEN len(n.nameTokens) >= 2 AND sx_abbr(s.nameTokens, s.nameCore) IS NOT NULL THEN sx_abbr(s.nameTokens, s.nameCore) = sx_initials(n.nameTokens)
          WHEN len(s.nameTokens) >= 2 AND sx_abbr(n.nameTokens, n.nameCore) IS NOT NULL THEN sx_abbr(n.nameTokens, n.nameCore) = sx_initials(s.nameTokens) END, FALSE)`;

/** Name Jaro-Winkler once per candidate pair (materialised, so it is never recomputed) and the tax-id and street-address hits. */
export const candidateJwSql = (cand = 'cand'): string =>
  `SELECT c.sid, c.mid,
        ${NAME_JW_SQL} AS jw,
        coalesce(s.taxNorm = n.taxNorm, FALSE) AS taxHit,
        coalesce(s.addrStreet = n.addrStreet AND s.addrNum <= n.addrNumHi AND n.addrNum <= s.addrNumHi, FALSE) AS addrHit,
        ${ACRONYM_HIT_SQL} AS acrHit
      FROM ${cand} c JOIN sup s USING (sid) JOIN net n USING (mid)`;

/**
 * The best MAX_SCORED_CANDIDATES candidates per supplier among those with a name Jaro-Winkler of 0.8 or a tax-id,
 * street-address or acronym hit: tax-id hits first, then by jw (an acronym counts as jw 0.9, a street-address hit adds
 * 0.15), then by mid.
 */
export const topCandidatesSql = (pair0 = 'pair0'): string =>
  `SELECT sid, mid, jw FROM ${pair0} WHERE jw >= 0.8 OR taxHit OR addrHit OR acrHit
      QUALIFY row_number() OVER (PARTITION BY sid ORDER BY taxHit DESC, greatest(jw, 0.9 * acrHit::INT) + 0.15 * addrHit::INT DESC, mid) <= ${MAX_SCORED_CANDIDATES}`;

/** A token of a name agrees with one of the other name when their Jaro-Winkler is at least this (a typo still agrees). */
export const TOKEN_AGREES_JW = 0.9;
/**
 * A token of 4+ letters one edit from one of the other name (a letter dropped, added, changed, or two swapped) agrees
 * too, counted as TOKEN_AGREES_JW: a typo in a short word ("Udall" / "Udoll") falls below the Jaro-Winkler threshold.
 * Only looked at from this Jaro-Winkler on (one edit in a word of 4+ letters stays above it).
 */
export const TYPO_JW_FROM = 0.75;

/** SQL of how word i of the supplier's name (sTok) agrees with word j of the merchant's (nTok): 0 when it does not. */
const tokenAgreementSql = (i: string, j: string): string =>
  `CASE WHEN tm[${i}][${j}] >= ${TOKEN_AGREES_JW} THEN tm[${i}][${j}]
        WHEN tm[${i}][${j}] >= ${TYPO_JW_FROM} AND least(length(sTok[${i}]), length(nTok[${j}])) >= 4
          AND damerau_levenshtein(sTok[${i}], nTok[${j}]) <= 1 THEN ${TOKEN_AGREES_JW} ELSE 0 END`;

/**
 * SQL of "a word of name S is the acronym of words of name T", as the acronym's number of letters (0: none): S has a word
 * x of 2 to 6 characters whose every other word agrees with a word of T, and x spells the initials, in order, of the
 * words of T that those others leave unmatched ("ibm deutschland" / "international business machines deutschland");
 * or S is an abbreviation of single letters ("p g", from "P&G") spelling the initials of all of T. `m(i, j)`: the
 * Jaro-Winkler of S's word i and T's word j; `best`: each S word's best Jaro-Winkler.
 */
function acronymLettersSql(
  S: string,
  T: string,
  core: string,
  best: string,
  m: (i: string, j: string) => string,
): string {
  const others = (i: string) => `list_filter(range(1, len(${S}) + 1), k -> k <> ${i})`;
  const unmatched = (i: string) =>
    `list_filter(range(1, len(${T}) + 1), j -> NOT coalesce(list_bool_or(list_transform(${others(i)}, k -> ${m('k', 'j')} >= ${TOKEN_AGREES_JW})), FALSE))`;
  return `greatest(CASE WHEN len(${T}) >= 2 AND sx_abbr(${S}, ${core}) = sx_initials(${T}) THEN len(${T}) ELSE 0 END,
          CASE WHEN len(${T}) >= 2 AND len(${T}) > len(${S}) THEN coalesce(list_max(list_transform(range(1, len(${S}) + 1),
            i -> CASE WHEN length(${S}[i]) BETWEEN 2 AND 6
              AND NOT coalesce(list_bool_or(list_transform(${others('i')}, k -> ${best}[k] < ${TOKEN_AGREES_JW})), FALSE)
              AND ${S}[i] = array_to_string(list_transform(${unmatched('i')}, j -> ${T}[j][1]), '') THEN length(${S}[i]) ELSE 0 END)), 0)
          ELSE 0 END)`;
}

/**
 * The three steps of pair scoring as queries: `pm` reads `pairs`, `sup`, `net` and the name-token frequencies
 * `supDf` (sid, nameDf) and `netDf` (mid, nameDf) (nameFrequenciesSql; a row missing there counts its tokens as carried
 * by no merchant); `pair` reads the relation named `pm`; `scored` reads the relation named `pair` (tables in a job's
 * run, common table expressions in vendor search). `merchants`: how many merchants the network has (the N of the
 * token weights). The result has the agreement of each field (taxE, postcodeE, cityE, countryE, streetNumberE, streetE,
 * addressE), the name evidence (soft, contain, sharedWord, acronym, acronymLetters, nameWeighted, nameChance), nameScore and
 * totalScore.
 *
 * Token weights: a word carried by df of the network's N merchants weighs ln(1 + N / df) (a word no merchant carries
 * weighs as one carried by one), so a rare word agreeing counts more than "International" or "Services".
 * nameWeighted: the weighted share of each name's words that agree with a word of the other (Jaro-Winkler >=
 * TOKEN_AGREES_JW, counted by that similarity, or one edit apart), the weaker of the two names (a soft TF-IDF). nameChance: how many
 * merchants would carry all the merchant's agreeing words by chance, N × Π df/N over them (words independent); at most
 * about 1: the agreeing words single out one merchant.
 */
export function scorePairsSql(
  P: Parameters,
  rel: { pairs: string; sup: string; net: string; supDf: string; netDf: string; pm: string; pair: string },
  merchants: number,
): { pm: string; pair: string; scored: string } {
  const { pairs, sup, net, supDf, netDf, pm, pair } = rel;
  const N = `${Math.max(1, Math.round(merchants))}::DOUBLE`;
  // Token similarity matrix (supplier tokens × merchant tokens) computed once; soft similarity is the
  // weaker of the row-wise and column-wise best-match averages, containment the stronger, or how fully one
  // part of a name in parts ("Lakeview Youth Alliance - Little Steps", "… dba …") is found in the other name.
  const pmSql = `SELECT p.sid, p.mid, p.jw,
        list_transform(s.nameTokens, x -> list_transform(n.nameTokens, y -> jaro_winkler_similarity(x, y))) AS tm,
        greatest(
          list_max(list_transform(n.nameSegments, seg -> list_avg(list_transform(seg, y -> list_max(list_transform(s.nameTokens, x -> jaro_winkler_similarity(x, y))))))),
          list_max(list_transform(s.nameSegments, seg -> list_avg(list_transform(seg, x -> list_max(list_transform(n.nameTokens, y -> jaro_winkler_similarity(x, y)))))))) AS segContain,
        len(list_filter(list_intersect(s.nameTokens, n.nameTokens), t -> length(t) >= 3)) > 0 AS sharedWord,
        s.nameTokens AS sTok, n.nameTokens AS nTok, s.nameCore AS sCore, n.nameCore AS nCore,
        coalesce(sd.nameDf, []) AS sDf, coalesce(nd.nameDf, []) AS nDf,
        CASE WHEN s.taxNorm IS NOT NULL AND n.taxNorm IS NOT NULL THEN s.taxNorm = n.taxNorm END AS taxAgrees,
        CASE WHEN s.postcodeNorm IS NOT NULL AND n.postcodeNorm IS NOT NULL THEN s.postcodeNorm = n.postcodeNorm END AS postcodeAgrees,
        CASE WHEN s.cityNorm IS NOT NULL AND n.cityNorm IS NOT NULL THEN jaro_winkler_similarity(s.cityNorm, n.cityNorm) >= ${P.cityAgreesAtLeast} END AS cityAgrees,
        CASE WHEN s.country IS NOT NULL AND n.country IS NOT NULL THEN s.country = n.country END AS countryAgrees,
        CASE WHEN s.addrNum IS NOT NULL AND n.addrNum IS NOT NULL THEN s.addrNum <= n.addrNumHi AND n.addrNum <= s.addrNumHi END AS numAgrees,
        CASE WHEN s.addrStreet IS NOT NULL AND n.addrStreet IS NOT NULL THEN jaro_winkler_similarity(s.addrStreet, n.addrStreet) END AS addressScore
      FROM ${pairs} p JOIN ${sup} s USING (sid) JOIN ${net} n USING (mid)
        LEFT JOIN ${supDf} sd USING (sid) LEFT JOIN ${netDf} nd USING (mid)`;
  const e = (b: string) => `CASE WHEN ${b} IS NULL THEN 'unknown' WHEN ${b} THEN 'agree' ELSE 'differ' END`;
  const weights = (df: string) => `list_transform(${df}, d -> ln(1 + ${N} / greatest(d, 1)))::DOUBLE[]`;
  const weighted = (w: string, agree: string) => `list_inner_product(${w}, ${agree}) / nullif(list_sum(${w}), 0)`;
  const pairSql = `SELECT * EXCLUDE (tm, r, c, wr, wc, segContain, sTok, nTok, sCore, nCore, sDf, nDf, sW, nW, rowBest, colBest, am, rowAgree, colAgree),
        least(r, c) AS soft, greatest(r, c, coalesce(segContain, 0)) AS contain,
        coalesce(least(wr, wc), 0) AS nameWeighted, acronymLetters > 0 AS acronym,
        ${e('taxAgrees')} AS taxE, ${e('postcodeAgrees')} AS postcodeE, ${e('cityAgrees')} AS cityE, ${e('countryAgrees')} AS countryE,
        ${e('numAgrees')} AS streetNumberE,
        CASE WHEN addressScore >= ${P.streetAgreesAtLeast} THEN 'agree' WHEN addressScore < ${P.streetDiffersBelow} THEN 'differ' ELSE 'unknown' END AS streetE,
        CASE WHEN numAgrees AND addressScore >= ${P.streetAgreesAtLeast} THEN 'agree'
             WHEN numAgrees IS NOT NULL AND addressScore IS NOT NULL AND (NOT numAgrees OR addressScore < ${P.streetDiffersBelow}) THEN 'differ'
             ELSE 'unknown' END AS addressE
      FROM (SELECT *, list_avg(rowBest) AS r, list_avg(colBest) AS c,
          ${weighted('sW', 'rowAgree')} AS wr, ${weighted('nW', 'colAgree')} AS wc,
          least(${N}, exp(ln(${N}) + coalesce(list_sum(list_transform(range(1, len(colAgree) + 1),
            j -> CASE WHEN colAgree[j] > 0 THEN ln(greatest(nDf[j], 1) / ${N}) ELSE 0 END)), 0))) AS nameChance,
          greatest(${acronymLettersSql('sTok', 'nTok', 'sCore', 'rowBest', (i, j) => `tm[${i}][${j}]`)},
            ${acronymLettersSql('nTok', 'sTok', 'nCore', 'colBest', (i, j) => `tm[${j}][${i}]`)}) AS acronymLetters
        FROM (SELECT *, list_transform(tm, r -> list_max(r)) AS rowBest,
            list_transform(range(1, len(tm[1]) + 1), j -> list_max(list_transform(tm, r -> r[j]))) AS colBest,
            ${weights('sDf')} AS sW, ${weights('nDf')} AS nW,
            list_transform(am, r -> coalesce(list_max(r), 0))::DOUBLE[] AS rowAgree,
            list_transform(range(1, len(nTok) + 1), j -> coalesce(list_max(list_transform(am, r -> r[j])), 0))::DOUBLE[] AS colAgree
          FROM (SELECT *, list_transform(range(1, len(sTok) + 1), i -> list_transform(range(1, len(nTok) + 1), j -> ${tokenAgreementSql('i', 'j')})) AS am
            FROM ${pm})))`;
  const scoredSql = `SELECT *,
        round(0.4 * jw + 0.6 * soft, 4) AS nameScore,
        round(greatest(0.4 * jw + 0.6 * soft, 0.9 * acronym::INT) + 0.05 * contain + 0.3 * (taxE = 'agree')::INT + 0.12 * (postcodeE = 'agree')::INT + 0.15 * (addressE = 'agree')::INT
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
          nameScore: f.nameScore, nameContainment: round(f.contain, 4), nameWeighted: round(f.nameWeighted, 4),
          nameChance: round(f.nameChance, 6), acronymLetters: f.acronymLetters, streetScore: round(f.addressScore, 4),
          totalScore: f.totalScore, runnerUpScore: f.runnerUp,
          downgradedForAmbiguity: f.confidence IS DISTINCT FROM f.rawConfidence
        })::VARCHAR END AS matchEvidence
      FROM sup s LEFT JOIN ${final} f USING (sid)`;
}

/** Suppliers per match confidence (c NULL: no candidate) in a written matches file. */
export const confidenceCountsSql = (matchesFile: string): string =>
  `SELECT matchConfidence AS c, count(*) AS n FROM read_parquet(${lit(matchesFile)}) GROUP BY 1`;
