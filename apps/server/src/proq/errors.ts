/** ProQ errors: refused input at enqueue, and a handler's way to say "do not retry". */

export type ProqErrorCode =
  | 'UNKNOWN_COMMAND_TYPE'
  | 'INVALID_PAYLOAD'
  | 'INVALID_OPTIONS'
  | 'PREREQUISITE_NOT_FOUND'
  | 'PREREQUISITE_CYCLE'
  | 'COMMAND_NOT_FOUND'
  | 'INVALID_STATE';

/** Bad input refused by ProQ (at enqueue, cancel or retry); nothing was written. */
export class ProqError extends Error {
  override name = 'ProqError';
  constructor(
    readonly code: ProqErrorCode,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/** Throw from a handler to fail the command at once, without the remaining retries. */
export class ProqPermanentError extends Error {
  override name = 'ProqPermanentError';
}

/** Thrown by ctx.progress()/heartbeat() when the command was canceled or its lease expired. */
export class ProqLeaseLostError extends Error {
  override name = 'ProqLeaseLostError';
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err);
  } catch {
    return String(err);
  }
}
