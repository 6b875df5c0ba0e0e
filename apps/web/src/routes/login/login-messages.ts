/** Texts of the sign-in pages: login error codes (SPEC §8) and API error codes (issue #2). */
import { ERROR_CODES } from '@sextant/shared';

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
  OidcError: { severity: 'error', text: 'Single sign-on did not complete. Please try again or use another sign-in method.' },
  AccountDeactivated: { severity: 'error', text: 'This account has been deactivated. Contact your administrator.' },
};

export function loginErrorMessage(code: string) {
  return LOGIN_ERROR_MESSAGES[code] ?? { severity: 'error' as const, text: `Sign-in did not complete (${code}). Please try again.` };
}

export function apiLoginError(code: string, fallback: string): string {
  switch (code) {
    case ERROR_CODES.invalidCredentials:
      return 'Incorrect username or password.';
    case ERROR_CODES.rateLimited:
      return 'Too many attempts. Please wait a few minutes and try again.';
    case ERROR_CODES.accountDeactivated:
      return 'This account has been deactivated. Contact your administrator.';
    case ERROR_CODES.invalidToken:
      return 'This sign-in link has expired or has already been used. Request a new link to sign in.';
    case 'NetworkError':
      return 'The server could not be reached. Check your connection and try again.';
    default:
      return fallback || 'Sign-in failed. Please try again.';
  }
}
