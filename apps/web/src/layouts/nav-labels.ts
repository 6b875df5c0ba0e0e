/**
 * Translated navbar labels and page titles. packages/shared keeps the English texts (SPEC §2); the web
 * layer translates them by nav group id, nav item id and route id, with the English as the default.
 */
import type { TFunction } from 'i18next';
import type { TNavGroup, TNavItem, TRouteDef } from '@sextant/shared/values';

export const navGroupLabel = (t: TFunction, group: Pick<TNavGroup, 'id' | 'label'>): string =>
  t(`shell:nav.groups.${group.id}`, { defaultValue: group.label });
export const navItemLabel = (t: TFunction, item: Pick<TNavItem, 'id' | 'label'>): string =>
  t(`shell:nav.items.${item.id}`, { defaultValue: item.label });
export const navChipLabel = (t: TFunction, chip: string): string => (chip === 'BETA' ? t('shell:nav.beta') : chip);
export const routeTitle = (t: TFunction, route: Pick<TRouteDef, 'id' | 'title'>): string =>
  t(`shell:routes.${route.id}`, { defaultValue: route.title });
