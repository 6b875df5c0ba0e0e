import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import react from '@vitejs/plugin-react';

/**
 * Pages whose modules index.html preloads when the URL is theirs, so they download with the app's own modules
 * instead of after the router has started (the insights page's first chart within 1.5 s).
 */
const ROUTE_PRELOADS: { path: RegExp; modules: string[] }[] = [
  {
    path: /^\/jobs\/[0-9a-f-]{36}\/summary\/?$/,
    modules: ['src/routes/jobs/summary/summary-page.tsx', 'src/components/charts/echarts-lib.ts'],
  },
  {
    path: /^\/jobs\/[0-9a-f-]{36}\/insights\/?$/,
    modules: ['src/routes/jobs/insights/insights-page.tsx', 'src/components/charts/echarts-lib.ts'],
  },
];

/**
 * Adds to index.html a script that preloads, on a URL of ROUTE_PRELOADS, its modules' chunks and their imports, after
 * public/boot.js inlined in place of its script tag.
 */
function routePreloads(routes: typeof ROUTE_PRELOADS): Plugin {
  const closure = (bundle: OutputBundle, file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    const c = bundle[file];
    if (c?.type === 'chunk') for (const i of c.imports) closure(bundle, i, into);
  };
  return {
    name: 'sextant:route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        const initial = new Set<string>();
        closure(bundle, chunk.fileName, initial);
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const table = routes.map(({ path, modules }) => {
          const files = new Set<string>();
          for (const m of modules) {
            const c = chunks.find((x) => x.moduleIds.some((id) => id.endsWith(`/${m}`)));
            if (!c) throw new Error(`route-preloads: no chunk for ${m}`);
            closure(bundle, c.fileName, files);
          }
          return [path.source, [...files].filter((f) => !initial.has(f)).map((f) => `/${f}`)];
        });
        const script = `(function(){var t=${JSON.stringify(table)};for(var i=0;i<t.length;i++)if(new RegExp(t[i][0]).test(location.pathname))t[i][1].forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l);});})();`;
        // boot.js goes inline (the dev server serves it from public/): its requests start as the HTML is parsed, not a
        // round trip later, and queue ahead of the page's chunks for the browser's few connections per host.
        const boot = '<script src="/boot.js"></script>';
        if (!html.includes(boot)) throw new Error('route-preloads: index.html has no boot.js script');
        const bootJs = readFileSync(new URL('./public/boot.js', import.meta.url), 'utf8').trim();
        if (bootJs.includes('</script')) throw new Error('route-preloads: boot.js cannot be inlined');
        return html.replace(boot, `<script>${bootJs}</script>\n    <script>${script}</script>`);
      },
    },
  };
}

const routerDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

const api = process.env.SEXTANT_API ?? 'http://127.0.0.1:3000';

export default defineConfig(({ command }) => ({
  plugins: [react(), routePreloads(ROUTE_PRELOADS)],
  resolve: {
    // react-router's package exports only its development build (warnings and checks included) to bundlers; the
    // production build ships beside it.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(routerDir, 'dist/production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(routerDir, 'dist/production/dom-export.mjs') },
          ]
        : [],
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/chat': api },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        manualChunks(id: string) {
          // React itself in one long-cached chunk; MUI, the router and i18n are left to the bundler, so that a page
          // loads the MUI components it uses (the sign-in page needs a handful, not the data grid's).
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/@tanstack/')) return 'query';
          // The zod-free shared values (@sextant/shared/values) and the app's start-up modules that lazy pages share
          // with it, in one chunk: left to the bundler, they become half a dozen small chunks on the start-up path.
          if (/\/packages\/shared\/src\/(values\/|routes\.ts|job-tabs\.ts|themes\.ts)/.test(id)) return 'core';
          if (
            /\/apps\/web\/src\/(app\/(current-user|navigation|query-client|use-document-title|theme\/theme-store)|components\/notifications\/notification-store)\.ts$/.test(
              id,
            )
          )
            return 'core';
          return undefined;
        },
      },
    },
  },
}));
