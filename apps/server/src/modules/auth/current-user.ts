/** Builds the current-user view (SPEC §3 User, "the current user also carries …") from an auth context. */
import {
  ROLE_DESCRIPTIONS,
  roleKind,
  type TCurrentUser,
  type TRole,
  type TUserRoles,
  type TThemeKey,
} from '@sextant/shared';
import { existsSync } from 'node:fs';
import type { AppContext } from '../../context.ts';
import type { AuthContext, AuthUser } from '../../plugins/access.ts';
import { getSetting } from '../system/index.ts';
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

export interface UserDefaults {
  branding: EffectiveBranding | null;
  /** The UI language: the language of the user's first issuer (by name), else English. */
  language: string;
}

const brandingView = (b: NonNullable<Awaited<ReturnType<typeof brandingRow>>>, inherited: boolean) => ({
  brandingId: b.brandingId,
  brandingDisplayName: b.brandingDisplayName,
  theme: b.theme,
  fullDomainName: b.fullDomainName,
  inherited,
});

/**
 * The user's branding — their own, else their first issuer's (inherited), else none — and language, with the first
 * issuer read once for both.
 */
export async function userDefaults(ctx: AppContext, user: Pick<AuthUser, 'id' | 'brandingId'>): Promise<UserDefaults> {
  const [own, first] = await Promise.all([
    user.brandingId ? brandingRow(ctx.db, user.brandingId) : undefined,
    firstIssuerOfUser(ctx.db, user.id),
  ]);
  const language = first?.language ?? 'en';
  if (own) return { branding: brandingView(own, false), language };
  const inherited = first?.brandingId ? await brandingRow(ctx.db, first.brandingId) : undefined;
  return { branding: inherited ? brandingView(inherited, true) : null, language };
}

export async function currentUserView(
  ctx: AppContext,
  auth: AuthContext,
  /** The user's defaults when the caller has read them already (GET /auth/me checks the branding's domain first). */
  known?: UserDefaults,
): Promise<TCurrentUser> {
  const u = auth.user;
  const [{ branding, language }, terms, privacy] = await Promise.all([
    known ?? userDefaults(ctx, u),
    getSetting(ctx.db, 'latestTermsVersion'),
    getSetting(ctx.db, 'latestPrivacyVersion'),
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
    pdfRendering: chromiumPresent(ctx.config.CHROMIUM_PATH),
  };
}

/** Whether the PDF renderer's browser is installed; looked up at most once a minute (an installation is picked up). */
let chromium: { path: string; present: boolean; at: number } | null = null;
function chromiumPresent(path: string): boolean {
  const now = Date.now();
  if (!chromium || chromium.path !== path || now - chromium.at > 60_000)
    chromium = { path, present: existsSync(path), at: now };
  return chromium.present;
}
