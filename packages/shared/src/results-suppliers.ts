/**
 * Job results — suppliers and use cases: the declared supplier column catalogue (every column the
 * suppliers table shows, with its value type and SPEC §3 column filter kind), the query of the server-paged
 * supplier lists (GET /jobs/{jobId}/results/suppliers and /results/use-cases/{useCaseId}/suppliers), the supplier
 * detail and the use case contracts.
 *
 * Query encoding (GET, so pages and links carry it): pageNumber, pageSize, orderBy and secondaryOrderBy as
 * `property` or `property:asc|desc`, filters as the JSON array of SPEC §3 filter items, search (name contains),
 * slicer + slicerValue (SPEC §3), format=csv|xlsx to export every filtered, sorted row.
 */
import { z } from 'zod';
import {
  MAX_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  ZFilterItem,
  zPagedResult,
  type TFilterItem,
  type TOrderBy,
} from './paging.ts';
import { SCORE_KINDS, ZSlicer, type TScoreKind } from './enums.ts';
import { ZSupplierCampaign } from './campaigns.ts';
import { ZRunOffer } from './results-insights.ts';
import { ZSupplierRoute } from './supplier-routes.ts';

export type TSupplierColumnType = 'string' | 'number' | 'boolean' | 'date';
export type TSupplierColumnFilterKind = 'multiselect' | 'boolean' | 'number' | 'date' | 'unavailable';

export interface TSupplierColumnDef {
  field: string;
  label: string;
  type: TSupplierColumnType;
  filterKind: TSupplierColumnFilterKind;
  /** Only present in scored jobs (base, advanced). */
  scored?: boolean;
  /** Rendered as an amount in the job currency (SPEC §9). */
  amount?: boolean;
  /** Shown in the table by default (the rest can be exported and filtered through the API). */
  inTable?: boolean;
}

const scoreColumns: TSupplierColumnDef[] = SCORE_KINDS.flatMap((k) => [
  { field: `${k}Level`, label: `${k} level`, type: 'string', filterKind: 'multiselect', scored: true, inTable: true },
  {
    field: `${k}Confidence`,
    label: `${k} confidence`,
    type: 'string',
    filterKind: 'multiselect',
    scored: true,
    inTable: true,
  },
]);

/** Every supplier column the list endpoints can return, filter and sort by — the server's whitelist. */
export const SUPPLIER_COLUMNS: readonly TSupplierColumnDef[] = [
  { field: 'supplierName', label: 'Supplier', type: 'string', filterKind: 'unavailable', inTable: true },
  { field: 'sourceSupplierId', label: 'Supplier ID', type: 'string', filterKind: 'unavailable', inTable: true },
  { field: 'supplierKey', label: 'Supplier key', type: 'string', filterKind: 'unavailable' },
  { field: 'country', label: 'Country', type: 'string', filterKind: 'multiselect', inTable: true },
  { field: 'spend', label: 'Spend', type: 'number', filterKind: 'number', amount: true, inTable: true },
  { field: 'documentCount', label: 'Documents', type: 'number', filterKind: 'number', inTable: true },
  { field: 'spendCount', label: 'Spend rows', type: 'number', filterKind: 'number', inTable: true },
  { field: 'poCount', label: 'POs', type: 'number', filterKind: 'number', inTable: true },
  { field: 'invoiceCount', label: 'Invoices', type: 'number', filterKind: 'number', inTable: true },
  { field: 'paymentCount', label: 'Payments', type: 'number', filterKind: 'number', inTable: true },
  { field: 'transactionCount', label: 'Transactions', type: 'number', filterKind: 'number', inTable: true },
  {
    field: 'avgTransactionValue',
    label: 'Avg transaction',
    type: 'number',
    filterKind: 'number',
    amount: true,
    inTable: true,
  },
  { field: 'matchStatus', label: 'Match status', type: 'string', filterKind: 'multiselect', inTable: true },
  { field: 'matchConfidence', label: 'Match confidence', type: 'string', filterKind: 'multiselect', inTable: true },
  { field: 'cardCapability', label: 'Card capability', type: 'string', filterKind: 'multiselect', inTable: true },
  { field: 'cardAcceptor', label: 'Card acceptor', type: 'boolean', filterKind: 'boolean' },
  { field: 'vcAccepting', label: 'VC accepting', type: 'string', filterKind: 'multiselect', inTable: true },
  { field: 'detailLevel', label: 'Detail level', type: 'string', filterKind: 'multiselect', inTable: true },
  { field: 'stpCapable', label: 'STP capable', type: 'string', filterKind: 'multiselect', inTable: true },
  ...scoreColumns,
  // The best route (packages/shared supplier-routes.ts; the Optima method) and the supplier's own case on it.
  { field: 'bestRoute', label: 'Best route', type: 'string', filterKind: 'multiselect', scored: true, inTable: true },
  {
    field: 'bestRouteExpectedValue',
    label: 'Best route expected value',
    type: 'number',
    filterKind: 'number',
    scored: true,
    amount: true,
    inTable: true,
  },
  {
    field: 'supplierNetBenefit',
    label: 'Supplier net benefit',
    type: 'number',
    filterKind: 'number',
    scored: true,
    amount: true,
  },
  { field: 'daysSooner', label: 'Days paid sooner', type: 'number', filterKind: 'number', scored: true },
  {
    field: 'acceptancePrediction',
    label: 'Acceptance prediction',
    type: 'string',
    filterKind: 'multiselect',
    inTable: true,
  },
  // The merged view across the loaded networks (docs/NETWORKS.md; runs since several networks).
  { field: 'acceptsAnywhere', label: 'Accepts cards anywhere', type: 'boolean', filterKind: 'boolean' },
  {
    field: 'acceptsAnywhereNetworks',
    label: 'Accepts cards in (networks)',
    type: 'string',
    filterKind: 'multiselect',
  },
  {
    field: 'bestCapabilityAnyNetwork',
    label: 'Best capability across networks',
    type: 'string',
    filterKind: 'multiselect',
  },
  { field: 'bestCapabilityNetwork', label: 'Best capability from network', type: 'string', filterKind: 'multiselect' },
  { field: 'firstDate', label: 'First date', type: 'date', filterKind: 'date' },
  { field: 'lastDate', label: 'Last date', type: 'date', filterKind: 'date' },
];

/** Extra columns of a use case's supplier list: the supplier's contribution to the use case. */
export const USE_CASE_SUPPLIER_COLUMNS: readonly TSupplierColumnDef[] = [
  { field: 'estimatedRebate', label: 'Estimated rebate', type: 'number', filterKind: 'number', amount: true },
];

export const ZSupplierColumn = z.object({
  field: z.string(),
  label: z.string(),
  type: z.enum(['string', 'number', 'boolean', 'date']),
  filterKind: z.enum(['multiselect', 'boolean', 'number', 'date', 'unavailable']),
  amount: z.boolean(),
  inTable: z.boolean(),
  /** Distinct values of a multiselect column in this run ('' stands for blank). */
  values: z.array(z.string()).optional(),
});
export type TSupplierColumn = z.infer<typeof ZSupplierColumn>;

export const ZSupplierColumns = z.object({
  currency: z.string(),
  scored: z.boolean(),
  /** The offer the run was computed with: the columns of kinds not offered are absent (null: every kind offered). */
  offer: ZRunOffer.nullable(),
  columns: z.array(ZSupplierColumn),
});
export type TSupplierColumns = z.infer<typeof ZSupplierColumns>;

/** `property` or `property:asc|desc` → an order. */
export function parseOrder(s: string | undefined): TOrderBy | undefined {
  if (!s) return undefined;
  const [propertyName = '', dir] = s.split(':');
  return { propertyName, direction: dir === 'desc' ? 'desc' : 'asc' };
}
export type TOrderInput = { propertyName: string; direction?: 'asc' | 'desc' };
export const formatOrder = (o: TOrderInput | undefined) =>
  o ? `${o.propertyName}:${o.direction ?? 'asc'}` : undefined;

const ZOrderParam = z
  .string()
  .max(100)
  .regex(/^[A-Za-z][A-Za-z0-9]*(:(asc|desc))?$/, 'must be "property" or "property:asc|desc"');

const ZFiltersParam = z
  .string()
  .max(20_000)
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of filter items' });
      return z.NEVER;
    }
  })
  .pipe(z.array(ZFilterItem).max(50));

export const SUPPLIER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

export const ZSupplierResultsQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  orderBy: ZOrderParam.optional(),
  secondaryOrderBy: ZOrderParam.optional(),
  filters: ZFiltersParam.optional(),
  search: z.string().max(200).optional(),
  slicer: ZSlicer.optional(),
  slicerValue: z.string().max(50).optional(),
  format: z.enum(SUPPLIER_EXPORT_FORMATS).optional(),
});
export type TSupplierResultsQuery = z.output<typeof ZSupplierResultsQuery>;
/** The query as the web app builds it (strings in the URL). */
export interface TSupplierListParams {
  pageNumber?: number;
  pageSize?: number;
  orderBy?: TOrderInput;
  secondaryOrderBy?: TOrderInput;
  filterItems?: TFilterItem[];
  search?: string;
  slicer?: string;
  slicerValue?: string;
}
export function supplierListSearch(p: TSupplierListParams): Record<string, string> {
  const out: Record<string, string> = {};
  if (p.pageNumber && p.pageNumber > 1) out.pageNumber = String(p.pageNumber);
  if (p.pageSize) out.pageSize = String(p.pageSize);
  if (p.orderBy) out.orderBy = formatOrder(p.orderBy)!;
  if (p.secondaryOrderBy) out.secondaryOrderBy = formatOrder(p.secondaryOrderBy)!;
  if (p.filterItems?.length) out.filters = JSON.stringify(p.filterItems);
  if (p.search?.trim()) out.search = p.search.trim();
  if (p.slicer && p.slicer !== 'Overall') {
    out.slicer = p.slicer;
    if (p.slicerValue !== undefined) out.slicerValue = p.slicerValue;
  }
  return out;
}

const n = z.number().nullable();
const s = z.string().nullable();

/** One driver of an acceptance prediction (packages/analysis score/acceptance-model.ts AcceptanceDriver). */
export const ZAcceptanceDriver = z.object({
  feature: z.string(),
  label: z.string(),
  effect: z.number(),
});
export type TAcceptanceDriver = z.infer<typeof ZAcceptanceDriver>;
export const ZSupplierRow = z
  .object({
    supplierKey: z.string(),
    sourceSupplierId: s,
    supplierName: s,
    country: s,
    spend: n,
    documentCount: n,
    spendCount: n,
    poCount: n,
    invoiceCount: n,
    paymentCount: n,
    transactionCount: n,
    avgTransactionValue: n,
    matchStatus: s,
    matchConfidence: s,
    cardCapability: s,
    cardAcceptor: z.boolean().nullable(),
    vcAccepting: s,
    detailLevel: s,
    stpCapable: s,
    acceptancePrediction: s,
    firstDate: s,
    lastDate: s,
    estimatedRebate: n.optional(),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type TSupplierRow = z.infer<typeof ZSupplierRow> & Record<string, string | number | boolean | null>;

export const ZSupplierPage = zPagedResult(ZSupplierRow).extend({
  /** Spend of every row matching the filters (all pages). */
  totalSpend: z.number(),
  currency: z.string(),
});
export type TSupplierPage = z.infer<typeof ZSupplierPage>;

export const ZSupplierParams = z.object({
  jobId: z.uuid('Job id must be an id'),
  supplierKey: z.string().min(1).max(200),
});

export const ZRuleRef = z.object({ id: z.string().nullable(), description: z.string().nullable() });
export const ZSupplierScore = z.object({
  kind: z.string(),
  level: s,
  rule: ZRuleRef,
  confidence: s,
  confidenceRule: ZRuleRef,
});
export type TSupplierScore = z.infer<typeof ZSupplierScore>;

export const ZSupplierUseCase = z.object({
  useCaseId: z.string(),
  name: z.string(),
  rebateBps: z.number(),
  spend: z.number(),
  estimatedRebate: z.number(),
});

const ZAddress = z.object({
  addressLine1: s,
  addressLine2: s,
  city: s,
  region: s,
  postcode: s,
  country: s,
});

/**
 * How a further network's candidates are found (docs/NETWORKS.md "Matching"): `confirm` — exact keys (name, tax id,
 * street address and postcode) and the names of the supplier's best candidates in the reference network; `full` —
 * the whole matcher's blocking, as for the reference network. The server's NETWORKS_MATCH.
 */
export const NETWORK_MATCH_MODES = ['confirm', 'full'] as const;
export type TNetworkMatchMode = (typeof NETWORK_MATCH_MODES)[number];

/** One network's match of a supplier (the detail's networks[]). */
export const ZSupplierNetworkMatch = z.object({
  network: z.string(),
  networkVersion: z.string(),
  merchantId: z.string().nullable(),
  merchantName: z.string().nullable(),
  /** High / Medium (matched) or Low (a candidate only); null without a candidate */
  confidence: z.string().nullable(),
  matched: z.boolean(),
  matchScore: z.number().nullable(),
  acceptsCard: z.boolean().nullable(),
  vcAccepting: z.boolean().nullable(),
  detailLevel: z.number().nullable(),
  stpCapable: z.boolean().nullable(),
  lockboxes: z.array(z.string()),
  /** the card-capability waterfall on this network's attributes (what the issuer offers) */
  cardCapability: z.string().nullable(),
  /** the deciding match rule of this network's match */
  rule: z.string().nullable(),
  /** how this network's candidates were found (runs before the confirmatory match: full) */
  candidateSearch: z.enum(NETWORK_MATCH_MODES),
});
export type TSupplierNetworkMatch = z.infer<typeof ZSupplierNetworkMatch>;

/** The merged view across networks: each fact with the networks it comes from. */
export const ZMergedNetworks = z.object({
  /** matched and accepting cards in at least one network */
  acceptsAnywhere: z.boolean(),
  /** the networks where it accepts, in network order */
  acceptsIn: z.array(z.string()),
  /** the best card capability of any network (STP > VC > L3 > Card Acceptor > Unmatched) */
  bestCapability: z.string(),
  /** the network that capability comes from (the earlier on a tie); null when Unmatched everywhere */
  bestCapabilityNetwork: z.string().nullable(),
  networksMatched: z.number().int(),
});
export type TMergedNetworks = z.infer<typeof ZMergedNetworks>;

export const ZSupplierDetail = z.object({
  jobId: z.string(),
  currency: z.string(),
  supplier: ZAddress.extend({
    supplierKey: z.string(),
    sourceSupplierId: s,
    supplierName: s,
    taxId: s,
    spend: n,
    spendShare: n,
    cardSpend: n,
    avgTransactionValue: n,
    transactionsPerYear: n,
    frequencyBand: s,
    paymentTermsDays: n,
    paymentTermsBand: s,
    paymentMethod: s,
    paymentMethodCount: n,
    paymentMethods: z.array(z.string()),
    category: s,
    inputMcc: s,
  }),
  documents: z.object({
    inputKinds: z.array(z.string()),
    counts: z.object({
      spend: n,
      purchaseOrders: n,
      invoices: n,
      payments: n,
      transactions: n,
      total: n,
    }),
    firstDate: s,
    lastDate: s,
  }),
  match: z.object({
    status: s,
    confidence: s,
    matchedMerchantId: s,
    candidateMerchantId: s,
    scores: z.object({
      total: n,
      name: n,
      nameJaroWinkler: n,
      nameTokenSimilarity: n,
      address: n,
      runnerUp: n,
    }),
    agreement: z.array(z.object({ field: z.string(), agrees: z.boolean().nullable() })),
    fieldsAgreeing: z.array(z.string()),
    fieldsDisagreeing: z.array(z.string()),
    downgradedForAmbiguity: z.boolean().nullable(),
    /** the match rule that decided the confidence, and the match ruleset version (analysis rulesets/match-v*.json) */
    rule: z.object({ id: z.string(), description: s }).nullable(),
    rulesetVersion: n,
    /**
     * Evidence per field: name, address, streetNumber, street, postcode, city, country, taxId (fields unknown on
     * both sides left out), with the normalised
     * supplier and merchant values compared (none for tax ids) and the result: agree, differ or unknown;
     * for the name also contained (one name inside the other), acronym or similar.
     */
    fields: z.array(z.object({ field: z.string(), result: z.string(), supplier: s, merchant: s, score: n })),
  }),
  merchant: ZAddress.extend({
    merchantId: z.string(),
    name: s,
    taxId: s,
    mcc: s,
    acceptsCard: z.boolean().nullable(),
    vcAccepting: z.boolean().nullable(),
    detailLevel: n,
    stpCapable: z.boolean().nullable(),
    lockboxes: z.array(z.string()),
  }).nullable(),
  acceptance: z.object({
    cardCapability: s,
    cardAcceptor: z.boolean().nullable(),
    vcAccepting: s,
    detailLevel: s,
    stpCapable: s,
    lockboxes: z.array(z.string()),
    /** The virtual lockbox programme the issuer supports that the supplier is payable through (null: none). */
    lockboxProgramme: s,
    prediction: s,
    probability: n,
    /**
     * Why the acceptance model predicted what it did, as one line (also in downloads), or why it made no prediction
     * (too few matched suppliers to learn from). Null on runs without the model (matched data only, older runs).
     */
    explanation: s,
    /** The features that moved the prediction most, strongest first (effect in log-odds, + = more likely to accept). */
    drivers: z.array(ZAcceptanceDriver),
  }),
  industry: z.object({
    mcc: s,
    sicCode: s,
    naicsCode: s,
    unspscCode: s,
    classifications: z.array(z.object({ key: z.string(), value: s })),
  }),
  scored: z.boolean(),
  /** Scores of the kinds the issuer offered in the run (see offer). */
  scores: z.array(ZSupplierScore),
  offer: ZRunOffer.nullable(),
  optimaMethod: s,
  /**
   * The routes the issuer offers this supplier ranked by expected value, best first (packages/shared
   * supplier-routes.ts; the first with a probability above 0 is the best route and the Optima method), each with
   * its inputs and the supplier's own case (`supplierNet`). Empty when not scored or without SuppliersScore_VIEW.
   */
  routes: z.array(ZSupplierRoute),
  rulesetVersions: z.object({ scoring: n, confidence: n }),
  /**
   * The supplier matched against every loaded network (docs/NETWORKS.md), the reference network first: each network's
   * merchant (matched, else the candidate), confidence and acceptance attributes (null unless matched). Empty on runs
   * before several networks.
   */
  networks: z.array(ZSupplierNetworkMatch),
  /** The merged view across networks, each fact with the network it comes from; null on runs before it. */
  mergedNetworks: ZMergedNetworks.nullable(),
  useCases: z.array(ZSupplierUseCase),
  /** Campaign workflows do not exist yet (a later issue): always empty. */
  campaigns: z.array(ZSupplierCampaign),
});
export type TSupplierDetail = z.infer<typeof ZSupplierDetail>;

export const ZUseCase = z.object({
  useCaseId: z.string(),
  name: z.string(),
  description: z.string(),
  rebateBps: z.number(),
  supplierCount: z.number(),
  spend: z.number(),
  estimatedRebate: z.number(),
  /** Share of the job's total spend, 0–100. */
  spendSharePercent: z.number(),
});
export type TUseCase = z.infer<typeof ZUseCase>;
export const ZUseCaseList = z.object({
  currency: z.string(),
  totalSpend: z.number(),
  totalSuppliers: z.number(),
  useCases: z.array(ZUseCase),
  /** The offer the run was computed with: use cases of kinds not offered are absent (null: every kind offered). */
  offer: ZRunOffer.nullable(),
});
export type TUseCaseList = z.infer<typeof ZUseCaseList>;
export const ZUseCaseDetail = ZUseCase.extend({ currency: z.string(), totalSpend: z.number() });
export type TUseCaseDetail = z.infer<typeof ZUseCaseDetail>;
export const ZUseCaseParams = z.object({
  jobId: z.uuid('Job id must be an id'),
  useCaseId: z.string().min(1).max(100),
});

export const scoreKindField = (k: TScoreKind, part: 'Level' | 'Confidence') => `${k}${part}`;

export const ZUseCasesReport = z.object({
  jobId: z.string(),
  jobName: z.string(),
  buyerName: z.string().nullable(),
  completedAt: z.string().nullable(),
  currency: z.string(),
  totalSpend: z.number(),
  totalSuppliers: z.number(),
  /** Sum over use cases (a supplier in several use cases counts in each). */
  totalEstimatedRebate: z.number(),
  useCases: z.array(
    ZUseCase.extend({
      topSuppliers: z.array(
        z.object({
          supplierKey: z.string(),
          supplierName: z.string().nullable(),
          country: z.string().nullable(),
          spend: z.number().nullable(),
          estimatedRebate: z.number().nullable(),
          cardCapability: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type TUseCasesReport = z.infer<typeof ZUseCasesReport>;
