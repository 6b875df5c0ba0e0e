/**
 * The notification queue's place in the root layout. The stack itself (notification-stack.tsx: alerts, error details,
 * copy to clipboard) loads with the first notification, not with the app: a signed-out page seldom shows one, and it
 * weighed 4 KB gzip on the sign-in page's start-up path. The signed-in frames load it with themselves
 * (preloadNotificationStack in router.tsx), so a signed-in page has it before anything fails. A failed download is
 * tried again with the next change of the queue.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useNotifications } from './notification-store.ts';

let loaded: ComponentType | null = null;
let loading: Promise<ComponentType> | null = null;

/** Loads the stack's module (once; again after a failure). */
export function preloadNotificationStack(): Promise<ComponentType> {
  return (loading ??= import('./notification-stack.tsx').then(
    (m) => (loaded = m.NotificationStack),
    (e: unknown) => {
      loading = null;
      throw e;
    },
  ));
}

export function Notifications() {
  const items = useNotifications();
  const [Stack, setStack] = useState<ComponentType | null>(() => loaded);
  const shown = items.length > 0;
  useEffect(() => {
    if (!shown || Stack) return;
    let live = true;
    preloadNotificationStack().then(
      (C) => live && setStack(() => C),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [shown, Stack, items]);
  return Stack ? <Stack /> : null;
}
