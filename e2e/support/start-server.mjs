// Starts the app on a fresh data directory for the browser journeys: the built API by default,
// or its TypeScript source with E2E_FROM_SOURCE=1 (no build needed while developing).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR ?? '.tmp/e2e-data';
rmSync(dataDir, { recursive: true, force: true });
const args = process.env.E2E_FROM_SOURCE
  ? ['--conditions=source', '--import', 'tsx', 'apps/api/src/server.ts']
  : ['apps/api/dist/server.js'];
const server = spawn(process.execPath, args, { stdio: 'inherit', env: process.env });
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
