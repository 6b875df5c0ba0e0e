/** Builds the current-user view (SPEC §3 User, "the current user also carries …") from an auth context. */
import {
  ROLE_DESCRIPTIONS,
  roleKind,
  type TCurrentUser,
  type TRole,
  type TUserRoles,
  type TThemeKey,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext, AuthUser } from '../../plugins/access.ts';
import { getSetting } from '../system/settings.repo.ts';
import { brandingRow, firstIssuerOfUser } from './auth.repo.ts';

export function rolesView(roles: readonly TRole[]): TUserRoles {
  const entry = (role: TRole) => ({ role, ...ROLE_DESCRIPTIONS[role] });
  return {
    standard: roles.filter((r) => roleKind(r) === 'standard').map(entry),
    tabbedView: roles.filter((r) => roleKind(r) === 'tabbedView').map(entry),
  };
}

export interface EffectiveBranding {
  brandingId: string;
  brandingDisplayName: string;
  theme: TThemeKey;
  fullDomainName: string | null;
  inherited: boolean;
}

/** The user's own branding, else the branding of their first issuer (inherited), else none. */
export async function effectiveBranding(
  ctx: AppContext,
  user: Pick<AuthUser, 'id' | 'brandingId'>,
): Promise<EffectiveBranding | null> {
  if (user.brandingId) {
    const b = await brandingRow(ctx.db, user.brandingId);
    if (b)
      return {
        brandingId: b.brandingId,
        brandingDisplayName: b.brandingDisplayName,
        theme: b.theme,
        fullDomainName: b.fullDomainName,
        inherited: false,
      };
  }
  const id = (await firstIssuerOfUser(ctx.db, user.id))?.brandingId;
  if (!id) return null;
  const b = await brandingRow(ctx.db, id);
  return b
    ? {
        brandingId: b.brandingId,
        brandingDisplayName: b.brandingDisplayName,
        theme: b.theme,
        fullDomainName: b.fullDomainName,
        inherited: true,
      }
    : null;
}

/** The UI language: the language of the user's first issuer (by name), else English. */
async function languageOf(ctx: AppContext, userId: string): Promise<string> {
  return (await firstIssuerOfUser(ctx.db, userId))?.language ?? 'en';
}

export async function currentUserView(ctx: AppContext, auth: AuthContext): Promise<TCurrentUser> {
  const u = auth.user;
  const [branding, terms, privacy, language] = await Promise.all([
    effectiveBranding(ctx, u),
    getSetting(ctx.db, 'latestTermsVersion'),
    getSetting(ctx.db, 'latestPrivacyVersion'),
    languageOf(ctx, u.id),
  ]);
  return {
    id: u.id,
    idpId: u.idpId,
    idProviderName: u.idProviderName,
    username: u.username,
    displayName: u.displayName,
    givenName: u.givenName,
    surname: u.surname,
    email: { email: u.email },
    roles: rolesView(auth.roles),
    ownRoles: auth.roleSwitchActive ? rolesView(auth.ownRoles) : null,
    permissions: [...auth.permissions].sort(),
    approved: u.approved,
    eligible: auth.eligible,
    canSwitchRoles: u.canSwitchRoles,
    authenticated: true,
    effectiveBrandingId: branding?.brandingId ?? null,
    effectiveBrandingDisplayName: branding?.brandingDisplayName ?? null,
    branding: branding ? { theme: branding.theme, fullDomainName: branding.fullDomainName } : null,
    agreedLatestPrivacyPolicy: u.agreedPrivacyVersion === privacy,
    agreedLatestTermsOfService: u.agreedTermsVersion === terms,
    sessionExpiresAt: auth.sessionExpiresAt.toISOString(),
    // Site configuration of idle logout (SPEC §4): warn after IDLE_WARNING_SECONDS, sign out after the notified period.
    language,
    idleTimeoutSeconds: ctx.config.AUTO_LOGOUT_ON_IDLE_ENABLED
      ? ctx.config.IDLE_WARNING_SECONDS + ctx.config.IDLE_LOGOUT_AFTER_WARNING_SECONDS
      : 0,
    idleWarningSeconds: ctx.config.IDLE_LOGOUT_AFTER_WARNING_SECONDS,
  };
}
