/**
 * Issue 31: an upstream failure is shown to users as a stable summary and a reference, never as its own text. A
 * failed global-insights build answered its status with the build's error (DuckDB's message with the server's file
 * paths); it now says the build failed and gives the ProQ command id, which the worker logs with the error. (The
 * language-model fallback of the chat is tested in chat.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { proqCommands } from '@sextant/db';
import type { TGlobalInsightsStatus } from '@sextant/shared';
import { createDemoJobsApp } from './demo-jobs-fixture.ts';
import type { TestApp } from './harness.ts';

describe('upstream errors reach users as a summary and a reference', () => {
  let t: TestApp;
  let issuer: string;
  beforeAll(async () => {
    t = await createDemoJobsApp('pglite');
    await t.app.ctx.proq.stop(); // the build below must stay queued until it is made to fail
    issuer = await t.login('issuer');
  }, 300_000);
  afterAll(async () => t?.close());

  it('a failed global-insights build shows its reference, not the error text', async () => {
    const status = () =>
      t
        .call('GET', '/api/v1/global-insights/status', { cookie: issuer })
        .then((r) => r.json() as TGlobalInsightsStatus);
    expect((await status()).state).toBe('Building');
    const secret = 'IO Error: No files found that match the pattern "/srv/sextant/data/global/7f3a/part-*.parquet"';
    const failed = await t.db.db
      .update(proqCommands)
      .set({ state: 'Error', message: secret })
      .where(eq(proqCommands.commandType, 'globalInsights.build'))
      .returning({ id: proqCommands.id });
    expect(failed).toHaveLength(1);
    const s = await status();
    expect(s.state).toBe('Failed');
    expect(s.message).toBe(
      `The global insights could not be built (reference ${failed[0]!.id}; the details are in the server log)`,
    );
    expect(s.message).not.toMatch(/IO Error|\/srv\//);
  });
});
