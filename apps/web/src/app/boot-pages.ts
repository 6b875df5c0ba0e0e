/**
 * The signed-out start: the pages that load with the app's first chunk's imports and show only the bundled texts
 * (router.tsx BOOT_PAGES). Every other page comes through the page registry (page-registry.ts), which index.html
 * preloads on every URL but these (vite.config.ts ROUTE_PRELOADS). routes.test.ts checks the two lists agree.
 */
export const BOOT_PAGE_IDS = ['login', 'loginMagic', 'lobby', 'error401', 'error404', 'error500', 'error503'] as const;
export type TBootPageId = (typeof BOOT_PAGE_IDS)[number];

/** The paths of the boot pages (`/login`, `/login/magic`, `/lobby`, `/401` …). */
export const BOOT_PATHS = /^\/(login|lobby|401|404|500|503)(\/|$)/;
