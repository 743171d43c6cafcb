import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Where this machine keeps PostgreSQL's server programs (initdb, pg_ctl, pg_basebackup), if it has them. */
export async function postgresBinaries(): Promise<string | undefined> {
  try {
    const { stdout } = await run('pg_config', ['--bindir']);
    const dir = stdout.trim();
    return ['initdb', 'pg_ctl', 'pg_basebackup'].every((name) => existsSync(path.join(dir, name)))
      ? dir
      : undefined;
  } catch {
    return undefined;
  }
}

export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs SQL on the replica (to pause or resume its replay). */
  onReplica(sql: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL primary and a streaming replica made from it with `pg_basebackup`, each a cluster
 * of its own in a temporary folder, on two free ports of this machine: the deployment's primary
 * and read replica in miniature. The server refuses to run as root, so as root the clusters run
 * as the `postgres` user.
 */
export async function startReplicaPair(bin: string): Promise<ReplicaPair> {
  const asRoot = process.getuid?.() === 0;
  const exec = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args])
      : run(path.join(bin, program), args);
  const root = await mkdtemp(path.join(os.tmpdir(), 'kindred-replica-'));
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const sockets = path.join(root, 'sockets');
  await mkdir(sockets);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    for (const dir of [root, sockets]) await chown(dir, Number(stdout), Number(group));
  }
  await chmod(root, 0o700);
  const base = 20_000 + Math.floor(Math.random() * 9_000);
  const ports = { primary: base, replica: base + 1 };
  const options = (port: number) =>
    `-p ${port} -k ${sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
  const started: string[] = [];
  const stop = async () => {
    for (const dir of started.reverse())
      await exec('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    await rm(root, { recursive: true, force: true });
  };
  try {
    await exec('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
    await exec('pg_ctl', [
      '-D',
      primaryDir,
      '-o',
      options(ports.primary),
      '-l',
      `${primaryDir}.log`,
      '-w',
      'start',
    ]);
    started.push(primaryDir);
    // -R writes the standby settings (standby.signal, primary_conninfo); -X stream copies the WAL.
    await exec('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(ports.primary),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ]);
    await exec('pg_ctl', [
      '-D',
      replicaDir,
      '-o',
      options(ports.replica),
      '-l',
      `${replicaDir}.log`,
      '-w',
      'start',
    ]);
    started.push(replicaDir);
  } catch (error) {
    await stop();
    throw error;
  }
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    primaryUrl: url(ports.primary),
    replicaUrl: url(ports.replica),
    async onReplica(sql) {
      const client = new pg.Client({ connectionString: url(ports.replica) });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    },
    stop,
  };
}
