/** Zod schemas of the roles and permissions of SPEC §6; the lists, grants and checks are in values/permissions.ts. */
import { z } from 'zod';

import { PERMISSIONS, ROLES } from './values/permissions.ts';
export * from './values/permissions.ts';

export const ZPermission = z.enum(PERMISSIONS);

export const ZRole = z.enum(ROLES);
