import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.js';

/**
 * A server killed where nothing reaps orphans (a container whose first process does not) stays a
 * zombie: its number still answers a signal, so both pg_ctl and PostgreSQL take its lock file for a
 * live server's. The embedded database still comes up on the next start.
 */
describe.runIf(process.platform === 'linux')('the embedded database after its server died unreaped', () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  /** The user the embedded server runs as: `postgres` when the tests run as root. */
  function serverUser(): { uid?: number; gid?: number } {
    if (process.getuid?.() !== 0) return {};
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  }

  /** A process named `postgres` that has exited and that its parent (a sleeping shell) never reaps. */
  async function zombieNamedPostgres(dir: string): Promise<number> {
    await mkdir(path.join(dir, 'bin'));
    const fake = path.join(dir, 'bin', 'postgres');
    // It lives a moment, so that the shell has become `sleep` (which never reaps) before it exits:
    // a fake that exited at once could be reaped by the shell itself first.
    await symlink('/bin/sleep', fake);
    // As the server's own user (PostgreSQL takes a process of another user for no server of its own).
    const parent: ChildProcess = spawn('sh', ['-c', `"${fake}" 0.3 & echo $!; exec sleep 120`], serverUser());
    cleanup.push(async () => parent.kill('SIGKILL'));
    const pid = await new Promise<number>((resolve) =>
      parent.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    for (let i = 0; i < 100; i++) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      if (stat.charAt(stat.lastIndexOf(')') + 2) === 'Z') return pid;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the fake server did not become a zombie');
  }

  it('clears the dead server’s locks and starts, with what it had committed', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'kindred-zombie-'));
    cleanup.push(() => rm(root, { recursive: true, force: true }));
    await chmod(root, 0o755);
    const dir = path.join(root, 'postgres');

    const first = await startEmbeddedPostgres({ dir, mode: 'throwaway' });
    const lock = path.join(dir, 'data', 'postmaster.pid');
    const lines = (await readFile(lock, 'utf8')).split('\n');
    const socketLock = path.join(lines[4] ?? '', `.s.PGSQL.${lines[3]}.lock`);
    const socketLines = (await readFile(socketLock, 'utf8')).split('\n');
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('create table kept (note text)');
    await client.query('insert into kept values ($1)', ['before the crash']);
    await client.end();
    await first.stop();

    // The lock files as the killed server left them, naming a process that exited and was not reaped.
    const zombie = String(await zombieNamedPostgres(root));
    lines[0] = zombie;
    socketLines[0] = zombie;
    await writeFile(lock, lines.join('\n'));
    await writeFile(socketLock, socketLines.join('\n'));

    const again = await startEmbeddedPostgres({ dir, mode: 'throwaway' });
    cleanup.push(() => again.stop());
    const reader = new pg.Client({ connectionString: again.url });
    await reader.connect();
    const { rows } = await reader.query<{ note: string }>('select note from kept');
    await reader.end();
    expect(rows).toEqual([{ note: 'before the crash' }]);
  }, 60_000);
});
