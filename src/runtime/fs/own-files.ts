// Files and folders the toolkit keeps for itself (the embedded store, a task file, spill files):
// never opened through a link, checked on the descriptor once open (a regular file of this
// process's user with one link; a folder of this user that nobody else can write), and created
// exclusively. Anything else is refused with UNAVAILABLE naming the path and what it is; no message
// quotes what such a file holds.
import { constants, type BigIntStats, type Stats } from 'node:fs';
import { chmod, lstat, mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ToolError } from '../contract/errors.js';
import { entryKind } from './verified-fs.js';

/** This process's effective user, or undefined where there is none (Windows). */
export const ownUid = (): number | undefined => process.geteuid?.();

/** Why a file or folder of the toolkit's own was refused (`details.reason`). */
export type OwnFileProblem = 'link' | 'not_regular' | 'not_folder' | 'owner' | 'hard_links' | 'writable_by_others';

/** The error for a file or folder of the toolkit's own that is not what the toolkit made. */
export function ownFileRefused(
  display: string,
  path: string,
  problem: OwnFileProblem,
  what: string,
  hint = 'remove it, and check what put it there',
): ToolError {
  return new ToolError(
    'UNAVAILABLE',
    `${display} ${path} ${what}: refused, the toolkit never reads or writes through such an entry; ${hint}`,
    { path, reason: problem },
  );
}

type AnyStats = Stats | BigIntStats;

/** Throws unless `stats` (taken on the open descriptor) are those of a file this process wrote. */
export function checkOwnFile(stats: AnyStats, display: string, path: string): void {
  if (!stats.isFile()) throw ownFileRefused(display, path, 'not_regular', `is ${entryKind(stats)}, not a regular file`);
  const uid = ownUid();
  if (uid !== undefined && Number(stats.uid) !== uid)
    throw ownFileRefused(
      display,
      path,
      'owner',
      `belongs to uid ${stats.uid}, not to this process's user (uid ${uid})`,
    );
  if (Number(stats.nlink) > 1)
    throw ownFileRefused(
      display,
      path,
      'hard_links',
      `has ${stats.nlink} hard links (another name reaches the same file)`,
    );
}

/** What an open that refused to follow or could not open the entry means, or undefined for other errors. */
function openRefusal(error: unknown, display: string, path: string): ToolError | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  // O_NOFOLLOW on a link: ELOOP on Linux, EMLINK on the BSDs.
  if (code === 'ELOOP' || code === 'EMLINK') return ownFileRefused(display, path, 'link', 'is a symbolic link');
  if (code === 'EISDIR') return ownFileRefused(display, path, 'not_regular', 'is a folder, not a regular file');
  // A FIFO without a reader or a socket, opened for writing without blocking.
  if (code === 'ENXIO' || code === 'EOPNOTSUPP')
    return ownFileRefused(display, path, 'not_regular', 'is a FIFO or a socket, not a regular file');
  return undefined;
}

export type OwnFileAccess = 'read' | 'write' | 'append';

export interface OwnFileOptions {
  /**
   * The file's folder is the toolkit's own too (default): it must be a folder of this user that
   * nobody else can write, not a link, or nothing is read through it (a folder of the store turned
   * into a link would show another folder's files). False for a file a user chose (a task file in
   * /tmp) or one reached through a verified descriptor.
   */
  ownFolder?: boolean;
  /** How many folders above the file are the toolkit's own and checked, nearest first (default 1). */
  folders?: number;
}

/** False when the file's folder is missing; throws when one of its own folders is not the toolkit's. */
async function ownFoldersHold(path: string, display: string, options: OwnFileOptions): Promise<boolean> {
  if (!(options.ownFolder ?? true)) return true;
  let folder = dirname(path);
  for (let level = 0; level < (options.folders ?? 1); level++, folder = dirname(folder))
    if (!(await ownFolderHolds(folder, display))) return false;
  return true;
}

/** Whether the folder exists (false: missing), checked as the toolkit's own (throws when it is not). */
export async function ownFolderHolds(folder: string, display: string): Promise<boolean> {
  let stats: Stats;
  try {
    stats = await lstat(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  checkOwnFolder(stats, display, folder);
  return true;
}

const ACCESS_FLAGS: Record<OwnFileAccess, number> = {
  read: constants.O_RDONLY,
  write: constants.O_RDWR,
  append: constants.O_RDWR | constants.O_APPEND,
};

/**
 * Opens an existing file of the toolkit's own, never through a link and never blocking (a FIFO put
 * in its place is refused, not waited on); undefined when there is none.
 */
export async function openOwnFile(
  path: string,
  access: OwnFileAccess,
  display: string,
  options: OwnFileOptions = {},
): Promise<FileHandle | undefined> {
  if (!(await ownFoldersHold(path, display, options))) return undefined;
  let handle: FileHandle;
  try {
    handle = await open(path, ACCESS_FLAGS[access] | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw openRefusal(error, display, path) ?? error;
  }
  try {
    checkOwnFile(await handle.stat(), display, path);
    return handle;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

/** Creates a file of the toolkit's own (never through a link, never over an existing entry: EEXIST). */
export async function createOwnFile(
  path: string,
  access: OwnFileAccess,
  display: string,
  mode = 0o600,
  options: OwnFileOptions = { ownFolder: false },
): Promise<FileHandle> {
  // A missing folder fails the create below (ENOENT), as before.
  await ownFoldersHold(path, display, options);
  try {
    return await open(path, ACCESS_FLAGS[access] | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
    throw openRefusal(error, display, path) ?? error;
  }
}

/** Opens the file, creating it (exclusively) when there is none. */
export async function openOrCreateOwnFile(
  path: string,
  access: Exclude<OwnFileAccess, 'read'>,
  display: string,
  mode = 0o600,
): Promise<FileHandle> {
  for (let attempt = 0; ; attempt++) {
    const existing = await openOwnFile(path, access, display);
    if (existing) return existing;
    try {
      return await createOwnFile(path, access, display, mode);
    } catch (error) {
      // Created by another writer between the two opens: open theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
    }
  }
}

/** The text of a file of the toolkit's own; undefined when there is none. */
export async function readOwnFile(
  path: string,
  display: string,
  options: OwnFileOptions = {},
): Promise<string | undefined> {
  const handle = await openOwnFile(path, 'read', display, options);
  if (!handle) return undefined;
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

export interface OwnFolderOptions {
  /** Create missing parent folders too (mode 0700). Default: only the folder itself. */
  parents?: boolean;
  /** Tighten a folder of this user that others can read or enter to 0700 (default true). */
  repair?: boolean;
}

/**
 * Makes sure `path` is a folder of the toolkit's own, creating it (mode 0700) when missing: not a
 * link, owned by this process's user, writable by nobody else (a folder others could write may
 * hold anything they put there: refused). One that others can only read is tightened to 0700.
 */
export async function ensureOwnFolder(path: string, display: string, options: OwnFolderOptions = {}): Promise<void> {
  let stats: Stats;
  try {
    stats = await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (options.parents) await makeFolders(path, display, 0o700);
    else
      try {
        await mkdir(path, { mode: 0o700 });
      } catch (made) {
        if ((made as NodeJS.ErrnoException).code !== 'EEXIST') throw made;
      }
    stats = await lstat(path);
  }
  checkOwnFolder(stats, display, path);
  if ((stats.mode & 0o077) !== 0 && (options.repair ?? true)) await chmod(path, 0o700);
}

/**
 * `mkdir -p`, one folder at a time (`mode`, less the umask). Not `mkdir(path, { recursive: true })`:
 * on Node 20 it loops forever when mkdir answers ENOENT though the parent exists (under /proc).
 * Here the missing folders are found first, then each is made once: an ENOENT then is an error
 * (UNAVAILABLE), never a retry. `display` names the folder in that error ("the store folder").
 */
export async function makeFolders(path: string, display: string, mode = 0o777): Promise<void> {
  const missing: string[] = [];
  for (let folder = resolve(path); ;) {
    try {
      await lstat(folder);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    missing.push(folder);
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  for (const folder of missing.reverse()) {
    try {
      await mkdir(folder, { mode });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (code !== 'ENOENT') throw error;
      // Its parent exists (found, or just made): this file system takes no new folders there.
      throw new ToolError(
        'UNAVAILABLE',
        `${display} ${path} cannot be created: ${dirname(folder)} exists but refuses a new folder ${folder} (ENOENT; /proc and other special file systems do); choose a folder on an ordinary file system`,
        { path, folder, reason: 'cannot_create' },
      );
    }
  }
}

/** Throws unless `stats` (from lstat) are those of a folder of this user that nobody else can write. */
export function checkOwnFolder(stats: AnyStats, display: string, path: string): void {
  if (stats.isSymbolicLink()) throw ownFileRefused(display, path, 'link', 'is a symbolic link, not a folder');
  if (!stats.isDirectory()) throw ownFileRefused(display, path, 'not_folder', `is ${entryKind(stats)}, not a folder`);
  const uid = ownUid();
  if (uid !== undefined && Number(stats.uid) !== uid)
    throw ownFileRefused(
      display,
      path,
      'owner',
      `belongs to uid ${stats.uid}, not to this process's user (uid ${uid})`,
      'use a folder of this user',
    );
  const mode = Number(stats.mode) & 0o777;
  if ((mode & 0o022) !== 0)
    throw ownFileRefused(
      display,
      path,
      'writable_by_others',
      `can be written by its group or by everyone (mode ${mode.toString(8).padStart(4, '0')}), so it may hold what others put there`,
      'check what it holds, then make it yours alone (chmod 700)',
    );
}
