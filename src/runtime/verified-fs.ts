// Opening files and folders so that what was opened is proven to lie inside the workspace, even when
// a path component is swapped for a symlink while a call runs (TOCTOU). A path string is checked
// when it is resolved; the descriptor is checked again after open: on Linux its real path is read
// back from /proc/self/fd/N. A verified folder is then used through `/proc/self/fd/<dirfd>/<name>`
// paths, which the kernel resolves to the opened folder itself whatever its old path points at now,
// so temp files, renames and new folders land in the folder that was checked.
//
// Residual window (documented in docs/security.md): a verified folder can still be *moved* (renamed)
// out of the workspace by someone with write access to both places; callers re-verify right before
// a rename, which leaves the few microseconds between that check and the rename itself.
import { constants, existsSync, readlinkSync, type BigIntStats } from 'node:fs';
import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { DescriptorFile, readlinkOf } from './descriptor-file.js';
import { ToolError } from './errors.js';

/** Whether descriptors can be checked through /proc/self/fd (Linux). Elsewhere a weaker check runs. */
export const HAS_PROC_FD = process.platform === 'linux' && existsSync('/proc/self/fd');

const DELETED_SUFFIX = ' (deleted)';

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/** `/proc/self/fd/N` (and a name in it): a path that always reaches the opened file or folder. */
export function descriptorPath(handle: { readonly fd: number }, name?: string): string {
  const base = `/proc/self/fd/${handle.fd}`;
  return name === undefined ? base : `${base}/${name}`;
}

/**
 * The real path of what `handle` refers to now, or undefined where it cannot be known. `expected`
 * is the path it was opened by (used by the non-Linux fallback: same device and inode as what the
 * path resolves to now).
 */
export async function realPathOf(
  handle: FileHandle | DescriptorFile,
  expected: string,
  stats?: BigIntStats,
): Promise<string | undefined> {
  if (HAS_PROC_FD) {
    let real = await readlinkOf(descriptorPath(handle));
    // An unlinked file (replaced by a rename since we opened it) reads "path (deleted)".
    if (real.endsWith(DELETED_SUFFIX) && (stats ?? (await handle.stat({ bigint: true }))).nlink === 0n) {
      real = real.slice(0, -DELETED_SUFFIX.length);
    }
    return real;
  }
  try {
    const [mine, theirs] = await Promise.all([
      stats ?? handle.stat({ bigint: true }),
      realpath(expected).then((r) => stat(r, { bigint: true }).then((s) => ({ r, s }))),
    ]);
    return mine.dev === theirs.s.dev && mine.ino === theirs.s.ino ? theirs.r : undefined;
  } catch {
    return undefined;
  }
}

/** The path (or a folder on it) turned into a symlink between resolving it and opening it. */
/** What a directory entry is, for messages: `a FIFO (named pipe)`, `a socket`, `a folder`… */
export function entryKind(stats: {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
}): string {
  if (stats.isFile()) return 'a regular file';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'a special file';
}

export function swappedError(display: string): ToolError {
  return new ToolError(
    'OUTSIDE_WORKSPACE',
    `${display} (or a folder on its path) was replaced by a symlink while the call ran; refused, nothing was changed — retry`,
  );
}

export function escapedError(display: string): ToolError {
  return new ToolError(
    'OUTSIDE_WORKSPACE',
    `${display} was swapped for a link to a location outside the workspace while the call ran; refused`,
  );
}

/** Throws OUTSIDE_WORKSPACE unless the open descriptor lies inside `root`; returns its real path. */
export async function assertDescriptorInside(
  root: string,
  handle: FileHandle,
  expected: string,
  display: string,
  stats?: BigIntStats,
): Promise<string> {
  const real = await realPathOf(handle, expected, stats);
  if (real === undefined || !isInside(root, real)) throw escapedError(display);
  return real;
}

/** Opens a file (never through a final symlink) and proves the descriptor lies inside `root`. */
export async function openInside(
  root: string,
  absolute: string,
  flags: number,
  display: string,
  mode?: number,
): Promise<FileHandle> {
  const handle = await open(absolute, flags | constants.O_NOFOLLOW, mode);
  try {
    await assertDescriptorInside(root, handle, absolute, display);
    return handle;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

/**
 * openInside plus the descriptor's stats. The stats (and the real path) are only returned once the
 * descriptor is proven inside.
 */
export async function openInsideWithStats(
  root: string,
  absolute: string,
  flags: number,
  display: string,
): Promise<{ handle: DescriptorFile; stats: BigIntStats; real: string }> {
  const handle = await DescriptorFile.open(absolute, flags | constants.O_NOFOLLOW);
  try {
    // Read synchronously: a /proc/self/fd link is the kernel's name for an open file, made without
    // touching the file system (no disk or network wait), and a thread-pool round trip costs more.
    let real = HAS_PROC_FD ? readlinkSync(descriptorPath(handle)) : undefined;
    // Likewise the stats of a descriptor opened a moment ago (see DescriptorFile.statNow).
    const stats = handle.statNow();
    if (real?.endsWith(DELETED_SUFFIX) && stats.nlink === 0n) real = real.slice(0, -DELETED_SUFFIX.length);
    if (real === undefined) real = await realPathOf(handle, absolute, stats);
    if (real === undefined || !isInside(root, real)) throw escapedError(display);
    return { handle, stats, real };
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

/** Something files can be created in and renamed within: a verified folder, or a plain path. */
export interface DirRef {
  /** A path reaching `name` inside this folder. */
  entry(name: string): string;
}

/** A plain folder path (no descriptor checks): for files outside any workspace, e.g. a task store. */
export function plainDir(absolute: string): DirRef & { absolute: string } {
  return { absolute, entry: (name) => path.join(absolute, name) };
}

/**
 * An open folder proven to be inside the workspace. Use `entry(name)` for every operation on its
 * children, `reverify()` right before a rename, and `close()` when done.
 */
export class VerifiedDir implements DirRef {
  private constructor(
    private readonly root: string,
    readonly handle: FileHandle,
    /** Real path of the folder when it was verified. */
    readonly absolute: string,
    private readonly display: string,
  ) {}

  /** Opens `absolute` (a real path inside `root`) as a folder and verifies the descriptor. */
  static async open(root: string, absolute: string, display: string): Promise<VerifiedDir> {
    const handle = await open(absolute, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
    try {
      const real = await assertDescriptorInside(root, handle, absolute, display);
      return new VerifiedDir(root, handle, real, display);
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
  }

  entry(name: string): string {
    return HAS_PROC_FD ? descriptorPath(this.handle, name) : path.join(this.absolute, name);
  }

  /** Path of the folder itself for readdir and the like. */
  self(): string {
    return HAS_PROC_FD ? descriptorPath(this.handle) : this.absolute;
  }

  /** Opens the sub-folder `name` of this folder (never through a symlink). */
  async child(name: string): Promise<VerifiedDir> {
    const absolute = path.join(this.absolute, name);
    const handle = await open(this.entry(name), constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
    if (HAS_PROC_FD) return new VerifiedDir(this.root, handle, absolute, this.display);
    try {
      const real = await assertDescriptorInside(this.root, handle, absolute, this.display);
      return new VerifiedDir(this.root, handle, real, this.display);
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
  }

  /** Opens the file `name` in this folder (never through a symlink); the folder was verified. */
  async openFile(name: string, flags: number, mode?: number): Promise<FileHandle> {
    if (!HAS_PROC_FD) return openInside(this.root, path.join(this.absolute, name), flags, this.display, mode);
    return open(this.entry(name), flags | constants.O_NOFOLLOW, mode);
  }

  /** Throws OUTSIDE_WORKSPACE if the folder has been moved out of the workspace since it was opened. */
  async reverify(): Promise<void> {
    await assertDescriptorInside(this.root, this.handle, this.absolute, this.display);
  }

  async close(): Promise<void> {
    await this.handle.close().catch(() => {});
  }
}

/**
 * Opens folder `absolute` (a real path inside `root`), creating missing folders one at a time
 * inside verified ones, so a parent swapped for a symlink cannot make them appear elsewhere.
 */
export async function openOrCreateDir(
  root: string,
  absolute: string,
  display: string,
  mkdir: (p: string) => Promise<unknown>,
): Promise<VerifiedDir> {
  const missing: string[] = [];
  let existing = absolute;
  for (;;) {
    try {
      const dir = await VerifiedDir.open(root, existing, display);
      return await descend(dir, missing, mkdir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' || !isInside(root, path.dirname(existing)) || existing === root) throw error;
      missing.unshift(path.basename(existing));
      existing = path.dirname(existing);
    }
  }
}

async function descend(
  dir: VerifiedDir,
  names: string[],
  mkdir: (p: string) => Promise<unknown>,
): Promise<VerifiedDir> {
  let current = dir;
  for (const name of names) {
    try {
      await mkdir(current.entry(name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      const next = await current.child(name);
      await current.close();
      current = next;
    } catch (error) {
      await current.close();
      throw error;
    }
  }
  return current;
}
