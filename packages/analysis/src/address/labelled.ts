/** The labelled address set (test/fixtures/addresses/labelled-addresses.psv) and field accuracy over it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import {
  ADDRESS_FIELDS,
  parseAddress,
  sameAddressField,
  type ParsedAddress,
  type TAddressField,
} from './parse-address.ts';

export const LABELLED_ADDRESSES_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/addresses/labelled-addresses.psv',
);

/** Written after the rules were tuned on the labelled set, and not tuned on: the honest estimate. */
export const HELD_OUT_ADDRESSES_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/addresses/held-out-addresses.psv',
);

export type LabelledAddress = { input: string } & Record<TAddressField, string | null>;

export function loadLabelledAddresses(file = LABELLED_ADDRESSES_FILE): LabelledAddress[] {
  const rows = parse(readFileSync(file, 'utf8'), {
    delimiter: '|',
    columns: true,
    quote: false,
    trim: false,
  }) as Record<string, string>[];
  return rows.map((r) => ({
    input: r.input!,
    houseNumber: r.houseNumber || null,
    street: r.street || null,
    unit: r.unit || null,
    city: r.city || null,
    region: r.region || null,
    postcode: r.postcode || null,
    country: r.country || null,
  }));
}

export interface AddressAccuracy {
  addresses: number;
  /** Share of addresses whose field equals the label (both empty counts as equal), per field and over all fields. */
  fields: Record<TAddressField | 'all', number>;
  byCountry: Record<string, { addresses: number; fields: Record<TAddressField | 'all', number> }>;
  misses: { input: string; field: TAddressField; expected: string | null; got: string | null }[];
}

/** Field accuracy of a parser over labelled addresses (the parser is given no country hint). */
export function addressAccuracy(
  labelled: LabelledAddress[],
  parser: (input: string) => ParsedAddress = (s) => parseAddress(s),
): AddressAccuracy {
  const misses: AddressAccuracy['misses'] = [];
  const tally = new Map<string, { n: number; ok: Record<string, number> }>();
  const bump = (key: string, field: string, ok: boolean) => {
    const t = tally.get(key)!;
    t.ok[field] = (t.ok[field] ?? 0) + (ok ? 1 : 0);
  };
  for (const l of labelled) {
    const got = parser(l.input);
    for (const key of ['*', l.country ?? '?']) {
      const t = tally.get(key);
      if (t) t.n++;
      else tally.set(key, { n: 1, ok: {} });
    }
    let all = true;
    for (const f of ADDRESS_FIELDS) {
      const ok = sameAddressField(got[f], l[f]);
      all &&= ok;
      if (!ok) misses.push({ input: l.input, field: f, expected: l[f], got: got[f] });
      for (const key of ['*', l.country ?? '?']) bump(key, f, ok);
    }
    for (const key of ['*', l.country ?? '?']) bump(key, 'all', all);
  }
  const rates = (t: { n: number; ok: Record<string, number> }) =>
    Object.fromEntries(
      [...ADDRESS_FIELDS, 'all'].map((f) => [f, Math.round(((t.ok[f] ?? 0) / Math.max(1, t.n)) * 10000) / 10000]),
    ) as Record<TAddressField | 'all', number>;
  const total = tally.get('*') ?? { n: 0, ok: {} };
  return {
    addresses: total.n,
    fields: rates(total),
    byCountry: Object.fromEntries(
      [...tally.entries()].filter(([k]) => k !== '*').map(([k, t]) => [k, { addresses: t.n, fields: rates(t) }]),
    ),
    misses,
  };
}
