/** Sign-in contracts and the current user (SPEC §3 User, §4 Session). */
import { z } from 'zod';
import { ZThemeKey } from './enums.ts';
import { ZRole } from './permissions.ts';

export * from './values/auth.ts';

export const ZLoginBody = z.object({
  username: z.string().trim().min(1, 'Enter your username').max(200),
  password: z.string().min(1, 'Enter your password').max(1000),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZMagicLinkRequest = z.object({
  email: z.string().trim().email('Enter a valid email address').max(320),
  callbackUrl: z.string().max(2000).optional(),
});
export const ZMagicLinkVerify = z.object({ token: z.string().min(20).max(200) });

export const ZSwitchRolesBody = z.object({ roles: z.array(ZRole).min(1) });

export const ZRoleEntry = z.object({ role: ZRole, displayName: z.string(), description: z.string() });
export type TRoleEntry = z.infer<typeof ZRoleEntry>;

export const ZUserRoles = z.object({ standard: z.array(ZRoleEntry), tabbedView: z.array(ZRoleEntry) });
export type TUserRoles = z.infer<typeof ZUserRoles>;

export const ZUserBranding = z.object({ theme: ZThemeKey, fullDomainName: z.string().nullable() });

export const ZCurrentUser = z.object({
  id: z.string().uuid(),
  idpId: z.string(),
  idProviderName: z.string(),
  username: z.string(),
  displayName: z.string(),
  givenName: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.object({ email: z.string().nullable() }),
  roles: ZUserRoles,
  /** The user's own roles when a role switch is active (null otherwise). */
  ownRoles: ZUserRoles.nullable(),
  permissions: z.array(z.string()),
  approved: z.boolean(),
  eligible: z.boolean(),
  canSwitchRoles: z.boolean(),
  authenticated: z.literal(true),
  effectiveBrandingId: z.string().uuid().nullable(),
  effectiveBrandingDisplayName: z.string().nullable(),
  branding: ZUserBranding.nullable(),
  agreedLatestPrivacyPolicy: z.boolean(),
  agreedLatestTermsOfService: z.boolean(),
  sessionExpiresAt: z.string(),
  /** UI language: the language of the user's issuer (ISSUER_LANGUAGES key), else "en". */
  language: z.string(),
  /** Idle period before the browser signs the user out (0: idle logout is off in the site configuration). */
  idleTimeoutSeconds: z.number().int(),
  /** The last part of that period, during which the Stay Logged In notification is shown. */
  idleWarningSeconds: z.number().int(),
  /**
   * The server prints report PDFs itself (Chromium is installed). When false the report pages offer the browser's
   * own print of the same printable page ("Print or save as PDF") instead of a download that would fail.
   */
  pdfRendering: z.boolean(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

export const ZAuthMethods = z.object({
  password: z.boolean(),
  magicLink: z.boolean(),
  oidc: z.object({ enabled: z.boolean(), displayName: z.string().nullable() }),
});
export type TAuthMethods = z.infer<typeof ZAuthMethods>;

/** Magic-link lifetime: at most 10 minutes. */
export const MAGIC_LINK_TTL_SECONDS = 600;

/** GET /auth/oidc/start: where to go after signing in (checked by safeCallback). */
export const ZOidcStartQuery = z.object({ callbackUrl: z.string().max(2000).optional() });
