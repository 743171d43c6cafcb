import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    pool: 'forks',
    // The files of a worker share one module graph: importing the app (Fastify, drizzle, pg)
    // again for every file was half of the suite's time. Nothing here replaces modules or changes
    // the environment, and every file builds its own app on its own fresh database.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
