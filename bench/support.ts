/** Helpers both benchmarks use: settings from the environment, ports, databases, percentiles, processes. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** A whole-number setting from the environment, within bounds. */
export function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${text}".`);
  }
  return value;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function countError(errors: Map<string, number>, what: string) {
  errors.set(what, (errors.get(what) ?? 0) + 1);
}

/** The same server, another database. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs one statement (create or drop a database) as the admin connection. */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}

/** Stops a child process: SIGTERM, then SIGKILL after 5 s. */
export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** CPU ticks (user + system) a process has used, from /proc. */
export function processTicks(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return Number.NaN;
  }
}

// ---------------------------------------------------------------------------------------------
// Cleanup: everything made is undone in reverse order, on success, failure, signal or time-out.

export const cleanups: Array<{ what: string; run: () => Promise<unknown> }> = [];
let cleaning: Promise<void> | undefined;

export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (let step = cleanups.pop(); step; step = cleanups.pop()) {
      try {
        await step.run();
      } catch (error) {
        console.error(`bench: could not ${step.what}: ${error instanceof Error ? error.message : error}`);
      }
    }
  })();
  return cleaning;
}

export function abort(reason: string, code: number) {
  console.error(`bench: ${reason}, stopping`);
  void cleanup().finally(() => process.exit(code));
}

const apiDir = fileURLToPath(new URL('../apps/api/', import.meta.url));

/**
 * Starts one API process from source on a database, registers its stop as a clean-up step, and
 * waits until /api/health answers.
 */
export async function startApi(
  databaseUrl: string,
  dataDir: string,
  port: number,
  secret: string,
  extraEnv: Record<string, string> = {},
) {
  const stderr: string[] = [];
  const server = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      ...extraEnv,
      DEMO_DATA: 'false',
      RATE_LIMITS: 'false',
      LOG_LEVEL: 'error',
      SCHEDULER_INTERVAL_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr?.setEncoding('utf8');
  server.stderr?.on('data', (chunk: string) => {
    stderr.push(chunk);
    if (stderr.length > 50) stderr.shift();
  });
  cleanups.push({ what: 'stop the API', run: () => stopProcess(server) });

  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the API exited (${server.exitCode ?? server.signalCode}):\n${stderr.join('')}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return { server, stderr };
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`the API did not answer /api/health within 60 s:\n${stderr.join('')}`);
}
