import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import react from '@vitejs/plugin-react';
import { BOOT_PATHS } from './src/app/boot-pages.ts';

/**
 * Pages whose modules index.html preloads when the URL is theirs, so they download with the app's own modules
 * instead of after the router has started (the insights page's first chart within 1.5 s).
 */
const ROUTE_PRELOADS: { path: RegExp; modules: string[] }[] = [
  // Every page but the signed-out start comes through the page registry (src/app/router.tsx).
  { path: new RegExp(`^(?!${BOOT_PATHS.source.slice(1)})`), modules: ['src/app/page-registry.ts'] },
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

/**
 * MUI's createTheme and ThemeProvider each bring the CSS-variables variant beside the plain one (createThemeWithVars,
 * CssVarsProvider with its color-scheme storage and script: 8 KB gzip on every page's start-up path) and choose at run
 * time. The app's themes (app/theme/themes.ts) have a palette and neither `cssVariables` nor `colorSchemes`, so MUI
 * always takes the plain one: here those two imports get a stand-in that says so if a theme ever needs the other.
 */
function muiWithoutCssVars(): Plugin {
  const STUB = '\0sextant:mui-without-css-vars';
  const importers = /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/](createTheme|ThemeProvider)\.js$/;
  return {
    name: 'sextant:mui-without-css-vars',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        (source === './createThemeWithVars.js' || source === './ThemeProviderWithVars.js') &&
        importer &&
        importers.test(importer)
      )
        return STUB;
      return null;
    },
    load(id) {
      if (id !== STUB) return null;
      const fail = `function () { throw new Error('MUI CSS-variables themes are not bundled (vite.config.ts muiWithoutCssVars): give the theme no cssVariables or colorSchemes, or remove the plugin'); }`;
      return `export default ${fail};\nexport const CssVarsProvider = ${fail};\n`;
    },
  };
}

const routerDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

const api = process.env.SEXTANT_API ?? 'http://127.0.0.1:3000';

export default defineConfig(({ command }) => ({
  plugins: [react(), muiWithoutCssVars(), routePreloads(ROUTE_PRELOADS)],
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
    // Every browser the app supports preloads modules itself (modulepreload: Chrome 66, Firefox 115, Safari 17).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'core', tags: ['$initial'], priority: 2 },
          ],
        },
      },
    },
  },
}));
