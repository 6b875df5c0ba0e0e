/**
 * Printable reports (SPEC §2 /jobs/{jobId}/printable/{analysisReportType}/[[...params]]): which component renders
 * each analysisReportType inside the printable frame. The server's PDF renderer opens the same URL in Chromium
 * and prints once the page shows `[data-print-ready="true"]`, which every report renders when its data (and
 * its charts, drawn without animation) are complete.
 */
import type { ComponentType } from 'react';

export interface TPrintableProps {
  jobId: string;
  /** The URL segments after the report type (e.g. a use case id). */
  params: string[];
}

export type TPrintableModule = { default: ComponentType<TPrintableProps> };

export const PRINTABLE_REPORTS: Record<string, () => Promise<TPrintableModule>> = {
  insights: () => import('../insights/insights-report.tsx'),
  'use-cases': () => import('../use-cases/use-cases-report.tsx'),
  'business-case': () => import('../business-case/business-case-printable.tsx'),
};
