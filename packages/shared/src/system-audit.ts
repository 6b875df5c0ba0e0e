/** System audit calls (SPEC §3 Integration check, Command validation; §7 System audit; §8 verification texts). */
import { z } from 'zod';

export const ZIntegrationConfigurations = z.object({
  /** Where application state lives: PGlite (embedded) or PostgreSQL. */
  configuredRepository: z.string(),
  /** Where analysis files live (the blob container). */
  containerName: z.string(),
  isApiLive: z.boolean(),
});
export type TIntegrationConfigurations = z.infer<typeof ZIntegrationConfigurations>;

export const ZIntegrationCheck = z.object({
  integration: z.string(),
  success: z.boolean(),
  message: z.string().nullable(),
});
export type TIntegrationCheck = z.infer<typeof ZIntegrationCheck>;

export const ZCommandValidation = z.object({
  isSuccess: z.boolean(),
  errorMessage: z.string().nullable(),
  isCompleted: z.boolean(),
});
export type TCommandValidation = z.infer<typeof ZCommandValidation>;

export const VERIFICATION_SUCCESS_MESSAGE = 'Verification completed successfully';
/** The failure text of SPEC §8: a header line, then one line per failed integration. */
export function verificationFailureMessage(checks: readonly TIntegrationCheck[]): string {
  const lines = checks
    .filter((c) => !c.success)
    .map((c) => `Integration ${c.integration}: ${c.message || 'Unknown error'}`);
  return ['Verification failed, with message(s):', ...lines].join('\n');
}

/** POST system-health-check: the correlation id to poll command-execute-validate with. */
export const ZHealthCheckStarted = z.object({ correlationId: z.string() });
export const ZCommandValidationQuery = z.object({ correlationId: z.string().min(1).max(200) });
