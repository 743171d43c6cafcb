import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * The build's own configuration (vite.config.ts: React, the `@` and zod aliases, the `source`
 * condition), so that tests resolve modules as the app does, and two test projects. Most test
 * files share one jsdom and one module graph per worker (`isolate: false`): building jsdom and
 * importing Mantine again for every file was half of the suite's time. The
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

export default mergeConfig(
  viteConfig,
  defineConfig({
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
  }),
);
