import { lstat, readlink } from 'node:fs/promises';
import { constants, readlinkSync, realpathSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { ConfinedPath, type ResolvedPath } from './confined-path.js';
import { fsErrorToToolError, ToolError } from '../contract/errors.js';
import { DescriptorFile, realpathNative } from './descriptor-file.js';
import { leaseFolder } from './folder-cache.js';
import { HAS_PROC_FD, descriptorPath, openInsideWithStats } from './verified-fs.js';

export type { ResolvedPath } from './confined-path.js';

/** Longest name in a folder (NAME_MAX) and longest path (PATH_MAX - 1), in bytes, on Linux and macOS. */
export const NAME_MAX_BYTES = 255;
export const PATH_MAX_BYTES = 4095;

const MAX_SYMLINK_HOPS = 40;

/** True when `candidate` is `root` or below it (pure string check on normalized absolute paths). */
export function isInside(root: string, candidate: string): boolean {
  if (candidate === root) return true;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return candidate.startsWith(prefix);
}

/** True when `child` is `parent` or below it: isInside, the arguments the other way round. */
export function isWithin(child: string, parent: string): boolean {
  return isInside(parent, child);
}

/**
 * Resolves `userPath` against the workspace and proves it stays inside: `..` escapes, absolute
 * paths elsewhere, prefix siblings (`/ws2` vs `/ws`), NUL bytes, symlinks (at any depth, also
 * dangling ones, whose target a write would create) whose target leaves, and symlink loops are
 * all refused with OUTSIDE_WORKSPACE (loops and NUL with INVALID_INPUT-free wording the model can use).
 *
 * `root` must already be a real path (see `Workspace`). `aliases` are other spellings of the root
 * (the path as the user gave it, before realpath) that absolute inputs may start with.
 */
export async function resolveInsideWorkspace(
  root: string,
  userPath: string,
  aliases: readonly string[] = [],
): Promise<ResolvedPath> {
  const { lexical, directory } = lexicalInside(root, userPath, aliases);
  const { real, exists } = await realpathAllowingMissing(lexical, userPath).catch((error: unknown) => {
    throw pathError(error, userPath);
  });
  if (Buffer.byteLength(real) > PATH_MAX_BYTES)
    throw pathError(Object.assign(new Error('name too long'), { code: 'ENAMETOOLONG' }), userPath);
  if (!isInside(root, real)) {
    throw new ToolError(
      'OUTSIDE_WORKSPACE',
      `${userPath} resolves through a symlink to a location outside the workspace; refused`,
    );
  }
  return { absolute: real, relative: relativeOfReal(root, real), exists, ...(directory ? { directory } : {}) };
}

/**
 * The checks that need no file system: `userPath` as a normalized absolute path inside the root
 * (`..` taken lexically), and whether it was written as a folder.
 */
function lexicalInside(
  root: string,
  userPath: string,
  aliases: readonly string[],
): { lexical: string; directory: boolean } {
  if (typeof userPath !== 'string' || userPath.length === 0) {
    throw new ToolError('INVALID_INPUT', 'path must be a non-empty string');
  }
  if (userPath.includes('\0')) {
    throw new ToolError('OUTSIDE_WORKSPACE', 'path contains a NUL byte; refused');
  }
  assertLengths(userPath);
  let lexical = path.resolve(root, userPath);
  // An absolute path spelled through an alias of the root (e.g. /tmp/ws when the root is /private/tmp/ws).
  for (const alias of aliases) {
    if (alias !== root && isInside(alias, lexical)) {
      lexical = path.join(root, path.relative(alias, lexical));
      break;
    }
  }
  if (!isInside(root, lexical)) {
    throw new ToolError('OUTSIDE_WORKSPACE', outsideMessage(userPath, root));
  }
  // Files below PATH_MAX only: longer ones can be made through descriptors, but most tools cannot touch them.
  if (Buffer.byteLength(lexical) > PATH_MAX_BYTES) {
    throw new ToolError(
      'INVALID_INPUT',
      `${userPath.slice(0, 60)}… is ${Buffer.byteLength(lexical)} bytes long as an absolute path; the limit is ${PATH_MAX_BYTES} bytes (PATH_MAX)`,
    );
  }
  const directory = /(^|\/)(\.{1,2})?$/.test(userPath) || (path.sep === '\\' && /(^|\\)(\.{1,2})?$/.test(userPath));
  return { lexical, directory };
}

/** Refuses names and paths the file system cannot hold, naming the limit (instead of ENAMETOOLONG). */
function assertLengths(userPath: string): void {
  const bytes = Buffer.byteLength(userPath);
  if (bytes > PATH_MAX_BYTES) {
    throw new ToolError(
      'INVALID_INPUT',
      `path is ${bytes} bytes long; the limit is ${PATH_MAX_BYTES} bytes (PATH_MAX)`,
    );
  }
  if (bytes <= NAME_MAX_BYTES) return; // no name in it can be longer than the whole path
  for (const name of userPath.split(/[\\/]/)) {
    const length = Buffer.byteLength(name);
    if (length > NAME_MAX_BYTES) {
      throw new ToolError(
        'INVALID_INPUT',
        `the name "${name.slice(0, 40)}…" is ${length} bytes long; a file or folder name may be at most ${NAME_MAX_BYTES} bytes (NAME_MAX)`,
      );
    }
  }
}

/** A system error met while resolving a path, as the ToolError a model can act on. */
function pathError(error: unknown, display: string): unknown {
  if (error instanceof ToolError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENAMETOOLONG') {
    return new ToolError(
      'INVALID_INPUT',
      `${display} resolves (through symlinks) to a path longer than ${PATH_MAX_BYTES} bytes (PATH_MAX); refused`,
    );
  }
  if (code === 'EINVAL' || code === 'EILSEQ')
    return new ToolError('INVALID_INPUT', `the file system refuses the path ${display} (${code})`);
  if (code === 'EIO') return new ToolError('INTERNAL', `I/O error while resolving ${display}`);
  return fsErrorToToolError(error, display) ?? error;
}

function outsideMessage(userPath: string, root: string): string {
  return `${userPath} is outside the workspace (${root}); use a path relative to the workspace root`;
}

/**
 * toRelative for a real path inside the root: both are normalized, so on POSIX the relative path is
 * the rest of the string (path.relative re-resolves both, on every call that names a file).
 */
function relativeOfReal(root: string, real: string): string {
  if (path.sep !== '/' || real === root) return toRelative(root, real);
  return real.slice(root === '/' ? 1 : root.length + 1);
}

/** Workspace-relative path with `/` separators. */
export function toRelative(root: string, absolute: string): string {
  const rel = path.relative(root, absolute);
  if (rel === '') return '.';
  return path.sep === '/' ? rel : rel.split(path.sep).join('/');
}

/**
 * Like realpath, but a missing tail is allowed: components are walked one by one, symlinks
 * (including dangling ones) are followed by hand, and whatever does not exist is appended as is.
 */
async function realpathAllowingMissing(absolute: string, display: string): Promise<{ real: string; exists: boolean }> {
  try {
    return { real: await realpathNative(absolute), exists: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw loopError(display);
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
  let hops = 0;
  let pending = absolute.split(path.sep).filter(Boolean);
  let current = path.parse(absolute).root;
  while (pending.length > 0) {
    const name = pending.shift()!;
    const next = path.join(current, name);
    let stats;
    try {
      stats = await lstat(next);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        return { real: path.join(next, ...pending), exists: false };
      }
      throw error;
    }
    if (stats.isSymbolicLink()) {
      if (++hops > MAX_SYMLINK_HOPS) throw loopError(display);
      let target: string;
      try {
        target = await readlink(next);
      } catch (error) {
        // Changed between lstat and readlink (a race with another program): look at it again.
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'EINVAL') throw error;
        pending.unshift(name);
        continue;
      }
      const targetAbs = path.resolve(current, target);
      pending = [...targetAbs.split(path.sep).filter(Boolean), ...pending];
      current = path.parse(targetAbs).root;
      continue;
    }
    current = next;
  }
  return { real: current, exists: true };
}

function loopError(display: string): ToolError {
  return new ToolError('OUTSIDE_WORKSPACE', `${display} goes through a symlink loop; refused`);
}

/** The workspace a toolkit is confined to. */
export class Workspace {
  /** Real path of the root (symlinks resolved). */
  readonly root: string;
  private readonly aliases: readonly string[];

  constructor(root: string) {
    if (typeof root !== 'string' || root.length === 0) {
      throw new TypeError('workspace must be a non-empty path');
    }
    const given = path.resolve(root);
    let real: string;
    try {
      real = realpathSync(given);
    } catch (error) {
      throw new TypeError(`workspace ${given} does not exist: ${(error as Error).message}`, { cause: error });
    }
    this.root = real;
    this.aliases = given === real ? [] : [given];
  }

  /** See {@link resolveInsideWorkspace}. */
  resolve(userPath: string): Promise<ResolvedPath> {
    return resolveInsideWorkspace(this.root, userPath, this.aliases);
  }

  /**
   * Opens a resolved path and proves the *descriptor* is inside the workspace (its real path, read
   * back from /proc/self/fd on Linux), so a parent folder swapped for a symlink after `resolve`
   * cannot make the call use a file outside. The final component is never followed (O_NOFOLLOW):
   * if it was swapped for a symlink since, the path is resolved again (and confined again).
   * Sockets and devices that cannot be opened are INVALID_INPUT "not a regular file"; other system
   * errors are thrown as they are, for the caller to map. The descriptor's stats come with it
   * (fetched while its path is checked).
   */
  async openVerified(resolved: ResolvedPath, flags: number): Promise<{ handle: DescriptorFile; stats: BigIntStats }> {
    // A path the runtime confined may come with its descriptor, opened in advance (and verified) with these flags.
    const taken = resolved instanceof ConfinedPath ? resolved.take(flags) : undefined;
    if (taken) return this.#withStats(resolved, taken);
    let target = resolved;
    for (let attempt = 0; ; attempt++) {
      let opened: { handle: DescriptorFile; stats: BigIntStats };
      try {
        opened = await openInsideWithStats(this.root, target.absolute, flags, target.relative);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ELOOP' && attempt < 2) {
          target = await this.resolve(target.absolute);
          continue;
        }
        if (code === 'ELOOP')
          throw new ToolError(
            'OUTSIDE_WORKSPACE',
            `${resolved.relative} keeps turning into a symlink while the call runs; refused`,
          );
        if (code === 'ENXIO' || code === 'ENODEV' || code === 'EOPNOTSUPP') {
          throw new ToolError(
            'INVALID_INPUT',
            `${resolved.relative} is not a regular file (a socket or device); only regular files can be read or written`,
          );
        }
        throw error;
      }
      if (resolved.directory && !opened.stats.isDirectory()) {
        await opened.handle.close();
        throw new ToolError('NOT_DIRECTORY', `${resolved.relative} is a file, but the path ends with "/" (a folder)`);
      }
      return opened;
    }
  }

  async #withStats(
    resolved: ResolvedPath,
    handle: DescriptorFile,
  ): Promise<{ handle: DescriptorFile; stats: BigIntStats }> {
    try {
      // Opened just now (by the runtime, confining the path): see DescriptorFile.statNow.
      const stats = handle.statNow();
      if (resolved.directory && !stats.isDirectory()) {
        throw new ToolError('NOT_DIRECTORY', `${resolved.relative} is a file, but the path ends with "/" (a folder)`);
      }
      return { handle, stats };
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
  }

  /**
   * resolve() and an open with `flags` in one step, for a path whose folder is held open as a
   * proven folder inside the workspace (./folder-cache.ts): the file is opened through the folder's
   * descriptor with O_NOFOLLOW (one name looked up in that folder, no link followed), and the real
   * path read back from the new descriptor must be the path asked for. Undefined whenever that
   * does not hold (no such folder held, a missing file, a link, a folder moved since): the caller
   * then resolves the path as usual, so the answer and the errors are those of resolve().
   */
  async openInFolder(
    userPath: string,
    flags: number,
  ): Promise<{ resolved: ResolvedPath; handle: DescriptorFile } | undefined> {
    if (!HAS_PROC_FD) return undefined;
    const { lexical, directory } = lexicalInside(this.root, userPath, this.aliases);
    if (lexical === this.root) return undefined;
    const folder = leaseFolder(path.dirname(lexical));
    if (!folder) return undefined;
    let handle: DescriptorFile;
    try {
      const entry = folder.entry(path.basename(lexical));
      const { localDevice } = folder;
      // On a local file system, and never waiting for a FIFO's writer, at once (./local-fs.ts); the
      // stats checked later tell whether the file is on that very file system (isLocal) before it
      // is read the same way.
      if (localDevice === undefined || (flags & constants.O_NONBLOCK) === 0)
        handle = await DescriptorFile.open(entry, flags | constants.O_NOFOLLOW);
      else {
        handle = DescriptorFile.openNow(entry, flags | constants.O_NOFOLLOW);
        handle.localDevice = localDevice;
      }
    } catch {
      return undefined;
    } finally {
      folder.release();
    }
    let real: string | undefined;
    try {
      real = readlinkSync(descriptorPath(handle));
    } catch {
      /* not known: not used */
    }
    if (real !== lexical) {
      handle.close().catch(() => {});
      folder.drop();
      return undefined;
    }
    return {
      resolved: {
        absolute: lexical,
        relative: relativeOfReal(this.root, lexical),
        exists: true,
        ...(directory ? { directory } : {}),
      },
      handle,
    };
  }

  /** Workspace-relative `/`-separated form of an absolute path inside the workspace. */
  relative(absolute: string): string {
    return toRelative(this.root, absolute);
  }

  contains(absolute: string): boolean {
    return isInside(this.root, absolute);
  }
}
