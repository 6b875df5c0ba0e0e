/** Session expiry timer (SPEC §4) and sign-out propagated from other tabs. */
import { useEffect } from 'react';
import type { TCurrentUser } from '@sextant/shared/values';
import { endLocalSession, sessionChannel, signOut, type TSessionMessage } from '../shell/session-actions.ts';

const MAX_TIMEOUT_MS = 2_147_000_000;

export function SessionWatcher({ user }: { user: TCurrentUser }) {
  useEffect(() => {
    const ch = sessionChannel();
    const onMessage = (ev: MessageEvent<TSessionMessage>) => {
      if (ev.data.type === 'logout') endLocalSession(ev.data.reason);
    };
    ch?.addEventListener('message', onMessage);
    return () => ch?.removeEventListener('message', onMessage);
  }, []);
  useEffect(() => {
    const at = Date.parse(user.sessionExpiresAt);
    if (!Number.isFinite(at)) return;
    const t = setTimeout(() => void signOut('SessionExpired'), Math.min(Math.max(0, at - Date.now()), MAX_TIMEOUT_MS));
    return () => clearTimeout(t);
  }, [user.sessionExpiresAt]);
  return null;
}
