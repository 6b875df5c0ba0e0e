/** Response shapes common to every API area (SPEC §7, §8). */
import { z } from 'zod';

import type { ERROR_CODES } from './values/api.ts';
export * from './values/api.ts';

/** Mutation responses carry success, statusCode and an optional message. */
export const ZMutationResult = z.object({
  success: z.boolean(),
  statusCode: z.number().int(),
  message: z.string().optional(),
});
export type TMutationResult = z.infer<typeof ZMutationResult>;

/** Error body of every failed request; `errors` lists field-level problems. */
export const ZApiError = z.object({
  success: z.literal(false),
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Values a client may place in its own translated text for the code (message stays the English text). */
  params: z.record(z.string(), z.string()).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export type TErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Reasons a user is sent to /login or /lobby (SPEC §4). */
export const LOGIN_ERROR_CODES = ['PublicBrandingError', 'SessionExpired', 'DomainRedirect'] as const;
export type TLoginErrorCode = (typeof LOGIN_ERROR_CODES)[number];
export const LOBBY_REASONS = ['UserEligibility'] as const;

export const ZIdOnly = z.object({ id: z.string().uuid() });

/** Body of a mutation that takes no input: nothing, or an empty object. */
export const ZEmptyBody = z.object({}).optional();

/** Answer of a mutation whose only news is that it happened. */
export const ZSuccessOnly = z.object({ success: z.literal(true) });
