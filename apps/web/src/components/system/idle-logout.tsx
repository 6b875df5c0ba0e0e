/**
 * Idle logout (SPEC §4): after the configured idle period a notification offers Stay Logged In; if ignored
 * the user is signed out when the notified period ends. Activity and decisions are shared by every tab
 * (localStorage + BroadcastChannel), so activity in one tab keeps the others signed in.
 */
import { useEffect, useRef } from 'react';
import type { TCurrentUser } from '@sextant/shared/values';
import i18n from '../../app/i18n.ts';
import { dismissNotification, pushNotification, updateNotification } from '../notifications/notification-store.ts';
import { broadcast, sessionChannel, signOut, type TSessionMessage } from '../shell/session-actions.ts';

const LAST_ACTIVITY_KEY = 'sextant.lastActivity';
const AUTO_LOGOUT_KEY = 'sextant.autoLogoutOnIdle';
/** Test and support aid: a shorter idle period for this browser (never longer than the configured one). */
const IDLE_OVERRIDE_KEY = 'sextant.idleTimeoutSeconds';
const ACTIVITY_THROTTLE_MS = 2000;

/** Site configuration enables the feature when the server gives an idle period. */
export const idleFeatureEnabled = (user: Pick<TCurrentUser, 'idleTimeoutSeconds'>) => user.idleTimeoutSeconds > 0;

/** The session-scoped auto-logout-on-idle setting (SPEC §9 stored local settings). */
export function readAutoLogoutSetting(): boolean {
  try {
    return sessionStorage.getItem(AUTO_LOGOUT_KEY) !== 'false';
  } catch {
    return true;
  }
}
export function writeAutoLogoutSetting(on: boolean) {
  try {
    sessionStorage.setItem(AUTO_LOGOUT_KEY, String(on));
  } catch {
    /* ignore */
  }
  window.dispatchEvent(new Event('sextant-idle-setting'));
}

export function idlePeriods(configuredSeconds: number, warningSeconds = 60): { timeoutMs: number; warningMs: number } {
  let seconds = configuredSeconds;
  try {
    const o = Number(localStorage.getItem(IDLE_OVERRIDE_KEY));
    if (Number.isFinite(o) && o > 0 && o < seconds) seconds = o;
  } catch {
    /* ignore */
  }
  const timeoutMs = seconds * 1000;
  return { timeoutMs, warningMs: Math.min(warningSeconds * 1000, Math.floor(timeoutMs / 2)) };
}

function readLastActivity(): number {
  const v = Number(localStorage.getItem(LAST_ACTIVITY_KEY));
  return Number.isFinite(v) && v > 0 ? v : Date.now();
}
function writeLastActivity(at: number) {
  try {
    localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    /* ignore */
  }
}

export function IdleLogout({ user }: { user: TCurrentUser }) {
  const noticeId = useRef<string | null>(null);
  const configured = user.idleTimeoutSeconds;
  useEffect(() => {
    if (!idleFeatureEnabled({ idleTimeoutSeconds: configured })) return;
    let enabled = readAutoLogoutSetting();
    const { timeoutMs, warningMs } = idlePeriods(configured, user.idleWarningSeconds);
    let lastLocalWrite = 0;
    const markActive = (at = Date.now(), share = true) => {
      writeLastActivity(at);
      if (share) broadcast({ type: 'activity', at });
      if (noticeId.current) {
        dismissNotification(noticeId.current);
        noticeId.current = null;
      }
    };
    markActive();
    const onActivity = () => {
      if (noticeId.current) return; // once warned, only Stay Logged In keeps the session
      const now = Date.now();
      if (now - lastLocalWrite < ACTIVITY_THROTTLE_MS) return;
      lastLocalWrite = now;
      markActive(now);
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove'] as const;
    for (const e of events) window.addEventListener(e, onActivity, { passive: true });
    const ch = sessionChannel();
    const onMessage = (ev: MessageEvent<TSessionMessage>) => {
      if (ev.data.type === 'activity' || ev.data.type === 'stay') {
        writeLastActivity(ev.data.at);
        if (noticeId.current) {
          dismissNotification(noticeId.current);
          noticeId.current = null;
        }
      }
    };
    ch?.addEventListener('message', onMessage);
    const onSetting = () => {
      enabled = readAutoLogoutSetting();
      if (!enabled && noticeId.current) {
        dismissNotification(noticeId.current);
        noticeId.current = null;
      }
      if (enabled) markActive();
    };
    window.addEventListener('sextant-idle-setting', onSetting);
    const stay = () => {
      const at = Date.now();
      writeLastActivity(at);
      broadcast({ type: 'stay', at });
      noticeId.current = null;
    };
    const tick = setInterval(() => {
      if (!enabled) return;
      const idle = Date.now() - readLastActivity();
      if (idle >= timeoutMs) {
        clearInterval(tick);
        void signOut('SessionExpired');
        return;
      }
      if (idle >= timeoutMs - warningMs) {
        const left = Math.ceil((timeoutMs - idle) / 1000);
        const message = i18n.t('system:idle.message', { count: left });
        if (noticeId.current) updateNotification(noticeId.current, { message });
        else
          noticeId.current = pushNotification({
            key: 'idle-logout',
            severity: 'warning',
            title: i18n.t('system:idle.title'),
            message,
            autoHideMs: null,
            noClose: true,
            actions: [{ label: i18n.t('system:idle.stay'), onClick: stay }],
          });
      }
    }, 1000);
    return () => {
      clearInterval(tick);
      for (const e of events) window.removeEventListener(e, onActivity);
      ch?.removeEventListener('message', onMessage);
      window.removeEventListener('sextant-idle-setting', onSetting);
      if (noticeId.current) dismissNotification(noticeId.current);
      noticeId.current = null;
    };
  }, [user.id, configured, user.idleWarningSeconds]);
  return null;
}
