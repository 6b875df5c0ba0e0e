/**
 * The chat on a job page (real pipeline on a demo job): the job's own figures are retrievable, so a question about
 * the spend with VC-accepting suppliers is answered from the job with the figure, and the job page that shows it
 * is the source. A job the caller cannot see answers 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessageResponse, TUseCaseList } from '@sextant/shared';
import { createDemoJobsApp, demoJobId } from '../../../test/demo-jobs-fixture.ts';
import type { TestApp } from '../../../test/harness.ts';

describe('chat on a job page', () => {
  let t: TestApp;
  let issuer: string;
  let jobId: string;

  beforeAll(async () => {
    t = await createDemoJobsApp('pglite');
    jobId = await demoJobId(t, 'Albion');
    issuer = await t.login('issuer');
  }, 300_000);
  afterAll(async () => t?.close());

  it('answers "how much spend is with VC-accepting suppliers?" from the job, with the figure and its page', async () => {
    const list = (
      await t.call('GET', `/api/v1/jobs/${jobId}/results/use-cases`, { cookie: issuer })
    ).json() as TUseCaseList;
    const vc = list.useCases.find((u) => u.useCaseId === 'vc-accepting')!;
    expect(vc.spend).toBeGreaterThan(0);
    // the amount as money reads in English: the currency's symbol and its own digits ("£1,234.50")
    const money = (n: number) =>
      new Intl.NumberFormat('en-GB', { style: 'currency', currency: list.currency }).format(n);
    const figure = money(vc.spend);
    const res = await t.call('POST', '/chat/message', {
      cookie: issuer,
      body: { question: 'How much spend is with VC-accepting suppliers?', job_id: jobId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json() as TChatMessageResponse;
    expect(a.mode).toBe('extractive');
    expect(a.answer).toContain(figure);
    const src = a.sources.find((s) => s.content.includes(figure))!;
    expect(src).toBeDefined();
    expect(src.url).toBe(`/jobs/${jobId}/use-cases`);
    expect(src.source).toMatch(/Use Cases$/);
    expect(a.sources[0]!.url).toMatch(new RegExp(`^/jobs/${jobId}/`));
    // the conversation remembers its job: a follow-up without job_id still searches it
    const follow = (
      await t.call('POST', '/chat/message', {
        cookie: issuer,
        body: {
          question: 'What is the estimated rebate of VC-accepting suppliers?',
          conversation_id: a.conversation_id,
        },
      })
    ).json() as TChatMessageResponse;
    expect(follow.answer).toContain(money(vc.estimatedRebate));
  });

  it('answers 404 for a job the caller cannot see', async () => {
    const res = await t.call('POST', '/chat/message', {
      cookie: issuer,
      body: { question: 'How much spend?', job_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.statusCode).toBe(404);
  });
});
