/**
 * /api/v1/tools (Tools_Area_VIEW): address parser, address validator (Address_Validator_VIEW), companies lookup
 * and the company register import, send email (recipients, preview, send, log).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddressParseRequest,
  ZAddressParseResponse,
  ZAddressValidateRequest,
  ZAddressValidateResponse,
  ZCompanyRegisterImportResult,
  ZCompanyRegisterStatus,
  ZCompanySearchQuery,
  ZCompanySearchResult,
  ZCountryItem,
  ZEmailPreview,
  ZEmailRecipient,
  ZEmailRecipientQuery,
  ZSendEmailRequest,
  ZSendEmailResult,
  ZSentEmailList,
} from '@sextant/shared';
import { authOf } from '../../plugins/access.ts';
import { readUploadedFile, uploadText } from '../../lib/upload-buffer.ts';
import { countryList, parseAddresses, validateAddresses, validateAddressCsv } from './addresses.service.ts';
import { importRegisterFile, searchCompanies } from './companies.service.ts';
import { emailLog, emailRecipients, previewEmail, sendToolEmail } from './send-email.service.ts';
import { registerStatus } from './tools.repo.ts';

const tags = ['Tools'];
const base = '/api/v1/tools';
const TOOLS = { permissions: ['Tools_Area_VIEW'] } as const;
const VALIDATOR = { permissions: ['Address_Validator_VIEW'] } as const;

export async function toolRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.post(`${base}/address-parser`, {
    config: { access: { ...TOOLS, allowInReadOnly: true } },
    schema: {
      tags,
      summary: 'Parse free-text addresses into house number, street, unit, city, region, postcode, country',
      description:
        'One result per input, in order; empty fields are null. Rule-based (US, GB, DE, FR, NL, ES, IT, CA, AU formats) unless a language model is configured.',
      body: ZAddressParseRequest,
      response: { 200: ZAddressParseResponse },
    },
    handler: async (req) => parseAddresses(ctx, req.body),
  });

  r.get(`${base}/countries`, {
    config: { access: VALIDATOR },
    schema: {
      tags,
      summary: 'Reference country list with postcode format examples',
      response: { 200: z.array(ZCountryItem) },
    },
    handler: async () => countryList(),
  });

  r.post(`${base}/address-validator`, {
    config: { access: { ...VALIDATOR, allowInReadOnly: true } },
    schema: {
      tags,
      summary: 'Validate addresses: country list, postcode format, city ↔ postcode agreement',
      body: ZAddressValidateRequest,
      response: { 200: ZAddressValidateResponse },
    },
    handler: async (req) => validateAddresses(req.body.addresses),
  });

  r.post(`${base}/address-validator/csv`, {
    config: { access: { ...VALIDATOR, allowInReadOnly: true } },
    schema: {
      tags,
      summary: 'Validate a CSV of addresses (multipart field "file"); answers the CSV with validation columns appended',
      consumes: ['multipart/form-data'],
    },
    handler: async (req, reply) => {
      const file = await readUploadedFile(req, 20 * 1024 * 1024, 'a CSV of addresses');
      const { csv, summary } = validateAddressCsv(uploadText(file));
      const name = file.fileName.replace(/\.[^.]*$/, '') + '-validated.csv';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"`)
        .header('x-validation-summary', JSON.stringify(summary))
        .send(csv);
    },
  });

  r.get(`${base}/companies`, {
    config: { access: TOOLS },
    schema: {
      tags,
      summary: 'Search the company register and the reference network by name or number',
      querystring: ZCompanySearchQuery,
      response: { 200: ZCompanySearchResult },
    },
    handler: async (req) => searchCompanies(ctx, req.query),
  });

  r.get(`${base}/companies/register`, {
    config: { access: TOOLS },
    schema: {
      tags,
      summary: 'Imported company register: size and latest imports',
      response: { 200: ZCompanyRegisterStatus },
    },
    handler: async () => {
      const s = await registerStatus(ctx.db);
      return { ...s, imports: s.imports.map((i) => ({ ...i, importedAt: i.importedAt.toISOString() })) };
    },
  });

  r.post(`${base}/companies/register`, {
    config: { access: TOOLS },
    schema: {
      tags,
      summary:
        'Import a company register CSV (multipart field "file"; columns number, name, status, address, incorporationDate, sic, officers)',
      consumes: ['multipart/form-data'],
      response: { 200: ZCompanyRegisterImportResult },
    },
    handler: async (req) => importRegisterFile(ctx, req, authOf(req)),
  });

  r.get(`${base}/email/recipients`, {
    config: { access: TOOLS },
    schema: {
      tags,
      summary: 'Users the caller may write to (their tenant scope), by name, username or email',
      querystring: ZEmailRecipientQuery,
      response: { 200: z.array(ZEmailRecipient) },
    },
    handler: async (req) => emailRecipients(ctx, authOf(req), req.query.q),
  });

  r.post(`${base}/email/preview`, {
    config: { access: { ...TOOLS, allowInReadOnly: true } },
    schema: {
      tags,
      summary: 'Render the branded message for the first recipient',
      body: ZSendEmailRequest,
      response: { 200: ZEmailPreview },
    },
    handler: async (req) => previewEmail(ctx, authOf(req), req.body),
  });

  r.post(`${base}/email/send`, {
    config: { access: TOOLS },
    schema: {
      tags,
      summary: 'Send the branded message to each recipient (logged); the branding must be one the caller may see',
      body: ZSendEmailRequest,
      response: { 200: ZSendEmailResult },
    },
    handler: async (req) => sendToolEmail(ctx, req, authOf(req), req.body),
  });

  r.get(`${base}/email/log`, {
    config: { access: TOOLS },
    schema: {
      tags,
      summary: 'Messages sent with the send-email tool that the caller may see (their issuers’), newest first',
      response: { 200: ZSentEmailList },
    },
    handler: async (req) => emailLog(ctx, authOf(req)),
  });
}
