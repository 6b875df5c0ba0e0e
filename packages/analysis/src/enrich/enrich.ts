/**
 * Enrichment and capability (DESIGN §4 step 4): industry codes for every classification of the
 * SPEC §2 industry-code view (MCC description / group / type, SIC division / major group /
 * industry group / industry, NAICS national industry, UNSPSC category), acceptance attributes,
 * and the card-capability waterfall STP > VC > L3 > Card Acceptor > Unmatched.
 *
 * Matched suppliers take the merchant's MCC; unmatched ones keep an MCC given in the input
 * (supplier file or card transactions), else their industry is "Unclassified".
 */
import { existsSync } from 'node:fs';
import { DEFAULT_INDUSTRY_CLASSIFICATION, INDUSTRY_CLASSIFICATION_LABELS, offeredKinds } from '@sextant/shared';
import type { TIndustryClassification, TIssuerOffer } from '@sextant/shared';
import { copyToParquet, lit, tempDirOf, withDb } from '../db.ts';
import { loadReference } from '../reference/load.ts';
import { workFile } from '../pipeline/workdir.ts';
import type { ProgressFn } from '../progress.ts';
import { cardCapabilitySql, lockboxProgrammeSql, payableLockboxesSql } from '../score/offer-sql.ts';
import { mergedNetworksSql } from '../network/networks-sql.ts';

/** The nine industry classifications and their labels are declared once, in packages/shared. */
export const INDUSTRY_VIEWS = INDUSTRY_CLASSIFICATION_LABELS;
export type IndustryView = TIndustryClassification;
export const DEFAULT_INDUSTRY_VIEW: IndustryView = DEFAULT_INDUSTRY_CLASSIFICATION;
export const UNCLASSIFIED = 'Unclassified';

export interface EnrichOptions {
  workDir: string;
  networkFile: string;
  /** The issuer's offer: the waterfall counts only the tiers of offered kinds, lockboxes only supported ones. */
  offer?: TIssuerOffer | null;
  onProgress?: ProgressFn;
}

export async function enrich(options: EnrichOptions): Promise<{ suppliers: number; file: string }> {
  const { workDir, networkFile } = options;
  const onProgress = options.onProgress ?? (() => {});
  const out = workFile(workDir, 'enriched');
  const { offered, lockboxes } = offeredKinds(options.offer);
  // The merged view over every loaded network (network/networks.ts), when the match step wrote it.
  const networkMatches = workFile(workDir, 'networkMatches');
  const merged = existsSync(networkMatches);
  return withDb({ tempDir: tempDirOf(workDir) }, async (db) => {
    await loadReference(db);
    onProgress(10, 'Joining network attributes');
    const u = (v: string) => `coalesce(${v}, '${UNCLASSIFIED}')`;
    await db.run(
      copyToParquet(
        `
      WITH j AS (
        SELECT s.*, m.* EXCLUDE (supplierKey),
          n.mcc AS networkMcc, n.acceptsCard AS nAccepts, n.vcAccepting AS nVc, n.detailLevel AS nDetail, n.stpCapable AS nStp, n.lockboxes AS nLockboxes
        FROM read_parquet(${lit(workFile(workDir, 'suppliers'))}) s
        JOIN read_parquet(${lit(workFile(workDir, 'matches'))}) m USING (supplierKey)
        LEFT JOIN read_parquet(${lit(networkFile)}) n ON n.merchantId = m.matchedMerchantId
      ), k AS (
        SELECT j.*, coalesce(networkMcc, inputMcc) AS mcc,
          matchStatus = 'MATCHED' AND coalesce(nAccepts, FALSE) AS cardAcceptor,
          CASE WHEN matchStatus <> 'MATCHED' THEN 'UNMATCHED' WHEN coalesce(nVc, FALSE) THEN 'YES' ELSE 'NO' END AS vcAccepting,
          CASE WHEN matchStatus = 'MATCHED' AND nDetail IN (1,2,3) THEN CAST(nDetail AS VARCHAR) ELSE '' END AS detailLevel,
          CASE WHEN matchStatus = 'MATCHED' AND coalesce(nStp, FALSE) THEN 'TRUE' ELSE 'FALSE' END AS stpCapable,
          CASE WHEN matchStatus = 'MATCHED' THEN coalesce(nLockboxes, []) ELSE [] END AS lockboxes
        FROM j), kl AS (
        SELECT k.*, ${payableLockboxesSql('lockboxes', offered, lockboxes)} AS payableLockboxes FROM k)
      SELECT k.* EXCLUDE (networkMcc, nAccepts, nVc, nDetail, nStp, nLockboxes),
        ${lockboxProgrammeSql('payableLockboxes')} AS lockboxProgramme,
        ${cardCapabilitySql(offered)} AS cardCapability,
        ${u('r.mccDescription')} AS mccDescription, ${u('r.mccGroup')} AS mccGroup, ${u('r.mccType')} AS mccType,
        ${u(`r.sicDivision || ' - ' || r.sicDivisionTitle`)} AS sicDivision, ${u(`r.sicMajorGroup || ' - ' || r.sicMajorGroupTitle`)} AS sicMajorGroup,
        ${u(`r.sicIndustryGroup || ' - ' || r.sicIndustryGroupTitle`)} AS sicIndustryGroup, ${u(`r.sicIndustry || ' - ' || r.sicIndustryTitle`)} AS sicIndustry,
        ${u(`r.naics || ' - ' || r.naicsTitle`)} AS naicsNationalIndustry, ${u(`r.unspscFamily || ' - ' || r.unspscFamilyTitle`)} AS unspscCategory,
        r.sicIndustry AS sicCode, r.naics AS naicsCode, r.unspscFamily AS unspscCode${merged ? ', nm.* EXCLUDE (supplierKey)' : ''}
      FROM kl k LEFT JOIN ref_mcc_industry r ON r.mcc = k.mcc
      ${merged ? `LEFT JOIN (${mergedNetworksSql(`read_parquet(${lit(networkMatches)})`)}) nm ON nm.supplierKey = k.supplierKey` : ''}
      ORDER BY k.inputOrder NULLS LAST, k.spend DESC, k.supplierKey`,
        out,
        'snappy', // a working file, read by score (and aggregate)
      ),
    );
    const n = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM read_parquet(${lit(out)})`))!.n;
    onProgress(100, `${n} suppliers enriched`);
    return { suppliers: n, file: out };
  });
}
