/** What other modules may use of this one: modules import each other only through their index.ts (.dependency-cruiser.cjs). */
export { jobChangesCommandTypes, jobChangesJobEvents } from './job-changes.commands.ts';
export { jobChangesRoutes } from './job-changes.routes.ts';
