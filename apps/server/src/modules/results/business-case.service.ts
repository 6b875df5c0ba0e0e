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

const baseCache = new Map<string, TBusinessCaseBase>();

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
  const saved = await savedBusinessCase(ctx.db, jobId);
  // Inputs saved by an older version of the contract fall back to the defaults field by field.
  const parsed = saved
    ? ZBusinessCaseInputs.safeParse({ ...BUSINESS_CASE_DEFAULTS, ...(saved.row.inputs as object) })
    : null;
  const inputs = parsed?.success ? parsed.data : BUSINESS_CASE_DEFAULTS;
  const { job } = await visibleJob(ctx, auth, jobId);
  const outputs = computeBusinessCase(base, inputs);
  const achieved = await achievedOf(ctx.db, jobId);
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

const MONEY = '#,##0.0';
const PCT = '0.0"%"';

/** XLSX: an Inputs sheet and a Results sheet (per year and total, plus the target per level), real numbers. */
export async function businessCaseXlsx(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
): Promise<{ filename: string; body: Buffer }> {
  const bc = await getBusinessCase(ctx, auth, jobId);
  const { inputs, outputs, base } = bc;
  const { default: ExcelJS } = await import('exceljs'); // loaded on first use
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Sextant';
  wb.title = `${bc.jobName} — business case`;
  const cur = base.currency;

  const inSheet = wb.addWorksheet('Inputs');
  inSheet.columns = [
    { header: 'Input', key: 'name', width: 44 },
    { header: 'Value', key: 'value', width: 16 },
    { header: 'Unit', key: 'unit', width: 18 },
  ];
  const addInput = (name: string, value: number, unit: string, fmt: string) => {
    const row = inSheet.addRow({ name, value, unit });
    row.getCell('value').numFmt = fmt;
  };
  for (const l of BUSINESS_CASE_LEVELS)
    addInput(`Conversion rate, Optima ${l}`, inputs.conversion[l], '% of spend', PCT);
  addInput('Rebate', inputs.rebateBps, 'basis points', '#,##0');
  for (const m of BUSINESS_CASE_METHODS) addInput(`Cost per payment, ${m}`, inputs.paymentCost[m], cur, '#,##0.00');
  addInput('Payments per supplier without payment data', inputs.paymentsPerSupplierPerYear, 'per year', '#,##0');
  addInput('DPO extension', inputs.dpoExtensionDays, 'days', '#,##0');
  addInput('Cost of capital', inputs.costOfCapitalPct, '% a year', PCT);
  inputs.rampUp.forEach((r, i) => addInput(`Ramp-up, year ${i + 1}`, r, '% of target', PCT));
  inSheet.getRow(1).font = { bold: true };

  const out = wb.addWorksheet('Results');
  out.columns = [
    { header: 'Year', key: 'year', width: 10 },
    { header: 'Ramp-up (%)', key: 'rampUpPct', width: 12 },
    { header: `Card spend (${cur})`, key: 'cardSpend', width: 20 },
    { header: `Rebate (${cur})`, key: 'rebate', width: 16 },
    { header: 'Payments moved to card', key: 'paymentsMoved', width: 22 },
    { header: `Process savings (${cur})`, key: 'processSavings', width: 20 },
    { header: `Working-capital benefit (${cur})`, key: 'workingCapital', width: 26 },
    { header: `Total benefit (${cur})`, key: 'totalBenefit', width: 20 },
  ];
  for (const y of outputs.years) out.addRow(y);
  const total = out.addRow({ year: 'Total', ...outputs.total });
  total.font = { bold: true };
  out.getRow(1).font = { bold: true };
  for (const key of ['cardSpend', 'rebate', 'processSavings', 'workingCapital', 'totalBenefit'])
    out.getColumn(key).numFmt = MONEY;
  out.getColumn('paymentsMoved').numFmt = '#,##0';
  out.getColumn('rampUpPct').numFmt = PCT;
  out.addRow([]);
  const h = out.addRow(['Optima level', 'Suppliers', `Convertible spend (${cur})`, `Target card spend (${cur})`]);
  h.font = { bold: true };
  for (const l of outputs.target.byLevel) {
    const row = out.addRow([l.level, l.suppliers, l.convertibleSpend, l.cardSpend]);
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
