import { describe, expect, it } from 'vitest';
import { canCancel, canRetry, durationMs, formatAge, formatDuration, proqBadgeText } from './proq-format.ts';

describe('ProQ formatting', () => {
  it('shows the sync badge as 99+ above 99 (SPEC §9) and nothing for zero', () => {
    expect(proqBadgeText(0)).toBe('');
    expect(proqBadgeText(undefined)).toBe('');
    expect(proqBadgeText(7)).toBe('7');
    expect(proqBadgeText(99)).toBe('99');
    expect(proqBadgeText(100)).toBe('99+');
    expect(proqBadgeText(12345)).toBe('99+');
  });

  it('formats ages and durations', () => {
    expect(formatAge(42)).toBe('42s');
    expect(formatAge(185)).toBe('3m 05s');
    expect(formatAge(2 * 3600 + 7 * 60)).toBe('2h 07m');
    expect(formatAge(3 * 86400 + 4 * 3600)).toBe('3d 4h');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(4200)).toBe('4.2 s');
    expect(durationMs('2026-01-01T00:00:00Z', '2026-01-01T00:00:02Z')).toBe(2000);
    expect(durationMs(null, null)).toBeNull();
  });

  it('allows retry for Error/Canceled and cancel for unfinished states', () => {
    expect(canRetry('Error') && canRetry('Canceled') && !canRetry('Completed')).toBe(true);
    expect(canCancel('Pending') && canCancel('InProgress') && canCancel('Blocked') && !canCancel('Error')).toBe(true);
  });
});
