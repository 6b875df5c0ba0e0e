/**
 * User list tabs and page size (SPEC §7 Users), without zod; users.ts adds the schemas.
 */
/** The user list tabs (POST /api/v1/users/{tab}). */
export const USER_LIST_TABS = ['active', 'pending', 'unapproved', 'deactivated'] as const;

export const USERS_PAGE_SIZE = 25;
