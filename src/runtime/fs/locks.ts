import { lazyRequire, nodeCrypto } from '../startup/lazy-require.js';
import { constants } from 'node:fs';
import { link, lstat, open, rename, unlink } from 'node:fs/promises';
import { abortError, ToolError } from '../contract/errors.js';
import { processIsAlive } from '../processes/alive.js';
import { tempNameFor } from './atomic-write.js';
import { entryKind, type DirRef } from './verified-fs.js';

/**
 * Serializes async work per key (e.g. per real file path) within this process: callers run one
 * after another in arrival order, so concurrent edits of one file all apply.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => done);
    this.tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/** One mutex for every toolkit in the process: two toolkits editing one file must not interleave. */
export const fileMutex = new KeyedMutex();

// --- Cross-process lock of one file -------------------------------------------------------------
// Node has no flock(), so a lock is a file created with O_EXCL beside the target, holding its
// owner (pid, host, token). A lock whose owner died (same host) or that is older than `staleMs` is
// broken by renaming it aside first, so two waiters that both judge it stale cannot both take it.

const nodeOs = lazyRequire<typeof import('node:os')>('node:os');
let hostName: string | undefined;
/** This machine's name (node:os loads on the first lock). */
const host = () => (hostName ??= nodeOs().hostname());
const UNREADABLE_STALE_MS = 2_000;
/** A lock file holds one small JSON object. */
const MAX_LOCK_BYTES = 4096;

interface LockOwner {
  pid: number;
  host: string;
  token: string;
}

export interface FileLockOptions {
  signal?: AbortSignal;
  /** How long to wait for another writer before TIMEOUT (default 30 s). */
  timeoutMs?: number;
  /** A lock file older than this is abandoned even if its owner seems alive (default 30 s). */
  staleMs?: number;
  /** What the timeout message calls the locked thing. */
  display?: string;
}

/**
 * Takes the lock file `lockName` in folder `dir`, waiting with jittered backoff; resolves to the
 * release function. Every writer of one file (any process, any toolkit) takes the same lock, so a
 * read → modify → rename cycle never interleaves with another one.
 */
export async function acquireFileLock(
  dir: DirRef,
  lockName: string,
  options: FileLockOptions = {},
): Promise<() => Promise<void>> {
  const lockPath = dir.entry(lockName);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const staleMs = options.staleMs ?? 30_000;
  const token = nodeCrypto().randomBytes(8).toString('hex');
  const owner: LockOwner = { pid: process.pid, host: host(), token };
  const deadline = Date.now() + timeoutMs;
  let delay = 1;
  let quickRetries = 0;
  for (;;) {
    if (options.signal?.aborted) throw abortError(options.signal);
    try {
      await createWithContent(dir, lockName, JSON.stringify(owner));
      return async () => {
        // Only remove the lock if it is still ours (it may have been broken as stale).
        const current = await readLockOwner(lockPath);
        if (current?.token === token) await unlink(lockPath).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const broken = await breakIfStale(dir, lockName, staleMs, options.display);
    // A lock broken (or released) is retried at once, but not without end: the deadline holds.
    if (broken && ++quickRetries <= 8 && Date.now() < deadline) continue;
    if (Date.now() >= deadline) {
      const holder = await readLockOwner(lockPath);
      throw new ToolError(
        'TIMEOUT',
        `${options.display ?? 'the file'} is being changed by another writer${holder ? ` (pid ${holder.pid} on ${holder.host})` : ''} ` +
          `that did not finish within ${timeoutMs} ms; retry later`,
      );
    }
    await new Promise((done) => setTimeout(done, delay + Math.random() * delay));
    delay = Math.min(delay * 2, 25);
  }
}

/**
 * Creates `name` holding `content`, failing with EEXIST if it exists. The content is written to a
 * temp file first and hard-linked into place, so a lock is never seen empty (a writer killed
 * between create and write would leave one that looks alive); where hard links are not supported,
 * O_EXCL create then write.
 */
async function createWithContent(dir: DirRef, name: string, content: string): Promise<void> {
  const temp = dir.entry(tempNameFor(name));
  await writeNewFile(temp, content);
  try {
    await link(temp, dir.entry(name));
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV'))
      throw error;
  } finally {
    await unlink(temp).catch(() => {});
  }
  await writeNewFile(dir.entry(name), content);
}

/** Creates `file` (never through a link, never over an existing one) holding `content`. */
async function writeNewFile(file: string, content: string): Promise<void> {
  const handle = await open(
    file,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o644,
  );
  try {
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
}

/** The lock's owner, or undefined if it is not a small regular file holding one (never blocks). */
async function readLockOwner(lockPath: string): Promise<LockOwner | undefined> {
  let handle;
  try {
    // O_NONBLOCK: a FIFO put where the lock goes must not hold a thread-pool thread for ever.
    handle = await open(lockPath, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > MAX_LOCK_BYTES) return undefined;
    const parsed = JSON.parse(await handle.readFile('utf8')) as LockOwner;
    return typeof parsed?.token === 'string' && typeof parsed.pid === 'number' ? parsed : undefined;
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => {});
  }
}

/**
 * Where a stale lock is moved before it is removed. A temp name with this process's PID, so that
 * if we are killed between the move and the unlink, the next write's sweep removes it.
 */
export function lockAsideName(lockName: string): string {
  return tempNameFor(lockName);
}

async function breakIfStale(dir: DirRef, lockName: string, staleMs: number, display = 'the file'): Promise<boolean> {
  const lockPath = dir.entry(lockName);
  let mtimeMs: number;
  try {
    const stats = await lstat(lockPath);
    if (!stats.isFile()) {
      // Never a lock a writer made (a FIFO, a link, a folder): not ours to remove, and waiting for
      // it to go would only end in TIMEOUT.
      throw new ToolError(
        'ALREADY_EXISTS',
        `${display} cannot be locked for writing: its lock file ${lockName} is ${entryKind(stats)}, not a lock a writer made; remove it and retry`,
      );
    }
    mtimeMs = stats.mtimeMs;
  } catch (error) {
    if (error instanceof ToolError) throw error;
    return true; // released meanwhile: try again at once
  }
  const owner = await readLockOwner(lockPath);
  const ownerGone =
    owner !== undefined && owner.host === host() && owner.pid !== process.pid && !processIsAlive(owner.pid);
  // A lock file without a readable owner is being written right now (microseconds), or debris.
  const age = Date.now() - mtimeMs;
  if (!ownerGone && age < (owner === undefined ? UNREADABLE_STALE_MS : staleMs)) return false;
  const aside = dir.entry(lockAsideName(lockName));
  try {
    await rename(lockPath, aside);
  } catch {
    return true; // someone else broke or released it
  }
  const moved = await readLockOwner(aside);
  if (owner !== undefined && moved?.token !== owner.token) {
    // We moved a fresh lock taken after our check: put it back (link fails if a new one exists).
    await link(aside, lockPath).catch(() => {});
  }
  await unlink(aside).catch(() => {});
  return true;
}
