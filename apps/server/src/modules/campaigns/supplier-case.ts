/**
 * The supplier's own case for outreach merge fields (`supplierNetBenefit`, `daysSooner`; packages/shared
 * supplier-routes.ts): read from the job's latest run, where the score step wrote them per supplier. A run from
 * before they were written, or a job without results, gives none (the fields render empty).
 */
import { feeTableOf } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import { columnsSql, lit, openResultsForPipeline } from '../../lib/duckdb/index.ts';

export interface SupplierCase {
  supplierNetBenefit: number | null;
  daysSooner: number | null;
  /** The acceptance fee table of the run: the issuer's own (snapshotted on the run) or the defaults. */
  feeTable: 'issuer' | 'defaults';
}

/** The SQL of the supplier cases of some suppliers of a suppliers table. */
const supplierCasesSql = (suppliers: string, keys: readonly string[]) =>
  `SELECT supplierKey, supplierNetBenefit, daysSooner FROM ${suppliers} WHERE supplierKey IN (${keys.map(lit).join(', ')})`;

export async function supplierCasesOf(
  ctx: AppContext,
  jobId: string,
  keys: readonly string[],
): Promise<Map<string, SupplierCase>> {
  const out = new Map<string, SupplierCase>();
  if (!keys.length) return out;
  let res;
  try {
    res = await openResultsForPipeline(ctx, jobId);
  } catch {
    return out;
  }
  if (!res.has('suppliers')) return out;
  const table = res.table('suppliers');
  const cols = new Set((await res.all<{ column_name: string }>(columnsSql(table))).map((c) => c.column_name));
  if (!cols.has('supplierNetBenefit') || !cols.has('daysSooner')) return out;
  const feeTable = feeTableOf(res.summary.offer?.acceptanceFees).source;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  for (const r of await res.all<Record<string, unknown>>(supplierCasesSql(table, keys)))
    out.set(String(r.supplierKey), {
      supplierNetBenefit: num(r.supplierNetBenefit),
      daysSooner: num(r.daysSooner),
      feeTable,
    });
  return out;
}

/** The merge field texts of a case: an amount in the job currency and a whole number of days ('' when unknown). */
export function supplierCaseFields(
  c: SupplierCase | undefined,
  currency: string,
  language: string,
): { supplierNetBenefit: string; daysSooner: string } {
  const amount = c?.supplierNetBenefit;
  let net = '';
  if (amount !== null && amount !== undefined) {
    let n: string;
    try {
      n = Math.round(amount).toLocaleString(language);
    } catch {
      n = Math.round(amount).toLocaleString('en');
    }
    net = `${n} ${currency}`.trim();
  }
  const days = c?.daysSooner;
  return { supplierNetBenefit: net, daysSooner: days === null || days === undefined ? '' : String(Math.round(days)) };
}
