#!/usr/bin/env node
// `npm run bench -- <suite> [args]`: runs one benchmark suite; each prints one JSON line per measurement.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const suites = {
  analysis: 'packages/analysis/bench/analysis.ts',
  match: 'packages/analysis/bench/match.ts',
  'address-parser': 'packages/analysis/bench/address-parser.ts',
  acceptance: 'packages/analysis/bench/acceptance.ts',
  routes: 'packages/analysis/bench/routes.ts',
  networks: 'packages/analysis/bench/networks.ts',
  proq: 'apps/server/bench/proq.ts',
  api: 'apps/server/bench/api.ts',
  results: 'apps/server/bench/results.ts',
  devops: 'apps/server/bench/devops.ts',
  upload: 'apps/server/bench/upload.ts',
  load: 'apps/server/bench/load.ts',
  'supplier-detail': 'apps/server/bench/supplier-detail.ts',
  rulesets: 'apps/server/bench/rulesets.ts',
  campaigns: 'apps/server/bench/campaigns.ts',
  resources: 'apps/server/bench/resources.ts',
  'admin-accounts': 'apps/server/bench/admin-accounts.ts',
  chat: 'apps/server/bench/chat.ts',
  vendors: 'apps/server/bench/vendors.ts',
  'global-insights': 'apps/server/bench/global-insights.ts',
  'first-load': 'apps/server/bench/first-load.ts',
  // npm start on a built checkout until it answers (later starts and first starts; --root=<checkout> for a baseline)
  start: 'scripts/measure-start.mjs',
};
const [suite, ...rest] = process.argv.slice(2);
const chosen = suite ? [suite] : Object.keys(suites).filter((s) => existsSync(suites[s]));
for (const name of chosen) {
  const file = suites[name];
  if (!file) {
    console.error(`Unknown benchmark suite "${name}". Known: ${Object.keys(suites).join(', ')}`);
    process.exit(2);
  }
  if (!existsSync(file)) {
    console.error(`Benchmark suite "${name}" is not built yet (${file} missing).`);
    process.exit(2);
  }
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', file, ...rest], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
