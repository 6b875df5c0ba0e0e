/** Authorization contracts (SPEC §7 Authorization). */
import { z } from 'zod';
import { ZGrant, ZRole, ROLE_KINDS } from './permissions.ts';
import { ZRoleEntry } from './auth.ts';

export const ZRoleCatalogueEntry = ZRoleEntry.extend({ kind: z.enum(ROLE_KINDS), permissions: z.array(ZGrant) });
export const ZRoleCatalogue = z.object({
  standard: z.array(ZRoleCatalogueEntry),
  tabbedView: z.array(ZRoleCatalogueEntry),
});
export type TRoleCatalogue = z.infer<typeof ZRoleCatalogue>;

/** POST /authorization/{userId}/user-roles: the user's complete new role set (replaces the old one). */
export const ZUserRolesUpdate = z.object({ roles: z.array(ZRole).max(100) }).strict();
export type TUserRolesUpdate = z.infer<typeof ZUserRolesUpdate>;

export const ZJobOwnerFilterItem = z.object({ id: z.uuid(), ownerName: z.string(), displayName: z.string() });
export type TJobOwnerFilterItem = z.infer<typeof ZJobOwnerFilterItem>;

export const ZAuthMappedJobArtifactsQuery = z.object({
  /** Also list hidden jobs (only honoured for holders of HiddenJobsCount_VIEW). */
  includeHidden: z.enum(['true', 'false']).optional(),
});
