/**
 * Several reference networks at once (issue #34 point 3; docs/NETWORKS.md): the SQL as pure builders, tested on tiny
 * tables (test/sql/networks-sql.test.ts).
 *
 * - `networkMatchRowsSql`: one network's matches file (as the match step writes it) joined to that network's
 *   merchants → one row per supplier: network, its version and order, the merchant (matched, else the candidate),
 *   confidence, status, score, the acceptance attributes (NULL unless matched, as enrich does for the primary
 *   network), the card capability by the same waterfall (score/offer-sql.ts), the deciding rule and the match
 *   evidence (a further network's; the primary network's is the supplier's own matchEvidence, not copied);
 * - `mergedNetworksSql`: the merged view per supplier over those rows: accepts anywhere, the networks that say so,
 *   the best capability across networks and the network it comes from (on a tie the earlier network: the primary
 *   first), the networks matched.
 *
 * Tables created by the step (networks.ts): network_rows (union of the first builder over every network), written to
 * the working directory's network-matches.parquet.
 */
import type { TNetworkMatchMode, TScoreKind } from '@sextant/shared';
import { lit } from '../db.ts';
import { cardCapabilitySql } from '../score/offer-sql.ts';

export interface NetworkMatchSource {
  /** the network's name and version as registered (GET /api/v1/networks) */
  network: string;
  version: string;
  /** 0 = the primary network, then the others in the order they are configured */
  order: number;
  /** the matches file of this network (match.ts) and its prepared Parquet */
  matchesFile: string;
  networkFile: string;
  /**
   * How this network's candidates were found (docs/NETWORKS.md "Matching"): `full` blocking (the reference network,
   * or NETWORKS_MATCH=full), or `confirm` (exact keys and the reference network's best candidates' names)
   */
  candidateSearch?: TNetworkMatchMode;
}

/** Capabilities, best first (the waterfall of enrich): the merged view's best capability is the first present. */
export const CAPABILITY_ORDER = ['STP', 'VC', 'L3', 'Card Acceptor', 'Unmatched'] as const;

/** One row per supplier of a network's matches: merchant, confidence, acceptance attributes, capability, evidence. */
export function networkMatchRowsSql(src: NetworkMatchSource, offered: readonly TScoreKind[]): string {
  const matches = `read_parquet(${lit(src.matchesFile)})`;
  return `WITH j AS (
      SELECT m.supplierKey, m.candidateMerchantId AS merchantId, n.name AS merchantName, m.matchConfidence AS confidence,
        m.matchStatus, m.matchScore, m.matchEvidence, m.matchStatus = 'MATCHED' AS matched,
        n.acceptsCard AS nA, n.vcAccepting AS nV, n.detailLevel AS nD, n.stpCapable AS nS, n.lockboxes AS nL
      FROM ${matches} m
      LEFT JOIN (SELECT merchantId, name, acceptsCard, vcAccepting, detailLevel, stpCapable, lockboxes
                 FROM read_parquet(${lit(src.networkFile)})
                 WHERE merchantId IN (SELECT candidateMerchantId FROM ${matches})) n
        ON n.merchantId = m.candidateMerchantId
    ), k AS (
      SELECT j.*, matched AND coalesce(nA, FALSE) AS cardAcceptor,
        CASE WHEN NOT matched THEN 'UNMATCHED' WHEN coalesce(nV, FALSE) THEN 'YES' ELSE 'NO' END AS vcAccepting,
        CASE WHEN matched AND nD IN (1, 2, 3) THEN CAST(nD AS VARCHAR) ELSE '' END AS detailLevel,
        CASE WHEN matched AND coalesce(nS, FALSE) THEN 'TRUE' ELSE 'FALSE' END AS stpCapable
      FROM j
    ), c AS (SELECT k.*, ${cardCapabilitySql(offered)} AS capability FROM k)
    SELECT ${lit(src.network)} AS network, ${lit(src.version)} AS networkVersion, ${Number(src.order)} AS networkOrder,
      supplierKey, merchantId, merchantName, confidence, matchStatus, matchScore,
      CASE WHEN matched THEN coalesce(nA, FALSE) END AS acceptsCard,
      CASE WHEN matched THEN coalesce(nV, FALSE) END AS vcAccepting,
      CASE WHEN matched AND nD IN (1, 2, 3) THEN nD END AS detailLevel,
      CASE WHEN matched THEN coalesce(nS, FALSE) END AS stpCapable,
      CASE WHEN matched THEN coalesce(nL, []::VARCHAR[]) ELSE []::VARCHAR[] END AS lockboxes,
      capability AS cardCapability, json_extract_string(matchEvidence, '$.rule') AS matchRule,
      ${
        // the reference network's evidence is the supplier's own (matchEvidence of the supplier results): not copied
        Number(src.order) === 0 ? 'CAST(NULL AS VARCHAR)' : 'matchEvidence'
      } AS matchEvidence,
      ${lit(src.candidateSearch ?? 'full')} AS candidateSearch
    FROM c`;
}

/** The rows of every network (networkMatchRowsSql of each, in order). */
export const allNetworkRowsSql = (sources: readonly NetworkMatchSource[], offered: readonly TScoreKind[]): string =>
  sources.map((s) => `SELECT * FROM (${networkMatchRowsSql(s, offered)})`).join('\nUNION ALL\n');

/** The rank of a capability (1 = STP … 5 = Unmatched). */
const capabilityRank = (col: string) =>
  `CASE ${col} ${CAPABILITY_ORDER.map((c, i) => `WHEN ${lit(c)} THEN ${i + 1}`).join(' ')} ELSE ${CAPABILITY_ORDER.length} END`;

/**
 * The merged view per supplier over the rows of every network (`rows`: networkMatchRowsSql's columns):
 * acceptsAnywhere (matched and accepting in at least one network), acceptsAnywhereNetworks (those networks, in
 * network order, ", "-separated), bestCapabilityAnyNetwork (the best capability of any network), bestCapabilityNetwork
 * (the network it comes from: NULL when Unmatched everywhere; on a tie the earlier network), networksMatched.
 */
export function mergedNetworksSql(rows: string): string {
  const rank = `(${capabilityRank('cardCapability')} * 1000 + networkOrder)`;
  return `SELECT supplierKey,
      coalesce(bool_or(acceptsCard), FALSE) AS acceptsAnywhere,
      string_agg(network, ', ' ORDER BY networkOrder) FILTER (WHERE acceptsCard) AS acceptsAnywhereNetworks,
      arg_min(cardCapability, ${rank}) AS bestCapabilityAnyNetwork,
      arg_min(network, ${rank}) FILTER (WHERE cardCapability <> 'Unmatched') AS bestCapabilityNetwork,
      CAST(count(*) FILTER (WHERE matchStatus = 'MATCHED') AS INTEGER) AS networksMatched
    FROM ${rows} GROUP BY supplierKey`;
}

/** The merged columns enrich adds to each supplier (see mergedNetworksSql), in this order. */
export const MERGED_NETWORK_COLUMNS = [
  'acceptsAnywhere',
  'acceptsAnywhereNetworks',
  'bestCapabilityAnyNetwork',
  'bestCapabilityNetwork',
  'networksMatched',
] as const;
