/**
 * The analysis admin dashboard's figures: a registry of one provider per area. Each area's module registers its
 * provider (`registerOverviewFigure`) with the permission that opens the area; the overview runs the providers the
 * caller may see, in parallel, and leaves out an area whose provider fails (its card then shows only its link).
 */
import type { TAnalysisAdminArea, TAnalysisAdminFigure, TPermission } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';

export type OverviewFigureProvider = (
  ctx: AppContext,
  auth: AuthContext,
) => Promise<{ label: string; value: number | string }>;

const providers = new Map<TAnalysisAdminArea, { permission: TPermission; provide: OverviewFigureProvider }>();

export function registerOverviewFigure(
  area: TAnalysisAdminArea,
  permission: TPermission,
  provide: OverviewFigureProvider,
): void {
  providers.set(area, { permission, provide });
}

export async function overviewFigures(ctx: AppContext, auth: AuthContext): Promise<TAnalysisAdminFigure[]> {
  const mine = [...providers].filter(([, p]) => auth.permissions.has(p.permission));
  const settled = await Promise.allSettled(mine.map(([, p]) => p.provide(ctx, auth)));
  return settled.flatMap((s, i) => {
    if (s.status === 'fulfilled') return [{ area: mine[i]![0], ...s.value }];
    ctx.log.warn({ err: s.reason, area: mine[i]![0] }, 'Analysis admin figure failed');
    return [];
  });
}
