/** Tools area contracts (/api/v1/tools/*): address parser and validator, companies lookup, send email. */
import { z } from 'zod';
import {
  ADDRESS_BATCH_MAX,
  ADDRESS_PARSER_ENGINES,
  ADDRESS_VALIDATION_STATUSES,
  COMPANY_SOURCES,
  SEND_EMAIL_MAX_RECIPIENTS,
} from './values/tools.ts';
import { ISSUER_LANGUAGE_KEYS } from './values/issuers.ts';

const nstr = z.string().nullable();

export const ZAddressParseRequest = z.object({
  addresses: z
    .array(z.string().max(2000, 'an address is at most 2,000 characters'))
    .min(1, 'give at least one address')
    .max(ADDRESS_BATCH_MAX, `at most ${ADDRESS_BATCH_MAX} addresses per request`),
  /** ISO alpha-2 (or a country name): the country assumed when an address does not say. */
  country: z.string().trim().min(2).max(60).optional(),
});
export type TAddressParseRequest = z.infer<typeof ZAddressParseRequest>;

export const ZParsedAddress = z.object({
  input: z.string(),
  houseNumber: nstr,
  street: nstr,
  unit: nstr,
  city: nstr,
  region: nstr,
  postcode: nstr,
  country: nstr,
  confidence: z.number().min(0).max(1),
});
export type TParsedAddress = z.infer<typeof ZParsedAddress>;

export const ZAddressParseResponse = z.object({
  results: z.array(ZParsedAddress),
  /** rules: the rule-based parser; model: the configured language model with the address-parser prompt. */
  engine: z.enum(ADDRESS_PARSER_ENGINES),
});
export type TAddressParseResponse = z.infer<typeof ZAddressParseResponse>;

export const ZAddressToValidate = z.object({
  address: z.string().max(500).optional(),
  city: z.string().max(200).optional(),
  region: z.string().max(200).optional(),
  postcode: z.string().max(40).optional(),
  country: z.string().max(80).optional(),
});
export type TAddressToValidate = z.infer<typeof ZAddressToValidate>;

export const ZAddressValidateRequest = z.object({
  addresses: z.array(ZAddressToValidate).min(1, 'give at least one address').max(ADDRESS_BATCH_MAX),
});
export const ZAddressIssue = z.object({
  field: z.enum(['country', 'postcode', 'city', 'region', 'address']),
  severity: z.enum(['warning', 'error']),
  message: z.string(),
});
export type TAddressIssue = z.infer<typeof ZAddressIssue>;
export const ZAddressValidation = z.object({
  status: z.enum(ADDRESS_VALIDATION_STATUSES),
  countryIso2: nstr,
  countryName: nstr,
  postcodeNormalised: nstr,
  /** Whether reference data of the country had the postcode or the city (null: no reference data). */
  referenceChecked: z.boolean(),
  issues: z.array(ZAddressIssue),
});
export type TAddressValidation = z.infer<typeof ZAddressValidation>;
export const ZAddressValidateResponse = z.object({
  results: z.array(ZAddressValidation),
  summary: z.object({ valid: z.number().int(), warning: z.number().int(), invalid: z.number().int() }),
});
export type TAddressValidateResponse = z.infer<typeof ZAddressValidateResponse>;

export const ZCountryItem = z.object({ iso2: z.string(), iso3: z.string(), name: z.string(), postcodeFormat: nstr });
export type TCountryItem = z.infer<typeof ZCountryItem>;

// --- Companies lookup ---
export const ZRegisterOfficer = z.object({
  name: z.string(),
  role: z.string().nullable(),
  appointedOn: z.string().nullable(),
});
export type TRegisterOfficer = z.infer<typeof ZRegisterOfficer>;

export const ZCompanySearchQuery = z.object({
  q: z.string().trim().min(2, 'type at least 2 characters').max(200),
  source: z.enum(['all', ...COMPANY_SOURCES]).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type TCompanySearchQuery = z.input<typeof ZCompanySearchQuery>;

export const ZCompany = z.object({
  source: z.enum(COMPANY_SOURCES),
  number: z.string(),
  name: z.string(),
  status: nstr,
  address: nstr,
  country: nstr,
  incorporationDate: nstr,
  sic: z.array(z.string()),
  /** Industry code of a network merchant (MCC). */
  mcc: nstr,
  taxId: nstr,
  officers: z.array(ZRegisterOfficer).nullable(),
});
export type TCompany = z.infer<typeof ZCompany>;
export const ZCompanySearchResult = z.object({
  results: z.array(ZCompany),
  /** Sources searched; a source that could not be searched says why. */
  sources: z.array(z.object({ source: z.enum(COMPANY_SOURCES), searched: z.boolean(), note: nstr })),
});
export type TCompanySearchResult = z.infer<typeof ZCompanySearchResult>;

export const ZCompanyRegisterImport = z.object({
  id: z.string(),
  fileName: z.string(),
  rows: z.number().int(),
  importedAt: z.string(),
  importedBy: nstr,
});
export const ZCompanyRegisterStatus = z.object({
  entries: z.number().int(),
  withOfficers: z.number().int(),
  imports: z.array(ZCompanyRegisterImport),
});
export type TCompanyRegisterStatus = z.infer<typeof ZCompanyRegisterStatus>;
export const ZCompanyRegisterImportResult = z.object({
  success: z.boolean(),
  statusCode: z.number().int(),
  message: z.string(),
  imported: z.number().int(),
  updated: z.number().int(),
});
export type TCompanyRegisterImportResult = z.infer<typeof ZCompanyRegisterImportResult>;

// --- Send email ---
export const ZEmailRecipientQuery = z.object({ q: z.string().trim().max(100).default('') });
export const ZEmailRecipient = z.object({
  id: z.string(),
  username: z.string(),
  displayName: nstr,
  email: z.string(),
  issuers: z.array(z.string()),
});
export type TEmailRecipient = z.infer<typeof ZEmailRecipient>;

export const ZSendEmailRequest = z
  .object({
    userIds: z.array(z.uuid()).max(SEND_EMAIL_MAX_RECIPIENTS).default([]),
    addresses: z.array(z.email('not a valid email address')).max(SEND_EMAIL_MAX_RECIPIENTS).default([]),
    subject: z.string().trim().min(1, 'a subject is required').max(200),
    body: z.string().trim().min(1, 'a message is required').max(20_000),
    /** Branding of the template; absent: the default layout. */
    brandingId: z.uuid().nullable().default(null),
    /** The footer's language (every issuer language has one). */
    language: z.enum(ISSUER_LANGUAGE_KEYS).default('en'),
  })
  .refine((v) => v.userIds.length + v.addresses.length > 0, {
    path: ['userIds'],
    message: 'choose at least one user or address',
  })
  .refine((v) => v.userIds.length + v.addresses.length <= SEND_EMAIL_MAX_RECIPIENTS, {
    path: ['addresses'],
    message: `at most ${SEND_EMAIL_MAX_RECIPIENTS} recipients per message`,
  });
export type TSendEmailRequest = z.input<typeof ZSendEmailRequest>;

export const ZEmailPreview = z.object({ subject: z.string(), text: z.string(), html: z.string(), from: nstr });
export type TEmailPreview = z.infer<typeof ZEmailPreview>;

export const ZSendEmailResult = z.object({
  success: z.boolean(),
  statusCode: z.number().int(),
  message: z.string(),
  sent: z.array(z.object({ to: z.string(), status: z.string() })),
});
export type TSendEmailResult = z.infer<typeof ZSendEmailResult>;

export const ZSentEmail = z.object({
  id: z.string(),
  toAddress: z.string(),
  recipientName: nstr,
  subject: z.string(),
  language: z.string(),
  status: z.string(),
  error: nstr,
  sentBy: nstr,
  sentAt: z.string(),
});
export type TSentEmail = z.infer<typeof ZSentEmail>;
export const ZSentEmailList = z.object({ items: z.array(ZSentEmail) });
