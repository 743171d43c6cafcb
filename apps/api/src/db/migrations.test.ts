import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client.js';

const run = promisify(execFile);
const apiDir = fileURLToPath(new URL('../..', import.meta.url));

describe('migrations', () => {
  it('match the schema: generating again finds nothing to migrate', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'kindred-migrations-'));
    try {
      await cp(MIGRATIONS_DIR, out, { recursive: true });
      const before = (await readdir(out)).sort();
      const { stdout } = await run('npx', ['drizzle-kit', 'generate'], {
        cwd: apiDir,
        env: { ...process.env, DRIZZLE_OUT: path.relative(apiDir, out) },
      });
      const after = (await readdir(out)).sort();
      expect(after, `drizzle-kit generated a migration the repo lacks:\n${stdout}`).toEqual(before);
      expect(stdout).toContain('No schema changes');
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 60_000);
});
