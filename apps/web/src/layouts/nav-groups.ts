import { hasAll, NAV_GROUPS, navItemPermissions, type TNavGroup, type TNavItem } from '@sextant/shared/values';

/** Nav groups and items the user may see (SPEC §2: items are hidden without permission; empty groups too). */
export function visibleNavGroups(permissions: readonly string[]): { group: TNavGroup; items: TNavItem[] }[] {
  const held = new Set(permissions);
  return NAV_GROUPS.map((group) => ({
    group,
    items: group.items.filter((i) => hasAll(held, navItemPermissions(i))),
  })).filter((g) => g.items.length > 0);
}
