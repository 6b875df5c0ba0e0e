/** What other modules may use of this one: modules import each other only through their index.ts (.dependency-cruiser.cjs). */
export { brandingInScope, coloursOf, DEFAULT_BRANDING_KEY, invalidateBrandingCache } from './brandings.service.ts';
export { brandingScopeCondition } from './brandings.repo.ts';
