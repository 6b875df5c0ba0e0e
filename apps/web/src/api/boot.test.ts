/**
 * public/boot.js starts requests before the app has loaded; api/client.ts takes a response over only when the app
 * asks for the very same URL. These tests run boot.js on a page's URL and check that its URLs are the app's.
 */
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { meQuery } from './auth.ts';
import { jobQuery } from './jobs.ts';
import { sliceFromParams, summaryQuery, viewFromParams, viewQuery } from '../routes/jobs/insights/insights-api.ts';

const BOOT = readFileSync(new URL('../../public/boot.js', import.meta.url), 'utf8');
const JOB = '0b5a4c84-1f47-4c0b-9d7e-2f3a1b6c8d90';

/** The URLs boot.js starts on this page. */
function bootUrls(pathname: string, search = ''): string[] {
  const window: { __sextantBoot?: Record<string, unknown> } = {};
  vm.runInNewContext(BOOT, { window, location: { pathname, search }, fetch: () => new Promise(() => {}) });
  return Object.keys(window.__sextantBoot ?? {});
}

/** The URL the app requests for a query. */
async function appUrl<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): Promise<string> {
  const urls: string[] = [];
  vi.stubGlobal('fetch', (input: string | Request) => {
    const url = new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
    urls.push(url.pathname + url.search);
    return Promise.resolve(new Response('{}', { status: 200 }));
  });
  await new QueryClient().fetchQuery(options);
  return urls[0]!;
}

afterEach(() => vi.unstubAllGlobals());

describe('boot.js', () => {
  it('starts the signed-in user on every page, and the job on a job page', async () => {
    expect(bootUrls('/dashboard')).toEqual([await appUrl(meQuery())]);
    expect(bootUrls(`/jobs/${JOB}/suppliers`)).toEqual([await appUrl(meQuery()), await appUrl(jobQuery(JOB))]);
  });

  it("starts the summary page's and the insights page's first result with the URLs the pages ask for", async () => {
    const none = new URLSearchParams();
    expect(bootUrls(`/jobs/${JOB}/summary`)).toContain(await appUrl(summaryQuery(JOB, sliceFromParams(none))));
    expect(bootUrls(`/jobs/${JOB}/insights`)).toContain(
      await appUrl(viewQuery(JOB, viewFromParams(none), sliceFromParams(none))),
    );
    expect(bootUrls(`/jobs/${JOB}/insights`)).toHaveLength(3);
  });

  it('leaves a page opened with a query (another view or slice) to the app', () => {
    expect(bootUrls(`/jobs/${JOB}/insights`, '?view=industry.sicDivision')).toHaveLength(2);
    expect(bootUrls(`/jobs/${JOB}/summary`, '?slicer=CardAccepting&slicerValue=MATCHED')).toHaveLength(2);
  });
});
