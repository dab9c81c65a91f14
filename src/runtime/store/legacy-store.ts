// Moving the embedded store an earlier version kept inside the workspace (.toolwright/store) to the
// state folder outside it, on the store's first open. That folder was within the agent's reach, so
// nothing in it is followed: it is walked through folders opened without following links (their
// entries reached through /proc/self/fd, so a folder swapped for a link meanwhile changes nothing),
// and only regular files of this user with one link are copied, into a fresh folder that is renamed
// into place (never over an existing store). Links, FIFOs, devices and anything else stay where
// they are and are named in the report; only what was copied is removed from the workspace.
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, rmdir, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { nodeCrypto } from '../startup/lazy-require.js';
import { checkOwnFile, createOwnFile, ensureOwnFolder } from '../fs/own-files.js';
import { descriptorPath, entryKind, HAS_PROC_FD } from '../fs/verified-fs.js';

export interface LegacyMoveReport {
  /** The old folder. */
  from: string;
  to: string;
  /** Whether its content now is the store at `to`. */
  moved: boolean;
  /** Files copied (then removed from the workspace). */
  files: number;
  /** Entries left in the workspace, workspace-relative, each with why. */
  left: string[];
  /** Why nothing was moved, when nothing was. */
  reason?: string;
}

/** Folders deeper than this are not the store's (its deepest file is jobs/<key>/<id>.out). */
const MAX_DEPTH = 4;
/** Entries walked at most; a folder holding more is not a store: nothing is moved. */
const MAX_ENTRIES = 200_000;
const LOCK_OR_TEMP = /(\.lock|\.tmp)$/;
const COPY_CHUNK = 1024 * 1024;

/** One move per destination in this process: a second open waits for the first one's. */
const moves = new Map<string, Promise<LegacyMoveReport | undefined>>();

/**
 * Moves `<workspace>/.toolwright/store` (`source`) to `destination` when there is one and the
 * destination holds no store yet; says what happened with a process warning (code
 * TOOLWRIGHT_STORE_MOVED). Resolves undefined when there was nothing to move.
 */
export function moveLegacyStore(source: string, destination: string): Promise<LegacyMoveReport | undefined> {
  let move = moves.get(destination);
  if (!move) {
    move = moveOnce(source, destination).then((report) => {
      if (report) process.emitWarning(describe(report), { code: 'TOOLWRIGHT_STORE_MOVED' });
      return report;
    });
    moves.set(destination, move);
    // A failed move (disk full) is tried again by the next open.
    move.catch(() => moves.delete(destination));
  }
  return move;
}

export function describe(report: LegacyMoveReport): string {
  const left = report.left.length
    ? `; left in the workspace (not the toolkit's, never followed): ${report.left.slice(0, 20).join(', ')}${report.left.length > 20 ? `, and ${report.left.length - 20} more` : ''}`
    : '';
  return report.moved
    ? `the store kept inside the workspace by an earlier version (${report.from}) was moved to ${report.to} (${report.files} files)${left}`
    : `the store kept inside the workspace by an earlier version (${report.from}) was not moved to ${report.to}: ${report.reason}${left}`;
}

interface Walk {
  from: string;
  left: string[];
  /** Copied files: the folder they are in (open) and their name, removed once the move landed. */
  copied: { dir: Dir; name: string }[];
  /** Folders walked, deepest last: emptied ones are removed. */
  dirs: { parent: Dir; name: string }[];
  entries: number;
  tooMany: boolean;
}

/** An open folder and its path (for messages and where /proc/self/fd is missing). */
interface Dir {
  handle: FileHandle;
  absolute: string;
}

const entry = (dir: Dir, name: string) =>
  HAS_PROC_FD ? descriptorPath(dir.handle, name) : path.join(dir.absolute, name);

async function openDir(at: string, absolute: string): Promise<Dir> {
  const handle = await open(at, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  return { handle, absolute };
}

async function moveOnce(source: string, destination: string): Promise<LegacyMoveReport | undefined> {
  const holder = path.dirname(source);
  const workspace = path.dirname(holder);
  const report = (fields: Partial<LegacyMoveReport>): LegacyMoveReport => ({
    from: source,
    to: destination,
    moved: false,
    files: 0,
    left: [],
    ...fields,
  });
  const opened: Dir[] = [];
  const openChild = async (parent: Dir, name: string): Promise<Dir | string | undefined> => {
    try {
      const dir = await openDir(entry(parent, name), path.join(parent.absolute, name));
      opened.push(dir);
      return dir;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return undefined;
      if (code === 'ELOOP' || code === 'ENOTDIR' || code === 'EMLINK') {
        const stats = await lstat(entry(parent, name)).catch(() => undefined);
        return stats ? entryKind(stats) : 'not a folder';
      }
      throw error;
    }
  };
  try {
    let root: Dir;
    try {
      root = await openDir(workspace, workspace);
    } catch {
      return undefined; // no workspace folder: nothing to move
    }
    opened.push(root);
    const toolwright = await openChild(root, path.basename(holder));
    if (toolwright === undefined) return undefined;
    if (typeof toolwright === 'string')
      return report({ reason: `${path.basename(holder)} is ${toolwright}, not a folder the toolkit made; left alone` });
    const old = await openChild(toolwright, path.basename(source));
    if (old === undefined) return undefined;
    if (typeof old === 'string')
      return report({
        reason: `${path.relative(workspace, source)} is ${old}, not a folder the toolkit made; left alone`,
      });

    await ensureOwnFolder(path.dirname(destination), 'the state folder', { parents: true });
    const existing = await lstat(destination).catch(() => undefined);
    if (existing && (!existing.isDirectory() || (await readdir(destination)).length > 0))
      return report({ reason: `${destination} already holds a store, which is kept; the old one is left where it is` });

    const temp = `${destination}.moving-${process.pid}-${nodeCrypto().randomBytes(6).toString('hex')}`;
    await mkdir(temp, { mode: 0o700 });
    const walk: Walk = {
      from: path.relative(workspace, source),
      left: [],
      copied: [],
      dirs: [],
      entries: 0,
      tooMany: false,
    };
    let landed = false;
    try {
      await copyTree(old, temp, walk.from, walk, opened, 0);
      if (walk.tooMany)
        return report({ reason: `it holds more than ${MAX_ENTRIES} entries, more than a store does; left alone` });
      try {
        await rename(temp, destination);
        landed = true;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
        return report({ reason: `${destination} was filled meanwhile and is kept; the old store is left where it is` });
      }
    } finally {
      if (!landed) await rm(temp, { recursive: true, force: true }).catch(() => {});
    }
    // Only now that the copy is the store: remove what was copied, then the folders it emptied.
    for (const { dir, name } of walk.copied) await unlink(entry(dir, name)).catch(() => {});
    for (const { parent, name } of walk.dirs.reverse()) await rmdir(entry(parent, name)).catch(() => {});
    await rmdir(entry(toolwright, path.basename(source))).catch(() => {});
    await rmdir(entry(root, path.basename(holder))).catch(() => {});
    return report({ moved: true, files: walk.copied.length, left: walk.left });
  } finally {
    for (const dir of opened) await dir.handle.close().catch(() => {});
  }
}

async function copyTree(from: Dir, to: string, rel: string, walk: Walk, opened: Dir[], depth: number): Promise<void> {
  const names = await readdir(entry(from, '.'));
  for (const name of names.sort()) {
    if (++walk.entries > MAX_ENTRIES) {
      walk.tooMany = true;
      return;
    }
    const shown = path.join(rel, name);
    const stats = await lstat(entry(from, name)).catch(() => undefined);
    if (!stats) continue;
    if (stats.isDirectory()) {
      if (depth + 1 >= MAX_DEPTH) {
        walk.left.push(`${shown} (a folder deeper than a store's)`);
        continue;
      }
      let child: Dir;
      try {
        child = await openDir(entry(from, name), path.join(from.absolute, name));
      } catch {
        walk.left.push(`${shown} (changed while it was moved)`);
        continue;
      }
      opened.push(child);
      await mkdir(path.join(to, name), { mode: 0o700 });
      walk.dirs.push({ parent: from, name });
      await copyTree(child, path.join(to, name), shown, walk, opened, depth + 1);
      if (walk.tooMany) return;
      continue;
    }
    if (!stats.isFile()) {
      walk.left.push(`${shown} (${entryKind(stats)})`);
      continue;
    }
    const why = await copyFile(from, name, path.join(to, name), LOCK_OR_TEMP.test(name));
    if (why === undefined) walk.copied.push({ dir: from, name });
    else walk.left.push(`${shown} (${why})`);
  }
}

/**
 * Copies one regular file of this user with one link (a lock or temp file is debris: dropped, not
 * copied); returns why it was left otherwise.
 */
async function copyFile(dir: Dir, name: string, target: string, debris: boolean): Promise<string | undefined> {
  let source: FileHandle;
  try {
    source = await open(entry(dir, name), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return 'changed while it was moved';
  }
  try {
    try {
      checkOwnFile(await source.stat(), 'the file', name);
    } catch (error) {
      const reason = ((error as { details?: { reason?: string } }).details?.reason ?? 'unexpected').replace(/_/g, ' ');
      return `not a file the toolkit wrote: ${reason}`;
    }
    if (debris) return undefined;
    const copy = await createOwnFile(target, 'write', 'the moved store file');
    try {
      const buffer = Buffer.allocUnsafe(COPY_CHUNK);
      for (;;) {
        const { bytesRead } = await source.read(buffer, 0, COPY_CHUNK, null);
        if (bytesRead === 0) break;
        let written = 0;
        while (written < bytesRead) written += (await copy.write(buffer, written, bytesRead - written)).bytesWritten;
      }
      await copy.datasync();
    } finally {
      await copy.close();
    }
    return undefined;
  } finally {
    await source.close();
  }
}
