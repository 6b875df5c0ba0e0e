/**
 * Issue 31: read-only and maintenance modes stop every write, public routes included. Before the fix a public
 * route returned before the read-only check, so an anonymous caller could still decide an enrolment, upload files
 * through an upload link or close it while the system was read-only. Only signing in and out pass (an administrator
 * must be able to sign in to end the mode); SSO signs existing identities in but provisions none
 * (sso-and-email.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '@sextant/db/testing';
import { createTestApp, type TestApp } from './harness.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Public writes allowed in read-only mode: signing in and out (docs/SECURITY.md "System modes"). */
const SIGN_IN = new Set([
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/logout',
  'POST /api/v1/auth/magic-link',
  'POST /api/v1/auth/magic-link/verify',
]);
/** Public writes allowed in maintenance: password sign-in and sign-out (unchanged). */
const IN_MAINTENANCE = new Set(['POST /api/v1/auth/login', 'POST /api/v1/auth/logout']);

describe.each(dbKinds())('system modes stop public writes (%s)', (kind) => {
  let t: TestApp;
  let dev: string;
  const setMode = async (mode: string) =>
    expect((await t.call('POST', `/api/v1/system-mode?mode=${mode}`, { cookie: dev })).statusCode).toBe(200);
  const publicWrites = () =>
    t.app.accessRegistry
      .filter((r) => r.access.public && WRITES.has(r.method))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
  const anonymous = (route: string) => {
    const [method, url] = route.split(' ') as ['POST', string];
    return t.call(method, url.replace(/:(\w+)/g, 'x'), {
      body: {},
      headers: { 'x-upload-token': 'not-a-token' },
    });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    dev = await t.login('developer');
  }, 120_000);
  afterAll(async () => t?.close());

  it('refuses every public write in read-only mode but signing in and out', async () => {
    const routes = publicWrites();
    expect(routes).toEqual(expect.arrayContaining(['POST /api/v1/enrol', 'POST /api/v1/upload-links/current/files']));
    await setMode('ReadOnly');
    try {
      for (const route of routes) {
        const res = await anonymous(route);
        if (SIGN_IN.has(route)) expect(res.json().code, route).not.toBe('ReadOnly');
        else {
          expect(res.statusCode, `${route}: ${res.body}`).toBe(503);
          expect(res.json().code, route).toBe('ReadOnly');
        }
      }
      // An administrator can still sign in (and end the mode); reading goes on.
      const admin = await t.login('sysAdmin');
      expect((await t.call('GET', '/api/v1/system-mode', { cookie: admin })).json()).toEqual({ mode: 'ReadOnly' });
      expect((await t.call('GET', '/api/v1/enrol?token=x')).json().code).not.toBe('ReadOnly');
    } finally {
      await setMode('Live');
    }
    // Live again: the same requests reach their handlers (refused there for their bad tokens, not by the mode).
    expect((await anonymous('POST /api/v1/enrol')).json().code).not.toBe('ReadOnly');
  });

  it('refuses every public write in maintenance but password sign-in and sign-out', async () => {
    await setMode('Maintenance');
    try {
      for (const route of publicWrites()) {
        const res = await anonymous(route);
        if (IN_MAINTENANCE.has(route)) expect(res.json().code, route).not.toBe('Maintenance');
        else expect([res.statusCode, res.json().code], route).toEqual([503, 'Maintenance']);
      }
    } finally {
      await setMode('Live');
    }
  });
});
