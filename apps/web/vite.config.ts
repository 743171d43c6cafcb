import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const apiUrl = process.env.API_URL ?? 'http://localhost:3001';

/** How modules resolve, for the app and the donate button's page (vite.embed.config.ts) alike. */
export const resolveOptions = {
  alias: [
    { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    // zod, configured (lib/zod-config.ts): the one way the build, and the tests (vitest.config.ts
    // extends this file), reach zod, so refused fields read the same in both.
    { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-config.ts', import.meta.url)) },
  ],
  // `@kindred/shared` resolves to its TypeScript source through its `source` export condition.
  conditions: ['source', ...defaultClientConditions],
};

/**
 * In development, the donate button's addresses (`/embed/project/{id}`, `/embed/charity/{id}`)
 * open its page, as the API serves them in production (apps/api/src/plugins/embed-pages.ts).
 */
const embedPagesInDevelopment: Plugin = {
  name: 'kindred-embed-pages',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url && /^\/embed\/(?:project|charity)\/[^/?#]+\/?(?:\?.*)?$/.test(request.url))
        request.url = '/embed.html';
      next();
    });
  },
};

export default defineConfig({
  // The donate button's page is Preact: React's fast refresh stays out of it.
  plugins: [react({ exclude: /[\\/]src[\\/]embed[\\/]/ }), embedPagesInDevelopment],
  resolve: resolveOptions,
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/api': { target: apiUrl, changeOrigin: true } },
  },
  preview: {
    port: 3000,
    proxy: { '/api': { target: apiUrl, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/js-budget.mjs follows it to size each page's first load.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod with the module that configures it (lib/zod-config.ts): every chunk that builds
            // a schema imports this one, so the configuration runs before the first schema is
            // built, whatever the chunks. Built earlier, a schema probes `new Function`, which the
            // Content-Security-Policy reports as a violation.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-config\.ts$/,
              priority: 2,
            },
            // Everything else the entry needs, in one file rather than a dozen small ones: a phone
            // on HTTP/1.1 opens six connections, and each extra round trip delays the first paint.
            { name: 'initial', tags: ['$initial'], priority: 1 },
            // What every way of giving shares (the card's fields, the donation's pieces) in one file
            // loaded with the first flow opened, rather than a handful of small ones: fewer files
            // to fetch then, and fewer names in the entry's list of what each screen preloads.
            { name: 'giving-shared', test: /[\\/]src[\\/]entities[\\/](card|donation)[\\/]/, priority: 0 },
            // What the fundraising screens and the flows through a page share, in one file rather
            // than four: one fetch for a page's visitor, and fewer names in the entry's preload lists.
            // Ahead of giving-shared, whose gifts name their page: a page's visitor loads no giving.
            // (The entry's Start a fundraiser stays in the entry.)
            {
              name: 'fundraiser',
              test: /[\\/]src[\\/]entities[\\/]fundraiser[\\/](?!start-fundraiser)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
