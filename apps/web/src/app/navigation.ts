import { sameOriginPath } from '@sextant/shared/values';

/** Navigation from outside React (query error handlers), set once the router exists. */
type TNavigate = (to: string, opts?: { replace?: boolean }) => void;
let navigateImpl: TNavigate = (to) => {
  window.location.assign(to);
};
export const setNavigator = (fn: TNavigate) => {
  navigateImpl = fn;
};
export const navigateTo: TNavigate = (to, opts) => navigateImpl(to, opts);

/** Current in-app path (path + query) used as the sign-in callback. */
export const currentPath = () => `${window.location.pathname}${window.location.search}`;

/** Only same-site relative paths are accepted as callbacks (no open redirects). */
export function safeCallback(raw: string | null | undefined, fallback = '/'): string {
  const path = sameOriginPath(raw);
  if (!path || path.startsWith('/login') || path.startsWith('/api/')) return fallback;
  return path;
}

export const loginUrl = (callbackUrl?: string, error?: string) => {
  const qs = new URLSearchParams();
  if (callbackUrl && safeCallback(callbackUrl, '') !== '') qs.set('callbackUrl', callbackUrl);
  if (error) qs.set('error', error);
  const s = qs.toString();
  return `/login${s ? `?${s}` : ''}`;
};
