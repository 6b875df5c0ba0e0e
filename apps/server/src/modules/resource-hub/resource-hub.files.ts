/**
 * Resource files under the blob-store prefix resources/{id}/: uploads streamed to a temporary local file with a
 * size limit and a check of the first bytes (the declared name and type are never trusted), then stored whole, and
 * served from a local copy with HTTP range requests (206 / Accept-Ranges / Content-Range, 416 on an unsatisfiable
 * range) by @fastify/send.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import send from '@fastify/send';
import {
  RESOURCE_FILE_TYPES,
  RESOURCE_POSTER_MAX_BYTES,
  type TResourceFileType,
  type TResourcePosterType,
} from '@sextant/shared';
import { createFileStream, tempPathFor } from '../../lib/durable-fs.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { BlobNotFoundError } from '../../lib/blob-store.ts';
import type { AppContext } from '../../context.ts';

/** What storing and serving resource files needs of the application context. */
type FilesCtx = Pick<AppContext, 'blobs' | 'config'>;

const SNIFF_BYTES = 64;
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
]);

/** The media type of a resource file from its first bytes, or null: MP4 (ISO BMFF video brands), WebM, PDF. */
export function sniffResourceFile(head: Buffer): TResourceFileType | null {
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') {
    return MP4_BRANDS.has(head.subarray(8, 12).toString('latin1')) ? 'video/mp4' : null;
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    // EBML header: WebM names itself in the DocType element (0x4282), Matroska says "matroska".
    const i = head.indexOf(Buffer.from([0x42, 0x82]));
    if (i > 0 && i + 7 <= head.length) {
      const size = head[i + 2]! & 0x7f; // one-byte EBML size (0x80 | n)
      if (head.subarray(i + 3, i + 3 + size).toString('latin1') === 'webm') return 'video/webm';
    }
    return null;
  }
  return null;
}

/** Poster images: PNG, JPEG, WebP by their signatures. */
export function sniffPoster(head: Buffer): TResourcePosterType | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

class RefusedContent extends Error {}

/** Passes bytes through once the first SNIFF_BYTES (or the whole short file) have been recognised. */
function sniffingStream<T extends string>(
  sniff: (head: Buffer) => T | null,
  found: (t: T) => void,
): Transform & { bytes: number } {
  let head: Buffer[] = [];
  let size = 0;
  let decided = false;
  const decide = (self: Transform): boolean => {
    const buf = Buffer.concat(head);
    const type = sniff(buf);
    if (!type) {
      self.destroy(new RefusedContent());
      return false;
    }
    decided = true;
    found(type);
    self.push(buf);
    head = [];
    return true;
  };
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb: TransformCallback) {
      t.bytes += chunk.length;
      if (decided) return cb(null, chunk);
      head.push(chunk);
      size += chunk.length;
      if (size >= SNIFF_BYTES && !decide(this)) return;
      cb();
    },
    flush(cb: TransformCallback) {
      if (!decided && !decide(this)) return;
      cb();
    },
  }) as Transform & { bytes: number };
  t.bytes = 0;
  return t;
}

export interface StoredFile {
  /** Blob-store key (relative to DATA_DIR with the local store). */
  relPath: string;
  contentType: string;
  sizeBytes: number;
  fileName: string;
}

/** Blob-store prefix of a resource's files. */
export const resourceFolder = (id: string) => `resources/${id}`;

/**
 * Reads the multipart field "file" of the request and stores it as `<prefix>-<random>.<ext>` in the resource's
 * folder. Too large → 413, not an accepted type → 400; in either case nothing is left on disk.
 */
async function storeUpload<T extends string>(
  req: FastifyRequest,
  ctx: FilesCtx,
  resourceId: string,
  opts: {
    prefix: string;
    maxBytes: number;
    sniff: (head: Buffer) => T | null;
    ext: (t: T) => string;
    refused: string;
  },
): Promise<StoredFile & { contentType: T }> {
  if (!req.isMultipart()) throw fieldError('file', 'Send the file as the multipart/form-data field "file"');
  const part = await req.file({ limits: { fileSize: opts.maxBytes, files: 1 } });
  if (!part) throw fieldError('file', 'Choose a file to upload');
  const fileName = path.basename(part.filename || 'upload').slice(0, 200);
  let type: T | null = null;
  const folder = path.join(ctx.config.dataDir, 'tmp', 'resources');
  await mkdir(folder, { recursive: true });
  const name = `${opts.prefix}-${randomBytes(6).toString('hex')}`;
  const tmp = tempPathFor(path.join(folder, name));
  const check = sniffingStream(opts.sniff, (t) => (type = t));
  const tooLarge = () =>
    new AppError(413, 'ValidationError', `"${fileName}" is larger than the ${formatMb(opts.maxBytes)} limit`, [
      { path: 'file', message: `larger than ${formatMb(opts.maxBytes)}` },
    ]);
  try {
    // pipeline: an error of any stage (refused content, size limit, disk) ends every stage and lands here.
    await pipeline(part.file, check, await createFileStream(tmp));
    if (part.file.truncated) throw tooLarge();
    const key = `${resourceFolder(resourceId)}/${name}.${opts.ext(type!)}`;
    await ctx.blobs.putFile(key, tmp); // stored whole or not at all
    return { relPath: key, contentType: type!, sizeBytes: check.bytes, fileName };
  } catch (err) {
    part.file.resume();
    await rm(tmp, { force: true });
    if (err instanceof RefusedContent) throw fieldError('file', `"${fileName}" ${opts.refused}`);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
}

const formatMb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export function storeResourceFile(req: FastifyRequest, ctx: FilesCtx, resourceId: string, maxBytes: number) {
  return storeUpload<TResourceFileType>(req, ctx, resourceId, {
    prefix: 'content',
    maxBytes,
    sniff: sniffResourceFile,
    ext: (t) => RESOURCE_FILE_TYPES[t].ext,
    refused: 'is not an MP4 video, a WebM video or a PDF document (checked by its content)',
  });
}

export function storePoster(req: FastifyRequest, ctx: FilesCtx, resourceId: string) {
  return storeUpload<TResourcePosterType>(req, ctx, resourceId, {
    prefix: 'poster',
    maxBytes: RESOURCE_POSTER_MAX_BYTES,
    sniff: sniffPoster,
    ext: (t) => t.split('/')[1]!.replace('jpeg', 'jpg'),
    refused: 'is not a PNG, JPEG or WebP image (checked by its content)',
  });
}

/** Removes a stored file; a missing file is fine. */
export async function removeStored(ctx: FilesCtx, relPath: string | null | undefined): Promise<void> {
  if (relPath) await ctx.blobs.delete(relPath);
}

export async function removeResourceFolder(ctx: FilesCtx, id: string): Promise<void> {
  await ctx.blobs.deletePrefix(resourceFolder(id));
}

/**
 * Streams a stored file with range support. The content type is the sniffed one stored with the resource; the
 * response may be framed by our own pages only (the document viewer), never by other sites.
 */
export async function serveStored(
  req: FastifyRequest,
  reply: FastifyReply,
  ctx: FilesCtx,
  relPath: string,
  contentType: string,
  downloadName: string,
): Promise<FastifyReply> {
  const abs = await ctx.blobs.localFile(relPath).catch((err: unknown) => {
    if (err instanceof BlobNotFoundError)
      throw new AppError(404, 'NotFound', 'The resource file is missing on the server');
    throw err;
  });
  const r = await send(req.raw, encodeURIComponent(path.basename(abs)), {
    root: path.dirname(abs),
    acceptRanges: true,
    cacheControl: false,
    contentType: false,
    etag: true,
    lastModified: true,
    dotfiles: 'deny',
  });
  if (r.type === 'error') {
    if (r.statusCode === 416) {
      const range = (r.headers as Record<string, string>)['Content-Range'];
      if (range) reply.header('content-range', range);
      throw new AppError(416, 'ValidationError', 'The requested range is outside the file', [
        { path: 'range', message: `not satisfiable for this file (${range ?? 'unknown size'})` },
      ]);
    }
    if (r.statusCode === 404) throw new AppError(404, 'NotFound', 'The resource file is missing on the server');
    throw new AppError(r.statusCode, 'ValidationError', 'The file cannot be sent');
  }
  reply.code(r.statusCode);
  for (const [k, v] of Object.entries(r.headers)) reply.header(k, v as string);
  reply.header('content-type', contentType);
  reply.header('cache-control', 'private, max-age=300');
  reply.header(
    'content-disposition',
    `inline; filename*=UTF-8''${encodeURIComponent(downloadName).replace(/['()]/g, escape)}`,
  );
  // Same-origin framing for the document viewer (the app's CSP keeps framing by other sites refused).
  reply.header('x-frame-options', 'SAMEORIGIN');
  reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'self'; style-src 'unsafe-inline'");
  return reply.send(r.stream);
}
