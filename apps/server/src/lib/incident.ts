/**
 * Failures of something upstream (a language model, an embedding endpoint, a background build) shown to users as a
 * stable summary and a reference, never as the upstream's own text: that text can carry the provider's internals,
 * file paths, SQL or parts of a prompt. The whole error goes to the log with the reference (and the request's
 * correlation id), so an operator finds the cause by searching the log for the reference the user quotes.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { currentCorrelationId } from './request-context.ts';

/** A new reference: 12 hex digits, easy to read out and to search for. */
export const newReference = (): string => randomBytes(6).toString('hex');

/** Logs the failure under a new reference and returns the reference. */
export function logIncident(
  log: FastifyBaseLogger,
  err: unknown,
  summary: string,
  fields: Record<string, unknown> = {},
): string {
  const reference = newReference();
  log.error({ err, reference, correlationId: currentCorrelationId(), ...fields }, summary);
  return reference;
}

/** The text users see: the summary and where to find the rest. */
export const withReference = (summary: string, reference: string): string =>
  `${summary} (reference ${reference}; the details are in the server log)`;
