/**
 * Supplier results: the server-paged supplier list of a job and of a use case (filters, search, slicer, sort,
 * filtered totals, CSV/XLSX export) and one supplier's detail (match evidence, matched merchant, scores with the
 * rule that produced them, industry codes, documents, use cases).
 *
 * Speed: a page reads the run's supplier cache (supplier-cache.ts) with the SQL of supplier-query.ts — two narrow
 * queries, the page's row numbers (filter + sort + limit, reading only those columns) and the count/spend total
 * with the same filter — followed by one lookup of the page's rows by row number.
 */
import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { shippedMatchRuleset } from '@sextant/analysis';
import { ruleDescriptions } from '../rulesets/index.ts';
import { z } from 'zod';
import {
  INDUSTRY_CLASSIFICATIONS,
  ZAcceptanceDriver,
  pagedResult,
  offeredKinds,
  rankRoutes,
  ROUTE_KINDS,
  type TAcceptanceDriver,
  type TMergedNetworks,
  type TSupplierDetail,
  type TSupplierNetworkMatch,
  type TSupplierPage,
  type TSupplierResultsQuery,
  type TSupplierRow,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { notFound } from '../../lib/errors.ts';
import { csvBody } from '../jobs/index.ts';
import { supplierCampaigns } from './campaign-progress.repo.ts';
// The reference network file the jobs matched against, when present.
import { existingNetworkFile as networkFile } from '../jobs/index.ts';
import { supplierDetailRows } from './supplier-detail.ts';
import { resultsDuck, singleFlight, type JobResults } from '../../lib/duckdb/index.ts';
import { runCache } from './supplier-cache.ts';
import {
  buildQuery,
  exportSql,
  listTotalSql,
  pageRnsSql,
  rowOf,
  rowsByRnSql,
  selectionSql,
  type ListScope,
} from './supplier-query.ts';
import { useCaseByIdSql } from './results-sql.ts';
import { runOfferOf } from './offer.ts';

export { supplierColumns } from './supplier-cache.ts';

/**
 * SuppliersScore_VIEW (SPEC §6 "suppliers score view", ptcoJobManager and above, or granted as an extra permission):
 * whether the caller sees each supplier's scores — the level and confidence per score kind in the supplier lists,
 * their filters, sort and export, and the scores with their rules on the supplier page. Without it the lists and
 * the page leave them out (the job's aggregated insights and use cases stay).
 */
export const seesSupplierScores = (auth: Pick<AuthContext, 'permissions'>): boolean =>
  auth.permissions.has('SuppliersScore_VIEW');

const pageCache = new Map<string, Promise<TSupplierPage>>();

/**
 * One page of the run's (or a use case's) suppliers, with the filtered count and spend. Pages of a run never
 * change: recent ones are kept (results.store singleFlight), and concurrent requests for one page share a query.
 */
export function supplierPage(
  ctx: AppContext,
  res: JobResults,
  query: TSupplierResultsQuery,
  scope: ListScope = {},
): Promise<TSupplierPage> {
  const key = `${res.runId}|${JSON.stringify(query)}|${JSON.stringify(scope)}`;
  return singleFlight(pageCache, key, () => computeSupplierPage(ctx, res, query, scope));
}

async function computeSupplierPage(
  ctx: AppContext,
  res: JobResults,
  query: TSupplierResultsQuery,
  scope: ListScope = {},
): Promise<TSupplierPage> {
  const cache = await runCache(ctx, res);
  const b = buildQuery(cache, query, scope);
  const { pageNumber, pageSize } = query;
  const offset = (pageNumber - 1) * pageSize;
  const params = b.params.values;
  const [ids, total] = await Promise.all([
    res.all<{ rn: number }>(pageRnsSql(b, pageSize, offset), params),
    res.one<{ n: number; spend: number }>(listTotalSql(b), params),
  ]);
  let collection: TSupplierRow[] = [];
  if (ids.length) {
    const rns = ids.map((r) => r.rn);
    const extra = scope.useCaseId ? [scope.useCaseId] : [];
    const rows = await res.all<Record<string, unknown>>(rowsByRnSql(b, rns, Boolean(scope.useCaseId)), extra);
    const byRn = new Map(rows.map((r) => [Number(r.rn), r]));
    collection = rns
      .map((n) => byRn.get(n))
      .filter((r): r is Record<string, unknown> => Boolean(r))
      .map(rowOf);
  }
  return {
    ...pagedResult(collection, Number(total?.n ?? 0), pageNumber, pageSize),
    totalSpend: Math.round(Number(total?.spend ?? 0) * 100) / 100,
    currency: cache.currency,
  };
}

/** A supplier picked by a selection (campaign workflows enrol these). */
export interface SelectedSupplier {
  supplierKey: string;
  supplierId: string | null;
  supplierName: string;
  country: string | null;
  spend: number;
}

/**
 * Every supplier of the run (or of a use case) that the supplier list's filters, search and slicer select, in
 * spend order: the same filter implementation as the list, for callers that act on the whole selection.
 */
export async function selectSuppliers(
  ctx: AppContext,
  res: JobResults,
  selection: Pick<TSupplierResultsQuery, 'filters' | 'search' | 'slicer' | 'slicerValue'>,
  scope: ListScope = {},
): Promise<{ suppliers: SelectedSupplier[]; currency: string }> {
  const cache = await runCache(ctx, res);
  const b = buildQuery(cache, { pageNumber: 1, pageSize: 1, ...selection }, scope);
  const rows = await res.all<{ k: string; id: string | null; n: string | null; c: string | null; sp: number | null }>(
    selectionSql(b),
    b.params.values,
  );
  return {
    currency: cache.currency,
    suppliers: rows.map((r) => ({
      supplierKey: String(r.k),
      supplierId: r.id === null || r.id === '' ? null : String(r.id),
      supplierName: r.n ? String(r.n) : String(r.k),
      country: r.c === null || r.c === '' ? null : String(r.c),
      spend: Number(r.sp ?? 0),
    })),
  };
}

function exportCell(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object' && 'toString' in v) return String(v);
  return String(v);
}

export interface SupplierExport {
  filename: string;
  contentType: string;
  body: Readable;
}

/** Every filtered, sorted row as CSV (formula-safe) or XLSX, streamed in chunks. */
export async function supplierExport(
  ctx: AppContext,
  res: JobResults,
  query: TSupplierResultsQuery,
  format: 'csv' | 'xlsx',
  scope: ListScope = {},
  name = 'suppliers',
): Promise<SupplierExport> {
  const cache = await runCache(ctx, res);
  const b = buildQuery(cache, query, scope);
  const cols = [...b.cols.values()];
  const headers = cols.map((c) => c.def.label);
  const sql = exportSql(b);
  const conn = await (await resultsDuck()).connect();
  let streamed: Awaited<ReturnType<typeof conn.stream>>;
  try {
    streamed = await conn.stream(sql, b.params.values);
  } catch (err) {
    conn.closeSync();
    throw err;
  }
  async function* rows(): AsyncGenerator<(string | number | boolean | null)[]> {
    try {
      for await (const chunk of streamed.yieldRowsJs()) for (const r of chunk) yield r.map(exportCell);
    } finally {
      conn.closeSync();
    }
  }
  const base = `${res.jobName.replace(/[^\w.-]+/g, '_').slice(0, 80)}-${name}`;
  if (format === 'csv') {
    return { filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: csvBody(rows(), headers) };
  }
  const { default: ExcelJS } = await import('exceljs'); // loaded on first use
  const pass = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Suppliers');
  sheet.columns = headers.map((h, i) => ({
    header: h,
    key: String(i),
    width: Math.min(40, Math.max(12, h.length + 2)),
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for await (const r of rows()) sheet.addRow(r).commit();
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      pass.destroy(err as Error);
    }
  })();
  return {
    filename: `${base}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: pass,
  };
}

/** A use case of the run, 404 when unknown. */
export async function useCaseRow(res: JobResults, useCaseId: string) {
  const row = await res.one<{
    useCaseId: string;
    name: string;
    description: string;
    rebateBps: number;
    supplierCount: number;
    spend: number;
    estimatedRebate: number;
  }>(useCaseByIdSql(res.table('useCases')), [useCaseId]);
  if (!row) throw notFound(`Use case "${useCaseId}"`);
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Supplier detail

type RuleIndex = Map<string, string>;

function describeRule(
  id: string | null,
  kind: 'scoring' | 'confidence',
  runVersion: number | null,
  index: RuleIndex | null,
): { id: string | null; description: string | null } {
  if (!id) return { id: null, description: null };
  if (!index) return { id, description: `Rule of ${kind} ruleset version ${runVersion ?? '?'} (version not stored)` };
  const optima = /^OPTIMA:([^:]+):(.+)$/.exec(id);
  if (optima && kind === 'scoring') {
    const inner = index.get(optima[2]!);
    return {
      id,
      description: `Best method ${optima[1]} — ${inner ?? optima[2]}. ${index.get('OPTIMA') ?? ''}`.trim(),
    };
  }
  return { id, description: index.get(id) ?? null };
}

type R = Record<string, unknown>;
function parseEvidence(v: unknown): R {
  if (!v) return {};
  try {
    return JSON.parse(String(v)) as R;
  } catch {
    return {};
  }
}
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined || Number.isNaN(Number(v)) ? null : Number(v));
const bool = (v: unknown) => (v === null || v === undefined ? null : Boolean(v));
const strs = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
const ZDrivers = z.array(ZAcceptanceDriver);
/** The stored drivers (JSON text written by the acceptance model); anything unreadable as none. */
function driversOf(v: unknown): TAcceptanceDriver[] {
  if (typeof v !== 'string' || !v) return [];
  try {
    const parsed = ZDrivers.safeParse(JSON.parse(v));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * The deciding match rule (described from the match ruleset of that version) and the evidence per field
 * (match rulesets v2 and later: `fields` as [field, result, supplier value, merchant value]); the fields agreeing /
 * disagreeing are derived from them (older runs list them in the evidence).
 */
function matchRuleEvidence(
  e: R,
): Pick<TSupplierDetail['match'], 'rule' | 'rulesetVersion' | 'fields' | 'fieldsAgreeing' | 'fieldsDisagreeing'> {
  const version = num(e.rulesetVersion);
  // the descriptions of the version the run used (an earlier run keeps its own rules' words)
  const rs = version === null ? null : shippedMatchRuleset(version);
  const id = str(e.rule);
  const scoreOf: Record<string, unknown> = { name: e.nameScore, street: e.streetScore };
  const fields = (Array.isArray(e.fields) ? (e.fields as unknown[]) : []).filter(Array.isArray).map((f) => ({
    field: String(f[0]),
    result: String(f[1]),
    supplier: str(f[2]),
    merchant: str(f[3]),
    score: num(scoreOf[String(f[0])]),
  }));
  return {
    rule: id ? { id, description: rs?.rules.find((r) => r.id === id)?.description ?? null } : null,
    rulesetVersion: version,
    fields,
    fieldsAgreeing: Array.isArray(e.fieldsAgreeing)
      ? strs(e.fieldsAgreeing)
      : fields.filter((f) => f.result !== 'differ' && f.result !== 'unknown').map((f) => f.field),
    fieldsDisagreeing: Array.isArray(e.fieldsDisagreeing)
      ? strs(e.fieldsDisagreeing)
      : fields.filter((f) => f.result === 'differ').map((f) => f.field),
  };
}

/** One network's match of the supplier, from its row of networks.parquet (docs/NETWORKS.md). */
function networkMatchOf(n: R): TSupplierNetworkMatch {
  return {
    network: String(n.network),
    networkVersion: String(n.networkVersion),
    merchantId: str(n.merchantId),
    merchantName: str(n.merchantName),
    confidence: str(n.confidence),
    matched: n.matchStatus === 'MATCHED',
    matchScore: num(n.matchScore),
    acceptsCard: bool(n.acceptsCard),
    vcAccepting: bool(n.vcAccepting),
    detailLevel: num(n.detailLevel),
    stpCapable: bool(n.stpCapable),
    lockboxes: strs(n.lockboxes),
    cardCapability: str(n.cardCapability),
    rule: str(n.rule),
    candidateSearch: n.candidateSearch === 'confirm' ? 'confirm' : 'full',
  };
}

/** The merged view across networks (the supplier's merged columns, enrich), null on runs before it. */
function mergedNetworksOf(s: R, networks: TSupplierNetworkMatch[]): TMergedNetworks | null {
  if (!('acceptsAnywhere' in s)) return null;
  return {
    acceptsAnywhere: bool(s.acceptsAnywhere) ?? false,
    // from the per-network rows (a network's name may hold the column's ", " separator)
    acceptsIn: networks.filter((n) => n.acceptsCard === true).map((n) => n.network),
    bestCapability: str(s.bestCapabilityAnyNetwork) ?? 'Unmatched',
    bestCapabilityNetwork: str(s.bestCapabilityNetwork),
    networksMatched: num(s.networksMatched) ?? 0,
  };
}

/** One supplier's detail; withoutScores (no SuppliersScore_VIEW): no scores, rules or Optima method. */
export async function supplierDetail(
  ctx: AppContext,
  res: JobResults,
  supplierKey: string,
  withoutScores = false,
): Promise<TSupplierDetail> {
  const found = await supplierDetailRows(ctx, res, supplierKey, networkFile(ctx));
  const s = found.supplier;
  if (!s) throw notFound(`Supplier "${supplierKey}"`);
  const evidence = parseEvidence(s.matchEvidence);
  let merchant: TSupplierDetail['merchant'] = null;
  const m = found.merchant;
  if (m)
    merchant = {
      merchantId: String(m.merchantId),
      name: str(m.name),
      addressLine1: str(m.addressLine1),
      addressLine2: str(m.addressLine2),
      city: str(m.city),
      region: str(m.region),
      postcode: str(m.postcode),
      country: str(m.country),
      taxId: str(m.taxId),
      mcc: str(m.mcc),
      acceptsCard: bool(m.acceptsCard),
      vcAccepting: bool(m.vcAccepting),
      detailLevel: num(m.detailLevel),
      stpCapable: bool(m.stpCapable),
      lockboxes: strs(m.lockboxes),
    };
  const scoringVersion = num(s.scoringRulesetVersion);
  const confidenceVersion = num(s.confidenceRulesetVersion);
  // Rules are described from the version the run used (stored in the database; versions never change).
  const showScores = res.scored && !withoutScores;
  const [scoringRules, confidenceRules] = showScores
    ? await Promise.all([
        scoringVersion === null ? null : ruleDescriptions(ctx.db, 'scoring', scoringVersion),
        confidenceVersion === null ? null : ruleDescriptions(ctx.db, 'confidence', confidenceVersion),
      ])
    : [null, null];
  const { offer, offered } = runOfferOf(res);
  const scores = showScores
    ? offered.map((kind) => ({
        kind,
        level: str(s[`${kind}Level`]),
        rule: describeRule(str(s[`${kind}RuleId`]), 'scoring', scoringVersion, scoringRules),
        confidence: str(s[`${kind}Confidence`]),
        confidenceRule: describeRule(
          str(s[`${kind}ConfidenceRuleId`]),
          'confidence',
          confidenceVersion,
          confidenceRules,
        ),
      }))
    : [];
  const useCases = found.useCases;
  const networks = found.networks.map(networkMatchOf);
  // The run's lockbox programmes (a run from before offers were kept: every programme, as its scoring had).
  const lockboxes = offer ? offer.virtualLockboxes : offeredKinds(null).lockboxes;
  const routes = showScores
    ? rankRoutes(
        {
          spend: num(s.spend),
          paymentMethod: str(s.paymentMethod),
          paymentCount: num(s.paymentCount),
          paymentTermsDays: num(s.paymentTermsDays),
          avgTransactionValue: num(s.avgTransactionValue),
          mccType: str(s.mccType),
          matchStatus: str(s.matchStatus),
          acceptanceProbability: num(s.acceptanceProbability),
          lockboxProgramme: str(s.lockboxProgramme),
          levels: Object.fromEntries(ROUTE_KINDS.map((k) => [k, str(s[`${k}Level`])])),
        },
        offered,
        lockboxes,
        // The run's fee table (snapshotted with the issuer's settings) on its reference network (the first).
        { table: offer?.acceptanceFees ?? null, network: networks[0]?.network ?? '*' },
      )
    : [];
  return {
    jobId: res.jobId,
    currency: str(s.currency) ?? res.summary.currency,
    supplier: {
      supplierKey: String(s.supplierKey),
      sourceSupplierId: str(s.sourceSupplierId),
      supplierName: str(s.supplierName),
      addressLine1: str(s.addressLine1),
      addressLine2: str(s.addressLine2),
      city: str(s.city),
      region: str(s.region),
      postcode: str(s.postcode),
      country: str(s.country),
      taxId: str(s.taxId),
      spend: num(s.spend),
      spendShare: num(s.spendShare),
      cardSpend: num(s.cardSpend),
      avgTransactionValue: num(s.avgTransactionValue),
      transactionsPerYear: num(s.transactionsPerYear),
      frequencyBand: str(s.frequencyBand),
      paymentTermsDays: num(s.paymentTermsDays),
      paymentTermsBand: str(s.paymentTermsBand),
      paymentMethod: str(s.paymentMethod),
      paymentMethodCount: num(s.paymentMethodCount),
      paymentMethods: strs(s.paymentMethods),
      category: str(s.category),
      inputMcc: str(s.inputMcc),
    },
    documents: {
      inputKinds: strs(s.inputKinds),
      counts: {
        spend: num(s.spendCount),
        purchaseOrders: num(s.poCount),
        invoices: num(s.invoiceCount),
        payments: num(s.paymentCount),
        transactions: num(s.transactionCount),
        total: num(s.documentCount),
      },
      firstDate: str(s.firstDate),
      lastDate: str(s.lastDate),
    },
    match: {
      status: str(s.matchStatus),
      confidence: str(s.matchConfidence),
      matchedMerchantId: str(s.matchedMerchantId),
      candidateMerchantId: str(s.candidateMerchantId),
      scores: {
        total: num(s.matchScore),
        name: num(s.nameScore),
        nameJaroWinkler: num(s.nameJaroWinkler),
        nameTokenSimilarity: num(s.nameTokenSimilarity),
        address: num(s.addressScore),
        runnerUp: num(s.runnerUpScore),
      },
      agreement: [
        { field: 'taxId', agrees: bool(s.taxAgrees) },
        { field: 'postcode', agrees: bool(s.postcodeAgrees) },
        { field: 'city', agrees: bool(s.cityAgrees) },
        { field: 'country', agrees: bool(s.countryAgrees) },
      ],
      downgradedForAmbiguity: bool(evidence.downgradedForAmbiguity),
      ...matchRuleEvidence(evidence),
    },
    merchant,
    acceptance: {
      cardCapability: str(s.cardCapability),
      cardAcceptor: bool(s.cardAcceptor),
      vcAccepting: str(s.vcAccepting),
      detailLevel: str(s.detailLevel),
      stpCapable: str(s.stpCapable),
      lockboxes: strs(s.lockboxes),
      lockboxProgramme: str(s.lockboxProgramme),
      prediction: str(s.acceptancePrediction),
      probability: num(s.acceptanceProbability),
      explanation: str(s.acceptanceExplanation),
      drivers: driversOf(s.acceptanceDrivers),
    },
    industry: {
      mcc: str(s.mcc),
      sicCode: str(s.sicCode),
      naicsCode: str(s.naicsCode),
      unspscCode: str(s.unspscCode),
      classifications: INDUSTRY_CLASSIFICATIONS.map((key) => ({ key, value: str(s[key]) })),
    },
    scored: res.scored,
    scores,
    offer,
    optimaMethod: showScores ? str(s.optimaMethod) : null,
    routes,
    rulesetVersions: { scoring: scoringVersion, confidence: confidenceVersion },
    networks,
    mergedNetworks: mergedNetworksOf(s, networks),
    useCases,
    campaigns: (await supplierCampaigns(ctx.db, res.jobId, supplierKey)).map((c) => ({
      ...c,
      campaignName: c.campaignName ?? null,
      route: c.route ?? null,
      updatedAt: c.updatedAt.toISOString(),
    })),
  };
}
