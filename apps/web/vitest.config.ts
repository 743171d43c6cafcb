import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Two projects. Most test files share one jsdom and one module graph per worker (`isolate: false`):
 * building jsdom and importing Mantine again for every file was half of the suite's time. The
 * setup file cleans up what a file leaves behind (rendered trees, toasts, storage, stubbed globals
 * and mocks). Files that replace a module with `vi.mock` (the Stripe.js ones, named
 * `*.stripe.test.tsx`) need a module graph of their own and keep isolation.
 */
const shared = {
  environment: 'jsdom',
  setupFiles: ['src/testing/setup.ts'],
  restoreMocks: true,
  // Mantine screens render slowly in jsdom on a busy two-core machine.
  testTimeout: 20_000,
  unstubGlobals: true,
} as const;

const ISOLATED = 'src/**/*.stripe.test.{ts,tsx}';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod, configured as the build has it (lib/zod-config.ts): the same words on refused fields.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-config.ts', import.meta.url)) },
    ],
    conditions: ['source', ...defaultClientConditions],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: 'shared-environment',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [ISOLATED],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...shared, name: 'isolated', include: [ISOLATED] },
      },
    ],
  },
});
