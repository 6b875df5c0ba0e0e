/** Tools and Dev areas: limits, enumerations and documented file layouts (zod-free; schemas in ../tools.ts, ../dev.ts). */

/** Addresses per address-parser or address-validator request. */
export const ADDRESS_BATCH_MAX = 1000;
/** Rows of an address-validator CSV. */
export const ADDRESS_VALIDATOR_CSV_MAX_ROWS = 10_000;
export const ADDRESS_PARSE_FIELDS = ['houseNumber', 'street', 'unit', 'city', 'region', 'postcode', 'country'] as const;
export type TAddressParseField = (typeof ADDRESS_PARSE_FIELDS)[number];
export const ADDRESS_PARSER_ENGINES = ['rules', 'model'] as const;
export type TAddressParserEngine = (typeof ADDRESS_PARSER_ENGINES)[number];

export const ADDRESS_VALIDATION_STATUSES = ['valid', 'warning', 'invalid'] as const;
export type TAddressValidationStatus = (typeof ADDRESS_VALIDATION_STATUSES)[number];
/** Columns read from an address-validator CSV (any order; header names compared without case and spaces). */
export const ADDRESS_VALIDATOR_COLUMNS = ['address', 'city', 'region', 'postcode', 'country'] as const;
/** Columns appended to the annotated CSV. */
export const ADDRESS_VALIDATOR_OUTPUT_COLUMNS = [
  'validationStatus',
  'countryIso2',
  'postcodeNormalised',
  'validationMessages',
] as const;

/** The documented company-register CSV layout; number and name are required, officers optional. */
export const COMPANY_REGISTER_COLUMNS = [
  { key: 'number', required: true, description: 'Company number (letters and digits, up to 20)' },
  { key: 'name', required: true, description: 'Registered name' },
  { key: 'status', required: false, description: 'Company status, e.g. Active, Dissolved, Liquidation' },
  { key: 'address', required: false, description: 'Registered office address (one line)' },
  { key: 'incorporationDate', required: false, description: 'Date of incorporation, YYYY-MM-DD or DD/MM/YYYY' },
  { key: 'sic', required: false, description: 'SIC codes, 4 or 5 digits, separated by ";"' },
  {
    key: 'officers',
    required: false,
    description: 'Officers separated by ";", each "Name (Role, appointed YYYY-MM-DD)"; role and date optional',
  },
] as const;
export type TCompanyRegisterColumn = (typeof COMPANY_REGISTER_COLUMNS)[number]['key'];
export const COMPANY_REGISTER_MAX_ROWS = 200_000;
export const COMPANY_SOURCES = ['network', 'register'] as const;
export type TCompanySource = (typeof COMPANY_SOURCES)[number];

/** Recipients per send-email request (users and addresses together). */
export const SEND_EMAIL_MAX_RECIPIENTS = 50;

/** Levels the Dev area may raise the server log to, and for how long at most. */
export const DEBUG_LOG_LEVELS = ['debug', 'trace'] as const;
export type TDebugLogLevel = (typeof DEBUG_LOG_LEVELS)[number];
export const DEBUG_LOGGING_MAX_MINUTES = 120;

/** How the CSV anonymiser treats a column. */
export const ANONYMIZE_KINDS = [
  'keep',
  'name',
  'company',
  'address',
  'city',
  'postcode',
  'email',
  'phone',
  'id',
] as const;
export type TAnonymizeKind = (typeof ANONYMIZE_KINDS)[number];
export const ANONYMIZE_MAX_BYTES = 50 * 1024 * 1024;
