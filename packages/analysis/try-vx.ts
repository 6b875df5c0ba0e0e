import { buildVendorIndex, VendorIndex, vendorIndexFile } from './src/match/search.ts';
const net = '/work/wt/vendors-global/packages/analysis/.bench-cache/network-v3p2-1000000-20250101.parquet';
const file = vendorIndexFile('/tmp/vg', net);
const info = await buildVendorIndex(net, file, (p, m) => console.log(p, m));
console.log(info, process.memoryUsage().rss / 1e6);
const ix = await VendorIndex.open(file);
for (const q of ['Collins Events Corp', 'Colins Evnts', 'Events Collins', 'Synevova Supply', 'Synevova Suply Corp.', 'Lange Jäger Leipzig', 'Visorico', 'Visori', 'Cox First Electric']) {
  const t = performance.now();
  const r = await ix.search({ q, limit: 5 });
  console.log(q, Math.round(performance.now() - t), 'ms', r.map((x) => `${x.name}|${x.country}|${x.confidence}|${x.score}`));
}
const t = performance.now();
const r = await ix.search({ q: 'Collins Events', city: 'Kansas City', postcode: '64137', country: 'USA', limit: 5 });
console.log(Math.round(performance.now() - t), r.map((x) => `${x.name}|${x.city}|${x.confidence}|${x.score}|${x.agreeing}`));
