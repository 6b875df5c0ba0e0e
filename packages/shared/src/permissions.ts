/** Zod schemas of the roles and permissions of SPEC §6; the lists, grants and checks are in values/permissions.ts. */
import { z } from 'zod';

import { ACCESSOR_ROLES, PERMISSIONS, ROLES } from './values/permissions.ts';
export * from './values/permissions.ts';

export const ZPermission = z.enum(PERMISSIONS);
/** A permission or an accessor role's grant (what a role holds). */
export const ZGrant = z.enum([...PERMISSIONS, ...ACCESSOR_ROLES]);

export const ZRole = z.enum(ROLES);
