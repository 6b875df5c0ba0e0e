/**
 * Vendor lookup (BETA): GET /api/v1/vendors/search and GET /api/v1/vendors/{vendorId}. A search runs the job
 * matcher's normalisation and scoring against the reference network, so a result's confidence means what a job
 * match means.
 */
import { z } from 'zod';
import {
  VENDOR_CONFIDENCES,
  VENDOR_SEARCH_DEFAULT_LIMIT,
  VENDOR_SEARCH_MAX_LIMIT,
  VENDOR_SEARCH_MAX_QUERY,
  VENDOR_SEARCH_MAX_WORDS,
  VENDOR_SEARCH_MIN_QUERY,
  vendorQueryWords,
} from './values/vendors.ts';

export * from './values/vendors.ts';

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const ZVendorSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(VENDOR_SEARCH_MIN_QUERY, `Type at least ${VENDOR_SEARCH_MIN_QUERY} characters of the vendor's name`)
    .max(VENDOR_SEARCH_MAX_QUERY, `The name is at most ${VENDOR_SEARCH_MAX_QUERY} characters`)
    .refine(
      (q) => vendorQueryWords(q) <= VENDOR_SEARCH_MAX_WORDS,
      `The name is at most ${VENDOR_SEARCH_MAX_WORDS} words; search with the words that name the vendor`,
    ),
  city: optionalText(100, 'City'),
  postcode: optionalText(20, 'Postcode'),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{3})?$/, 'Country is a three-letter ISO code (e.g. DEU, USA)')
    .optional()
    .transform((v) => (v ? v : undefined)),
  taxId: optionalText(40, 'Tax id'),
  limit: z.coerce
    .number()
    .int('Limit is a whole number')
    .min(1, 'Limit is at least 1')
    .max(VENDOR_SEARCH_MAX_LIMIT, `Limit is at most ${VENDOR_SEARCH_MAX_LIMIT}`)
    .default(VENDOR_SEARCH_DEFAULT_LIMIT),
  format: z.enum(['json', 'csv']).default('json'),
});
export type TVendorSearchQuery = z.infer<typeof ZVendorSearchQuery>;

export const ZVendorIndustry = z.object({
  mccDescription: z.string().nullable(),
  mccGroup: z.string().nullable(),
  mccType: z.string().nullable(),
  sicIndustry: z.string().nullable(),
  naicsNationalIndustry: z.string().nullable(),
  unspscCategory: z.string().nullable(),
});

export const ZVendor = z.object({
  /** the loaded network the vendor is a merchant of (GET /api/v1/networks) */
  network: z.string(),
  vendorId: z.string(),
  name: z.string(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string().nullable(),
  taxId: z.string().nullable(),
  mcc: z.string().nullable(),
  acceptsCard: z.boolean(),
  vcAccepting: z.boolean(),
  detailLevel: z.number().int().nullable(),
  stpCapable: z.boolean(),
  lockboxes: z.array(z.string()),
  industry: ZVendorIndustry,
});
export type TVendor = z.infer<typeof ZVendor>;

export const ZVendorHit = ZVendor.extend({
  /** The matcher's total score (name, plus tax id / postcode / address / city agreement, minus disagreement). */
  score: z.number(),
  nameScore: z.number(),
  /** High / Medium / Low as a job match with this evidence; null when no match rule holds. */
  confidence: z.enum(VENDOR_CONFIDENCES).nullable(),
  rule: z.string().nullable(),
  agreeing: z.array(z.string()),
  differing: z.array(z.string()),
});
export type TVendorHit = z.infer<typeof ZVendorHit>;

export const ZVendorSearchResult = z.object({
  query: z.object({
    q: z.string(),
    city: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string().nullable(),
    taxId: z.string().nullable(),
  }),
  results: z.array(ZVendorHit),
  tookMs: z.number(),
});
export type TVendorSearchResult = z.infer<typeof ZVendorSearchResult>;

export const ZVendorJob = z.object({
  jobId: z.uuid(),
  jobName: z.string(),
  buyerName: z.string().nullable(),
  issuerName: z.string().nullable(),
  supplierKey: z.string(),
  supplierName: z.string().nullable(),
  spend: z.number(),
  currency: z.string().nullable(),
  matchConfidence: z.string().nullable(),
});
export type TVendorJob = z.infer<typeof ZVendorJob>;

export const ZVendorDetail = z.object({
  vendor: ZVendor,
  inYourJobs: z.array(ZVendorJob),
});
export type TVendorDetail = z.infer<typeof ZVendorDetail>;

export const ZVendorParams = z.object({
  vendorId: z.string().trim().min(1, 'Vendor id is required').max(64, 'Vendor id is at most 64 characters'),
});

/** A loaded reference network (GET /api/v1/networks; docs/NETWORKS.md): the reference network first. */
export const ZNetwork = z.object({
  name: z.string(),
  version: z.string(),
  merchants: z.number().int(),
  /** when the network was loaded (its prepared file written), ISO 8601 */
  loadedAt: z.string(),
  /** the reference network: the one whose match the results' matched columns and the scores use */
  primary: z.boolean(),
});
export type TNetwork = z.infer<typeof ZNetwork>;
export const ZNetworkList = z.object({ networks: z.array(ZNetwork) });
export type TNetworkList = z.infer<typeof ZNetworkList>;
