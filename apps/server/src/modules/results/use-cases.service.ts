/**
 * Use cases of a job's results (DESIGN §4): the list with each opportunity (suppliers, spend, estimated
 * rebate at the use case's basis points), one use case, and the Use Cases Report's data (every use case with its
 * top suppliers). A use case's suppliers are listed by suppliers.service (same paging, filters and export).
 */
import type { TUseCase, TUseCaseDetail, TUseCaseList, TUseCasesReport } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { JobResults } from '../../lib/duckdb/index.ts';
import { supplierPage, useCaseRow } from './suppliers.service.ts';
import { useCaseListSql } from './results-sql.ts';
import { runOfferOf } from './offer.ts';

interface UseCaseRow {
  useCaseId: string;
  name: string;
  description: string;
  rebateBps: number;
  supplierCount: number;
  spend: number;
  estimatedRebate: number;
}

const share = (spend: number, total: number) => (total > 0 ? Math.round((spend / total) * 1000) / 10 : 0);

function toUseCase(r: UseCaseRow, totalSpend: number): TUseCase {
  return {
    useCaseId: r.useCaseId,
    name: r.name,
    description: r.description,
    rebateBps: Number(r.rebateBps),
    supplierCount: Number(r.supplierCount),
    spend: Number(r.spend),
    estimatedRebate: Number(r.estimatedRebate),
    spendSharePercent: share(Number(r.spend), totalSpend),
  };
}

export async function useCaseList(res: JobResults): Promise<TUseCaseList> {
  const rows = await res.all<UseCaseRow>(useCaseListSql(res.table('useCases')));
  return {
    currency: res.summary.currency,
    totalSpend: res.summary.totalSpend,
    totalSuppliers: res.summary.suppliers,
    useCases: rows.map((r) => toUseCase(r, res.summary.totalSpend)),
    offer: runOfferOf(res).offer,
  };
}

export async function useCaseDetail(res: JobResults, useCaseId: string): Promise<TUseCaseDetail> {
  const row = await useCaseRow(res, useCaseId);
  return {
    ...toUseCase(row, res.summary.totalSpend),
    currency: res.summary.currency,
    totalSpend: res.summary.totalSpend,
  };
}

export const REPORT_TOP_SUPPLIERS = 10;

export async function useCasesReport(ctx: AppContext, res: JobResults): Promise<TUseCasesReport> {
  const list = await useCaseList(res);
  const useCases = [];
  for (const uc of list.useCases) {
    const page = await supplierPage(
      ctx,
      res,
      { pageNumber: 1, pageSize: REPORT_TOP_SUPPLIERS, orderBy: 'spend:desc' },
      { useCaseId: uc.useCaseId },
    );
    useCases.push({
      ...uc,
      topSuppliers: page.collection.map((s) => ({
        supplierKey: s.supplierKey,
        supplierName: s.supplierName,
        country: s.country,
        spend: s.spend,
        estimatedRebate: typeof s.estimatedRebate === 'number' ? s.estimatedRebate : null,
        cardCapability: s.cardCapability,
      })),
    });
  }
  return {
    jobId: res.jobId,
    jobName: res.jobName,
    buyerName: res.buyerName,
    completedAt: res.completedAt,
    currency: list.currency,
    totalSpend: list.totalSpend,
    totalSuppliers: list.totalSuppliers,
    totalEstimatedRebate: Math.round(list.useCases.reduce((a, u) => a + u.estimatedRebate, 0) * 100) / 100,
    useCases,
  };
}
