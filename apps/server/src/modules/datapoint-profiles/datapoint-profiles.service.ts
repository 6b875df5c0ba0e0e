/**
 * Datapoint profiles (analysis admin): which result columns each download carries, in which order, under which
 * headers. Issuers name one profile per download kind (analysis data, matched-data-only, onboarding); the downloads
 * read the issuer's stored profile (`profileForDownload`). A profile in use cannot be deleted, nor moved to another
 * kind. Columns are checked against the catalogue of result columns. Every change is audited in its transaction.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  SCORE_KINDS,
  SUPPLIER_COLUMNS,
  type TDatapoint,
  type TDatapointProfile,
  type TDatapointProfileInput,
  type TDatapointProfileKind,
  type TDatapointProfileList,
} from '@sextant/shared';
import type { DbOrTx } from '@sextant/db';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import {
  allProfiles,
  deleteProfile,
  findProfile,
  insertDefaultProfiles,
  insertProfile,
  issuerProfileRefs,
  updateProfile,
  type ProfileRow,
} from './datapoint-profiles.repo.ts';

type ProfileColumn = { datapoint: string; header: string };

const SCORE_COLUMNS: ProfileColumn[] = [
  'Optima',
  'Stp',
  'Vcard',
  'Pcard',
  'TandEcard',
  'Scf',
  'InstantPay',
  'Boost',
].flatMap((k) => [
  { datapoint: `${k}Level`, header: `${k} score` },
  { datapoint: `${k}Confidence`, header: `${k} confidence` },
]);

/** Default profiles, stored as data (the datapoint-profile admin pages edit these rows). */
export const DEFAULT_PROFILES: { id: string; name: string; kind: TDatapointProfileKind; columns: ProfileColumn[] }[] = [
  {
    id: 'default-analysis-data',
    name: 'Analysis data (default)',
    kind: 'analysis-data',
    columns: [
      { datapoint: 'sourceSupplierId', header: 'Supplier ID' },
      { datapoint: 'supplierKey', header: 'Supplier key' },
      { datapoint: 'supplierName', header: 'Supplier name' },
      { datapoint: 'country', header: 'Country' },
      { datapoint: 'spend', header: 'Spend' },
      { datapoint: 'currency', header: 'Currency' },
      { datapoint: 'documentCount', header: 'Transactions' },
      { datapoint: 'matchStatus', header: 'Match status' },
      { datapoint: 'matchConfidence', header: 'Match confidence' },
      { datapoint: 'matchedMerchantId', header: 'Matched merchant ID' },
      { datapoint: 'cardCapability', header: 'Card capability' },
      { datapoint: 'vcAccepting', header: 'VC accepting' },
      { datapoint: 'detailLevel', header: 'Detail level' },
      { datapoint: 'stpCapable', header: 'STP capable' },
      { datapoint: 'mcc', header: 'MCC' },
      { datapoint: 'mccDescription', header: 'MCC description' },
      { datapoint: 'sicIndustry', header: 'SIC industry' },
      { datapoint: 'naicsNationalIndustry', header: 'NAICS national industry' },
      { datapoint: 'unspscCategory', header: 'UNSPSC category' },
      { datapoint: 'frequencyBand', header: 'Transaction frequency' },
      { datapoint: 'paymentTermsDays', header: 'Payment terms (days)' },
      { datapoint: 'paymentMethod', header: 'Payment method' },
      ...SCORE_COLUMNS,
      { datapoint: 'optimaMethod', header: 'Optima method' },
      { datapoint: 'acceptancePrediction', header: 'Acceptance prediction' },
      { datapoint: 'acceptanceExplanation', header: 'Acceptance prediction explanation' },
    ],
  },
  {
    id: 'default-matched-data-only',
    name: 'Matched data only (default)',
    kind: 'matched-data-only',
    columns: [
      { datapoint: 'sourceSupplierId', header: 'Supplier ID' },
      { datapoint: 'supplierName', header: 'Supplier name' },
      { datapoint: 'country', header: 'Country' },
      { datapoint: 'spend', header: 'Spend' },
      { datapoint: 'matchStatus', header: 'Match status' },
      { datapoint: 'matchConfidence', header: 'Match confidence' },
      { datapoint: 'matchedMerchantId', header: 'Matched merchant ID' },
      { datapoint: 'cardAcceptor', header: 'Card acceptor' },
      { datapoint: 'vcAccepting', header: 'VC accepting' },
      { datapoint: 'detailLevel', header: 'Detail level' },
      { datapoint: 'stpCapable', header: 'STP capable' },
      { datapoint: 'mcc', header: 'MCC' },
      { datapoint: 'mccDescription', header: 'MCC description' },
    ],
  },
  {
    id: 'default-onboarding',
    name: 'Onboarding data (default)',
    kind: 'onboarding',
    columns: [
      { datapoint: 'supplierName', header: 'Supplier name' },
      { datapoint: 'country', header: 'Country' },
      { datapoint: 'matchedMerchantId', header: 'Merchant ID' },
      { datapoint: 'cardCapability', header: 'Card capability' },
    ],
  },
];

export async function syncDefaultProfiles(db: DbOrTx): Promise<void> {
  await insertDefaultProfiles(db, DEFAULT_PROFILES);
}

const KIND_LABELS: Record<TDatapointProfileKind, string> = {
  'analysis-data': 'analysis data download',
  'matched-data-only': 'matched-data-only download',
  onboarding: 'onboarding data download',
};

function groupOf(d: string): string {
  if (/(Level|Confidence|RuleId|ConfidenceRuleId)$/.test(d) || d === 'optimaMethod') return 'Scores';
  // the best route and the supplier's case on it (packages/shared supplier-routes.ts) derive from the scores
  if (/^(bestRoute|supplierNetBenefit|daysSooner)/.test(d)) return 'Scores';
  if (/^(match|matched|card|vc|detail|stp|acceptance|lockbox)/i.test(d)) return 'Match and acceptance';
  if (/^(mcc|sic|naics|unspsc)/i.test(d)) return 'Industry';
  if (/(Count|spend|Spend|payment|Payment|frequency|Transaction|Date|currency)/.test(d)) return 'Spend and payments';
  return 'Supplier';
}

/** The result columns a profile may carry (a supplier result row of a scored run), with a suggested header. */
export const DATAPOINTS: TDatapoint[] = (() => {
  const seen = new Map<string, string>();
  for (const p of DEFAULT_PROFILES)
    for (const c of p.columns) if (!seen.has(c.datapoint)) seen.set(c.datapoint, c.header);
  for (const c of SUPPLIER_COLUMNS) if (!seen.has(c.field)) seen.set(c.field, c.label);
  for (const k of SCORE_KINDS) {
    seen.set(`${k}RuleId`, `${k} rule`);
    seen.set(`${k}ConfidenceRuleId`, `${k} confidence rule`);
  }
  for (const [d, h] of [
    ['matchScore', 'Match score'],
    ['acceptanceProbability', 'Acceptance probability'],
    ['paymentMethodCount', 'Payment methods'],
    ['lockboxes', 'Virtual lockboxes'],
  ] as const)
    if (!seen.has(d)) seen.set(d, h);
  return [...seen].map(([datapoint, label]) => ({ datapoint, label, group: groupOf(datapoint) }));
})();
const KNOWN = new Set(DATAPOINTS.map((d) => d.datapoint));

type Refs = Awaited<ReturnType<typeof issuerProfileRefs>>;
function usesOf(refs: Refs, id: string): TDatapointProfile['usedBy'] {
  return refs.flatMap((r) =>
    (
      [
        ['analysis-data', r.analysis],
        ['matched-data-only', r.matched],
        ['onboarding', r.onboarding],
      ] as const
    )
      .filter(([, p]) => p === id)
      .map(([kind]) => ({ issuerId: r.issuerId, issuerName: r.issuerName, kind })),
  );
}

function toProfile(r: ProfileRow, refs: Refs): TDatapointProfile {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind,
    columns: r.columns,
    usedBy: usesOf(refs, r.id),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listProfiles(ctx: AppContext): Promise<TDatapointProfileList> {
  const [rows, refs] = await Promise.all([allProfiles(ctx.db), issuerProfileRefs(ctx.db)]);
  return { profiles: rows.map((r) => toProfile(r, refs)), datapoints: DATAPOINTS };
}

export async function getProfile(ctx: AppContext, id: string): Promise<TDatapointProfile> {
  const row = await findProfile(ctx.db, id);
  if (!row) throw notFound('Datapoint profile');
  return toProfile(row, await issuerProfileRefs(ctx.db, id));
}

/** Unknown datapoints and repeated columns or headers, each with its path. */
function checkColumns(body: TDatapointProfileInput): void {
  const errors: { path: string; message: string }[] = [];
  const datapoints = new Map<string, number>();
  const headers = new Map<string, number>();
  body.columns.forEach((c, i) => {
    if (!KNOWN.has(c.datapoint))
      errors.push({ path: `body.columns.${i}.datapoint`, message: `unknown datapoint "${c.datapoint}"` });
    else if (datapoints.has(c.datapoint))
      errors.push({
        path: `body.columns.${i}.datapoint`,
        message: `"${c.datapoint}" is already column ${datapoints.get(c.datapoint)! + 1}`,
      });
    const h = c.header.toLowerCase();
    if (headers.has(h))
      errors.push({
        path: `body.columns.${i}.header`,
        message: `the header "${c.header}" is already used by column ${headers.get(h)! + 1}`,
      });
    datapoints.set(c.datapoint, i);
    headers.set(h, i);
  });
  if (errors.length)
    throw badRequest(
      `Column ${Number(errors[0]!.path.split('.')[2]) + 1}: ${errors[0]!.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`,
      errors,
    );
}

const describeUses = (uses: TDatapointProfile['usedBy']) =>
  uses.map((u) => `${u.issuerName} (${KIND_LABELS[u.kind]})`).join(', ');

export async function createProfile(
  ctx: AppContext,
  req: FastifyRequest,
  body: TDatapointProfileInput,
): Promise<TDatapointProfile> {
  checkColumns(body);
  const row = await ctx.db.transaction(async (tx) => {
    const r = await insertProfile(tx, { id: `${body.kind}-${randomUUID().slice(0, 8)}`, ...body });
    await writeAudit(
      tx,
      {
        action: 'datapoint-profile.create',
        targetType: 'datapoint-profile',
        targetId: r.id,
        details: { before: null, after: { name: r.name, kind: r.kind, columns: r.columns } },
      },
      req,
    );
    return r;
  });
  return toProfile(row, []);
}

export async function editProfile(
  ctx: AppContext,
  req: FastifyRequest,
  id: string,
  body: TDatapointProfileInput,
): Promise<TDatapointProfile> {
  checkColumns(body);
  await ctx.db.transaction(async (tx) => {
    const before = await findProfile(tx, id);
    if (!before) throw notFound('Datapoint profile');
    if (before.kind !== body.kind) {
      const uses = usesOf(await issuerProfileRefs(tx, id), id);
      if (uses.length)
        throw conflict(
          `The profile is the ${describeUses(uses)} profile; its kind stays ${before.kind} while an issuer uses it`,
          'body.kind',
        );
    }
    const after = await updateProfile(tx, id, body);
    await writeAudit(
      tx,
      {
        action: 'datapoint-profile.update',
        targetType: 'datapoint-profile',
        targetId: id,
        details: {
          before: { name: before.name, kind: before.kind, columns: before.columns },
          after: { name: after.name, kind: after.kind, columns: after.columns },
        },
      },
      req,
    );
  });
  return getProfile(ctx, id);
}

export async function removeProfile(ctx: AppContext, req: FastifyRequest, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await findProfile(tx, id);
    if (!before) throw notFound('Datapoint profile');
    const uses = usesOf(await issuerProfileRefs(tx, id), id);
    if (uses.length)
      throw conflict(
        `The profile "${before.name}" is in use by ${describeUses(uses)}; point those issuers at another profile first`,
      );
    await deleteProfile(tx, id);
    await writeAudit(
      tx,
      {
        action: 'datapoint-profile.delete',
        targetType: 'datapoint-profile',
        targetId: id,
        details: { before: { name: before.name, kind: before.kind, columns: before.columns }, after: null },
      },
      req,
    );
  });
}

/** The columns of a download: the issuer's stored profile, else the default of the kind (an id left dangling). */
export async function profileForDownload(
  db: DbOrTx,
  profileId: string,
  kind: TDatapointProfileKind,
): Promise<{ columns: ProfileColumn[] }> {
  const stored = await findProfile(db, profileId);
  return stored ?? DEFAULT_PROFILES.find((p) => p.kind === kind)!;
}
