/** What other modules may use of this one: modules import each other only through their index.ts (.dependency-cruiser.cjs). */
export { createInvitationLink, destroyUserSessions } from './auth.service.ts';
export { rolesView, userDefaults } from './current-user.ts';
