#!/usr/bin/env node
// The web's API types, generated from the server's OpenAPI document (apps/server/src/cli/openapi.ts builds the app
// without a database or a port and prints it; openapi-typescript turns it into apps/web/src/api/generated/schema.d.ts,
// which is committed and typed against by apps/web/src/api/client.ts).
//   node scripts/api-client.mjs            regenerate (npm run api:generate) — after changing any route's schema
//   node scripts/api-client.mjs --check    fail, with a diff, when the committed file is not what the routes give
//                                          (npm run api:check; npm test runs it first)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'apps/web/src/api/generated/schema.d.ts');
const check = process.argv.includes('--check');

const doc = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/cli/openapi.ts')], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (doc.status !== 0) {
  console.error('api-client: the server could not build its OpenAPI document');
  process.exit(doc.status ?? 1);
}

const HEADER =
  "/**\n * Generated from the server's OpenAPI document by `npm run api:generate` (scripts/api-client.mjs). Do not edit:\n" +
  ' * change the route schemas (packages/shared, apps/server/src/modules/**) and regenerate; `npm run api:check` and\n' +
  ' * `npm test` fail while this file differs from what the routes give.\n */\n\n';
const ast = await openapiTS(JSON.parse(doc.stdout), { alphabetize: true });
const text = HEADER + astToString(ast);

if (!check) {
  writeFileSync(target, text);
  console.log(`api-client: wrote ${path.relative(root, target)}`);
  process.exit(0);
}

let committed = '';
try {
  committed = readFileSync(target, 'utf8');
} catch {
  // missing: reported below as a difference
}
if (committed === text) {
  console.log('api-client: apps/web/src/api/generated/schema.d.ts is up to date');
  process.exit(0);
}
const dir = mkdtempSync(path.join(tmpdir(), 'sextant-api-'));
const fresh = path.join(dir, 'schema.d.ts');
writeFileSync(fresh, text);
const diff = spawnSync('git', ['diff', '--no-index', '--stat', '--patch', '--', target, fresh], { encoding: 'utf8' });
const lines = (diff.stdout || '').split('\n');
console.error(lines.slice(0, 200).join('\n') + (lines.length > 200 ? `\n… ${lines.length - 200} more lines` : ''));
rmSync(dir, { recursive: true, force: true });
console.error(
  "\napi-client: apps/web/src/api/generated/schema.d.ts differs from the routes' OpenAPI document: run `npm run api:generate` and commit it.",
);
process.exit(1);
