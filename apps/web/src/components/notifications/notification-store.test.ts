import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearNotifications,
  dismissNotification,
  errorFacts,
  errorReport,
  errorText,
  GENERIC_ERROR_MESSAGE,
  getNotifications,
  MAX_NOTIFICATIONS,
  pushNotification,
  truncateText,
  updateNotification,
} from './notification-store.ts';
import { ApiError } from '../../api/client.ts';

const env = { url: 'https://app.example/jobs/1', device: 'Chromium on Linux', now: new Date('2026-01-02T03:04:05Z') };

describe('notifications', () => {
  beforeEach(() => clearNotifications());

  it('keeps at most 3, dropping the oldest', () => {
    for (let i = 1; i <= 5; i++) pushNotification({ severity: 'info', message: `n${i}` });
    expect(MAX_NOTIFICATIONS).toBe(3);
    expect(getNotifications().map((n) => n.message)).toEqual(['n3', 'n4', 'n5']);
  });
  it('replaces a notification with the same key', () => {
    pushNotification({ severity: 'info', message: 'a', key: 'k' });
    pushNotification({ severity: 'info', message: 'b', key: 'k' });
    expect(getNotifications().map((n) => n.message)).toEqual(['b']);
    dismissNotification('k');
    expect(getNotifications()).toEqual([]);
  });
  it('updates in place', () => {
    const id = pushNotification({ severity: 'warning', message: 'x' });
    updateNotification(id, { message: 'y' });
    expect(getNotifications()[0]!.message).toBe('y');
  });
  it('truncates text at 1000 characters with an ellipsis', () => {
    expect(truncateText('a'.repeat(1000))).toBe('a'.repeat(1000));
    expect(truncateText('a'.repeat(1001))).toBe(`${'a'.repeat(1000)}…`);
    pushNotification({ severity: 'error', message: 'b'.repeat(5000) });
    expect(getNotifications()[0]!.message).toHaveLength(1001);
  });
});

describe('error notifications', () => {
  const err = new ApiError(
    422,
    {
      code: 'ValidationError',
      message: 'Invalid issuer',
      errors: [{ path: 'currency', message: 'must be 3 characters' }],
    },
    '/api/v1/issuers',
    'POST',
  );
  const facts = errorFacts(err, 'Creating issuer', env);

  it('collects messages, URL, date and device', () => {
    expect(facts.messages).toEqual(['Invalid issuer', 'currency: must be 3 characters']);
    expect(facts).toMatchObject({
      operation: 'Creating issuer',
      url: env.url,
      device: env.device,
      date: '2026-01-02T03:04:05.000Z',
      status: 422,
      code: 'ValidationError',
    });
  });
  it('shows detailed users the operation and message, others the generic text', () => {
    expect(errorText(facts, true)).toEqual({
      title: 'Creating issuer',
      message: 'Invalid issuer\ncurrency: must be 3 characters',
    });
    expect(errorText(facts, false).message).toBe(GENERIC_ERROR_MESSAGE);
    expect(GENERIC_ERROR_MESSAGE).toBe('Oops, it looks like there was a problem.');
  });
  it('copies a report with the user id', () => {
    const r = errorReport(facts, 'u-1');
    expect(r).toContain('User id: u-1');
    expect(r).toContain(`URL: ${env.url}`);
    expect(r).toContain('Device: Chromium on Linux');
  });
  it('handles unknown errors', () => {
    expect(errorFacts(undefined, 'x', env).messages).toEqual(['Unknown error']);
    expect(errorFacts('boom', 'x', env).messages).toEqual(['boom']);
  });
});
