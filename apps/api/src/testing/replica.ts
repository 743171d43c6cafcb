import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded-postgres.js';

export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs SQL on the replica (to pause or resume its replay). */
  onReplica(sql: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL primary and a streaming replica of it, each an embedded server of its own in a
 * temporary folder: the deployment's primary and read replica in miniature. The replica is a copy
 * of the primary's cluster taken while it is stopped (what `pg_basebackup` does with a running
 * one), started in standby mode and streaming from the primary over its socket.
 */
export async function startReplicaPair(): Promise<ReplicaPair> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'kindred-replica-'));
  // As root the servers run as the user "postgres", who must be able to enter the folder.
  await chmod(root, 0o755);
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const started: EmbeddedPostgres[] = [];
  const stop = async () => {
    for (const server of started.reverse()) await server.stop();
    await rm(root, { recursive: true, force: true });
  };
  try {
    const first = await startEmbeddedPostgres({ dir: primaryDir, mode: 'throwaway' });
    await first.stop();
    // -a keeps the files' owner: as root, the server's user "postgres".
    await promisify(execFile)('cp', ['-a', primaryDir, replicaDir]);
    const primary = await startEmbeddedPostgres({ dir: primaryDir, mode: 'throwaway' });
    started.push(primary);
    const socket = new URL(primary.url).searchParams.get('host') ?? '';
    const { port } = new URL(primary.url);
    // The settings `pg_basebackup -R` writes: stream from the primary, as a standby.
    await writeFile(
      path.join(replicaDir, 'data', 'postgresql.auto.conf'),
      `primary_conninfo = 'host=${socket} port=${port} user=kindred'\n`,
    );
    await writeFile(path.join(replicaDir, 'data', 'standby.signal'), '');
    started.push(await startEmbeddedPostgres({ dir: replicaDir, mode: 'throwaway' }));
  } catch (error) {
    await stop();
    throw error;
  }
  const [primary, replica] = started as [EmbeddedPostgres, EmbeddedPostgres];
  return {
    primaryUrl: primary.url,
    replicaUrl: replica.url,
    async onReplica(sql) {
      const client = new pg.Client({ connectionString: replica.url });
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
