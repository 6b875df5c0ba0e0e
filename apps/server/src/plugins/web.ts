/** Serves the built SPA (apps/web/dist) with an index.html fallback for client-side routes. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@sextant/shared';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

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
