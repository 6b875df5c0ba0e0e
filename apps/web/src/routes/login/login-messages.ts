/** Texts of the sign-in pages: login error codes (SPEC §8) and API error codes. */
import { ERROR_CODES } from '@sextant/shared/values';
import i18n from '../../app/i18n.ts';

export const LOGIN_ERROR_MESSAGES: Record<string, { severity: 'error' | 'warning' | 'info'; text: string }> = {
  PublicBrandingError: {
    severity: 'warning',
    text: 'We could not load your organisation’s branding. You can still sign in below.',
  },
  SessionExpired: { severity: 'info', text: 'Your session has expired. Please sign in again.' },
  DomainRedirect: {
    severity: 'warning',
    text: 'You have been redirected to your organisation’s own sign-in address. Please sign in here.',
  },
  UserEligibility: { severity: 'warning', text: 'Your account is not yet eligible to use this service.' },
  OidcError: {
    severity: 'error',
    text: 'Single sign-on did not complete. Please try again or use another sign-in method.',
  },
  AccountDeactivated: { severity: 'error', text: 'This account has been deactivated. Contact your administrator.' },
};

/** The message of a login error code in the current language (English texts above are the `auth:loginErrors` defaults). */
export function loginErrorMessage(code: string) {
  const known = LOGIN_ERROR_MESSAGES[code];
  if (known)
    return { severity: known.severity, text: i18n.t(`auth:loginErrors.${code}`, { defaultValue: known.text }) };
  return { severity: 'error' as const, text: i18n.t('auth:loginErrors.unknown', { code }) };
}

export function apiLoginError(code: string, fallback: string): string {
  switch (code) {
    case ERROR_CODES.invalidCredentials:
      return i18n.t('auth:apiErrors.invalidCredentials');
    case ERROR_CODES.rateLimited:
      return i18n.t('auth:apiErrors.rateLimited');
    case ERROR_CODES.accountDeactivated:
      return i18n.t('auth:apiErrors.accountDeactivated');
    case ERROR_CODES.invalidToken:
      return i18n.t('auth:apiErrors.invalidToken');
    case 'NetworkError':
      return i18n.t('auth:apiErrors.network');
    default:
      return fallback || i18n.t('auth:apiErrors.failed');
  }
}
