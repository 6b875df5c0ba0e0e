/**
 * Notification queue (SPEC §8): at most 3 on screen, newest last. Error notifications keep the raw facts;
 * whether a user sees the detailed text is decided when rendering, from their permissions.
 */
import { useSyncExternalStore } from 'react';
import i18n, { operationLabel } from '../../app/i18n.ts';

export const MAX_NOTIFICATIONS = 3;
export const MAX_NOTIFICATION_TEXT = 1000;
/** SPEC §8 text (English); shown through `notifications:genericError` in the user's language. */
export const GENERIC_ERROR_MESSAGE = 'Oops, it looks like there was a problem.';

export type TSeverity = 'error' | 'warning' | 'info' | 'success';

export interface TNotificationAction {
  label: string;
  onClick: () => void;
  /** Close the notification after the action (default true). */
  closes?: boolean;
}

export interface TErrorFacts {
  operation: string;
  messages: string[];
  url: string;
  date: string;
  device: string;
  status?: number;
  code?: string;
}

export interface TNotification {
  id: string;
  severity: TSeverity;
  title?: string;
  message: string;
  error?: TErrorFacts;
  actions?: TNotificationAction[];
  /** ms before it hides itself; null keeps it until closed. */
  autoHideMs?: number | null;
  /** A key replaces an earlier notification with the same key (e.g. the idle countdown). */
  key?: string;
  /** Hide the close button (the notification needs an action). */
  noClose?: boolean;
}

/** Truncate at 1000 characters with an ellipsis (SPEC §5). */
export function truncateText(text: string, max = MAX_NOTIFICATION_TEXT): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

let items: TNotification[] = [];
const listeners = new Set<() => void>();
let seq = 0;

function emit() {
  for (const l of listeners) l();
}

export function pushNotification(n: Omit<TNotification, 'id'> & { id?: string }): string {
  const id = n.id ?? `n${++seq}`;
  const next: TNotification = {
    ...n,
    id,
    message: truncateText(n.message),
    title: n.title ? truncateText(n.title) : undefined,
  };
  const rest = n.key ? items.filter((i) => i.key !== n.key) : items;
  items = [...rest, next].slice(-MAX_NOTIFICATIONS);
  emit();
  return id;
}

export function updateNotification(id: string, patch: Partial<TNotification>) {
  items = items.map((i) => (i.id === id ? { ...i, ...patch } : i));
  emit();
}

export function dismissNotification(idOrKey: string) {
  const before = items.length;
  items = items.filter((i) => i.id !== idOrKey && i.key !== idOrKey);
  if (items.length !== before) emit();
}

export function clearNotifications() {
  items = [];
  emit();
}

export const getNotifications = () => items;

export function useNotifications(): TNotification[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
    () => items,
  );
}

/** Facts of an error for the details panel (messages, URL, date, device). */
export function errorFacts(
  error: unknown,
  operation: string,
  env: { url: string; device: string; now?: Date },
): TErrorFacts {
  const messages: string[] = [];
  let status: number | undefined;
  let code: string | undefined;
  if (error && typeof error === 'object') {
    const e = error as { message?: unknown; status?: unknown; code?: unknown; errors?: unknown };
    if (typeof e.message === 'string' && e.message) messages.push(e.message);
    if (Array.isArray(e.errors))
      for (const fe of e.errors as { path?: string; message?: string }[])
        if (fe?.message) messages.push(fe.path ? `${fe.path}: ${fe.message}` : fe.message);
    if (typeof e.status === 'number') status = e.status;
    if (typeof e.code === 'string') code = e.code;
  } else if (typeof error === 'string') messages.push(error);
  if (messages.length === 0) messages.push(i18n.t('notifications:unknownError'));
  return {
    operation,
    messages: messages.map((m) => truncateText(m)),
    url: env.url,
    date: (env.now ?? new Date()).toISOString(),
    device: env.device,
    status,
    code,
  };
}

/** The visible text of an error notification for a user with or without detailed notifications. */
export function errorText(facts: TErrorFacts, detailed: boolean): { title: string; message: string } {
  if (!detailed) return { title: i18n.t('notifications:errorTitle'), message: i18n.t('notifications:genericError') };
  return { title: truncateText(operationLabel(facts.operation)), message: truncateText(facts.messages.join('\n')) };
}

/** Plain-text report copied by "Copy to Clipboard". */
export function errorReport(facts: TErrorFacts, userId: string | null): string {
  return truncateText(
    [
      `Operation: ${facts.operation}`,
      ...facts.messages.map((m) => `Message: ${m}`),
      facts.status ? `Status: ${facts.status}${facts.code ? ` (${facts.code})` : ''}` : null,
      `User id: ${userId ?? 'not signed in'}`,
      `URL: ${facts.url}`,
      `Date: ${facts.date}`,
      `Device: ${facts.device}`,
    ]
      .filter(Boolean)
      .join('\n'),
    4000,
  );
}

export function notifyError(error: unknown, operation: string) {
  const facts = errorFacts(error, operation, {
    url: typeof location !== 'undefined' ? location.href : '',
    device: typeof navigator !== 'undefined' ? navigator.userAgent : '',
  });
  return pushNotification({
    severity: 'error',
    message: facts.messages.join('\n'),
    title: operation,
    error: facts,
    autoHideMs: null,
  });
}

export const notify = (
  severity: TSeverity,
  message: string,
  opts: Partial<Omit<TNotification, 'severity' | 'message'>> = {},
) => pushNotification({ severity, message, autoHideMs: severity === 'error' ? null : 6000, ...opts });
