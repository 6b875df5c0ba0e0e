#!/usr/bin/env node
// `npm run typecheck`: tsc --noEmit for every workspace that has a tsconfig.json.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = ['packages/shared', 'packages/db', 'packages/analysis', 'apps/server', 'apps/web', 'e2e'];
let failed = false;
for (const p of projects) {
  if (!existsSync(`${p}/tsconfig.json`)) continue;
  const r = spawnSync('npx', ['tsc', '-p', p, '--noEmit'], { stdio: 'inherit' });
  console.log(`typecheck ${p}: ${r.status === 0 ? 'ok' : 'FAILED'}`);
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
