/** What other modules may use of this one: modules import each other only through their index.ts (.dependency-cruiser.cjs). */
export { manageList } from './resource-hub.service.ts';
