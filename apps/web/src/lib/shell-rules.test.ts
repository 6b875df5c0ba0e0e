import { describe, expect, it } from 'vitest';
import { formatAmount, formatAmountCompact, formatCount, formatPercent, badgeCount } from './format.ts';
import { MAINTENANCE_MESSAGE, mapSystemMode } from '../components/system/system-mode.ts';
import { AUTO_REFRESH_SECONDS, refreshMessage } from '../components/system/version-check.tsx';
import { shouldShowReleaseNotice } from '../components/system/release-notice.tsx';
import { safeCallback, loginUrl } from '../app/navigation.ts';
import { IDLE_FEATURE_OFF_MESSAGE, idleSettingChangedMessage } from '../routes/profile/profile-page.tsx';
import { ensureEnglish } from '../app/i18n.ts';

// the profile page's texts load with the page in the app
await ensureEnglish();

describe('amount formatting (SPEC §9; money as issue #33 reads it)', () => {
  it('counts are whole, money has the currency symbol and its own digits, percents end with %', () => {
    expect(formatCount(1234.6)).toBe('1,235');
    expect(formatAmount(1234.56, 'GBP')).toBe('£1,234.56');
    expect(formatAmount(-3, 'USD')).toBe('-US$3.00');
    expect(formatAmount(1234.5)).toBe('1,234.50');
    expect(formatAmount(null, 'GBP')).toBe('—');
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatCount(null)).toBe('—');
    expect(badgeCount(100)).toBe('99+');
    expect(badgeCount(99)).toBe('99');
  });
  it('headline amounts are compact in the English (en-GB) way with the currency symbol and at most one decimal', () => {
    expect(formatAmountCompact(127_412_345.6, 'GBP')).toBe('£127.4m');
    expect(formatAmountCompact(1_234_567_890, 'USD')).toBe('US$1.2bn');
    expect(formatAmountCompact(45_640, 'EUR')).toBe('€45.6k');
    expect(formatAmountCompact(950, 'GBP')).toBe('£950');
    expect(formatAmountCompact(-2_500_000, 'GBP')).toBe('-£2.5m');
    expect(formatAmountCompact(undefined, 'GBP')).toBe('—');
  });
});

describe('system mode (SPEC §4)', () => {
  it('maps Live and ReadOnly to live, Maintenance to maintenance', () => {
    expect(mapSystemMode('Live')).toEqual({ state: 'live', readOnly: false });
    expect(mapSystemMode('ReadOnly')).toEqual({ state: 'live', readOnly: true });
    expect(mapSystemMode('Maintenance')).toEqual({ state: 'maintenance', readOnly: false });
  });
  it('throws "Unknown system mode" for anything else', () => {
    expect(() => mapSystemMode('Paused')).toThrow('Unknown system mode');
  });
  it('uses the exact maintenance message', () => {
    expect(MAINTENANCE_MESSAGE).toBe(
      'The system is currently offline for essential maintenance. Please check back again later. We apologize for any inconvenience',
    );
  });
});

describe('version refresh notice', () => {
  it('counts down from 1 minute', () => {
    expect(AUTO_REFRESH_SECONDS).toBe(60);
    expect(refreshMessage(60)).toContain('refresh automatically in 1 minute');
    expect(refreshMessage(1)).toContain('in 1 second.');
    expect(refreshMessage(30)).toContain('in 30 seconds.');
  });
});

describe('release notice window', () => {
  it('shows only inside the window and until dismissed', () => {
    expect(shouldShowReleaseNotice(new Date('2025-10-01T00:00:00Z'), false)).toBe(true);
    expect(shouldShowReleaseNotice(new Date('2025-10-01T00:00:00Z'), true)).toBe(false);
    expect(shouldShowReleaseNotice(new Date('2025-08-01T00:00:00Z'), false)).toBe(false);
    expect(shouldShowReleaseNotice(new Date('2026-01-01T00:00:00Z'), false)).toBe(false);
  });
});

describe('sign-in callbacks', () => {
  it('accepts only same-site paths', () => {
    expect(safeCallback('/jobs/1/summary?x=1')).toBe('/jobs/1/summary?x=1');
    expect(safeCallback('https://evil.example/')).toBe('/');
    expect(safeCallback('//evil.example/')).toBe('/');
    expect(safeCallback('/\\evil.example')).toBe('/');
    expect(safeCallback('/login?x')).toBe('/');
    expect(safeCallback(null)).toBe('/');
  });
  it('refuses what a browser would turn into another origin', () => {
    for (const raw of [
      '/\t/evil.example/',
      '/\n/evil.example/',
      '/\\/evil.example/',
      '/.//evil.example/',
      '/%09/evil.example/',
      '/%2F%2Fevil.example/',
      '/%5Cevil.example/',
      '/%2e%2e/login',
    ])
      expect(safeCallback(raw), JSON.stringify(raw)).toBe('/');
    expect(safeCallback('/jobs/a%20b?q=%2F#x')).toBe('/jobs/a%20b?q=%2F#x');
  });
  it('builds login URLs with callback and error', () => {
    expect(loginUrl('/profile', 'SessionExpired')).toBe('/login?callbackUrl=%2Fprofile&error=SessionExpired');
    expect(loginUrl()).toBe('/login');
  });
});

describe('idle logout messages (SPEC §4)', () => {
  it('uses the exact texts', () => {
    expect(IDLE_FEATURE_OFF_MESSAGE).toBe(
      'Auto Logout On Idle feature is currently turned off in the site configuration',
    );
    expect(idleSettingChangedMessage(false)).toBe('Auto Logout On Idle session setting changed to: false');
  });
});
