#!/usr/bin/env node
// `npm run cli -- …`: backup and restore go to the server's CLI (apps/server/src/cli/backup-cli.ts), every other
// command to the analysis engine's CLI (packages/analysis/src/cli/main.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const server = ['backup', 'restore'].includes(args[0] ?? '');
const entry = server ? 'apps/server/src/cli/backup-cli.ts' : 'packages/analysis/src/cli/main.ts';
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry), ...args], {
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
