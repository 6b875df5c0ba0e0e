/** What other modules may use of this one: modules import each other only through their index.ts (.dependency-cruiser.cjs). */
export { UPLOAD_LINK_PROVIDER } from './magic-links.repo.ts';
export { listLinks } from './magic-links.service.ts';
