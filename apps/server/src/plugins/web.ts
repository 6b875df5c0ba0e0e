/** Serves the built SPA (apps/web/dist) with an index.html fallback for client-side routes. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@sextant/shared';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;
let hashCache: { file: string; mtimeMs: number; checkedAt: number; sources: string[] } | undefined;

/**
 * CSP sources ('sha256-…') of the inline scripts of the built index.html (boot.js and the route preloads, inlined
 * by vite.config.ts), so the policy allows exactly them and no other inline script. Read again when a rebuild
 * replaces the file; none when the app is not built.
 */
export function inlineScriptSources(dist: string | false): string[] {
  if (!dist) return [];
  const file = path.join(dist, 'index.html');
  const now = Date.now();
  if (hashCache?.file === file && now - hashCache.checkedAt < 1000) return hashCache.sources;
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  if (hashCache?.file !== file || hashCache.mtimeMs !== mtimeMs) {
    const html = readFileSync(file, 'utf8');
    const sources = [...html.matchAll(INLINE_SCRIPT)]
      .map((m) => m[1]!)
      .filter((body) => body.trim() !== '')
      .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    hashCache = { file, mtimeMs, checkedAt: now, sources };
  }
  hashCache.checkedAt = now;
  return hashCache.sources;
}

const apiNotFound = (method: string, p: string) => ({
  success: false,
  statusCode: 404,
  code: ERROR_CODES.notFound,
  message: `No route ${method} ${p}`,
});

/** Serves the SPA when `dist` is given and built; otherwise unknown paths get the JSON 404. */
export async function registerWeb(app: FastifyInstance, dist: string | false = DEFAULT_WEB_DIST): Promise<void> {
  const index = dist ? path.join(dist, 'index.html') : '';
  if (!dist || !existsSync(index)) {
    if (dist) app.log.warn(`Web app not built (${index} missing); serving the API only`);
    app.setNotFoundHandler((req, reply) => reply.code(404).send(apiNotFound(req.method, req.url.split('?')[0] ?? '/')));
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: true, // files added by a rebuild while running are served too
    index: 'index.html', // "/" is the app itself
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((req, reply) => {
    const p = req.url.split('?')[0] ?? '/';
    if (req.method !== 'GET' || p.startsWith('/api/') || p.startsWith('/chat/') || path.extname(p)) {
      return reply.code(404).send(apiNotFound(req.method, p));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
  });
}
