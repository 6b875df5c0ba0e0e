/** User administration contracts (SPEC §3 User, §5 user rules, §7 Users). */
import { z } from 'zod';
import { ZThemeKey } from './enums.ts';
import { ZUserRoles } from './auth.ts';
import { ZMutationResult } from './api.ts';
import { ZAssignedUserIssuer } from './issuers.ts';
import { ZIssuerMemberRole } from './enums.ts';

import type { USER_LIST_TABS } from './values/users.ts';
export * from './values/users.ts';

export type TUserListTab = (typeof USER_LIST_TABS)[number];
/** Filterable/sortable properties of the user lists (SPEC §5 user search filters and more). */
export const USER_LIST_PROPERTIES = [
  'username',
  'displayName',
  'email',
  'givenName',
  'surname',
  'issuerId',
  'effectiveBrandingId',
  'lastActivityAt',
  'createdAt',
] as const;

export const ZUserListRow = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  givenName: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string().nullable(),
  approved: z.boolean(),
  pending: z.boolean(),
  isDeactivated: z.boolean(),
  lastActivityAt: z.string().nullable(),
  issuerIds: z.array(z.string()),
  issuerNames: z.array(z.string()),
  effectiveBrandingId: z.uuid().nullable(),
  effectiveBrandingDisplayName: z.string().nullable(),
  isBrandingInherited: z.boolean(),
});
export type TUserListRow = z.infer<typeof ZUserListRow>;

export const ZLegalStatus = z.object({ agreedVersionId: z.string().nullable(), latestVersionId: z.string() });

/** GET /api/v1/users/{id}: the administrator's view of a user (SPEC §3 User). */
export const ZUserDetail = z.object({
  id: z.uuid(),
  idpId: z.string(),
  idProviderName: z.string(),
  username: z.string(),
  displayName: z.string(),
  givenName: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.object({ email: z.string().nullable() }),
  avatarInitials: z.string(),
  roles: ZUserRoles,
  /** The user's own extra permissions (on top of their roles'). */
  extraPermissions: z.array(z.string()),
  approved: z.boolean(),
  isDeactivated: z.boolean(),
  eligible: z.boolean(),
  pending: z.boolean(),
  lastActivityAt: z.string().nullable(),
  agreedLatestPrivacyPolicy: z.boolean(),
  agreedLatestTermsOfService: z.boolean(),
  termsStatus: ZLegalStatus,
  privacyStatus: ZLegalStatus,
  brandingId: z.uuid().nullable(),
  effectiveBrandingId: z.uuid().nullable(),
  inheritedBrandingId: z.uuid().nullable(),
  effectiveBrandingDisplayName: z.string().nullable(),
  branding: z.object({ theme: ZThemeKey, fullDomainName: z.string().nullable() }).nullable(),
  canSwitchRoles: z.boolean(),
  /** Internal staff (DESIGN §6): scoped to every issuer; set only by internal administrators. */
  isInternal: z.boolean(),
  /** Whether the caller may set or clear isInternal on this user (an internal administrator, not themselves). */
  canChangeInternal: z.boolean(),
  authenticated: z.boolean(),
  hasMoreJobArtifactsToAssign: z.boolean(),
  issuers: z.array(ZAssignedUserIssuer),
});
export type TUserDetail = z.infer<typeof ZUserDetail>;

export const ZUserSummary = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
});
export type TUserSummary = z.infer<typeof ZUserSummary>;

export const ZUserEligibleStatus = z.object({
  eligible: z.boolean(),
  approved: z.boolean(),
  pending: z.boolean(),
  isDeactivated: z.boolean(),
  reason: z.enum(['UserEligibility']).nullable(),
});

export const ZPotentialUserIssuer = z.object({
  issuerId: z.uuid(),
  issuerName: z.string(),
  issuerBrandingName: z.string().nullable(),
  emailDomains: z.array(z.string()),
  isAssigned: z.boolean(),
  userRole: ZIssuerMemberRole.nullable(),
  isDomainUser: z.boolean(),
  /** The user's email domain is one of the issuer's email domains. */
  matchesEmailDomain: z.boolean(),
});
export type TPotentialUserIssuer = z.infer<typeof ZPotentialUserIssuer>;

const uuidField = (what: string) =>
  z.uuid({ error: (i) => (i.input === undefined || i.input === '' ? `${what} is required` : `${what} must be an id`) });

/** Multipart form of deactivate / reactivate / invite / approve (SPEC §5: the user id is a form field). */
export const ZUserIdForm = z.object({ id: uuidField('User id') });
/** Multipart form of user-set-branding: id and brandingId (omitted or empty → inherit from the issuer). */
export const ZUserSetBrandingForm = z.object({
  id: uuidField('User id'),
  brandingId: z.preprocess(
    (v) => (v === '' || v === 'null' ? null : v),
    uuidField('Branding id').nullable().optional(),
  ),
});

export const ZUserCreate = z
  .object({
    username: z
      .string({ error: (i) => (i.input === undefined ? 'Username is required' : 'Username must be text') })
      .trim()
      .min(1, 'Username is required')
      .max(200, 'Username must be at most 200 characters')
      .regex(/^[A-Za-z0-9@._+-]+$/, 'Username may contain letters, digits and @ . _ + - only'),
    email: z
      .string({ error: (i) => (i.input === undefined ? 'Email is required' : 'Email must be text') })
      .trim()
      .toLowerCase()
      .pipe(z.email('Enter a valid email address').max(320)),
    displayName: z.string().trim().min(1).max(200).optional(),
    givenName: z.string().trim().max(100).optional(),
    surname: z.string().trim().max(100).optional(),
    issuerId: z.uuid('Issuer must be an id').optional(),
    issuerRole: ZIssuerMemberRole.optional(),
  })
  .strict();
export type TUserCreate = z.input<typeof ZUserCreate>;

export const ZUserCreated = ZMutationResult.extend({ id: z.uuid() });
/** PUT /api/v1/users/{id}/internal: make a user internal staff or a tenant user (internal administrators only). */
export const ZUserInternalUpdate = z
  .object({ isInternal: z.boolean({ error: 'isInternal must be true or false' }) })
  .strict();
export type TUserInternalUpdate = z.infer<typeof ZUserInternalUpdate>;
export const ZUserIdParam = z.object({ id: z.uuid('User id must be an id') });
/** Path parameter of the routes below /users/{userId}/… . */
export const ZUserParams = z.object({ userId: z.uuid('User id must be an id') });
export const ZUserSearchQuery = z.object({
  search: z.string().trim().max(200).optional(),
  issuerId: z.uuid('Issuer id must be an id').optional(),
});
export const ZPotentialIssuerUsersQuery = z.object({
  issuerId: z.uuid('Issuer id must be an id'),
  search: z.string().trim().max(200).optional(),
});
export const ZDirectlyAssignedQuery = z.object({ userId: z.uuid('User id must be an id') });

/**
 * GET /api/v1/users/{id}/deletion-preview (User_Delete): what deleting the user erases, for the confirmation dialog.
 * The personal data named here is erased; the user's audit records stay under `pseudonym`; jobs they own stay.
 */
export const ZUserDeletionPreview = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  /** The name the audit records keep instead of the user's (e.g. "deleted user #3f9a0c12"). */
  pseudonym: z.string(),
  sessions: z.number().int(),
  signInLinks: z.number().int(),
  chatConversations: z.number().int(),
  issuerMemberships: z.number().int(),
  roles: z.number().int(),
  extraPermissions: z.number().int(),
  jobAssignments: z.number().int(),
  auditRecords: z.number().int(),
  ownedJobs: z.number().int(),
});
export type TUserDeletionPreview = z.infer<typeof ZUserDeletionPreview>;
