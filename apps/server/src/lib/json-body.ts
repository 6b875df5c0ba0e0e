/**
 * Responses that many requests share, serialized once: a route that answers the same JSON to every caller allowed to
 * see it (a run's summary or supplier page) keeps the bytes, so a cached answer costs no zod encoding and no
 * JSON.stringify per request. The bytes are exactly what the route's response serializer writes (fastify-type-provider-
 * zod: the schema's encode, then JSON.stringify).
 *
 * Keys must hold everything the body depends on (the run, the query, the caller's scope such as a permission that
 * hides columns): the cache is only ever read after the route's own access checks.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { singleFlight } from './duckdb/index.ts';

export function cachedJsonBody<S extends z.ZodType>(
  cache: Map<string, Promise<Buffer>>,
  key: string,
  schema: S,
  compute: () => Promise<z.output<S>>,
): Promise<Buffer> {
  return singleFlight(cache, key, async () => Buffer.from(JSON.stringify(z.encode(schema, await compute()))));
}

/** Sends serialized JSON as is (fastify does not serialize a Buffer again). */
export function sendJsonBody(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
}
