import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/** Browser journeys against the real app (API + built web) on a fresh embedded database. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${E2E_PORT}`;
export const E2E_JWT_SECRET = 'e2e-only-secret-e2e-only-secret-e2e-only-secret';

const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    url: `http://localhost:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      JWT_SECRET: E2E_JWT_SECRET,
      RATE_LIMITS: 'false',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${E2E_PORT}`,
      SCHEDULER_INTERVAL_MS: '0',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      ...(process.env.E2E_FROM_SOURCE ? { E2E_FROM_SOURCE: process.env.E2E_FROM_SOURCE } : {}),
    },
  },
});
