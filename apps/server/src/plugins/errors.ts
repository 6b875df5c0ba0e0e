/**
 * One error shape for every failure (TApiError): validation problems list each field with its reason;
 * unexpected errors are logged with the request id and answered without internals.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@sextant/shared';
import { AppError } from '../lib/errors.ts';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const errors = err.validation.map((v) => {
        const path = [
          where,
          ...String(v.instancePath ?? '')
            .split('/')
            .filter(Boolean),
        ].join('.');
        return { path, message: v.message ?? 'is invalid' };
      });
      const message = errors.map((e) => `${e.path}: ${e.message}`).join('; ');
      return reply.code(400).send({ success: false, statusCode: 400, code: ERROR_CODES.validation, message, errors });
    }
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send({
        success: false,
        statusCode: err.statusCode,
        code: err.code,
        message: err.message,
        errors: err.errors,
        params: err.params,
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, url: req.url }, 'Response did not match its declared schema');
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'Unhandled error');
    const message = status >= 500 ? `Unexpected server error (request ${req.id})` : err.message;
    const code =
      status === 429 ? ERROR_CODES.rateLimited : status >= 500 ? ERROR_CODES.internal : ERROR_CODES.validation;
    return reply.code(status).send({ success: false, statusCode: status, code, message });
  });
}
