import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_SUCCESS_MESSAGE, verificationFailureMessage } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe('system audit', () => {
  let t: TestApp;
  let dev: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      SMTP_URL: 'smtp://127.0.0.1:9',
      PROQ_MIN_DELAY_MS: '50',
      PROQ_MAX_DELAY_MS: '200',
    });
    dev = await t.login('developer');
  });
  afterAll(async () => t?.close());

  it('reports the configured repository and storage', async () => {
    const res = await t.call('GET', '/api/v1/system-audit/get-integration-configurations', { cookie: dev });
    expect(res.json()).toMatchObject({
      configuredRepository: 'PGlite (embedded)',
      containerName: t.config.dataDir,
      isApiLive: true,
    });
    expect(
      (
        await t.call('GET', '/api/v1/system-audit/get-integration-configurations', {
          cookie: await t.login('sysAdmin'),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('verifies each integration for real: an unreachable SMTP server and a stopped worker fail with their reason', async () => {
    const checks = (
      await t.call('GET', '/api/v1/system-audit/verify-integrations-configuration', { cookie: dev })
    ).json() as { integration: string; success: boolean; message: string }[];
    const by = Object.fromEntries(checks.map((c) => [c.integration, c]));
    expect(by.Database).toMatchObject({ success: true });
    expect(by['File storage']).toMatchObject({ success: true });
    expect(by.Email!.success).toBe(false);
    expect(by['Background worker']).toMatchObject({ success: false, message: 'No ProQ worker runs in this process' });
    // Merge without MERGE_API_KEY is reported as not configured (its input data options cannot be used), not failed.
    expect(by['Merge (accounting connections)']).toMatchObject({ success: true });
    expect(by['Merge (accounting connections)']!.message).toMatch(/^Not configured \(MERGE_API_KEY is not set\)/);
    expect(verificationFailureMessage(checks)).toMatch(
      /^Verification failed, with message\(s\):\nIntegration Email: .+\nIntegration Background worker: No ProQ worker runs in this process$/,
    );
    expect(VERIFICATION_SUCCESS_MESSAGE).toBe('Verification completed successfully');
  });

  it('sends a health-check command through the queue and reports when it ran', async () => {
    const { correlationId } = (
      await t.call('POST', '/api/v1/system-audit/system-health-check', { cookie: dev })
    ).json();
    const url = `/api/v1/system-audit/command-execute-validate?correlationId=${correlationId}`;
    expect((await t.call('POST', url, { cookie: dev })).json()).toEqual({
      isSuccess: false,
      errorMessage: null,
      isCompleted: false,
    });
    await t.app.ctx.proq.start();
    let v = { isCompleted: false } as { isSuccess?: boolean; isCompleted: boolean };
    for (let i = 0; i < 100 && !v.isCompleted; i++) {
      await new Promise((r) => setTimeout(r, 100));
      v = (await t.call('POST', url, { cookie: dev })).json();
    }
    expect(v).toEqual({ isSuccess: true, errorMessage: null, isCompleted: true });
    expect(
      (await t.call('POST', '/api/v1/system-audit/command-execute-validate?correlationId=nope', { cookie: dev })).json()
        .isSuccess,
    ).toBe(false);
  });
});
