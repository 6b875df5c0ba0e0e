/** Application errors: thrown anywhere, turned into the TApiError body by the error plugin. */
import { ERROR_CODES, type TErrorCode } from '@sextant/shared';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: TErrorCode,
    message: string,
    readonly errors?: { path: string; message: string }[],
    /** Values a client places in its own (translated) text for this code, e.g. a date or a reason. */
    readonly params?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: { path: string; message: string }[]) =>
  new AppError(400, ERROR_CODES.validation, message, errors);
export const fieldError = (path: string, message: string) => badRequest(`${path}: ${message}`, [{ path, message }]);
export const notFound = (what: string) => new AppError(404, ERROR_CODES.notFound, `${what} was not found`);
export const conflict = (message: string, path?: string) =>
  new AppError(409, ERROR_CODES.conflict, message, path ? [{ path, message }] : undefined);
/** The target is in a state that does not allow the change (409 with a specific code; never 403). */
export const stateConflict = (code: TErrorCode, message: string) => new AppError(409, code, message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const rateLimited = (message: string) => new AppError(429, ERROR_CODES.rateLimited, message);
