/** What other modules may use of this one: modules import each other only through their index.ts (.dependency-cruiser.cjs). */
export { assignableJobs, setDirectAssignment } from './job-artifacts.repo.ts';
