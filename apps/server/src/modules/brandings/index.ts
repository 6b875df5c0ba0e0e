/** What other modules may use of this one: modules import each other only through their index.ts (.dependency-cruiser.cjs). */
export { brandingInScope } from './brandings.service.ts';
export { brandingScopeCondition } from './brandings.repo.ts';
