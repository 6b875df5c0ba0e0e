/** Signing out everywhere: server session, caches, theme and other tabs (BroadcastChannel). */
import { logout } from '../../api/auth.ts';
import { loginUrl, navigateTo } from '../../app/navigation.ts';
import { queryClient } from '../../app/query-client.ts';
import { themeStore } from '../../app/theme/theme-store.ts';
import { clearNotifications } from '../notifications/notification-store.ts';

export const SESSION_CHANNEL = 'sextant-session';

export type TSessionMessage =
  { type: 'activity'; at: number } | { type: 'stay'; at: number } | { type: 'logout'; reason?: string };

let channel: BroadcastChannel | null = null;
export function sessionChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(SESSION_CHANNEL);
  return channel;
}

export function broadcast(msg: TSessionMessage) {
  sessionChannel()?.postMessage(msg);
}

/** Local part of signing out (also run when another tab signed out). */
export function endLocalSession(reason?: string) {
  queryClient.clear();
  themeStore.signOut();
  clearNotifications();
  navigateTo(loginUrl(undefined, reason), { replace: true });
}

export async function signOut(reason?: string) {
  await logout().catch(() => undefined);
  broadcast({ type: 'logout', reason });
  endLocalSession(reason);
}
