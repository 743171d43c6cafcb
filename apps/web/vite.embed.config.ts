import { defineConfig } from 'vite';
import { resolveOptions } from './vite.config.ts';

/**
 * The donate button's page (embed.html, src/embed/): built on its own after the app, into the same
 * dist/, so that nothing of the app's bundle (React, Mantine, the router, TanStack Query) and none
 * of its chunking reaches it. Preact renders it; its JSX names Preact's runtime. Its manifest,
 * dist/.vite/embed-manifest.json, is what scripts/js-budget.mjs sizes against its own budget.
 */
export default defineConfig({
  resolve: resolveOptions,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  publicDir: false,
  build: {
    outDir: 'dist',
    // The app's build has just written dist/: this one adds to it.
    emptyOutDir: false,
    sourcemap: true,
    manifest: '.vite/embed-manifest.json',
    rolldownOptions: { input: { embed: 'embed.html' } },
  },
});
