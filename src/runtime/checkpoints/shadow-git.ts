// Snapshots of a workspace in a shadow git repository kept in the checkpoints folder, outside the
// workspace (GIT_DIR there, GIT_WORK_TREE the workspace: nothing is written under the workspace).
// A snapshot is a tree of every file git would add (`.gitignore`d files and nested repositories'
// contents left out), so the files a command changed are the difference of two trees. git runs
// with no system or global configuration, no hooks, no fsmonitor, no filters, and a lock per
// workspace around the index it shares: in this process a mutex, across processes (two servers
// over one workspace) a lock file beside the repository.
import { nodeChildProcess } from '../startup/lazy-require.js';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { ToolError } from '../contract/errors.js';
import { acquireFileLock, KeyedMutex } from '../fs/locks.js';
import { ensureOwnFolder } from '../fs/own-files.js';
import { plainDir } from '../fs/verified-fs.js';
import { GIT_HARDENING_ENV } from '../shell/read-only/git-env.js';
import { confinedArgs } from '../sandbox/confined-view.js';

/** Settings that outrank the repository's own, for every git run here. */
const SHADOW_OVERRIDES: [string, string][] = [
  ['core.autocrlf', 'false'],
  ['core.safecrlf', 'false'],
  ['core.quotePath', 'false'],
  ['core.untrackedCache', 'false'],
  ['core.excludesFile', ''],
  ['core.symlinks', 'true'],
  ['gc.auto', '0'],
  ['safe.directory', '*'],
];

/** One changed path between two snapshots: its mode and blob id on each side ('' where absent). */
export interface TreeChange {
  path: string;
  before?: { mode: number; oid: string };
  after?: { mode: number; oid: string };
}

const snapshots = new KeyedMutex();
/** A snapshot of a large workspace may take a while; an owner that died releases the lock at once. */
const INDEX_LOCK = { timeoutMs: 120_000, staleMs: 10 * 60_000 };
const ZERO = /^0+$/;
const MAX_OUTPUT = 256 * 1024 * 1024;

export class ShadowRepo {
  #ready: Promise<void> | undefined;
  #lastPrune = 0;

  constructor(
    /** The repository folder (bare), in the checkpoints folder. */
    readonly gitDir: string,
    readonly workTree: string,
  ) {}

  #env(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', LC_ALL: 'C' };
    for (const [key, value] of Object.entries(GIT_HARDENING_ENV)) if (value !== undefined) env[key] = value;
    const base = Number(env.GIT_CONFIG_COUNT ?? 0);
    SHADOW_OVERRIDES.forEach(([key, value], i) => {
      env[`GIT_CONFIG_KEY_${base + i}`] = key;
      env[`GIT_CONFIG_VALUE_${base + i}`] = value;
    });
    env.GIT_CONFIG_COUNT = String(base + SHADOW_OVERRIDES.length);
    return {
      ...env,
      GIT_DIR: this.gitDir,
      GIT_WORK_TREE: this.workTree,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_TERMINAL_PROMPT: '0',
      HOME: this.gitDir,
    };
  }

  /**
   * Runs git; resolves its standard output, or throws UNAVAILABLE with what it said. `bare` runs it
   * without the work tree (creating the repository).
   */
  run(args: readonly string[], input?: string, bare = false, bwrap?: string): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const env = this.#env();
      if (bare) delete env.GIT_WORK_TREE;
      const [file, argv] = bwrap ? [bwrap, [...this.#confined(env), '--', 'git', ...args]] : ['git', args];
      const child = nodeChildProcess().spawn(file, argv, {
        cwd: bare ? this.gitDir : this.workTree,
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const out: Buffer[] = [];
      let size = 0;
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_OUTPUT) out.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (err.length < 4096) err += chunk.toString('utf8');
      });
      child.on('error', (error) => reject(unavailable(`git could not be run (${error.message})`)));
      child.on('close', (code) => {
        if (code === 0 && size <= MAX_OUTPUT) resolve(Buffer.concat(out));
        else reject(unavailable(`git ${args[0]} failed${err ? `: ${err.trim().split('\n')[0]}` : ` (exit ${code})`}`));
      });
      child.stdin.on('error', () => {});
      child.stdin.end(input ?? '');
    });
  }

  /**
   * The sandbox a run that reads the work tree goes in when the commands do: the workspace as they
   * see it (a link a command swaps in leads nowhere outside it), the repository writable but its
   * config, so what git starts there (a nested repository's filter) runs confined too.
   */
  #confined(env: NodeJS.ProcessEnv): string[] {
    const config = path.join(this.gitDir, 'config');
    return [
      ...confinedArgs({ workspace: this.workTree, pathVar: env.PATH ?? '/usr/bin:/bin', writable: [this.gitDir] }),
      '--ro-bind',
      config,
      config,
      '--chdir',
      this.workTree,
    ];
  }

  ready(): Promise<void> {
    return (this.#ready ??= (async () => {
      await ensureOwnFolder(path.dirname(this.gitDir), 'the checkpoints folder', { parents: true });
      const exists = await lstat(path.join(this.gitDir, 'HEAD')).then(
        () => true,
        () => false,
      );
      if (!exists) {
        await ensureOwnFolder(this.gitDir, 'the checkpoint repository');
        await this.run(['init', '--bare', '--quiet', this.gitDir], undefined, true);
      }
    })().catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    }));
  }

  /** Runs `work` alone on the shared index: first among this process's callers, then among processes. */
  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    return snapshots.run(this.gitDir, async () => {
      const release = await acquireFileLock(plainDir(path.dirname(this.gitDir)), `${path.basename(this.gitDir)}.lock`, {
        ...INDEX_LOCK,
        display: 'the checkpoint repository',
      });
      try {
        return await work();
      } finally {
        await release();
      }
    });
  }

  /**
   * A snapshot of the workspace as it is now: the id of its tree. `bwrap`: the sandbox program, when
   * commands run in one (git then reads the workspace inside one too).
   */
  async snapshot(bwrap?: string): Promise<string> {
    await this.ready();
    return this.#exclusive(async () => {
      await this.run(['add', '--all', '--ignore-errors', '--', '.'], undefined, false, bwrap).catch(
        async (error: unknown) => {
          // --ignore-errors still fails the run when a file could not be read; what it could add is
          // in the index. A sandbox that could not be set up read nothing: that fails the snapshot.
          if (!(error instanceof ToolError) || error.message.includes('bwrap:')) throw error;
        },
      );
      const tree = (await this.run(['write-tree'])).toString('utf8').trim();
      await this.#dropNestedRepositories();
      return tree;
    });
  }

  /**
   * Takes nested repositories (gitlinks) out of the index once their tree is written: git checks an
   * indexed one by running `git status` inside it, under that repository's own configuration (its
   * filters are programs); one not indexed is only named by its HEAD.
   */
  async #dropNestedRepositories(): Promise<void> {
    const staged = (await this.run(['ls-files', '--stage', '-z'])).toString('utf8').split('\0');
    const nested = staged
      .filter((entry) => entry.startsWith('160000 '))
      .map((entry) => entry.slice(entry.indexOf('\t') + 1));
    if (nested.length > 0)
      await this.run(['update-index', '--force-remove', '-z', '--stdin'], `${nested.join('\0')}\0`);
  }

  /** The files that differ between two snapshots (gitlinks, nested repositories, left out). */
  async changes(before: string, after: string): Promise<TreeChange[]> {
    if (before === after) return [];
    const raw = (await this.run(['diff-tree', '-r', '-z', '--no-renames', '--no-commit-id', before, after])).toString(
      'utf8',
    );
    const fields = raw.split('\0');
    const changes: TreeChange[] = [];
    for (let i = 0; i + 1 < fields.length; i += 2) {
      const meta = fields[i]!.replace(/^:/, '').split(' ');
      const file = fields[i + 1]!;
      if (meta.length < 5) continue;
      const [modeA, modeB, oidA, oidB] = meta as [string, string, string, string];
      if (modeA === '160000' || modeB === '160000') continue;
      changes.push({
        path: file,
        ...(ZERO.test(oidA) ? {} : { before: { mode: parseInt(modeA, 8), oid: oidA } }),
        ...(ZERO.test(oidB) ? {} : { after: { mode: parseInt(modeB, 8), oid: oidB } }),
      });
    }
    return changes;
  }

  /** Sizes of blobs, by id. */
  async sizes(oids: readonly string[]): Promise<Map<string, number>> {
    const sizes = new Map<string, number>();
    if (oids.length === 0) return sizes;
    const out = (await this.run(['cat-file', '--batch-check'], `${oids.join('\n')}\n`)).toString('utf8');
    for (const line of out.split('\n')) {
      const [oid, type, size] = line.split(' ');
      if (oid && type === 'blob' && size) sizes.set(oid, Number(size));
    }
    return sizes;
  }

  /** The bytes of a blob, or undefined when the repository does not have it. */
  async blob(oid: string): Promise<Buffer | undefined> {
    if (!/^[0-9a-f]{40,64}$/.test(oid)) return undefined;
    return this.run(['cat-file', 'blob', oid]).catch(() => undefined);
  }

  /** Keeps snapshots alive under `refs/toolwright/<names>` (or lets them go). */
  async keep(refs: readonly { name: string; tree: string }[]): Promise<void> {
    if (refs.length === 0) return;
    await this.run(['update-ref', '--stdin'], refs.map((r) => `update refs/toolwright/${r.name} ${r.tree}\n`).join(''));
  }

  async forget(names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    await this.run(['update-ref', '--stdin'], names.map((n) => `delete refs/toolwright/${n}\n`).join(''));
    // Snapshots no checkpoint holds any more are pruned, at most once a minute.
    if (Date.now() - this.#lastPrune < 60_000) return;
    this.#lastPrune = Date.now();
    await this.#exclusive(() => this.run(['prune', '--expire=now'])).catch(() => {});
  }
}

function unavailable(message: string): ToolError {
  return new ToolError('UNAVAILABLE', `workspace snapshots for checkpoints: ${message}`);
}
