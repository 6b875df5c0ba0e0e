/** One-time release notification about the AI chat assistant (SPEC §9): once per user, inside a date window. */
import { useEffect } from 'react';
import type { TCurrentUser } from '@sextant/shared/values';
import { can } from '../../app/current-user.ts';
import { pushNotification } from '../notifications/notification-store.ts';
import i18n from '../../app/i18n.ts';

export const RELEASE_NOTICE = {
  id: 'ai-chat-assistant-2025',
  from: '2025-09-15T00:00:00Z',
  to: '2025-10-31T23:59:59Z',
} as const;

const storageKey = (userId: string) => `sextant.releaseNotice.${RELEASE_NOTICE.id}.${userId}`;

export function shouldShowReleaseNotice(now: Date, dismissed: boolean): boolean {
  return !dismissed && now >= new Date(RELEASE_NOTICE.from) && now <= new Date(RELEASE_NOTICE.to);
}

export function ReleaseNotice({ user }: { user: TCurrentUser }) {
  useEffect(() => {
    if (!can(user, ['UserNotification_VIEW'])) return;
    let dismissed = false;
    try {
      dismissed = localStorage.getItem(storageKey(user.id)) === 'dismissed';
    } catch {
      /* ignore */
    }
    if (!shouldShowReleaseNotice(new Date(), dismissed)) return;
    const dismiss = () => {
      try {
        localStorage.setItem(storageKey(user.id), 'dismissed');
      } catch {
        /* ignore */
      }
    };
    pushNotification({
      key: 'release-notice',
      severity: 'info',
      title: i18n.t('system:releaseNotice.title'),
      message: i18n.t('system:releaseNotice.message'),
      autoHideMs: null,
      noClose: true,
      actions: [{ label: i18n.t('system:releaseNotice.dismiss'), onClick: dismiss }],
    });
  }, [user]);
  return null;
}
