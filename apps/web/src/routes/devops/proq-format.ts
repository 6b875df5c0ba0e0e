/**
 * Pure formatting for the ProQ views: sync badge text (SPEC §9: 99+ above 99), ages and durations, state
 * colours and which actions a state allows (retry: Error/Canceled; cancel: Blocked/Pending/InProgress).
 */
import { PROQ_BADGE_MAX, PROQ_QUEUED_STATES, type TProqCommandState } from '@sextant/shared/values';

/** Sync badge text: the count, "99+" above 99, nothing for 0 or unknown. */
export function proqBadgeText(count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count) || count <= 0) return '';
  return count > PROQ_BADGE_MAX ? `${PROQ_BADGE_MAX}+` : String(Math.floor(count));
}

/** Seconds as a short human age: 42s, 3m 05s, 2h 07m, 3d 4h. */
export function formatAge(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.floor(seconds);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ${String(m % 60).padStart(2, '0')}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}

/** Milliseconds between two ISO times (to now when `to` is null and the command runs); null if not started. */
export function durationMs(from: string | null, to: string | null, now = Date.now()): number | null {
  if (!from) return null;
  const end = to ? Date.parse(to) : now;
  const d = end - Date.parse(from);
  return Number.isFinite(d) ? Math.max(0, d) : null;
}

/** A duration for a timeline: 850 ms, 4.2 s, 3m 05s. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return formatAge(ms / 1000);
}

export type TStateColor = 'default' | 'info' | 'warning' | 'success' | 'error' | 'secondary';
export const STATE_COLOR: Record<TProqCommandState, TStateColor> = {
  Blocked: 'default',
  Pending: 'secondary',
  InProgress: 'info',
  Completed: 'success',
  Error: 'error',
  Canceled: 'warning',
};

export const isQueuedState = (s: TProqCommandState) => (PROQ_QUEUED_STATES as readonly string[]).includes(s);
export const canRetry = (s: TProqCommandState) => s === 'Error' || s === 'Canceled';
export const canCancel = (s: TProqCommandState) => isQueuedState(s);
