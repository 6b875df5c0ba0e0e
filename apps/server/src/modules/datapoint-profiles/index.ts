/** What other modules may use of this one: modules import each other only through their index.ts (.dependency-cruiser.cjs). */
export { allProfiles } from './datapoint-profiles.repo.ts';
export { profileForDownload } from './datapoint-profiles.service.ts';
