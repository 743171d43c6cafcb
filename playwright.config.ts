import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the real app (API + built web) on a fresh embedded database. Every
 * journey runs twice: in a desktop window and in a phone window (360 x 740). The two projects run
 * side by side, each against its own server and data (E2E_PORT and E2E_PORT + 1), so a journey's
 * demo data never meets its twin's; within a project the journeys run one after another.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${E2E_PORT}`;
export const E2E_JWT_SECRET = 'e2e-only-secret-e2e-only-secret-e2e-only-secret';

/** Where each project's server listens and keeps its data (the outbox of its mails among it). */
export const E2E_TARGETS = {
  desktop: { port: E2E_PORT, dataDir: E2E_DATA_DIR },
  phone: { port: E2E_PORT + 1, dataDir: `${E2E_DATA_DIR}-phone` },
} as const;
export type E2ETarget = keyof typeof E2E_TARGETS;

/**
 * Debian's headless shell of Chromium (package chromium-headless-shell), else its full Chromium.
 * The shell is the same engine without the browser's windowing: the journeys ran a third faster on
 * it on two cores. CHROMIUM_PATH names another browser.
 */
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // One worker per project (see `projects`): the desktop and phone runs go side by side.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two projects share the machine side by side: a journey gets more time than when alone.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  projects: [
    {
      name: 'desktop',
      workers: 1,
      // The walk through every screen at 320 px is the phone project's.
      testIgnore: 'screens-phone.spec.ts',
      metadata: { dataDir: E2E_TARGETS.desktop.dataDir },
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${E2E_TARGETS.desktop.port}` },
    },
    {
      name: 'phone',
      workers: 1,
      // The walk at 320 px scans every main screen with axe at phone size instead.
      testIgnore: 'screens-a11y.spec.ts',
      metadata: { dataDir: E2E_TARGETS.phone.dataDir },
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 360, height: 740 },
        baseURL: `http://localhost:${E2E_TARGETS.phone.port}`,
      },
    },
  ],
  use: {
    // Recording a trace (screencast frames and a DOM snapshot per action) took a fifth of the
    // run's time on two cores: traces come with a retry (CI), or on every failure with E2E_TRACE=1.
    // A failure always leaves its screenshot and the page's snapshot (error-context.md).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'on-first-retry',
    screenshot: 'only-on-failure',
    // The browser asks for less motion, which the app honours (Mantine's transitions and the
    // loading bar): journeys wait for no fade, and what they assert is the same.
    reducedMotion: 'reduce',
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
  webServer: (Object.keys(E2E_TARGETS) as E2ETarget[]).map((target) => ({
    command: 'node e2e/support/start-server.mjs',
    url: `http://localhost:${E2E_TARGETS[target].port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Stopped as Ctrl-C stops `npm start`: the app drains, then stops its embedded database server
    // (killed outright, the server would be left running).
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(E2E_TARGETS[target].port),
      DATA_DIR: E2E_TARGETS[target].dataDir,
      JWT_SECRET: E2E_JWT_SECRET,
      RATE_LIMITS: 'false',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${E2E_TARGETS[target].port}`,
      SCHEDULED_JOBS: 'false',
      // Webhooks may go to a receiver a journey starts on 127.0.0.1 (over http): for tests only
      // (docs/product/webhooks-and-api-tokens.md#endpoints).
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      ...(process.env.E2E_FROM_SOURCE ? { E2E_FROM_SOURCE: process.env.E2E_FROM_SOURCE } : {}),
    },
  })),
});
