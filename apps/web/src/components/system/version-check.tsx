/**
 * App version check (SPEC §4): the app timestamp is compared periodically and on navigation; when a new
 * version is published an info notice counts down 60 s to an automatic refresh, with Refresh Now and
 * Don't Refresh.
 */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { appTimestampQuery } from '../../api/system.ts';
import i18n from '../../app/i18n.ts';
import { dismissNotification, pushNotification, updateNotification } from '../notifications/notification-store.ts';

export const AUTO_REFRESH_SECONDS = 60;

export function refreshMessage(secondsLeft: number): string {
  return secondsLeft >= AUTO_REFRESH_SECONDS
    ? i18n.t('system:version.inOneMinute')
    : i18n.t('system:version.inSeconds', { count: secondsLeft });
}

export function VersionCheck({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const q = useQuery({ ...appTimestampQuery(), meta: { silent: true } });
  const location = useLocation();
  const loaded = useRef<string | null>(null);
  const declined = useRef<string | null>(null);
  const active = useRef<{ id: string; timer: ReturnType<typeof setInterval> } | null>(null);
  const { refetch } = q;

  useEffect(() => {
    if (loaded.current !== null) void refetch();
  }, [location.pathname, refetch]);

  useEffect(() => {
    if (q.data === undefined) return;
    const ts = String(q.data.timestamp);
    if (loaded.current === null) {
      loaded.current = ts;
      return;
    }
    if (ts === loaded.current || ts === declined.current || active.current) return;
    let left = AUTO_REFRESH_SECONDS;
    const stop = () => {
      if (active.current) clearInterval(active.current.timer);
      active.current = null;
    };
    const id = pushNotification({
      key: 'version-refresh',
      severity: 'info',
      title: i18n.t('system:version.title'),
      message: refreshMessage(left),
      autoHideMs: null,
      noClose: true,
      actions: [
        {
          label: i18n.t('system:version.refreshNow'),
          onClick: () => {
            stop();
            reload();
          },
        },
        {
          label: i18n.t('system:version.dontRefresh'),
          onClick: () => {
            stop();
            declined.current = ts;
          },
        },
      ],
    });
    const timer = setInterval(() => {
      left -= 1;
      if (left <= 0) {
        stop();
        dismissNotification(id);
        reload();
        return;
      }
      updateNotification(id, { message: refreshMessage(left) });
    }, 1000);
    active.current = { id, timer };
  }, [q.data, reload]);

  useEffect(
    () => () => {
      if (active.current) clearInterval(active.current.timer);
    },
    [],
  );
  return null;
}
