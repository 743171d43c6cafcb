// Starts the app on a fresh data directory for the browser journeys: the built API by default,
// or its TypeScript source with E2E_FROM_SOURCE=1 (no build needed while developing).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = process.env.DATA_DIR ?? '.tmp/e2e-data';
// A server of the embedded database left by an earlier run that was killed is stopped before its
// folder goes (an immediate shutdown: its data is thrown away with the folder).
const lock = path.join(dataDir, 'postgres', 'data', 'postmaster.pid');
if (existsSync(lock)) {
  try {
    process.kill(Number(readFileSync(lock, 'utf8').split('\n')[0]), 'SIGQUIT');
  } catch {
    // not running
  }
}
rmSync(dataDir, { recursive: true, force: true });
const args = process.env.E2E_FROM_SOURCE
  ? ['--conditions=source', '--import', 'tsx', 'apps/api/src/server.ts']
  : ['apps/api/dist/server.js'];
const server = spawn(process.execPath, args, { stdio: 'inherit', env: process.env });
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
