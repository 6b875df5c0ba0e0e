/** The analysis admin dashboard's figures: one per area the caller may open and that has a figure provider. */
import { z } from 'zod';

export * from './values/analysis-admin.ts';

export const ZAnalysisAdminFigure = z.object({
  area: z.string(),
  label: z.string(),
  value: z.union([z.number(), z.string()]),
});
export type TAnalysisAdminFigure = z.infer<typeof ZAnalysisAdminFigure>;
export const ZAnalysisAdminOverview = z.object({ figures: z.array(ZAnalysisAdminFigure) });
export type TAnalysisAdminOverview = z.infer<typeof ZAnalysisAdminOverview>;
