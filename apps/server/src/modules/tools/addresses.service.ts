/**
 * Address tools: the parser (free text → fields; the rule-based parser of @sextant/analysis, or a language model
 * with the address-parser prompt when one is configured) and the validator (country list, postcode formats,
 * city ↔ postcode reference data; JSON or a CSV annotated column by column).
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { parseAddress, referenceCountries, validateAddress, POSTCODE_FORMATS } from '@sextant/analysis';
import type { ADDRESS_VALIDATOR_COLUMNS } from '@sextant/shared';
import {
  ADDRESS_VALIDATOR_CSV_MAX_ROWS,
  ZParsedAddress,
  type TAddressParseRequest,
  type TAddressParseResponse,
  type TAddressToValidate,
  type TAddressValidateResponse,
  type TCountryItem,
  type TParsedAddress,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { chatCompletion, llmConfigured } from '../../lib/llm.ts';
import { activePromptText, renderPrompt } from '../ai-prompts/index.ts';
import { csvDelimiter } from '../../lib/upload-buffer.ts';

/**
 * A language model answering the address-parser prompt: given the addresses (and the country hint) it returns one
 * object per address with the parser's fields. By default the configured LLM (lib/llm.ts) with the active
 * "addressParser" prompt; tests may put another in place (useAddressModel).
 */
export type AddressModel = (input: { addresses: string[]; country: string | null }) => Promise<unknown>;
let configuredModel: AddressModel | null = null;
export function useAddressModel(model: AddressModel | null): void {
  configuredModel = model;
}

/** Addresses per request the model is asked about (one call each); larger batches use the rule-based parser. */
export const MODEL_MAX_ADDRESSES = 100;
const MODEL_CONCURRENCY = 4;

/** The configured LLM as an address model, one completion per address with the active address-parser prompt. */
export function llmAddressModel(ctx: AppContext): AddressModel | null {
  if (!llmConfigured(ctx.config)) return null;
  return async ({ addresses, country }) => {
    const prompt = await activePromptText(ctx, 'addressParser');
    const out: unknown[] = new Array(addresses.length);
    let next = 0;
    const worker = async () => {
      while (next < addresses.length) {
        const i = next++;
        const r = await chatCompletion(ctx.config, {
          messages: [
            { role: 'user', content: renderPrompt(prompt, { address: addresses[i]!, country: country ?? '' }) },
          ],
          temperature: 0,
        });
        const json = JSON.parse(r.content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, '')) as Record<string, unknown>;
        out[i] = { ...json, confidence: typeof json.confidence === 'number' ? json.confidence : 0.85 };
      }
    };
    await Promise.all(Array.from({ length: Math.min(MODEL_CONCURRENCY, addresses.length) }, worker));
    return out;
  };
}

const ZModelAnswer = z.array(
  ZParsedAddress.omit({ input: true })
    .partial()
    .extend({ confidence: z.number().min(0).max(1).optional() }),
);
const FIELDS = ['houseNumber', 'street', 'unit', 'city', 'region', 'postcode', 'country'] as const;

export async function parseAddresses(ctx: AppContext, req: TAddressParseRequest): Promise<TAddressParseResponse> {
  const country = req.country ?? null;
  const model = req.addresses.length <= MODEL_MAX_ADDRESSES ? (configuredModel ?? llmAddressModel(ctx)) : null;
  if (model) {
    try {
      const answer = ZModelAnswer.parse(await model({ addresses: req.addresses, country }));
      if (answer.length !== req.addresses.length)
        throw new Error(`${answer.length} answers for ${req.addresses.length} addresses`);
      return {
        engine: 'model',
        results: answer.map((a, i) => {
          const out: TParsedAddress = { input: req.addresses[i]!, confidence: a.confidence ?? 0.8 } as TParsedAddress;
          for (const f of FIELDS) out[f] = a[f]?.trim() ? a[f]!.trim() : null;
          return out;
        }),
      };
    } catch (e) {
      // An unusable model answer is not the user's fault: the rule-based parser answers instead.
      ctx.log.warn({ err: (e as Error).message }, 'Address model answer unusable; rule-based parser used');
    }
  }
  return { engine: 'rules', results: req.addresses.map((a) => parseAddress(a, { country })) };
}

export function validateAddresses(addresses: TAddressToValidate[]): TAddressValidateResponse {
  const results = addresses.map((a) => validateAddress(a));
  return {
    results,
    summary: {
      valid: results.filter((r) => r.status === 'valid').length,
      warning: results.filter((r) => r.status === 'warning').length,
      invalid: results.filter((r) => r.status === 'invalid').length,
    },
  };
}

const key = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');
const HEADER_ALIASES: Record<string, (typeof ADDRESS_VALIDATOR_COLUMNS)[number]> = {
  address: 'address',
  addressline1: 'address',
  street: 'address',
  streetaddress: 'address',
  city: 'city',
  town: 'city',
  region: 'region',
  state: 'region',
  province: 'region',
  county: 'region',
  postcode: 'postcode',
  postalcode: 'postcode',
  zip: 'postcode',
  zipcode: 'postcode',
  country: 'country',
  countrycode: 'country',
};

/** Validates every row of a CSV and returns it with the validation columns appended (same rows, same order). */
export function validateAddressCsv(text: string): { csv: string; summary: TAddressValidateResponse['summary'] } {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      delimiter: csvDelimiter(text),
    });
  } catch (e) {
    throw badRequest(`The file is not a readable CSV: ${(e as Error).message}`, [
      { path: 'file', message: (e as Error).message },
    ]);
  }
  if (records.length < 2) throw badRequest('The file has no address rows', [{ path: 'file', message: 'no data rows' }]);
  if (records.length - 1 > ADDRESS_VALIDATOR_CSV_MAX_ROWS)
    throw badRequest(`At most ${ADDRESS_VALIDATOR_CSV_MAX_ROWS.toLocaleString('en')} rows per file`, [
      { path: 'file', message: 'too many rows' },
    ]);
  const header = records[0]!;
  const cols = header.map((h) => HEADER_ALIASES[key(h)] ?? null);
  if (!cols.includes('country'))
    throw badRequest('The header row needs a "country" column (and ideally address, city, postcode)', [
      { path: 'file', message: 'no country column' },
    ]);
  const summary = { valid: 0, warning: 0, invalid: 0 };
  const out: string[][] = [[...header, 'validationStatus', 'countryIso2', 'postcodeNormalised', 'validationMessages']];
  for (const rec of records.slice(1)) {
    const a: TAddressToValidate = {};
    cols.forEach((c, i) => {
      if (c) a[c] = rec[i] ?? '';
    });
    const v = validateAddress(a);
    summary[v.status]++;
    out.push([
      ...header.map((_, i) => rec[i] ?? ''),
      v.status,
      v.countryIso2 ?? '',
      v.postcodeNormalised ?? '',
      v.issues.map((i) => `${i.severity}: ${i.message}`).join(' | '),
    ]);
  }
  return { csv: stringify(out), summary };
}

export function countryList(): TCountryItem[] {
  return referenceCountries()
    .map((c) => ({
      iso2: c.iso2,
      iso3: c.iso3,
      name: c.name,
      postcodeFormat: POSTCODE_FORMATS[c.iso2]?.example ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
