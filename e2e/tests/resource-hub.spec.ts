/**
 * Resource hub end to end. A sysAdmin uploads a small WebM made in the browser for the test (WebCodecs VP8 frames
 * muxed with cues and a duration, so it is seekable) limited to Northbridge; an issuer user of Northbridge finds it
 * in the hub next to the demo guides, plays it and seeks (the player reads the file with range requests), and a
 * Meridian user does not see it. Then the sysAdmin creates, edits and deletes a resource in the admin pages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type * as WebMMuxerLib from 'webm-muxer';
import { apiAs, signIn } from './helpers.ts';

const require = createRequire(import.meta.url);

/** A 4-second 64×48 VP8 WebM (10 fps, every frame a key frame), as bytes. */
async function makeWebm(page: Page): Promise<Buffer> {
  // Evaluated through the DevTools protocol: the app's CSP (rightly) refuses injected script tags.
  await page.evaluate(`${readFileSync(require.resolve('webm-muxer'), 'utf8')}\n;window.WebMMuxer = WebMMuxer;`);
  const b64 = await page.evaluate(async () => {
    const { Muxer, ArrayBufferTarget } = (window as unknown as { WebMMuxer: typeof WebMMuxerLib }).WebMMuxer;
    const muxer = new Muxer({
      target: new ArrayBufferTarget(),
      video: { codec: 'V_VP8', width: 64, height: 48, frameRate: 10 },
    });
    const encoder = new VideoEncoder({
      output: (chunk, meta) => muxer.addVideoChunk(chunk, meta),
      error: (e) => {
        throw e;
      },
    });
    encoder.configure({ codec: 'vp8', width: 64, height: 48, bitrate: 200_000, framerate: 10 });
    const canvas = new OffscreenCanvas(64, 48);
    const g = canvas.getContext('2d')!;
    for (let i = 0; i < 40; i++) {
      g.fillStyle = `hsl(${i * 9}, 70%, 50%)`;
      g.fillRect(0, 0, 64, 48);
      const frame = new VideoFrame(canvas, { timestamp: i * 100_000, duration: 100_000 });
      encoder.encode(frame, { keyFrame: true });
      frame.close();
    }
    await encoder.flush();
    muxer.finalize();
    const bytes = new Uint8Array(muxer.target.buffer);
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  return Buffer.from(b64, 'base64');
}

test('an issuer user finds a video in the hub and seeks in it; another issuer does not see it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const title = `Demo clip ${stamp}`;
  const admin = await apiAs('sysAdmin');
  const issuers = (await (await admin.post('/api/v1/issuers/get', { data: { pageSize: 50 } })).json()).collection as {
    id: string;
    issuerKey: string;
  }[];
  const northbridge = issuers.find((i) => i.issuerKey === 'northbridge')!.id;
  const created = await admin.post('/api/v1/resources', {
    data: {
      title,
      description: 'A short clip for the seek test',
      category: 'Training',
      language: 'en',
      source: 'upload',
      visibility: 'Issuers',
      issuerIds: [northbridge],
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = (await created.json()).id as string;

  await signIn(page, 'sysAdmin');
  await page.goto('/resource-hub');
  const webm = await makeWebm(page);
  const up = await admin.post(`/api/v1/resources/${id}/file`, {
    multipart: { file: { name: 'clip.webm', mimeType: 'video/webm', buffer: webm } },
  });
  expect(up.ok(), await up.text()).toBeTruthy();
  expect((await up.json()).file.contentType).toBe('video/webm');

  const issuer = await browser.newContext();
  const p = await issuer.newPage();
  await signIn(p, 'issuer');
  await p.goto('/resource-hub');
  await expect(p.getByTestId('page-header')).toHaveText('Resource Hub');
  await expect(p.getByTestId('hub-section-GettingStarted')).toContainText('Getting started with Sextant');
  await p.getByTestId('hub-search').fill(stamp);
  await expect(p.getByTestId('resource-card')).toHaveCount(1);
  const ranges: number[] = [];
  p.on('response', (r) => {
    if (r.url().includes(`/api/v1/resources/${id}/content`)) ranges.push(r.status());
  });
  await p.getByTestId('resource-card').filter({ hasText: title }).click();
  const video = p.getByTestId('resource-video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeCloseTo(4, 0);
  const seeked = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
        v.currentTime = 2.5;
      }),
  );
  expect(seeked).toBeCloseTo(2.5, 1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.seekable.length > 0 && v.seekable.end(0) >= 3.9)).toBe(true);
  expect(ranges).toContain(206);
  await issuer.close();

  // Meridian's user does not see Northbridge's clip; its file answers 404.
  const other = await browser.newContext();
  const q = await other.newPage();
  await signIn(q, 'issuerPlus');
  await q.goto('/resource-hub');
  await expect(q.getByTestId('hub-categories')).toBeVisible();
  await expect(q.getByText('Leitfaden: Lieferantenkampagnen')).toBeVisible();
  await expect(q.getByText(title)).toHaveCount(0);
  expect((await q.request.get(`/api/v1/resources/${id}/content`)).status()).toBe(404);
  await other.close();
});

test('sysAdmin creates, edits and deletes a resource in the admin pages', async ({ page }) => {
  test.setTimeout(180_000);
  const title = `Partner programme ${Date.now().toString(36)}`;
  await signIn(page, 'sysAdmin');
  await page.goto('/admin/analysis-admin/video-resources');
  await expect(page.getByTestId('page-header')).toHaveText('Video Resources');
  await expect(page.getByTestId('resources-table')).toContainText('Getting started with Sextant');
  await page.getByTestId('resource-create').click();
  await expect(page).toHaveURL(/\/video-resources\/create$/);
  await page.getByLabel('External link').check();
  await page.getByTestId('resource-save').click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByRole('textbox', { name: 'Link' }).fill('javascript:alert(1)');
  await page.getByTestId('resource-save').click();
  await expect(page.getByText('Link must be an absolute http:// or https:// address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Link' }).fill('https://videos.example.com/partner-programme');
  await page.getByTestId('resource-save').click();
  await expect(page).toHaveURL(/\/video-resources\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('resource-link')).toContainText('https://videos.example.com/partner-programme');

  await page.getByLabel('Title').fill(`${title} (EMEA)`);
  await page.getByTestId('resource-save').click();
  await expect(page.getByText('Resource saved')).toBeVisible();
  await page.goto('/admin/analysis-admin/video-resources');
  await page
    .getByTestId('resource-row')
    .filter({ hasText: `${title} (EMEA)` })
    .click();
  await page.getByTestId('resource-delete').click();
  await page.getByTestId('resource-delete-confirm').click();
  await expect(page).toHaveURL(/\/video-resources$/);
  await expect(page.getByTestId('resources-table')).not.toContainText(title);
});

test('a job manager opens the job’s story video from the job header; issuer users do not get the button', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const admin = await apiAs('sysAdmin');
  const issuers = (await (await admin.post('/api/v1/issuers/get', { data: { pageSize: 50 } })).json()).collection as {
    id: string;
    issuerKey: string;
  }[];
  const northbridge = issuers.find((i) => i.issuerKey === 'northbridge')!.id;
  const story = await admin.post('/api/v1/resources', {
    data: {
      title: `Albion story ${stamp}`,
      category: 'StoryVideo',
      language: 'en',
      source: 'link',
      mediaKind: 'video',
      url: `https://videos.example.com/albion-${stamp}`,
      visibility: 'Issuers',
      issuerIds: [northbridge],
    },
  });
  expect(story.ok(), await story.text()).toBeTruthy();
  const jobs = (await (await admin.post('/api/v1/authorization/auth-mapped-job-artifacts', { data: {} })).json())
    .collection as { id: string; name: string }[];
  const albion = jobs.find((j) => j.name.startsWith('Albion'));
  expect(albion, 'the Albion demo job exists').toBeDefined();

  await signIn(page, 'ptcoJobManager'); // StoryVideo_VIEW
  await page.goto(`/jobs/${albion!.id}/details`);
  await page.getByTestId('story-video').click();
  await expect(page.getByTestId('resource-dialog')).toContainText(`Albion story ${stamp}`);
  await expect(page.getByTestId('resource-link')).toContainText(`https://videos.example.com/albion-${stamp}`);

  const issuer = await browser.newContext();
  const p = await issuer.newPage();
  await signIn(p, 'issuer'); // Manager of Northbridge, no StoryVideo_VIEW
  await p.goto(`/jobs/${albion!.id}/summary`);
  await expect(p.getByTestId('job-name')).toBeVisible();
  await expect(p.getByTestId('story-video')).toHaveCount(0);
  await issuer.close();
});
