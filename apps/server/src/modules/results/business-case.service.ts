/**
 * Business case of a job (DESIGN §4): the job's base figures from its latest results (spend and payments per
 * Optima level and payment method), the saved inputs (job_business_cases) and the outputs of the shared pure
 * calculation; saving the inputs; the XLSX download. The PDF is rendered from the printable page (pdf.ts).
 */
import type { FastifyRequest } from 'fastify';
import {
  BUSINESS_CASE_DEFAULTS,
  BUSINESS_CASE_LEVELS,
  BUSINESS_CASE_METHODS,
  SCORE_KINDS,
  VIRTUAL_LOCKBOXES,
  ZBusinessCaseInputs,
  businessCaseMethodOf,
  computeBusinessCase,
  type TBusinessCase,
  type TBusinessCaseBase,
  type TBusinessCaseBaseRow,
  type TBusinessCaseInputs,
  PRODUCT_CODE_NAME,
  excelMoneyFormat,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import { entityStatus } from '../concurrency/index.ts';
import { achievedOf } from './campaign-progress.repo.ts';
import { visibleJob } from '../authorization/index.ts';
import { openResults, type JobResults } from '../../lib/duckdb/index.ts';
import { savedBusinessCase, upsertBusinessCase } from './business-case.repo.ts';
import { businessCaseBaseSql } from './results-sql.ts';
import { hasOfferColumns, runOfferOf } from './offer.ts';
import { documentLocaleOf } from './document-locale.ts';
import type { DocumentLocale } from './presentation.ts';

const baseCache = new Map<string, TBusinessCaseBase>();

/** The saved inputs of a job's business case, else the defaults (field by field for inputs of an older contract). */
async function inputsOf(ctx: AppContext, jobId: string) {
  const saved = await savedBusinessCase(ctx.db, jobId);
  const parsed = saved
    ? ZBusinessCaseInputs.safeParse({ ...BUSINESS_CASE_DEFAULTS, ...(saved.row.inputs as object) })
    : null;
  return { saved, inputs: parsed?.success ? parsed.data : BUSINESS_CASE_DEFAULTS };
}

/** The conversion rates per level the job's business case assumes (the campaigns' prior). */
export async function businessCaseConversionOf(ctx: AppContext, jobId: string) {
  return (await inputsOf(ctx, jobId)).inputs.conversion;
}

/**
 * The learned conversion beside the assumed one: provided by the campaigns area, which builds on the results
 * (registered at start-up, modules/commands.ts), so this module does not import it.
 */
type LearnedConversionSource = (
  ctx: AppContext,
  issuerId: string,
  jobId: string,
) => Promise<TBusinessCase['learned'] | undefined>;
let learnedSource: LearnedConversionSource | null = null;
export function provideLearnedConversion(source: LearnedConversionSource): void {
  learnedSource = source;
}

/** Spend and payments per Optima level × payment method of the run's suppliers (cached per run). */
export async function businessCaseBase(results: JobResults): Promise<TBusinessCaseBase> {
  const cached = baseCache.get(results.runId);
  if (cached) return cached;
  if (!results.scored)
    throw new AppError(409, 'Conflict', 'A business case needs scored results; this job type does not score');
  const { offer, offered } = runOfferOf(results);
  const rows = await results.all<{
    level: string;
    paymentMethod: string | null;
    route: string | null;
    lockbox: string | null;
    suppliers: number;
    spend: number | null;
    payments: number | null;
    withoutPayments: number;
  }>(
    businessCaseBaseSql(results.table('suppliers'), {
      optima: offered.includes('Optima'),
      offerColumns: hasOfferColumns(results),
    }),
  );
  const merged = new Map<string, TBusinessCaseBaseRow>();
  // Boost-routed spend of a supplier not yet enrolled goes through the first programme the issuer supports.
  const defaultLockbox = offer ? (offer.virtualLockboxes[0] ?? null) : null;
  for (const r of rows) {
    const level = (['High', 'Medium', 'Low'] as const).find((l) => l === r.level) ?? 'None';
    const method = businessCaseMethodOf(r.paymentMethod);
    const route = SCORE_KINDS.find((k) => k === r.route) ?? null;
    const lockbox = route === 'Boost' ? (VIRTUAL_LOCKBOXES.find((l) => l === r.lockbox) ?? defaultLockbox) : null;
    const key = `${level}|${method}|${route}|${lockbox}`;
    const row = merged.get(key) ?? {
      level,
      method,
      route,
      lockbox,
      suppliers: 0,
      spend: 0,
      payments: 0,
      suppliersWithoutPayments: 0,
    };
    row.suppliers += Number(r.suppliers);
    row.spend += Number(r.spend ?? 0);
    row.payments += Number(r.payments ?? 0);
    row.suppliersWithoutPayments += Number(r.withoutPayments);
    merged.set(key, row);
  }
  const order = [...BUSINESS_CASE_LEVELS, 'None'] as string[];
  const base: TBusinessCaseBase = {
    currency: results.summary.currency,
    suppliers: results.summary.suppliers,
    totalSpend: results.summary.totalSpend,
    rows: [...merged.values()]
      .map((r) => ({ ...r, spend: Math.round(r.spend * 100) / 100 }))
      .sort(
        (a, b) =>
          order.indexOf(a.level) - order.indexOf(b.level) ||
          BUSINESS_CASE_METHODS.indexOf(a.method) - BUSINESS_CASE_METHODS.indexOf(b.method),
      ),
  };
  baseCache.set(results.runId, base);
  return base;
}

function canEdit(auth: AuthContext, ownerId: string): boolean {
  return ownerId === auth.user.id || auth.permissions.has('Job_Update');
}

export async function getBusinessCase(ctx: AppContext, auth: AuthContext, jobId: string): Promise<TBusinessCase> {
  const results = await openResults(ctx, auth, jobId);
  const base = await businessCaseBase(results);
  // Inputs saved by an older version of the contract fall back to the defaults field by field.
  const { saved, inputs } = await inputsOf(ctx, jobId);
  const { job } = await visibleJob(ctx, auth, jobId);
  const outputs = computeBusinessCase(base, inputs);
  const [achieved, learned] = await Promise.all([
    achievedOf(ctx.db, jobId),
    learnedSource ? learnedSource(ctx, results.issuerId, jobId) : undefined,
  ]);
  return {
    jobId,
    jobName: results.jobName,
    jobType: results.jobType,
    defaults: BUSINESS_CASE_DEFAULTS,
    inputs,
    saved: Boolean(saved),
    updatedAt: saved?.row.updatedAt.toISOString() ?? null,
    updatedBy: saved ? (saved.by ?? saved.username ?? null) : null,
    base,
    outputs,
    offer: runOfferOf(results).offer,
    canEdit: canEdit(auth, job.ownerId),
    achieved: {
      enrolledSuppliers: achieved.enrolled,
      succeededSuppliers: achieved.suppliers,
      succeededSpend: Math.round(achieved.spend * 100) / 100,
      shareOfTargetPct:
        outputs.target.cardSpend > 0 ? Math.round((achieved.spend / outputs.target.cardSpend) * 1000) / 10 : 0,
    },
    ...(learned ? { learned } : {}),
  };
}

export async function saveBusinessCase(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  inputs: TBusinessCaseInputs,
  req: FastifyRequest,
): Promise<TBusinessCase> {
  const results = await openResults(ctx, auth, jobId);
  await businessCaseBase(results);
  const { job } = await visibleJob(ctx, auth, jobId);
  if (!canEdit(auth, job.ownerId)) throw forbidden('Only the job owner or a job editor can change the business case');
  const lock = await entityStatus(ctx, auth, { entityType: 'JobArtifact', entityId: jobId });
  if (lock.holderUserId && lock.holderUserId !== auth.user.id) {
    const who = [lock.holderFirstName, lock.holderLastName].filter(Boolean).join(' ') || 'Another user';
    throw new AppError(409, 'Conflict', `${who} has exclusive write access to this job; ask them to release it`);
  }
  await ctx.db.transaction(async (tx) => {
    await upsertBusinessCase(tx, jobId, inputs, auth.user.id);
    await writeAudit(
      tx,
      { action: 'job.businessCase.update', targetType: 'job', targetId: jobId, details: { inputs } },
      req,
    );
  });
  return getBusinessCase(ctx, auth, jobId);
}

const PCT = '0.0"%"';

/**
 * XLSX: an Inputs sheet and a Results sheet (per year and total, plus the target per level), real numbers. Labels
 * in the reader's language (the issuer's; the web app's texts), headers in the issuer's branding colours.
 */
export async function businessCaseXlsx(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
): Promise<{ filename: string; body: Buffer }> {
  const bc = await getBusinessCase(ctx, auth, jobId);
  const { job } = await visibleJob(ctx, auth, jobId);
  return businessCaseWorkbook(bc, await documentLocaleOf(ctx, job.issuerId));
}

/** The business-case workbook of a reader (pure: the XLSX route and its tests). */
export async function businessCaseWorkbook(
  bc: Pick<TBusinessCase, 'jobName' | 'inputs' | 'outputs' | 'base'>,
  doc: DocumentLocale,
): Promise<{ filename: string; body: Buffer }> {
  const t = (key: string, params?: Record<string, string | number>) => doc.t(`business-case:${key}`, params);
  const { inputs, outputs, base } = bc;
  const { default: ExcelJS } = await import('exceljs'); // loaded on first use
  const wb = new ExcelJS.Workbook();
  wb.creator = doc.branding?.name ?? PRODUCT_CODE_NAME;
  wb.title = `${bc.jobName} — ${t('title')}`;
  const cur = base.currency;
  // money cells in the currency's own digits with its symbol where the reader's locale writes it (issue #33)
  const MONEY = excelMoneyFormat(cur, doc.locale);
  const primary = (doc.branding?.primary ?? '#1D4ED8').replace(/^#/, '').toUpperCase();
  const headerStyle = (row: { font: unknown; fill: unknown }) => {
    row.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${primary}` } };
  };
  const withCur = (label: string) => `${label} (${cur})`;

  const inSheet = wb.addWorksheet(t('inputsTitle'));
  inSheet.columns = [
    { header: t('xlsx.input'), key: 'name', width: 48 },
    { header: t('xlsx.value'), key: 'value', width: 16 },
    { header: t('xlsx.unit'), key: 'unit', width: 18 },
  ];
  const addInput = (name: string, value: number, unit: string, fmt: string) => {
    const row = inSheet.addRow({ name, value, unit });
    row.getCell('value').numFmt = fmt;
  };
  for (const l of BUSINESS_CASE_LEVELS)
    addInput(`${t('groups.conversion')}: ${t(`fields.conversion.${l}`)}`, inputs.conversion[l], t('units.pct'), PCT);
  addInput(t('fields.rebateBps'), inputs.rebateBps, t('units.bps'), '#,##0');
  for (const m of BUSINESS_CASE_METHODS)
    addInput(`${t('groups.costs')}: ${t(`fields.paymentCost.${m}`)}`, inputs.paymentCost[m], cur, MONEY);
  addInput(t('fields.paymentsPerSupplierPerYear'), inputs.paymentsPerSupplierPerYear, t('units.perYear'), '#,##0');
  addInput(t('fields.dpoExtensionDays'), inputs.dpoExtensionDays, t('units.days'), '#,##0');
  addInput(t('fields.costOfCapitalPct'), inputs.costOfCapitalPct, t('units.pctYear'), PCT);
  inputs.rampUp.forEach((r, i) => addInput(`${t('groups.ramp')}: ${t(`fields.rampUp.${i}`)}`, r, t('units.pct'), PCT));
  headerStyle(inSheet.getRow(1));

  const out = wb.addWorksheet(t('results.title'));
  out.columns = [
    { header: t('xlsx.year'), key: 'year', width: 12 },
    { header: `${t('results.rampUpPct')} (%)`, key: 'rampUpPct', width: 14 },
    { header: withCur(t('results.cardSpend')), key: 'cardSpend', width: 20 },
    { header: withCur(t('results.rebate')), key: 'rebate', width: 16 },
    { header: t('results.paymentsMoved'), key: 'paymentsMoved', width: 24 },
    { header: withCur(t('results.processSavings')), key: 'processSavings', width: 22 },
    { header: withCur(t('results.workingCapital')), key: 'workingCapital', width: 28 },
    { header: withCur(t('results.totalBenefit')), key: 'totalBenefit', width: 20 },
  ];
  for (const y of outputs.years) out.addRow(y);
  const total = out.addRow({ year: t('results.total'), ...outputs.total });
  total.font = { bold: true };
  headerStyle(out.getRow(1));
  for (const key of ['cardSpend', 'rebate', 'processSavings', 'workingCapital', 'totalBenefit'])
    out.getColumn(key).numFmt = MONEY;
  out.getColumn('paymentsMoved').numFmt = '#,##0';
  out.getColumn('rampUpPct').numFmt = PCT;
  out.addRow([]);
  const h = out.addRow([
    t('results.level'),
    t('results.suppliers'),
    withCur(t('results.convertibleSpend')),
    withCur(t('results.targetCardSpend')),
  ]);
  h.font = { bold: true };
  for (const l of outputs.target.byLevel) {
    const row = out.addRow([t(`fields.conversion.${l.level}`), l.suppliers, l.convertibleSpend, l.cardSpend]);
    row.getCell(3).numFmt = MONEY;
    row.getCell(4).numFmt = MONEY;
  }
  const body = Buffer.from(await wb.xlsx.writeBuffer());
  return { filename: `${safeFilename(bc.jobName)}-business-case.xlsx`, body };
}

/** A file name without path separators, quotes or control characters (Content-Disposition). */
export function safeFilename(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w .()-]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned || 'job';
}
