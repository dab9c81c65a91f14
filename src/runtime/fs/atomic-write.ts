// Atomic file replacement: a temporary file in the same folder, flushed, then renamed over the
// target, so readers see the old or the new content, never a torn mix. Temp names fit NAME_MAX,
// ownership is restored before the mode (chown clears set-id bits), and temp files of writers
// that died are swept on a later write into the same folder.
import { nodeCrypto } from '../startup/lazy-require.js';
import type { BigIntStats } from 'node:fs';
import { constants } from 'node:fs';
import { lstat, open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { processIsAlive } from '../processes/alive.js';
import { plainDir, type DirRef } from './verified-fs.js';

const NAME_MAX = 255;

export interface AtomicWriteOptions {
  /** Permission bits for the file, set-id bits included (an existing file's mode is passed to keep it). */
  mode?: number;
  /** Owner to restore. */
  uid?: number;
  gid?: number;
  /**
   * Fail with OwnerNotKept instead of replacing the file with one owned by this process when the
   * owner cannot be restored (the caller then writes in place, as a plain write would).
   */
  requireOwner?: boolean;
  /** Runs after the temp file is complete, right before the rename (re-verify, compare-and-swap). */
  beforeRename?: () => Promise<void>;
}

/** Thrown (with `requireOwner`) when the replacement could not be given the old file's owner. */
export class OwnerNotKept extends Error {
  constructor() {
    super('the file belongs to another user; a replacement could not keep its owner');
    this.name = 'OwnerNotKept';
  }
}

/** The longest prefix of `name` that fits in `maxBytes` of UTF-8, cut at a character boundary. */
function fitName(name: string, maxBytes: number): string {
  if (Buffer.byteLength(name) <= maxBytes) return name;
  let out = '';
  let bytes = 0;
  for (const ch of name) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > maxBytes) break;
    out += ch;
    bytes += size;
  }
  return out;
}

const TEMP_NAME = /^\..*\.(\d{1,10})\.[0-9a-f]{12}\.tmp$/;

/** `.name.PID.RAND.tmp`, with `name` shortened so the whole stays within NAME_MAX. */
export function tempNameFor(name: string): string {
  const tail = `.${process.pid}.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`;
  return `.${fitName(name, NAME_MAX - 1 - tail.length)}${tail}`;
}

/** A name beside `name` unique to it (shortened + hashed when long), e.g. for its lock file. */
export function siblingNameFor(name: string, suffix: string): string {
  const full = `.${name}${suffix}`;
  if (Buffer.byteLength(full) <= NAME_MAX) return full;
  const hash = nodeCrypto().createHash('sha256').update(name).digest('hex').slice(0, 16);
  return `.${fitName(name, NAME_MAX - 3 - hash.length - suffix.length)}~${hash}${suffix}`;
}

/**
 * Writes `data` as `name` in folder `dir` atomically; returns the new file's stats (taken on the
 * temp file's descriptor, so they describe exactly what was renamed into place).
 */
export async function atomicReplace(
  dir: DirRef,
  name: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<BigIntStats> {
  const temp = tempNameFor(name);
  const tempPath = dir.entry(temp);
  const handle = await open(
    tempPath,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    (options.mode ?? 0o666) & 0o777,
  );
  let renamed = false;
  try {
    let stats: BigIntStats;
    try {
      await handle.writeFile(data);
      await restoreOwnerThenMode(handle, options);
      await handle.datasync();
      stats = await handle.stat({ bigint: true });
    } finally {
      await handle.close();
    }
    await options.beforeRename?.();
    await rename(tempPath, dir.entry(name));
    renamed = true;
    return stats;
  } finally {
    if (!renamed) await unlink(tempPath).catch(() => {});
  }
}

/** chown first (it clears set-uid/set-gid bits), then chmod with the full mode, set-id bits included. */
async function restoreOwnerThenMode(handle: FileHandle, options: AtomicWriteOptions): Promise<void> {
  if (options.uid !== undefined && options.gid !== undefined) {
    const now = await handle.stat();
    if (now.uid !== options.uid || now.gid !== options.gid) {
      try {
        await handle.chown(options.uid, options.gid);
      } catch (error) {
        if (options.requireOwner) throw new OwnerNotKept();
        void error;
      }
    }
  }
  // open() applies the umask; an existing file's exact mode is restored explicitly.
  if (options.mode !== undefined) await handle.chmod(options.mode);
}

/** Replaces a file's content through an open descriptor (keeps owner, mode, links; not atomic). */
export async function overwriteInPlace(handle: FileHandle, data: string | Uint8Array): Promise<BigIntStats> {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  let written = 0;
  while (written < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.length - written, written);
    written += bytesWritten;
  }
  await handle.truncate(bytes.length);
  await handle.datasync();
  return handle.stat({ bigint: true });
}

/**
 * Path-based atomic write for files outside any workspace (e.g. the task store): see atomicReplace.
 */
export async function atomicWriteFile(
  target: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const dir = plainDir(path.dirname(target));
  await sweepLeftovers(dir, dir.absolute);
  await atomicReplace(dir, path.basename(target), data, options);
}

/**
 * Folder → its mtime after our last sweep: a folder nobody else changed since needs no readdir.
 * `recheckAt` is set when that sweep kept a live writer's file: the writer may die (killed) and
 * leave it, so the folder is read again after that time even if unchanged.
 */
const swept = new Map<string, { mtimeNs: bigint; recheckAt: number | undefined }>();
const MAX_SWEPT = 512;
/** A temp file this old is garbage even if its PID is alive again (PIDs are reused). */
const ABANDONED_MS = 60 * 60 * 1000;
/** How soon a folder holding a live writer's temp file is swept again (bounds the readdirs). */
export const KEPT_RECHECK_MS = 1000;

/**
 * Removes `.name.PID.RAND.tmp` files whose writer process is gone (or that are over an hour old).
 * Cheap: skipped when the folder's mtime is what it was after this process's last sweep (for a
 * second at most when that sweep kept a live writer's file). Never throws.
 */
export async function sweepLeftovers(dir: DirRef, key: string): Promise<void> {
  try {
    const before = (await stat(dir.entry('.'), { bigint: true })).mtimeNs;
    const last = swept.get(key);
    if (last?.mtimeNs === before && (last.recheckAt === undefined || Date.now() < last.recheckAt)) return;
    const names = await readdir(dir.entry('.'));
    const now = Date.now();
    let kept = false;
    for (const name of names) {
      const match = TEMP_NAME.exec(name);
      if (!match) continue;
      const pid = Number(match[1]);
      if (pid === process.pid) continue;
      const entry = dir.entry(name);
      const stats = await lstat(entry).catch(() => undefined);
      if (!stats?.isFile()) continue;
      if (processIsAlive(pid) && now - stats.mtimeMs < ABANDONED_MS) {
        kept = true;
        continue;
      }
      await unlink(entry).catch(() => {});
    }
    swept.delete(key);
    const mtimeNs = (await stat(dir.entry('.'), { bigint: true })).mtimeNs;
    swept.set(key, { mtimeNs, recheckAt: kept ? Date.now() + KEPT_RECHECK_MS : undefined });
    if (swept.size > MAX_SWEPT) swept.delete(swept.keys().next().value!);
  } catch {
    // Sweeping is housekeeping: a failure must not fail the write.
  }
}

/** Records the folder as clean after our own write changed its mtime. */
export async function markSwept(dir: DirRef, key: string): Promise<void> {
  try {
    const last = swept.get(key);
    if (!last) return;
    last.mtimeNs = (await stat(dir.entry('.'), { bigint: true })).mtimeNs;
  } catch {
    swept.delete(key);
  }
}
