import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export { freePort } from '../db/embedded-postgres.js';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

export interface ApiProcess {
  port: number;
  process: ChildProcess;
  /** What the process wrote to stderr so far. */
  errors(): string;
  /** Waits for `/api/health` to answer 200, or fails with what the process wrote. */
  healthy(ms?: number): Promise<void>;
  /** Stops the process and waits for it to exit. */
  stop(): Promise<void>;
  /** A JSON call as the web app makes it (signed in when given a token); fails on an answer of 300 or more. */
  call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T>;
}

/**
 * A real API process (`src/server.ts`) on a port of this machine, for tests that need several
 * processes or a process to survive something: the same server a deployment runs.
 */
export function startApiProcess(options: {
  port: number;
  /** Without one, the process runs the embedded default: its own PostgreSQL server in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  secret: string;
  logLevel?: string;
  /** More settings (PUBLIC_CACHE_TTL_MS...). */
  env?: Record<string, string>;
}): ApiProcess {
  let stderr = '';
  const { DATABASE_URL: _suite, ...env } = process.env;
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      DATA_DIR: options.dataDir,
      JWT_SECRET: options.secret,
      DEMO_DATA: 'false',
      RATE_LIMITS: 'false',
      LOG_LEVEL: options.logLevel ?? 'error',
      SCHEDULED_JOBS: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  return {
    port: options.port,
    process: child,
    errors: () => stderr,
    async healthy(ms = 30_000) {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        try {
          if ((await fetch(`http://127.0.0.1:${options.port}/api/health`)).status === 200) return;
        } catch {
          // not up yet
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`API on port ${options.port} did not become healthy; its errors: ${stderr}`);
    },
    async call<T>(method: string, p: string, token?: string, body?: unknown): Promise<T> {
      const res = await fetch(`http://127.0.0.1:${options.port}${p}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text}`);
      return JSON.parse(text) as T;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
