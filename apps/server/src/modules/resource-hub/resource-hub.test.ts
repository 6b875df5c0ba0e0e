/**
 * Resource hub over HTTP on both databases: uploads checked by content and size, range requests (206 / 416),
 * tenant isolation of records and files, admin attacks (lower role, bad input), audit, story videos of a job.
 */
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { buyers, issuers, jobArtifacts, systemAuditLog, users } from '@sextant/db';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { seedDemoResources } from './resource-hub.seed.ts';
import { sniffResourceFile } from './resource-hub.files.ts';

/** A file that starts like an MP4 (ftyp box, isom brand) followed by numbered bytes. */
function fakeMp4(size: number): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = i % 251;
  Buffer.from([0, 0, 0, 0x18]).copy(b, 0);
  b.write('ftypisom', 4, 'latin1');
  return b;
}
const webmHead = Buffer.from([
  0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d,
]);
const mkvHead = Buffer.from([
  0x1a,
  0x45,
  0xdf,
  0xa3,
  0x9f,
  0x42,
  0x86,
  0x81,
  0x01,
  0x42,
  0x82,
  0x88,
  ...Buffer.from('matroska'),
]);

describe('sniffResourceFile', () => {
  it('recognises MP4, WebM and PDF by their first bytes and nothing else', () => {
    expect(sniffResourceFile(fakeMp4(64))).toBe('video/mp4');
    expect(sniffResourceFile(Buffer.concat([webmHead, Buffer.alloc(48)]))).toBe('video/webm');
    expect(sniffResourceFile(Buffer.from('%PDF-1.7\n%âãÏÓ'))).toBe('application/pdf');
    expect(sniffResourceFile(Buffer.concat([mkvHead, Buffer.alloc(48)]))).toBeNull(); // Matroska is not WebM
    expect(sniffResourceFile(Buffer.from('MZ\x90\x00 this is a program'))).toBeNull();
    expect(sniffResourceFile(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    const quicktime = fakeMp4(64);
    quicktime.write('qt  ', 8, 'latin1');
    expect(sniffResourceFile(quicktime)).toBeNull();
  });
});

describe.each(dbKinds())('resources API (%s)', (kind) => {
  let t: TestApp;
  let admin: string; // sysAdmin: internal, VideoResources_CRUD
  let northUser: string; // issuer: member (Manager) of Northbridge, ResourceHubView only
  let meridianUser: string; // issuerPlus: Manager of Meridian
  let northbridgeId: string;
  let meridianId: string;
  /** A resource's stored files (blob store: DATA_DIR or object storage), and unfinished uploads left behind. */
  const filesIn = async (id: string) => {
    const tmp = path.join(t.config.dataDir, 'tmp', 'resources');
    return [
      ...(await t.app.ctx.blobs.list(`resources/${id}`)).map((e) => path.posix.basename(e.key)),
      ...(existsSync(tmp) ? readdirSync(tmp) : []),
    ];
  };
  const audits = (action: string, id: string) =>
    t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, action), eq(systemAuditLog.targetId, id)));
  const create = async (body: Record<string, unknown>, cookie = admin) => {
    const res = await t.call('POST', '/api/v1/resources', { cookie, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  };
  const put = (url: string, name: string, content: Buffer, cookie = admin) =>
    t.upload(url, { name, content }, cookie).then((r) => r);

  beforeAll(async () => {
    t = await createTestApp(kind, { RESOURCE_MAX_MB: '1' });
    admin = await t.login('sysAdmin');
    northUser = await t.login('issuer');
    meridianUser = await t.login('issuerPlus');
    const id = async (key: string) => (await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, key)))[0]!.id;
    northbridgeId = await id('northbridge');
    meridianId = await id('meridian');
  });
  afterAll(async () => t?.close());

  let videoId: string;
  const video = fakeMp4(300_000);

  it('uploads a video limited to one issuer and serves it with range requests', async () => {
    videoId = await create({
      title: 'Onboarding walkthrough',
      description: 'How Northbridge analysts start a job',
      category: 'GettingStarted',
      language: 'en',
      source: 'upload',
      visibility: 'Issuers',
      issuerIds: [northbridgeId],
    });
    const pending = (await t.call('GET', `/api/v1/resources/${videoId}`, { cookie: admin })).json();
    expect(pending).toMatchObject({ ready: false, file: null, contentUrl: null });
    const up = await put(`/api/v1/resources/${videoId}/file`, 'walkthrough.bin', video);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({
      ready: true,
      mediaKind: 'video',
      file: { fileName: 'walkthrough.bin', contentType: 'video/mp4', sizeBytes: video.length },
    });
    expect(await audits('resource.file.upload', videoId)).toHaveLength(1);
    const url = `/api/v1/resources/${videoId}/content`;

    const full = await t.call('GET', url, { cookie: northUser });
    expect(full.statusCode).toBe(200);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(Number(full.headers['content-length'])).toBe(video.length);
    expect(full.rawPayload.equals(video)).toBe(true);

    const part = await t.call('GET', url, { cookie: northUser, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);

    const open = await t.call('GET', url, { cookie: northUser, headers: { range: 'bytes=299990-' } });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(video.subarray(299_990))).toBe(true);
    const suffix = await t.call('GET', url, { cookie: northUser, headers: { range: 'bytes=-16' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${video.length - 16}-${video.length - 1}/${video.length}`);

    const bad = await t.call('GET', url, { cookie: northUser, headers: { range: `bytes=${video.length + 10}-` } });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${video.length}`);
    expect(bad.json().errors[0].path).toBe('range');
  });

  it('keeps a resource limited to one issuer invisible (404) to another issuer’s users, file included', async () => {
    const listed = (cookie: string) =>
      t
        .call('GET', '/api/v1/resources', { cookie })
        .then((r) => (r.json().collection as { id: string }[]).map((x) => x.id));
    expect(await listed(northUser)).toContain(videoId);
    expect(await listed(admin)).toContain(videoId);
    expect(await listed(meridianUser)).not.toContain(videoId);
    expect((await t.call('GET', `/api/v1/resources/${videoId}`, { cookie: meridianUser })).statusCode).toBe(404);
    const file = await t.call('GET', `/api/v1/resources/${videoId}/content`, {
      cookie: meridianUser,
      headers: { range: 'bytes=0-99' },
    });
    expect(file.statusCode).toBe(404);
    expect(file.rawPayload.includes(Buffer.from('ftypisom'))).toBe(false);
    // Shared with Meridian too: now it sees it.
    const upd = await t.call('PUT', `/api/v1/resources/${videoId}`, {
      cookie: admin,
      body: {
        title: 'Onboarding walkthrough',
        category: 'GettingStarted',
        language: 'en',
        visibility: 'Issuers',
        issuerIds: [northbridgeId, meridianId],
      },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(await listed(meridianUser)).toContain(videoId);
    const [a] = await audits('resource.update', videoId);
    expect(a!.details).toMatchObject({
      issuerIds: { from: [northbridgeId], to: expect.arrayContaining([meridianId]) },
    });
    await t.call('PUT', `/api/v1/resources/${videoId}`, {
      cookie: admin,
      body: {
        title: 'Onboarding walkthrough',
        category: 'GettingStarted',
        language: 'en',
        visibility: 'Issuers',
        issuerIds: [northbridgeId],
      },
    });
    expect(await listed(meridianUser)).not.toContain(videoId);
  });

  it('refuses files whose content is not MP4, WebM or PDF, whatever their name, and keeps nothing', async () => {
    const id = await create({
      title: 'Disguised',
      category: 'Other',
      language: 'en',
      source: 'upload',
      visibility: 'All',
    });
    for (const [name, content] of [
      ['movie.mp4', Buffer.from('<html><script>alert(1)</script></html>'.repeat(10))],
      ['guide.pdf', Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000)])],
      ['clip.webm', Buffer.concat([mkvHead, Buffer.alloc(2000)])],
      ['tiny.mp4', Buffer.from('%PD')],
    ] as const) {
      const res = await put(`/api/v1/resources/${id}/file`, name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        path: 'file',
        message: expect.stringContaining('checked by its content'),
      });
    }
    expect(await filesIn(id)).toEqual([]);
    expect((await t.call('GET', `/api/v1/resources/${id}`, { cookie: admin })).json()).toMatchObject({ ready: false });
    const webm = await put(`/api/v1/resources/${id}/file`, 'x.webm', Buffer.concat([webmHead, Buffer.alloc(5000)]));
    expect(webm.json()).toMatchObject({ file: { contentType: 'video/webm' } });
    const pdf = await put(`/api/v1/resources/${id}/file`, 'x.pdf', Buffer.from('%PDF-1.4\n' + 'x'.repeat(500)));
    expect(pdf.json()).toMatchObject({ mediaKind: 'document', file: { contentType: 'application/pdf' } });
    expect(await filesIn(id)).toHaveLength(1); // the replaced WebM is gone
  });

  it('answers 413 for a file over the size limit and keeps nothing', async () => {
    const id = await create({
      title: 'Too big',
      category: 'Other',
      language: 'en',
      source: 'upload',
      visibility: 'All',
    });
    const res = await put(`/api/v1/resources/${id}/file`, 'big.mp4', fakeMp4(1024 * 1024 + 4096));
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].path).toBe('file');
    expect(await filesIn(id)).toEqual([]);
    expect((await t.call('GET', `/api/v1/resources/${id}`, { cookie: admin })).json().file).toBeNull();
  });

  it('refuses admin calls from lower roles (403) and bad input with the field (400)', async () => {
    const body = {
      title: 'X',
      category: 'Other',
      language: 'en',
      source: 'link',
      mediaKind: 'video',
      url: 'https://example.com/v',
      visibility: 'All',
    };
    expect((await t.call('POST', '/api/v1/resources', { cookie: northUser, body })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/resources/manage', { cookie: northUser })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/v1/resources/${videoId}`, { cookie: northUser })).statusCode).toBe(403);
    expect((await put(`/api/v1/resources/${videoId}/file`, 'a.mp4', fakeMp4(100), northUser)).statusCode).toBe(403);
    const bad = async (b: Record<string, unknown>) => {
      const r = await t.call('POST', '/api/v1/resources', { cookie: admin, body: { ...body, ...b } });
      expect(r.statusCode, r.body).toBe(400);
      return (r.json().errors as { path: string; message: string }[]).map((e) => e.path);
    };
    expect(await bad({ title: '  ' })).toEqual(['body.title']);
    expect(await bad({ url: 'javascript:alert(1)' })).toEqual(['body.url']);
    expect(await bad({ url: undefined })).toEqual(['body.url']);
    expect(await bad({ category: 'Secret' })).toEqual(['body.category']);
    expect(await bad({ language: 'xx' })).toEqual(['body.language']);
    expect(await bad({ visibility: 'Issuers', issuerIds: [] })).toEqual(['body.issuerIds']);
    expect(await bad({ visibility: 'Issuers', issuerIds: ['00000000-0000-4000-8000-000000000009'] })).toEqual([
      'body.issuerIds.0',
    ]);
    const link = await create(body);
    const noFile = await put(`/api/v1/resources/${link}/file`, 'a.mp4', fakeMp4(100));
    expect(noFile.statusCode).toBe(409);
    const unknown = await t.call('GET', '/api/v1/resources/00000000-0000-4000-8000-000000000001', { cookie: admin });
    expect(unknown.statusCode).toBe(404);
  });

  it('searches and filters the hub, and lists a job’s story videos for its issuer only', async () => {
    const story = await create({
      title: 'Albion story',
      category: 'StoryVideo',
      language: 'en',
      source: 'link',
      mediaKind: 'video',
      url: 'https://videos.example.com/albion',
      visibility: 'Issuers',
      issuerIds: [northbridgeId],
    });
    await create({
      title: 'Rheinwerk story',
      category: 'StoryVideo',
      language: 'de',
      source: 'link',
      mediaKind: 'video',
      url: 'https://videos.example.com/rheinwerk',
      visibility: 'Issuers',
      issuerIds: [meridianId],
    });
    const search = (await t.call('GET', '/api/v1/resources?search=walkTHROUGH', { cookie: northUser })).json();
    expect(search.collection.map((r: { id: string }) => r.id)).toEqual([videoId]);
    const byCat = (await t.call('GET', '/api/v1/resources?category=StoryVideo', { cookie: admin })).json();
    expect(byCat.collection).toHaveLength(2);
    expect(byCat.categoryCounts.StoryVideo).toBe(2);

    const [owner] = await t.db.db.select().from(users).where(eq(users.username, 'ptcoJobManager'));
    const [buyer] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, northbridgeId));
    const [job] = await t.db.db
      .insert(jobArtifacts)
      .values({ name: 'Story job', type: 'base', ownerId: owner!.id, issuerId: northbridgeId, buyerId: buyer!.id })
      .returning();
    const manager = await t.login('ptcoJobManager');
    const forJob = await t.call('GET', `/api/v1/resources?category=StoryVideo&jobId=${job!.id}`, { cookie: manager });
    expect(forJob.json().collection.map((r: { id: string }) => r.id)).toEqual([story]);
    // A job of another tenant does not exist for them.
    const foreign = await t.call('GET', `/api/v1/resources?jobId=${job!.id}`, { cookie: meridianUser });
    expect(foreign.statusCode).toBe(404);
  });

  it('deletes a resource with its files, audited', async () => {
    const del = await t.call('DELETE', `/api/v1/resources/${videoId}`, { cookie: admin });
    expect(del.statusCode).toBe(200);
    expect(await filesIn(videoId)).toEqual([]);
    expect((await t.call('GET', `/api/v1/resources/${videoId}/content`, { cookie: admin })).statusCode).toBe(404);
    expect(await audits('resource.delete', videoId)).toHaveLength(1);
  });

  it('seeds the demo guides once, as real PDFs, one of them for Meridian only', async () => {
    expect(await seedDemoResources(t.app.ctx)).toBe(0); // resources exist already: nothing added
    await t.db.db.execute('delete from resources' as never);
    expect(await seedDemoResources(t.app.ctx)).toBe(3);
    const list = (await t.call('GET', '/api/v1/resources', { cookie: northUser })).json().collection as {
      title: string;
      contentUrl: string;
    }[];
    expect(list.map((r) => r.title).sort()).toEqual([
      'Getting started with Sextant',
      'Reading supplier scores and confidence',
    ]);
    const pdf = await t.call('GET', list[0]!.contentUrl, { cookie: northUser });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const meridian = (await t.call('GET', '/api/v1/resources', { cookie: meridianUser })).json().collection;
    expect(meridian.map((r: { title: string }) => r.title)).toContain('Leitfaden: Lieferantenkampagnen');
  });
});
