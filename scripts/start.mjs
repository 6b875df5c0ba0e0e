#!/usr/bin/env node
// `npm start`: builds the web app and the server (scripts/build-server.mjs: JavaScript in apps/server/dist) when
// their sources changed since the last build, then runs the compiled server (all services in one process unless
// --services=… is passed). Extra arguments go to the server; --build-only stops after the builds. SEXTANT_FROM_SOURCE=1
// runs the TypeScript sources through tsx instead (no server build), as `npm run dev` does.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, MAKE_PGLITE_TEMPLATE, newestMtime, SERVER_MAIN } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/shared/src',
];

const args = process.argv.slice(2);
const servesWeb = !args.some((a) => a.startsWith('--services=')) || args.some((a) => /--services=.*api/.test(a));
// WEB_DIST set: the server serves that build as it is (parallel worktrees and e2e runs build their own).
if (servesWeb && !process.env.WEB_DIST && existsSync(path.join(root, 'apps/web/index.html'))) {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (changedAt > builtAt || process.env.FORCE_BUILD === '1') {
    console.log('Building the web app…');
    const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

let fromSource = process.env.SEXTANT_FROM_SOURCE === '1';
if (!fromSource) {
  try {
    const built = await buildServer({ force: process.env.FORCE_BUILD === '1' });
    // After a build, the migrated database template (packages/db/src/pglite-template.ts) when it is missing: a first
    // start on a new data directory then loads it instead of running initdb and every migration (≈ 15 s of CPU).
    if ((built || args.includes('--build-only')) && !process.env.DATABASE_URL)
      spawnSync(process.execPath, [MAKE_PGLITE_TEMPLATE], { cwd: root, stdio: 'inherit' });
  } catch (err) {
    // e.g. esbuild missing: the sources still run (slower to start); a real error in them shows again there
    console.error(
      `The server did not build (${err instanceof Error ? err.message : String(err)}); running its sources`,
    );
    if (args.includes('--build-only')) process.exit(1);
    fromSource = true;
  }
}

if (args.includes('--build-only')) process.exit(0);

const server = fromSource
  ? ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')]
  : ['--enable-source-maps', SERVER_MAIN];
// The IPC channel lets the server notice when this process dies, even by SIGKILL (it then stops too).
const child = spawn(process.execPath, [...server, ...args], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
