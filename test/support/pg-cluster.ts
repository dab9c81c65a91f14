// A throwaway PostgreSQL cluster for the store tests and the bench: initdb in a temporary folder as an
// unprivileged user (postgres refuses to run as root), the server on a free 127.0.0.1 port with its
// unix socket in that folder, stopped and removed at the end (and killed if the test process
// exits first). No vitest here: bench/cases/store.ts starts one too.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SYSTEM_USER = 'toolwright-pg';

export interface PgBinaries {
  initdb: string;
  postgres: string;
}

/** initdb and postgres from PATH, else from Debian's /usr/lib/postgresql/<version>/bin (newest). */
export function findPgBinaries(): PgBinaries | undefined {
  const dirs = (process.env.PATH ?? '').split(':').filter(Boolean);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  for (const dir of dirs) {
    const initdb = path.join(dir, 'initdb');
    const postgres = path.join(dir, 'postgres');
    if (existsSync(initdb) && existsSync(postgres)) return { initdb, postgres };
  }
  return undefined;
}

export const pgBinaries = findPgBinaries();
export const MISSING =
  "PostgreSQL binaries (initdb, postgres) not found on PATH or under /usr/lib/postgresql/*/bin; install Debian's postgresql to run these tests";

/** The uid/gid the cluster runs as: ours if not root, else the system user (made if missing) or nobody. */
function clusterUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => {
    const out = spawnSync('id', ['-u', SYSTEM_USER], { encoding: 'utf8' });
    if (out.status !== 0) return undefined;
    const gid = spawnSync('id', ['-g', SYSTEM_USER], { encoding: 'utf8' });
    return { uid: Number(out.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  const found = lookup();
  if (found) return found;
  spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', SYSTEM_USER], {
    encoding: 'utf8',
  });
  return lookup() ?? { uid: 65534, gid: 65534 };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PgCluster {
  readonly port: number;
  readonly password: string;
  /** postgres://postgres:PASSWORD@127.0.0.1:PORT/DATABASE */
  url(database?: string, overrides?: { password?: string; port?: number; user?: string }): string;
  /** Creates a database (a fresh one per test that needs a schema of its own). */
  createDatabase(name: string): Promise<string>;
  /** Stops the server: 'fast' (clean) or 'immediate' (as a crash would). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Freezes every server process (SIGSTOP): connections hang instead of failing. */
  pause(): void;
  resume(): void;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

const live = new Set<ChildProcess>();

/** The postmaster and its children (each backend runs in a session of its own, so no group signal reaches them all). */
function family(pid: number): number[] {
  const pids = [pid];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) pids.push(Number(entry));
    } catch {
      /* exited while scanning */
    }
  }
  return pids;
}

function signalFamily(pid: number, signal: NodeJS.Signals): void {
  for (const member of family(pid)) {
    try {
      process.kill(member, signal);
    } catch {
      /* gone */
    }
  }
}
let exitHook = false;

export interface ClusterOptions {
  /** Keep fsync on (the bench measures what a deployment pays); tests turn it off. */
  durable?: boolean;
}

export async function startCluster(options: ClusterOptions = {}): Promise<PgCluster> {
  if (!pgBinaries) throw new Error(MISSING);
  const bin = pgBinaries;
  const user = clusterUser();
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-pg-'));
  const data = path.join(dir, 'data');
  const password = `pw-${Math.random().toString(36).slice(2, 12)}`;
  await writeFile(path.join(dir, 'pwfile'), `${password}\n`);
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chownSync(path.join(dir, 'pwfile'), user.uid, user.gid);
  }
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', LC_ALL: 'C' };
  const ids = user ? { uid: user.uid, gid: user.gid } : {};
  const init = spawnSync(
    bin.initdb,
    [
      '-D',
      data,
      '-U',
      'postgres',
      '--pwfile',
      path.join(dir, 'pwfile'),
      '--auth-host=scram-sha-256',
      '--auth-local=trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ],
    { cwd: dir, env, encoding: 'utf8', ...ids },
  );
  if (init.status !== 0) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (${init.status}): ${init.stderr || init.stdout}`);
  }
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    const server = spawn(
      bin.postgres,
      [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        // No fsync (the machine does not crash under a test), but commits are durable across a server
        // crash (synchronous_commit stays on): the outage tests restart it and expect what committed.
        ...(options.durable ? [] : ['-c', 'fsync=off', '-c', 'full_page_writes=off']),
        '-c',
        'max_connections=100',
      ],
      { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true, ...ids },
    );
    child = server;
    live.add(server);
    if (!exitHook) {
      exitHook = true;
      // A test process that dies (or forgets destroy) must not leave servers behind.
      process.once('exit', () => {
        for (const c of live) signalFamily(c.pid!, 'SIGKILL');
      });
    }
    let log = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`postgres did not start within 30 s:\n${log}`)), 30_000);
      server.stderr.on('data', (chunk: Buffer) => {
        log = (log + chunk.toString()).slice(-8000);
        if (log.includes('database system is ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      server.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`postgres exited (${code}) while starting:\n${log}`));
      });
    });
    server.stderr.resume();
  };

  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    const server = child;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    const members = family(server.pid!);
    signalFamily(server.pid!, 'SIGCONT');
    server.kill(mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
    const timer = setTimeout(() => signalFamily(server.pid!, 'SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
    // Backends of an immediate stop exit on their own; make sure none outlives the postmaster.
    for (const member of members)
      try {
        process.kill(member, 'SIGKILL');
      } catch {
        /* gone */
      }
    live.delete(server);
    child = undefined;
  };

  await start();
  const url = (database = 'postgres', overrides: { password?: string; port?: number; user?: string } = {}) =>
    `postgres://${overrides.user ?? 'postgres'}:${encodeURIComponent(overrides.password ?? password)}@127.0.0.1:${overrides.port ?? port}/${database}`;
  return {
    port,
    password,
    url,
    async createDatabase(name) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop,
    start,
    pause: () => signalFamily(child!.pid!, 'SIGSTOP'),
    resume: () => signalFamily(child!.pid!, 'SIGCONT'),
    async destroy() {
      await stop('fast');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
