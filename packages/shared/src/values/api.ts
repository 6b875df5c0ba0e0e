/**
 * Error codes of the API (SPEC §7, §8), without zod; api.ts adds the response schemas.
 */
/** Error codes the UI reacts to (SPEC §4, §8 login error codes). */
export const ERROR_CODES = {
  unauthenticated: 'Unauthenticated',
  sessionExpired: 'SessionExpired',
  forbidden: 'Forbidden',
  environmentMismatch: 'EnvironmentMismatch',
  maintenance: 'Maintenance',
  readOnly: 'ReadOnly',
  validation: 'ValidationError',
  notFound: 'NotFound',
  conflict: 'Conflict',
  /** The job is processing: its files and runs cannot change until the run ends (409). */
  jobProcessing: 'JobProcessing',
  rateLimited: 'RateLimited',
  resourceExhausted: 'ResourceExhausted',
  invalidCredentials: 'InvalidCredentials',
  invalidToken: 'InvalidToken',
  linkExpired: 'LinkExpired',
  linkRevoked: 'LinkRevoked',
  linkUsed: 'LinkUsed',
  accountDeactivated: 'AccountDeactivated',
  ineligible: 'UserEligibility',
  domainRedirect: 'DomainRedirect',
  csrf: 'CrossSiteRequestRefused',
  /** A service the product relies on (e.g. Merge.dev) refused or failed; the message says which and why (502). */
  upstream: 'UpstreamError',
  internal: 'InternalError',
} as const;
