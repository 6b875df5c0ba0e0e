/**
 * Paging defaults (SPEC §3), without zod; paging.ts adds the request and result schemas.
 */
export const DEFAULT_PAGE_SIZE = 25;
