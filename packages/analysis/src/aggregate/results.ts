/**
 * Aggregation (DESIGN §4 step 6): summary figures, every chart view of SPEC §2 under every slicer
 * of SPEC §3, score distributions and use cases with supplier count, spend and estimated rebate.
 * Written to <outDir>/ as Parquet (views, scores, use-cases, use-case-suppliers, suppliers) plus
 * summary.json and suppliers.csv (one row per input supplier).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DIRECT_CARD_REBATE_BPS, VIRTUAL_LOCKBOX_PROGRAMMES, lockboxRebateBps, offeredKinds } from '@sextant/shared';
import type {
  SLICERS,
  TAcceptanceFeeRow,
  TIssuerOffer,
  TNotOffered,
  TScoreKind,
  TVirtualLockbox,
} from '@sextant/shared';
import type { TJobType } from '@sextant/shared';
import { copyToParquet, ident, lit, tempDirOf, withDb, type Db } from '../db.ts';
import { INDUSTRY_VIEWS } from '../enrich/enrich.ts';
import { workFile } from '../pipeline/workdir.ts';
import { MERGED_NETWORK_COLUMNS } from '../network/networks-sql.ts';
import type { ProgressFn } from '../progress.ts';
import type { IngestReport } from '../ingest/ingest.ts';

export const JOB_TOP_N = 1000;

/** Chart views (SPEC §2) → the supplier column they group by. */
export const CHART_VIEWS: Record<string, { label: string; column: string }> = {
  country: { label: 'by Country', column: "coalesce(country, 'Unknown')" },
  job: { label: `by Job (top ${JOB_TOP_N})`, column: 'coalesce(supplierName, supplierKey)' },
  transactionFrequency: { label: 'by transaction frequency', column: 'frequencyBand' },
  invoicePaymentTerms: { label: 'by invoice payment terms', column: 'paymentTermsBand' },
  paymentMethod: { label: 'by payment method', column: 'paymentMethod' },
  paymentMethodCount: { label: 'by payment method count', column: 'CAST(paymentMethodCount AS VARCHAR)' },
  ...Object.fromEntries(
    Object.entries(INDUSTRY_VIEWS).map(([k, label]) => [
      `industry.${k}`,
      { label: `by industry code: ${label}`, column: k },
    ]),
  ),
};

/** Slicers (SPEC §3) → the column holding the slicer value. */
export const SLICER_COLUMNS: Record<keyof typeof SLICERS, string> = {
  Overall: "'ALL'",
  CardAccepting: 'matchStatus',
  VcAccepting: 'vcAccepting',
  DetailLevel: 'detailLevel',
  StpCapable: 'stpCapable',
  CardCapability: 'cardCapability',
};

export interface UseCaseDefinition {
  id: string;
  name: string;
  description: string;
  /** SQL condition over the supplier results table */
  where: string;
  rebateBps: number;
  /** The score kinds that make the use case an offer: it is listed when the issuer offers one of them. */
  requires: TScoreKind[];
  /** A lockbox programme's use case: listed when the issuer supports the programme. */
  lockbox?: TVirtualLockbox;
}

export const USE_CASES: UseCaseDefinition[] = [
  {
    id: 'vc-accepting',
    name: 'Virtual card accepting suppliers',
    description: 'Suppliers whose merchant already accepts virtual card payments.',
    where: "vcAccepting = 'YES'",
    rebateBps: 100,
    requires: ['Vcard'],
  },
  {
    id: 'stp-capable',
    name: 'Straight-through processing',
    description: 'Suppliers able to take card payments straight through, without manual keying.',
    where: "stpCapable = 'TRUE'",
    rebateBps: 100,
    requires: ['Stp'],
  },
  {
    id: 'card-acceptors-not-paid-by-card',
    name: 'Card acceptors not paid by card',
    description: 'Suppliers that accept cards but are paid by ACH, wire or cheque today.',
    where: "cardAcceptor AND paymentMethod NOT IN ('Card', 'VirtualCard')",
    rebateBps: 80,
    requires: ['Vcard', 'Pcard'],
  },
  {
    id: 'pcard-low-value-high-frequency',
    name: 'Purchasing card: low value, high frequency',
    description: 'Card-accepting suppliers with an average ticket under 2,500 bought from at least monthly.',
    where: 'cardAcceptor AND avgTransactionValue < 2500 AND transactionsPerYear >= 12',
    rebateBps: 90,
    requires: ['Pcard'],
  },
  {
    id: 'tande-categories',
    name: 'T&E card categories',
    description:
      'Travel and entertainment merchant categories (airlines, lodging, car rental, restaurants, travel agencies).',
    where: "mccType = 'Travel and Entertainment'",
    rebateBps: 100,
    requires: ['TandEcard'],
  },
  {
    id: 'scf-strategic',
    name: 'Supply chain finance: strategic suppliers on long terms',
    description: 'Suppliers with spend of at least 1,000,000 on payment terms of 45 days or more.',
    where: 'spend >= 1000000 AND paymentTermsDays >= 45',
    rebateBps: 25,
    requires: ['Scf'],
  },
  {
    id: 'instant-pay-small-short-terms',
    name: 'Instant Pay: small suppliers on short terms',
    description: 'Suppliers under 250,000 of spend on payment terms of 30 days or less.',
    where: 'spend > 0 AND spend < 250000 AND paymentTermsDays <= 30',
    rebateBps: 50,
    requires: ['InstantPay'],
  },
  {
    id: 'boost-lockbox',
    name: 'Virtual lockbox (Boost) candidates',
    description:
      'Card acceptors still paid by cheque and not yet enrolled in a virtual lockbox the issuer supports: candidates for enrolment.',
    where: "lockboxProgramme IS NULL AND cardAcceptor AND paymentMethod = 'Check'",
    rebateBps: 60,
    requires: ['Boost'],
  },
];

/**
 * A lockbox programme's use case: the suppliers enrolled in it (and in no programme before it), payable through it
 * at the card rebate less the provider's fee (DESIGN §8).
 */
function lockboxUseCase(l: TVirtualLockbox): UseCaseDefinition {
  const p = VIRTUAL_LOCKBOX_PROGRAMMES[l];
  return {
    id: `lockbox-${l.toLowerCase()}`,
    name: `Virtual lockbox (${p.label}): enrolled suppliers`,
    description: `${p.description}. Suppliers enrolled in it are payable by card through it; the rebate is the card rebate less the provider's fee of ${p.providerFeeBps} bps.`,
    where: `lockboxProgramme = ${lit(l)}`,
    rebateBps: lockboxRebateBps(l, DIRECT_CARD_REBATE_BPS),
    requires: ['Boost'],
    lockbox: l,
  };
}

/** The use cases of a run under an issuer's offer: those of offered kinds, and one per supported lockbox programme. */
export function useCasesFor(offer: TIssuerOffer | null | undefined): UseCaseDefinition[] {
  const { offered, lockboxes } = offeredKinds(offer);
  const lockboxCases = offered.includes('Boost') ? lockboxes.map(lockboxUseCase) : [];
  return [...USE_CASES, ...lockboxCases].filter((u) => u.requires.some((k) => offered.includes(k)));
}

/** The score columns of kinds not offered (Optima's method with Optima). */
function notOfferedColumns(kinds: readonly TScoreKind[]): string[] {
  return kinds.flatMap((k) => [
    `${k}Level`,
    `${k}RuleId`,
    `${k}Confidence`,
    `${k}ConfidenceRuleId`,
    ...(k === 'Optima' ? ['optimaMethod'] : []),
  ]);
}

export interface AggregateOptions {
  workDir: string;
  outDir: string;
  type: TJobType;
  /** The issuer's offer the run was computed with (absent: every kind and lockbox). */
  offer?: TIssuerOffer | null;
  onProgress?: ProgressFn;
}

/** The offer a run was computed with: what it offered, and why the other kinds are absent. */
export interface RunOffer {
  issuerName: string;
  offered: TScoreKind[];
  notOffered: TNotOffered[];
  virtualLockboxes: TVirtualLockbox[];
  /** The issuer's acceptance fee table the run used; null or absent (runs from before): the defaults. */
  acceptanceFees?: TAcceptanceFeeRow[] | null;
}

export interface AnalysisSummary {
  type: TJobType;
  currency: string;
  suppliers: number;
  totalSpend: number;
  matched: { suppliers: number; spend: number; rate: number };
  matchConfidence: Record<string, number>;
  cardCapability: Record<string, { suppliers: number; spend: number }>;
  scores: Record<string, Record<string, { suppliers: number; spend: number }>> | null;
  useCases: { id: string; name: string; suppliers: number; spend: number; estimatedRebate: number }[];
  rulesetVersions: { scoring: number; confidence: number } | null;
  /** Null for runs computed without an issuer offer (every kind offered), and for summaries written before. */
  offer?: RunOffer | null;
  files: Record<string, string>;
}

function sourceIdHeader(workDir: string): string {
  const dir = path.join(workDir, 'ingest');
  if (!existsSync(dir)) return 'supplierId';
  for (const f of readdirSync(dir)
    .filter((x) => x.startsWith('suppliers-') && x.endsWith('.report.json'))
    .sort()) {
    const r = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as IngestReport;
    if (r.mapping.supplierId) return r.mapping.supplierId;
  }
  return 'supplierId';
}

/**
 * The chart views × slicers of a supplier table (supplierKey, spend, documentCount, matchStatus and the columns of
 * CHART_VIEWS and SLICER_COLUMNS): creates its helper tables (sl, vw) and returns the query of the view rows
 * (view, slicer, slicerValue, category, supplierCount, spend, documentCount, matchedCount). The job results and the
 * global insights both use it.
 */
export async function prepareChartViews(db: Db, table: string): Promise<string> {
  const slicers = Object.entries(SLICER_COLUMNS)
    .map(([s, col]) => `SELECT supplierKey, ${lit(s)} AS slicer, CAST(${col} AS VARCHAR) AS slicerValue FROM ${table}`)
    .join(' UNION ALL ');
  const views = Object.entries(CHART_VIEWS)
    .map(([v, d]) => `SELECT supplierKey, ${lit(v)} AS view, CAST(${d.column} AS VARCHAR) AS category FROM ${table}`)
    .join(' UNION ALL ');
  await db.run(`CREATE OR REPLACE TABLE sl AS ${slicers}`);
  await db.run(`CREATE OR REPLACE TABLE vw AS ${views}`);
  return `
      WITH g AS (
        SELECT v.view, s.slicer, s.slicerValue, v.category, count(*) AS supplierCount, round(sum(r.spend), 2) AS spend,
          sum(r.documentCount) AS documentCount, count(*) FILTER (WHERE r.matchStatus = 'MATCHED') AS matchedCount
        FROM vw v JOIN sl s USING (supplierKey) JOIN ${table} r USING (supplierKey) GROUP BY ALL)
      SELECT * FROM g WHERE view <> 'job' OR category IN (SELECT category FROM g g2 WHERE g2.view = 'job' AND g2.slicer = g.slicer AND g2.slicerValue IS NOT DISTINCT FROM g.slicerValue ORDER BY spend DESC LIMIT ${JOB_TOP_N})
      ORDER BY view, slicer, slicerValue, spend DESC`;
}

export async function aggregateResults(options: AggregateOptions): Promise<AnalysisSummary> {
  const { workDir, outDir, type } = options;
  const onProgress = options.onProgress ?? (() => {});
  const { offered, notOffered, lockboxes } = offeredKinds(options.offer);
  const useCases = useCasesFor(options.offer);
  const scored = type !== 'matched-data-only' && existsSync(workFile(workDir, 'scored'));
  const input = scored ? workFile(workDir, 'scored') : workFile(workDir, 'enriched');
  mkdirSync(outDir, { recursive: true });
  const files = {
    suppliers: path.join(outDir, 'suppliers.parquet'),
    suppliersCsv: path.join(outDir, 'suppliers.csv'),
    views: path.join(outDir, 'views.parquet'),
    scores: path.join(outDir, 'scores.parquet'),
    useCases: path.join(outDir, 'use-cases.parquet'),
    useCaseSuppliers: path.join(outDir, 'use-case-suppliers.parquet'),
    summary: path.join(outDir, 'summary.json'),
  };
  return withDb({ tempDir: tempDirOf(workDir) }, async (db) => {
    // The columns of kinds the issuer does not offer are left out of every result file: not listed, filtered,
    // charted or downloaded (their NULL scores would only say "not offered", which the summary's offer says once).
    const absent = scored ? notOfferedColumns(notOffered.map((n) => n.kind)) : [];
    await db.run(
      `CREATE TABLE res AS SELECT * ${absent.length ? `EXCLUDE (${absent.map(ident).join(', ')})` : ''} FROM read_parquet(${lit(input)})`,
    );
    onProgress(10, 'Chart views');
    await db.run(copyToParquet(await prepareChartViews(db, 'res'), files.views));
    onProgress(50, 'Use cases');
    await db.run(
      `CREATE TABLE uc AS ${[
        ...useCases.map(
          (u) =>
            `SELECT ${lit(u.id)} AS useCaseId, supplierKey, spend, round(spend * ${u.rebateBps} / 10000, 2) AS estimatedRebate FROM res WHERE coalesce(${u.where}, FALSE)`,
        ),
        // the table's shape when the issuer offers no use case
        `SELECT NULL::VARCHAR AS useCaseId, supplierKey, spend, 0::DOUBLE AS estimatedRebate FROM res WHERE FALSE`,
      ].join(' UNION ALL ')}`,
    );
    await db.run(copyToParquet(`SELECT * FROM uc ORDER BY useCaseId, spend DESC, supplierKey`, files.useCaseSuppliers));
    const ucDefs = useCases.length
      ? `(VALUES ${useCases.map((u) => `(${lit(u.id)}, ${lit(u.name)}, ${lit(u.description)}, ${u.rebateBps})`).join(', ')})`
      : '(SELECT NULL::VARCHAR, NULL::VARCHAR, NULL::VARCHAR, NULL::INTEGER WHERE FALSE)';
    await db.run(
      copyToParquet(
        `SELECT d.useCaseId, d.name, d.description, d.rebateBps, count(uc.supplierKey) AS supplierCount, round(coalesce(sum(uc.spend), 0), 2) AS spend, round(coalesce(sum(uc.estimatedRebate), 0), 2) AS estimatedRebate
      FROM ${ucDefs} d(useCaseId, name, description, rebateBps) LEFT JOIN uc USING (useCaseId) GROUP BY ALL ORDER BY spend DESC, useCaseId`,
        files.useCases,
      ),
    );
    if (scored) {
      await db.run(
        copyToParquet(
          [
            ...offered.map(
              (k) =>
                `SELECT ${lit(k)} AS scoreKind, ${ident(`${k}Level`)} AS level, ${ident(`${k}Confidence`)} AS confidence, count(*) AS supplierCount, round(sum(spend), 2) AS spend FROM res GROUP BY ALL`,
            ),
            `SELECT NULL::VARCHAR AS scoreKind, NULL::VARCHAR AS level, NULL::VARCHAR AS confidence, 0::BIGINT AS supplierCount, 0::DOUBLE AS spend WHERE FALSE`,
          ].join(' UNION ALL '),
          files.scores,
        ),
      );
    }
    onProgress(70, 'Supplier results');
    await db.run(copyToParquet(`SELECT * FROM res`, files.suppliers));
    // Every supplier's match in every loaded network (network/networks.ts), for the supplier detail's networks[]: the
    // working file as the networks step wrote it (its rows are this run's suppliers, the ones in res; readers group
    // them by supplier and order them by networkOrder), copied, not read and written again.
    if (existsSync(workFile(workDir, 'networkMatches')))
      copyFileSync(workFile(workDir, 'networkMatches'), path.join(outDir, 'networks.parquet'));
    const mergedCols = (await db.all<{ column_name: string }>(`SELECT column_name FROM (DESCRIBE res)`))
      .map((c) => c.column_name)
      .filter((c) => (MERGED_NETWORK_COLUMNS as readonly string[]).includes(c));
    const idHeader = sourceIdHeader(workDir);
    const scoreCols = scored
      ? [
          ...offered.flatMap((k) => [ident(`${k}Level`), ident(`${k}Confidence`), ident(`${k}RuleId`)]),
          ...(offered.includes('Optima') ? ['optimaMethod'] : []),
          'bestRoute',
          'bestRouteExpectedValue',
          'supplierNetBenefit',
          'daysSooner',
          'acceptancePrediction',
          'acceptanceProbability',
          'acceptanceExplanation',
        ].join(', ') + ','
      : '';
    await db.run(`COPY (SELECT sourceSupplierId AS ${ident(idHeader)}, supplierKey, supplierName, country, spend, currency, matchStatus, matchConfidence, matchedMerchantId, matchScore,
        cardCapability, cardAcceptor, vcAccepting, detailLevel, stpCapable, array_to_string(lockboxes, ';') AS lockboxes, lockboxProgramme, mcc, mccDescription, mccGroup, mccType,
        sicDivision, sicMajorGroup, sicIndustryGroup, sicIndustry, naicsNationalIndustry, unspscCategory,
        frequencyBand, paymentTermsDays, paymentTermsBand, paymentMethod, paymentMethodCount, ${scoreCols} ${mergedCols.map((c) => `${ident(c)}, `).join('')}matchEvidence
      FROM res ORDER BY inputOrder NULLS LAST, spend DESC, supplierKey) TO ${lit(files.suppliersCsv)} (HEADER, DELIMITER ',')`);
    onProgress(85, 'Summary');
    const tot = (await db.one<{ n: number; spend: number; mn: number; ms: number; currency: string }>(
      `SELECT count(*) AS n, coalesce(sum(spend), 0) AS spend, count(*) FILTER (WHERE matchStatus = 'MATCHED') AS mn, coalesce(sum(spend) FILTER (WHERE matchStatus = 'MATCHED'), 0) AS ms, any_value(currency) AS currency FROM res`,
    ))!;
    const conf = await db.all<{ k: string; n: number }>(
      `SELECT coalesce(matchConfidence, 'None') AS k, count(*) AS n FROM res GROUP BY 1`,
    );
    const cap = await db.all<{ k: string; n: number; s: number }>(
      `SELECT cardCapability AS k, count(*) AS n, round(sum(spend), 2) AS s FROM res GROUP BY 1`,
    );
    const ucs = await db.all<{ id: string; name: string; suppliers: number; spend: number; estimatedRebate: number }>(
      // in a fixed order (use cases of equal spend by id), so two runs of the same file give the same summary
      `SELECT useCaseId AS id, name, supplierCount AS suppliers, spend, estimatedRebate FROM read_parquet(${lit(files.useCases)}) ORDER BY spend DESC, useCaseId`,
    );
    let scores: AnalysisSummary['scores'] = null;
    let rulesetVersions: AnalysisSummary['rulesetVersions'] = null;
    if (scored) {
      scores = {};
      for (const r of await db.all<{ k: string; l: string; n: number; s: number }>(
        `SELECT scoreKind AS k, level AS l, sum(supplierCount) AS n, round(sum(spend), 2) AS s FROM read_parquet(${lit(files.scores)}) GROUP BY ALL`,
      )) {
        (scores[r.k] ??= {})[r.l] = { suppliers: r.n, spend: r.s };
      }
      const v = (await db.one<{ s: number; c: number }>(
        `SELECT any_value(scoringRulesetVersion) AS s, any_value(confidenceRulesetVersion) AS c FROM res`,
      ))!;
      rulesetVersions = { scoring: v.s, confidence: v.c };
    }
    const summary: AnalysisSummary = {
      type,
      currency: tot.currency ?? 'USD',
      suppliers: tot.n,
      totalSpend: Math.round(tot.spend * 100) / 100,
      matched: {
        suppliers: tot.mn,
        spend: Math.round(tot.ms * 100) / 100,
        rate: tot.n ? Math.round((tot.mn / tot.n) * 10000) / 10000 : 0,
      },
      matchConfidence: Object.fromEntries(conf.map((c) => [c.k, c.n])),
      cardCapability: Object.fromEntries(cap.map((c) => [c.k, { suppliers: c.n, spend: c.s }])),
      scores,
      useCases: ucs,
      rulesetVersions,
      offer: options.offer
        ? {
            issuerName: options.offer.issuerName,
            offered,
            notOffered,
            virtualLockboxes: lockboxes,
            // only when the issuer has its own table (absent: the defaults)
            ...(options.offer.acceptanceFees ? { acceptanceFees: options.offer.acceptanceFees } : {}),
          }
        : null,
      files: Object.fromEntries(
        Object.entries(files)
          .filter(([k]) => scored || k !== 'scores')
          .map(([k, f]) => [k, path.basename(f)]),
      ),
    };
    writeFileSync(files.summary, JSON.stringify(summary, null, 2));
    onProgress(100, 'Results written');
    return summary;
  });
}
