/**
 * Request and correlation ids.
 *
 * Every request gets an id (Fastify's `reqId` in every log line, echoed as the X-Request-Id response header): the
 * incoming X-Request-Id when it is sane (1–128 characters of letters, digits and `._:-`), else a fresh UUID. The
 * correlation id ties the request to work it causes elsewhere: the trace id of a valid W3C `traceparent` header,
 * else the request id. It is logged with every line of the request (`correlationId`) and kept in an
 * AsyncLocalStorage, so ProQ commands enqueued while handling the request carry it (their correlationId column,
 * unless the caller sets its own) and the worker logs it with each command's outcome.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/;

const store = new AsyncLocalStorage<{ correlationId: string }>();

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return typeof v === 'string' ? v.trim() : undefined;
};

/** Fastify's genReqId: a sane incoming X-Request-Id, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = header(req, 'x-request-id');
  return incoming && SANE_ID.test(incoming) ? incoming : randomUUID();
}

/** The trace id of a valid traceparent (not all zeros), else the request id. */
export function correlationIdOf(req: IncomingMessage, requestId: string): string {
  const m = TRACEPARENT.exec(header(req, 'traceparent')?.toLowerCase() ?? '');
  return m && !/^0+$/.test(m[1]!) ? m[1]! : requestId;
}

/** Makes the correlation id current for the rest of the request's asynchronous work. */
export function enterCorrelation(correlationId: string): void {
  store.enterWith({ correlationId });
}

/** The correlation id of the request being handled, if any. */
export function currentCorrelationId(): string | undefined {
  return store.getStore()?.correlationId;
}
