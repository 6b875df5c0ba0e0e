/** A user's own extra permissions (SPEC §6: held on top of the permissions of the user's roles). */
import { z } from 'zod';
import { PERMISSIONS } from './permissions.ts';

const ZExtraPermission = z.enum(PERMISSIONS, {
  error: (i) =>
    typeof i.input === 'string'
      ? `"${i.input}" is not a known permission`
      : 'Each permission must be a permission name',
});

/** PUT /api/v1/users/{id}/extra-permissions: the complete new set (it replaces the old one). */
export const ZUserExtraPermissionsUpdate = z.object({
  permissions: z
    .array(ZExtraPermission, { error: 'permissions must be a list of permission names' })
    .max(PERMISSIONS.length, 'Too many permissions'),
});
export type TUserExtraPermissionsUpdate = z.infer<typeof ZUserExtraPermissionsUpdate>;

/** GET /api/v1/users/{id}/extra-permissions. */
export const ZUserExtraPermissions = z.object({
  userId: z.uuid(),
  /** The user's extra permissions, sorted. */
  permissions: z.array(z.string()),
  /** Permissions the user already holds through their roles (adding them as extras changes nothing). */
  fromRoles: z.array(z.string()),
  /** Permissions the caller may grant or remove (the ones the caller holds). */
  grantable: z.array(z.string()),
});
export type TUserExtraPermissions = z.infer<typeof ZUserExtraPermissions>;
