/**
 * The SQL of the supplier-detail store's build (supplier-detail.ts) as a pure builder, tested on tiny tables with a
 * review snapshot of its text (supplier-detail-sql.test.ts, __snapshots__/supplier-detail-sql.snap.sql).
 */
import { ident, lit } from '../../lib/duckdb/index.ts';

/** Column names the build adds to each supplier row (removed again). */
export const MERCHANT_COL = '__sx_detail_merchant';
export const USE_CASES_COL = '__sx_detail_use_cases';
export const NETWORKS_COL = '__sx_detail_networks';

/** Merchant columns the detail shows. */
const MERCHANT_COLUMNS =
  'merchantId, name, addressLine1, addressLine2, city, region, postcode, country, taxId, mcc, acceptsCard, vcAccepting, detailLevel, stpCapable, lockboxes';

export interface SupplierDetailSource {
  /** The suppliers table expression, and its columns. */
  suppliers: string;
  columns: ReadonlySet<string>;
  /** The prepared reference network's Parquet file, if present. */
  network: string | null;
  /** The run's use-case tables, when it has both. */
  useCases: { useCaseSuppliers: string; useCases: string } | null;
  /** The run's per-network matches (networks.parquet), when it has them. */
  networks?: string | null;
  /** the columns networks.parquet has (older runs lack the later ones, e.g. candidateSearch); default: all */
  networkColumns?: ReadonlySet<string>;
}

/** Per-network match columns the detail shows (networks.parquet; docs/NETWORKS.md). */
const NETWORK_MATCH_COLUMNS = [
  'network',
  'networkVersion',
  'merchantId',
  'merchantName',
  'confidence',
  'matchStatus',
  'matchScore',
  'acceptsCard',
  'vcAccepting',
  'detailLevel',
  'stpCapable',
  'lockboxes',
  'cardCapability',
  'candidateSearch',
] as const;

/**
 * Each supplier's row with its matched (else candidate) merchant of the network (a struct in MERCHANT_COL, NULL
 * without network or merchant ids) and its use cases, most rebate first (a list of structs in USE_CASES_COL).
 */
export function supplierDetailSql({
  suppliers,
  columns,
  network,
  useCases: uc,
  networks,
  networkColumns,
}: SupplierDetailSource): string {
  const ids = ['matchedMerchantId', 'candidateMerchantId'].filter((c) => columns.has(c));
  const merchantCols = MERCHANT_COLUMNS.split(', ');
  const merchant =
    network && ids.length
      ? `CASE WHEN m.merchantId IS NULL THEN NULL ELSE struct_pack(${merchantCols.map((c) => `${ident(c)} := m.${ident(c)}`).join(', ')}) END`
      : 'NULL';
  const merchantJoin =
    network && ids.length
      ? `LEFT JOIN (SELECT ${MERCHANT_COLUMNS} FROM read_parquet(${lit(network)})
           WHERE CAST(merchantId AS VARCHAR) IN (SELECT ${ids.length > 1 ? `coalesce(${ids.map((c) => `CAST(${ident(c)} AS VARCHAR)`).join(', ')})` : `CAST(${ident(ids[0]!)} AS VARCHAR)`} FROM ${suppliers})
           QUALIFY row_number() OVER (PARTITION BY merchantId) = 1) m
         ON CAST(m.merchantId AS VARCHAR) = coalesce(${ids.map((c) => `CAST(s.${ident(c)} AS VARCHAR)`).join(', ')})`
      : '';
  const withUseCases = uc !== null;
  const useCases = uc
    ? `(SELECT u.supplierKey, list(struct_pack(useCaseId := u.useCaseId, name := c.name, rebateBps := c.rebateBps,
          spend := u.spend, estimatedRebate := u.estimatedRebate) ORDER BY u.estimatedRebate DESC, c.name) AS l
        FROM ${uc.useCaseSuppliers} u JOIN ${uc.useCases} c USING (useCaseId) GROUP BY u.supplierKey) uc`
    : '';
  // each network's match, in network order; the deciding rule taken from the match evidence
  const perNetwork = networks
    ? `(SELECT supplierKey, list(struct_pack(${NETWORK_MATCH_COLUMNS.filter(
        (c) => !networkColumns || networkColumns.has(c),
      )
        .map((c) => `${ident(c)} := ${ident(c)}`)
        .join(', ')},
          rule := ${
            // runs before matchRule: from each network's evidence
            !networkColumns || networkColumns.has('matchRule')
              ? 'matchRule'
              : `json_extract_string(matchEvidence, '$.rule')`
          }) ORDER BY networkOrder) AS l
        FROM ${networks} GROUP BY supplierKey) nw`
    : '';
  return `SELECT s.*, ${merchant} AS ${ident(MERCHANT_COL)}, ${withUseCases ? 'uc.l' : 'NULL'} AS ${ident(USE_CASES_COL)},
            ${networks ? 'nw.l' : 'NULL'} AS ${ident(NETWORKS_COL)}
          FROM ${suppliers} s ${merchantJoin} ${withUseCases ? `LEFT JOIN ${useCases} ON uc.supplierKey = s.supplierKey` : ''}
          ${networks ? `LEFT JOIN ${perNetwork} ON nw.supplierKey = s.supplierKey` : ''}`;
}
