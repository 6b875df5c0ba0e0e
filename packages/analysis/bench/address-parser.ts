/**
 * `npm run bench -- address-parser`: field accuracy of the rule-based address parser per field and per country on
 * the labelled set (test/fixtures/addresses/labelled-addresses.psv, which the rules were tuned on) and on the
 * held-out set (written afterwards, not tuned on), and its speed. One JSON line per measurement.
 */
import {
  addressAccuracy,
  HELD_OUT_ADDRESSES_FILE,
  LABELLED_ADDRESSES_FILE,
  loadLabelledAddresses,
} from '../src/address/labelled.ts';
import { parseAddress } from '../src/address/parse-address.ts';

for (const [set, file] of [
  ['labelled', LABELLED_ADDRESSES_FILE],
  ['held-out', HELD_OUT_ADDRESSES_FILE],
] as const) {
  const labelled = loadLabelledAddresses(file);
  const a = addressAccuracy(labelled);
  console.log(JSON.stringify({ suite: 'address-parser', set, scope: 'all', addresses: a.addresses, ...a.fields }));
  for (const [country, c] of Object.entries(a.byCountry).sort())
    console.log(JSON.stringify({ suite: 'address-parser', set, scope: country, addresses: c.addresses, ...c.fields }));
  for (const m of a.misses.slice(0, 20)) console.log(JSON.stringify({ suite: 'address-parser', set, miss: m }));
}

const inputs = loadLabelledAddresses().map((l) => l.input);
const rounds = 30;
const t0 = performance.now();
for (let i = 0; i < rounds; i++) for (const s of inputs) parseAddress(s);
const ms = performance.now() - t0;
console.log(
  JSON.stringify({
    suite: 'address-parser',
    stage: 'speed',
    addresses: inputs.length * rounds,
    ms: Math.round(ms),
    perSecond: Math.round((inputs.length * rounds) / (ms / 1000)),
  }),
);
