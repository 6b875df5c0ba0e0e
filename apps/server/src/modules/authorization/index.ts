/** What other modules may use of this one: modules import each other only through their index.ts (.dependency-cruiser.cjs). */
export {
  type JobRow,
  type JobVisibility,
  jobVisibleCondition,
  rolesOfUser,
  userExists,
  usersInIssuers,
} from './authorization.repo.ts';
export {
  assertUserManageable,
  grantablePermissions,
  inScope,
  isInternalStaff,
  jobVisibilityOf,
  platformOnlyRefusedFor,
  type TenantScope,
  tenantScopeOf,
} from './authorization.service.ts';
export { abilitiesOf, assertJobChangeable, isJobEditor } from './job-abilities.ts';
export { visibleJob, visibleJobHead } from './job-access.ts';
export { forgetAllJobAccess, forgetJobAccess } from './job-access-cache.ts';
