/**
 * CSRF defence for state-changing requests, on top of the SameSite=Lax session cookie: a browser request that
 * says it comes from another site (Sec-Fetch-Site cross-site/same-site) or whose Origin is not ours is refused.
 * Scripted clients that send no such headers, or a same-origin Origin, keep working.
 */
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@sextant/shared';
import type { Config } from '../config.ts';
import { publicUrl } from '../config.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerCsrf(app: FastifyInstance, config: Config): void {
  const configured = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null;
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE.has(req.method)) return;
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    const ownOrigins = new Set([configured ?? new URL(publicUrl(config)).origin, `${req.protocol}://${req.host}`]);
    const refused =
      (typeof site === 'string' && (site === 'cross-site' || site === 'same-site')) ||
      (typeof origin === 'string' && origin !== 'null' && !ownOrigins.has(origin)) ||
      origin === 'null';
    if (refused) {
      return reply.code(403).send({
        success: false,
        statusCode: 403,
        code: ERROR_CODES.csrf,
        message: 'Cross-site request refused',
      });
    }
  });
}
